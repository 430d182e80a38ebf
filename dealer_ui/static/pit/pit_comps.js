// A player's comps on their page (#player-comps): the balance in each
// currency (earned, redeemed, what is left, and the closed ratings still
// waiting for their figures), every redemption the newest first, and, for
// a pit boss (or an admin, as the API allows), the redeem form. Past the
// balance the API refuses (409 comp_balance_exceeded) until a second pit
// boss signs: the form then asks for their name and password at the same
// screen and sends again; the password leaves the screen once sent.
import { ApiError, call } from "../shared/api.js";
import { CHIPS, readSignature, showFormError, signatureFields } from "../shared/count_fields.js";
import { $, clearErrors, el, grid, showError, when } from "../shared/dom.js";
import { labelledField, reasonProblem } from "../shared/field_errors.js";
import { amountWithCode, formatAmount, readAmount, typedAmount } from "../shared/money.js";
import { canNote, draw, notify } from "./pit_common.js";

const PREFIX = "comps";
const EXCEEDED = "comp_balance_exceeded";
const CHIPS_SHOWN = 5;

/** {code, minor_unit} as a table's JSON has it, from a balance or a redemption. */
const currencyOfRow = (row) => ({ code: row.currency, minor_unit: row.minor_unit });

function balancesPart(balances) {
  if (!balances.length) return el("p", { className: "muted", id: "comps-none" }, "No comps earned or redeemed yet.");
  const rows = balances.map((balance) => {
    const currency = currencyOfRow(balance);
    return el("tr", { dataset: { currency: balance.currency } },
      el("th", { scope: "row" }, balance.currency),
      el("td", { className: "number earned" }, formatAmount(balance.earned, currency)),
      el("td", { className: "number redeemed" }, formatAmount(balance.redeemed, currency)),
      el("td", { className: "number balance" }, formatAmount(balance.balance, currency)),
      el("td", { className: "number pending" }, String(balance.pending_ratings)),
    );
  });
  return grid(["Currency", "Earned", "Redeemed", "Balance", "Ratings not figured yet"], rows, { id: "comps-balances", className: "grid compact" });
}

function redemptionsPart(redemptions) {
  if (!redemptions.length) return el("p", { className: "muted", id: "redemptions-none" }, "No redemption yet.");
  const rows = redemptions.map((each) =>
    el("tr", { dataset: { redemption: String(each.id) } },
      el("td", { className: "number amount" }, amountWithCode(each.amount, currencyOfRow(each))),
      el("td", { className: "reason" }, each.reason),
      el("td", { className: "at" }, when(each.redeemed_at)),
      el("td", { className: "by" }, each.redeemed_by),
      el("td", { className: "cosigned" }, each.cosigned_by ?? "—"),
    ),
  );
  return grid(["Amount", "Reason", "When", "By", "Co-signed by"], rows, { id: "comps-redemptions", className: "grid compact" });
}

const field = (name, label, control) => labelledField(PREFIX, name, label, control);

/** Every currency the player holds a balance in, then the tables' (a redemption may name one never earned in). */
function currencies(state, balances) {
  const known = new Map(balances.map((balance) => [balance.currency, currencyOfRow(balance)]));
  for (const table of state.tables) if (!known.has(table.currency.code)) known.set(table.currency.code, table.currency);
  if (!known.size) known.set("USD", { code: "USD", minor_unit: 2 });
  return known;
}

/** The money pad: each chip adds its value to the amount (as typed in the currency); C empties it. */
function moneyPad(amount, currencyNow) {
  const add = (value) => {
    const typed = readAmount(amount.value || "0", "Amount", currencyNow());
    const base = typed.problem ? 0 : typed.cents;
    amount.value = typedAmount(base + value, currencyNow());
  };
  const chips = CHIPS.slice(0, CHIPS_SHOWN).map((value) =>
    el("button", { type: "button", className: `pad-chip chip-${value}`, dataset: { chip: String(value) }, "aria-label": `add ${formatAmount(value)}`, onclick: () => add(value) }, typedAmount(value)),
  );
  const clear = el("button", { type: "button", className: "pad-chip clear", "aria-label": "clear the amount", onclick: () => (amount.value = "") }, "C");
  return el("div", { className: "money-pad", id: "comps-pad", role: "group", "aria-label": "Money pad" }, chips, clear);
}

/** What the form holds as the API reads it, or null (each problem shown at its field). */
function read(form, known) {
  const currency = known.get($(`#${PREFIX}-currency`, form).value);
  const amount = readAmount($(`#${PREFIX}-amount`, form).value || "", "Amount", currency);
  const reason = $(`#${PREFIX}-reason`, form).value.trim();
  const problems = {};
  if (amount.problem) problems.amount = amount.problem;
  else if (amount.cents <= 0) problems.amount = "Amount: more than 0";
  const why = reasonProblem(reason, "Reason");
  if (why) problems.reason = why;
  for (const [name, text] of Object.entries(problems)) showError(`${PREFIX}-${name}`, text);
  return Object.keys(problems).length ? null : { amount: amount.cents, currency: currency.code, reason };
}

function redeemForm(state, club, balances, done) {
  const known = currencies(state, balances);
  const currency = el("select", {}, ...[...known.keys()].map((code) => el("option", { value: code }, code)));
  const amount = el("input", { autocomplete: "off", inputMode: "decimal", placeholder: "type or tap chips" });
  const reason = el("input", { autocomplete: "off", maxLength: 500, placeholder: "a meal, a room" });
  const signature = el("div", { id: "comps-signature", hidden: true });
  const form = el("form", { id: "comps-form", className: "acct-form", noValidate: true },
    el("h3", {}, "Redeem comps"),
    el("div", { className: "filters" }, field("amount", "Amount", amount), field("currency", "Currency", currency), field("reason", "Reason", reason)),
    moneyPad(amount, () => known.get(currency.value)),
    signature,
    el("button", { type: "submit", className: "big primary" }, "Redeem"),
    el("p", { className: "error", dataset: { errorFor: PREFIX }, role: "alert" }),
  );
  const asking = () => !signature.hidden;
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    clearErrors(form);
    const body = read(form, known);
    if (!body) return;
    if (asking()) body.cosigner = readSignature(PREFIX);
    try {
      const { json } = await call("POST", `/players/${encodeURIComponent(club)}/comp-redemptions`, body);
      const cosigned = json.cosigned_by ? `, co-signed by ${json.cosigned_by}` : "";
      notify(`Redeemed ${amountWithCode(json.amount, currencyOfRow(json))} of club ${club}'s comps (${json.reason})${cosigned}.`);
      done();
    } catch (error) {
      if (error instanceof ApiError && error.code === EXCEEDED && !asking()) {
        signature.replaceChildren(signatureFields(PREFIX, "A second pit boss"));
        signature.hidden = false;
        showError(`${PREFIX}-amount`, `${error.message} A second pit boss signs below, then Redeem again.`);
        $(`#${PREFIX}-cosigner-name`).focus();
        return;
      }
      showFormError(error, PREFIX);
    }
  });
  return form;
}

function compsView(state, club, comps) {
  return [
    el("h3", { id: "comps-title" }, "Comps ", el("span", { className: "muted" }, "balance in each currency")),
    balancesPart(comps.balances),
    el("h3", {}, "Redemptions ", el("span", { className: "muted" }, "the newest first")),
    redemptionsPart(comps.redemptions),
    canNote(state) ? redeemForm(state, club, comps.balances, () => showComps(state, club)) : null,
  ];
}

/** The comps of the player of ``club`` into #player-comps. */
export function showComps(state, club) {
  const out = $("#player-comps");
  const load = () => call("GET", `/players/${encodeURIComponent(club)}/comps`).then(({ json }) => json);
  return draw("player-comps", out, load, (comps) => compsView(state, club, comps), "player");
}
