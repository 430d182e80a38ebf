// A pit boss's corrections of a rating, on its slip (rule book section 14:
// the chips check names a mis-estimated walk or an unrecorded buy-in): the
// list (who, when, why, what), and the form for one more, exactly one of a
// closed rating's chips taken away, a buy-in the dealer missed (cash or
// chips, how much, when) or an open rating's missed seat-out (when, the
// chips taken away). Each refusal is shown at the field the API names; a
// late cash buy-in past the report threshold sends the pit boss to the
// player's page for the identification first.
import { call } from "../shared/api.js";
import { clearErrors, el, grid, showError, when } from "../shared/dom.js";
import { labelledField, reasonProblem, showApiError } from "../shared/field_errors.js";
import { amountWithCode, readAmount } from "../shared/money.js";
import { RATING_STATE } from "../shared/vocabulary.js";
import { canAct, currencyOf, go, notify } from "./pit_common.js";
import { localInput } from "./pit_missed.js";

const PREFIX = "fix";
const KINDS = Object.freeze({
  chips_taken: "Chips taken away, corrected",
  buy_in: "A buy-in the dealer missed",
  seat_out: "A seat-out the dealer missed",
});
const IDENTIFY = "identification_required";

/** What the list needs beside the slip: the rating with its buy-ins, for a
 * pit boss (the API shows it to the table's people only; null for the
 * others, whose list says less). */
export async function ratingOf(state, ratingId) {
  return canAct(state) ? (await call("GET", `/ratings/${ratingId}`)).json : null;
}

/** What a correction did, in words (a late buy-in's kind, amount and time read from the rating's buy-ins). */
function what(correction, slip, rating, currency) {
  if (correction.kind === "buy_in") {
    const bought = rating?.buy_ins.find((each) => each.id === correction.buy_in_id);
    return bought ? `Missed ${bought.kind} buy-in of ${amountWithCode(bought.amount, currency)} at ${when(bought.at)}` : `Missed buy-in (#${correction.buy_in_id})`;
  }
  const chips = amountWithCode(correction.chips_taken, currency);
  if (correction.kind === "seat_out") return `Missed seat-out at ${when(slip.as_of)}, chips taken away ${chips}`;
  return `Chips taken away corrected to ${chips}`;
}

function listPart(state, slip, rating, currency) {
  if (!slip.corrections.length) return el("p", { className: "muted", id: "corrections-none" }, "No correction.");
  const rows = [...slip.corrections].reverse().map((each) =>
    el("tr", { dataset: { correction: String(each.id), kind: each.kind } },
      el("td", { className: "by" }, each.recorded_by_name),
      el("td", { className: "at" }, when(each.recorded_at)),
      el("td", { className: "reason" }, each.reason),
      el("td", { className: "what" }, what(each, slip, rating, currency)),
    ),
  );
  return grid(["Who", "When", "Reason", "What"], rows, { id: "corrections-table", className: "grid compact" });
}

/** A field named as the API names it (``buy_in.at``): its id with a dash, its errors by the API's name. */
const field = (name, label, control) => labelledField(PREFIX, name, label, control);

const amountInput = () => el("input", { autocomplete: "off", inputMode: "decimal", className: "amount" });
const momentInput = () => el("input", { type: "datetime-local", step: 1, value: localInput(new Date()) });

/** The kinds a rating in its state takes: a walk is corrected once closed; a seat-out is missed while open. */
function kindsFor(slip) {
  const closed = slip.state === RATING_STATE.CLOSED;
  return closed ? ["chips_taken", "buy_in"] : ["buy_in", "seat_out"];
}

/** The correction as the API reads it, or null (each problem shown at its field). */
function read(parts, kind, currency) {
  const problems = {};
  const amount = (name, label) => {
    const typed = readAmount(parts[name].value, label, currency);
    if (typed.problem) problems[name] = typed.problem;
    return typed.cents;
  };
  const moment = (name, label) => {
    const at = new Date(parts[name].value);
    if (!parts[name].value || Number.isNaN(at.getTime())) problems[name] = `${label}: when it happened`;
    else if (at > new Date()) problems[name] = `${label}: it must be in the past`;
    return Number.isNaN(at.getTime()) ? null : at.toISOString();
  };
  const body = { reason: parts.reason.value.trim() };
  if (kind === "chips_taken") body.chips_taken = amount("chips_taken", "Chips taken away");
  if (kind === "buy_in") body.buy_in = { kind: parts["buy_in.kind"].value, amount: amount("buy_in.amount", "Amount"), at: moment("buy_in.at", "Bought in at") };
  if (kind === "seat_out") body.seat_out = { at: moment("seat_out.at", "Left at"), chips_taken: amount("seat_out.chips_taken", "Chips taken away") };
  const why = reasonProblem(body.reason, "Reason");
  if (why) problems.reason = why;
  for (const [name, text] of Object.entries(problems)) showError(`${PREFIX}-${name}`, text);
  return Object.keys(problems).length ? null : body;
}

function shownError(error, slip) {
  showApiError(error, PREFIX, PREFIX);
  if (error.code !== IDENTIFY) return;
  // The identification form is on the player's page: the buy-in is sent again from here after.
  showError(`${PREFIX}-buy_in.amount`, `${error.message} (the player's page has the form: record it there, then send this correction again)`);
  const link = el("button", { type: "button", className: "link", id: "fix-identify", onclick: () => go("player", slip.club_number) }, `Open club ${slip.club_number}'s page`);
  document.querySelector(`[data-error-for="${PREFIX}-buy_in.amount"]`)?.append(" ", link);
}

function correctionForm(state, slip, done) {
  const currency = currencyOf(state, slip.table_id);
  const kinds = kindsFor(slip);
  const kind = el("select", {}, ...kinds.map((name) => el("option", { value: name }, KINDS[name])));
  const parts = {
    chips_taken: amountInput(),
    "buy_in.kind": el("select", {}, el("option", { value: "cash" }, "Cash"), el("option", { value: "chips" }, "Chips brought")),
    "buy_in.amount": amountInput(),
    "buy_in.at": momentInput(),
    "seat_out.at": momentInput(),
    "seat_out.chips_taken": amountInput(),
    reason: el("textarea", { rows: 2, maxLength: 2000 }),
  };
  const group = (name, ...fields) => el("div", { className: "filters", dataset: { kind: name } }, ...fields);
  const groups = [
    group("chips_taken", field("chips_taken", `Chips taken away (${currency.code})`, parts.chips_taken)),
    group("buy_in", field("buy_in.kind", "Kind", parts["buy_in.kind"]), field("buy_in.amount", `Amount (${currency.code})`, parts["buy_in.amount"]), field("buy_in.at", "Bought in at", parts["buy_in.at"])),
    group("seat_out", field("seat_out.at", "Left at", parts["seat_out.at"]), field("seat_out.chips_taken", `Chips taken away (${currency.code})`, parts["seat_out.chips_taken"])),
  ];
  const showKind = () => {
    for (const each of groups) each.hidden = each.dataset.kind !== kind.value;
  };
  kind.addEventListener("change", () => {
    clearErrors(form);
    showKind();
  });
  const form = el("form", { id: "fix-form", className: "acct-form", noValidate: true },
    el("h3", {}, "Correct this rating"),
    el("div", { className: "filters" }, field("kind", "What the dealer missed", kind)),
    ...groups,
    el("div", { className: "field wide" }, el("label", { htmlFor: `${PREFIX}-reason` }, "Reason"), parts.reason, el("span", { className: "error", dataset: { errorFor: `${PREFIX}-reason` } })),
    el("button", { type: "submit", className: "big primary" }, "Record the correction"),
    el("p", { className: "error", dataset: { errorFor: PREFIX }, role: "alert" }),
  );
  Object.assign(parts.reason, { id: `${PREFIX}-reason` });
  parts.reason.dataset.field = `${PREFIX}-reason`;
  showKind();
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    clearErrors(form);
    const body = read(parts, kind.value, currency);
    if (!body) return;
    try {
      await call("POST", `/ratings/${slip.rating_id}/corrections`, body);
      notify(`Rating #${slip.rating_id} corrected: ${KINDS[kind.value].toLowerCase()} (${body.reason}).`);
      done();
    } catch (error) {
      shownError(error, slip);
    }
  });
  return form;
}

/** The slip's corrections, and for a pit boss the form; ``done`` draws the slip again. */
export function correctionsPart(state, slip, rating, done) {
  const currency = currencyOf(state, slip.table_id);
  return el("section", { id: "slip-corrections", "aria-label": "Corrections" },
    el("h3", {}, "Corrections ", el("span", { className: "muted" }, "by a pit boss, the newest first")),
    listPart(state, slip, rating, currency),
    canAct(state) ? correctionForm(state, slip, done) : null,
  );
}
