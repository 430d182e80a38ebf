// What the accounting screens share: a count by denomination (one field a
// denomination, typed in the currency as on the tablet, the total shown as
// it is typed) and a second signature typed at the same screen. The API
// checks every line (a whole number of chips, a denomination in use) and
// names the field; its message is shown next to that field.
import { ApiError } from "./api.js";
import { $, el, showError } from "./dom.js";
import { formatAmount, readAmount, typedAmount } from "./money.js";

// The denominations the API counts (minor units): the casino's chips, and
// the notes a drop box holds. Said once here for every page.
export const CHIPS = [100, 500, 2500, 10000, 50000, 100000, 500000];
export const NOTES = [100, 200, 500, 1000, 2000, 5000, 10000];

const fieldId = (prefix, denomination) => `${prefix}-d${denomination}`;
const target = (prefix, denomination) => `${prefix}-lines.${denomination}`;

function sumOf(prefix, denominations) {
  let total = 0;
  for (const denomination of denominations) {
    const text = $(`#${fieldId(prefix, denomination)}`).value.trim();
    if (!text) continue;
    const read = readAmount(text, "");
    if (read.problem) return null;
    total += read.cents;
  }
  return total;
}

function showTotal(prefix, denominations) {
  const total = sumOf(prefix, denominations);
  $(`#${prefix}-total`).textContent = total === null ? "— (a field is not an amount)" : formatAmount(total);
}

/** One field a denomination (``what``: "chips" or "notes") and the total, live. */
export function countFields(prefix, denominations, what, legend) {
  const fields = denominations.map((denomination) => {
    const id = fieldId(prefix, denomination);
    return el(
      "div",
      { className: "field denomination" },
      el("label", { htmlFor: id }, `${typedAmount(denomination)} ${what}`),
      el("input", {
        id,
        inputMode: "decimal",
        autocomplete: "off",
        placeholder: "0",
        dataset: { field: target(prefix, denomination), denomination: String(denomination) },
        oninput: () => showTotal(prefix, denominations),
      }),
      el("span", { className: "error", dataset: { errorFor: target(prefix, denomination) } }),
    );
  });
  return el(
    "fieldset",
    { className: "count-lines", dataset: { field: `${prefix}-lines` } },
    el("legend", {}, legend),
    ...fields,
    el("p", { className: "count-total" }, "Total ", el("output", { id: `${prefix}-total` }, "0.00")),
    el("span", { className: "error", dataset: { errorFor: `${prefix}-lines` } }),
  );
}

/** ``{denomination: cents}`` of the fields filled in, or null (each field
 * that is not an amount says so beside it). */
export function readCount(prefix, denominations, what) {
  const lines = {};
  let good = true;
  for (const denomination of denominations) {
    const text = $(`#${fieldId(prefix, denomination)}`).value.trim();
    if (!text) continue;
    const read = readAmount(text, `${typedAmount(denomination)} ${what}`);
    if (read.problem) {
      showError(target(prefix, denomination), read.problem);
      good = false;
    } else {
      lines[String(denomination)] = read.cents;
    }
  }
  return good ? lines : null;
}

/** Fill the fields from ``lines`` (as the API gives them) and show the total. */
export function fillCount(prefix, denominations, lines) {
  for (const denomination of denominations) {
    const cents = lines[String(denomination)];
    $(`#${fieldId(prefix, denomination)}`).value = cents ? typedAmount(cents) : "";
  }
  showTotal(prefix, denominations);
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
      showError(name, error.message);
      return;
    }
  }
  showError(prefix, error.message);
}

/** "40 × 25 · 30 × 100" (pieces × denomination) from the API's lines. */
export function linesText(lines) {
  return Object.entries(lines)
    .sort(([a], [b]) => Number(a) - Number(b))
    .map(([denomination, cents]) => `${cents / Number(denomination)} × ${typedAmount(Number(denomination))}`)
    .join(" · ");
}
