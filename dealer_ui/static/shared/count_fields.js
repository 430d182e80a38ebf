// What the accounting screens share: a count by denomination (one field a
// denomination, where the counter types how many chips or notes of it lie
// there: that is what they count; the amount is worked out here, shown as
// the total as it is typed, and sent to the API in minor units) and a
// second signature typed at the same screen. The API checks every line and
// names the field; its message is shown next to that field, its amounts in
// the currency and in pieces.
import { ApiError } from "./api.js";
import { $, el, showError } from "./dom.js";
import { formatAmount, typedAmount } from "./money.js";

// The denominations the API counts (minor units): the casino's chips, and
// the notes a drop box holds. Said once here for every page.
export const CHIPS = Object.freeze([100, 500, 2500, 10000, 50000, 100000, 500000]);
export const NOTES = Object.freeze([100, 200, 500, 1000, 2000, 5000, 10000]);

const fieldId = (prefix, denomination) => `${prefix}-d${denomination}`;
const target = (prefix, denomination) => `${prefix}-lines.${denomination}`;
// A whole number of pieces, thousands grouped or not; at most nine digits,
// so pieces times a denomination stays an exact integer in JavaScript.
const PIECES = /^(\d{1,3}(?:,\d{3}){1,2}|\d{1,9})$/;

/** What a field counts: "How many 25.00 chips". */
const question = (denomination, what) => `How many ${formatAmount(denomination)} ${what}`;

/** How many pieces ``text`` says (0 when empty), or null when it is no whole number. */
function piecesOf(text) {
  const typed = text.trim();
  if (!typed) return 0;
  return PIECES.test(typed) ? Number(typed.replaceAll(",", "")) : null;
}

function sumOf(prefix, denominations) {
  let total = 0;
  for (const denomination of denominations) {
    const pieces = piecesOf($(`#${fieldId(prefix, denomination)}`).value);
    if (pieces === null) return null;
    total += pieces * denomination;
  }
  return total;
}

function showTotal(prefix, denominations, what) {
  const total = sumOf(prefix, denominations);
  $(`#${prefix}-total`).textContent = total === null ? `— (a field is not a number of ${what})` : formatAmount(total);
}

/** One field a denomination (``what``: "chips" or "notes"), each taking how
 * many pieces of it, and the total in the currency, live. */
export function countFields(prefix, denominations, what, legend) {
  const fields = denominations.map((denomination) => {
    const id = fieldId(prefix, denomination);
    return el(
      "div",
      { className: "field denomination" },
      el("label", { htmlFor: id }, question(denomination, what)),
      el("input", {
        id,
        inputMode: "numeric",
        autocomplete: "off",
        placeholder: "0",
        dataset: { field: target(prefix, denomination), denomination: String(denomination), what },
        oninput: () => showTotal(prefix, denominations, what),
      }),
      el("span", { className: "error", dataset: { errorFor: target(prefix, denomination) } }),
    );
  });
  return el(
    "fieldset",
    { className: "count-lines", dataset: { field: `${prefix}-lines` } },
    el("legend", {}, legend),
    ...fields,
    el("p", { className: "count-total" }, "Total ", el("output", { id: `${prefix}-total` }, formatAmount(0))),
    el("span", { className: "error", dataset: { errorFor: `${prefix}-lines` } }),
  );
}

/** ``{denomination: minor units}`` of the fields filled in (pieces times the
 * denomination), or null (each field that is no number of pieces says so beside it). */
export function readCount(prefix, denominations, what) {
  const lines = {};
  let good = true;
  for (const denomination of denominations) {
    const text = $(`#${fieldId(prefix, denomination)}`).value.trim();
    const pieces = piecesOf(text);
    if (pieces === null) {
      showError(target(prefix, denomination), `${question(denomination, what)}: ${text} is not a number of ${what} (a whole number, as 40 or 1,000)`);
      good = false;
    } else if (pieces) {
      lines[String(denomination)] = pieces * denomination;
    }
  }
  return good ? lines : null;
}

/** Fill the fields from ``lines`` (as the API gives them: minor units) as pieces, and show the total. */
export function fillCount(prefix, denominations, what, lines) {
  for (const denomination of denominations) {
    const minor = lines[String(denomination)];
    $(`#${fieldId(prefix, denomination)}`).value = minor ? String(minor / denomination) : "";
  }
  showTotal(prefix, denominations, what);
}

/** Name and password of the person signing second at this screen;
 * ``field`` is the API's name for the signature ("cosigner", "cosigners.0"). */
export function signatureFields(prefix, who, field = "cosigner") {
  const part = (key, label, props) => {
    const id = `${prefix}-${field.replace(".", "-")}-${key}`;
    return el(
      "div",
      { className: "field" },
      el("label", { htmlFor: id }, label),
      el("input", { id, autocomplete: "off", dataset: { field: `${prefix}-${field}.${key}` }, ...props }),
      el("span", { className: "error", dataset: { errorFor: `${prefix}-${field}.${key}` } }),
    );
  };
  return el(
    "fieldset",
    { className: "signature", dataset: { signature: `${prefix}-${field}` } },
    el("legend", {}, `${who} signs too`),
    part("name", `${who}: name`, {}),
    part("password", `${who}: password`, { type: "password", autocomplete: "new-password" }),
    el("span", { className: "error", dataset: { errorFor: `${prefix}-${field}` } }),
  );
}

/** The signature typed, and the password taken off the screen at once. */
export function readSignature(prefix, field = "cosigner") {
  const base = `#${prefix}-${field.replace(".", "-")}`;
  const password = $(`${base}-password`);
  const signature = { name: $(`${base}-name`).value.trim(), password: password.value };
  password.value = "";
  return signature;
}

/** An API error next to the field it names (``prefix-field``; a line's or
 * a signature's part, else the whole signature), else at ``prefix``. */
export function showFormError(error, prefix) {
  const field = error instanceof ApiError ? error.field : null;
  const candidates = field ? [field, field.split(".").slice(0, -1).join(".")] : [];
  for (const candidate of candidates) {
    const name = `${prefix}-${candidate}`;
    if (candidate && document.querySelector(`[data-error-for="${CSS.escape(name)}"]`)) {
      showError(name, lineText(error.message, document.querySelector(`[data-field="${CSS.escape(name)}"][data-denomination]`)));
      return;
    }
  }
  showError(prefix, error.message);
}

/** The API's word on one line (``input``: its field, or null), its minor
 * units said in the currency and in pieces: the API knows neither the
 * table's currency nor that the counter typed pieces. */
function lineText(message, input) {
  if (!input) return message;
  const denomination = Number(input.dataset.denomination);
  const what = input.dataset.what;
  const typed = (piecesOf(input.value) ?? 0) * denomination;
  const most = /must be 0 to (\d+)/.exec(message);
  if (most) {
    const pieces = Math.floor(Number(most[1]) / denomination);
    return `${formatAmount(typed)} (${piecesText(typed / denomination)} ${what}) is more than a line may hold: at most ${formatAmount(pieces * denomination)} (${piecesText(pieces)} ${what} of ${formatAmount(denomination)})`;
  }
  if (/whole number of/.test(message)) return `${formatAmount(typed)} is not a whole number of ${formatAmount(denomination)} ${what}`;
  return message;
}

const piecesText = (pieces) => pieces.toLocaleString("en-US");

/** "40 × 25 · 30 × 100" (pieces × denomination) from the API's lines. */
export function linesText(lines) {
  return Object.entries(lines)
    .sort(([a], [b]) => Number(a) - Number(b))
    .map(([denomination, cents]) => `${cents / Number(denomination)} × ${typedAmount(Number(denomination))}`)
    .join(" · ");
}
