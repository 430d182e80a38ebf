// Opening and closing the chosen table: the tray counted by chip
// denomination, signed by the pit boss signed in and the dealer beside
// them (the dealer types name and password here). An opener that differs
// from the last closer is shown, denomination by denomination, and the
// API takes it only with an explanation.
import { call } from "../shared/api.js";
import { $, clearErrors, el, grid, showError, when } from "../shared/dom.js";
import { CHIPS, countFields, linesText, readCount, readSignature, showFormError, signatureFields } from "../shared/count_fields.js";
import { formatAmount, signed, typedAmount } from "../shared/money.js";
import { canAct, money, newTurn, notify, tableName } from "./pit_common.js";
import { loadTables } from "./pit_picker.js";
import { showSlips } from "./pit_slips.js";
import { ERROR } from "../shared/vocabulary.js";

function countLine(label, count) {
  if (!count) return null;
  const who = `signed by ${count.pit_boss} and ${count.dealer}, ${when(count.counted_at)}`;
  return el("p", { className: `count-line ${count.kind}` }, `${label} `, el("strong", {}, money(count.total)), ` (${linesText(count.lines) || "empty"}) — ${who}`);
}

function statusPart(open, last) {
  if (open) {
    return el(
      "div",
      { id: "table-session", className: "session-state open" },
      el("h3", {}, `Open: session #${open.number}, gaming day ${open.gaming_day}, shift ${open.shift}`),
      countLine("Opener", open.opener),
      open.opener.explanation ? el("p", { className: "explanation" }, `Differs from the last closer by ${signed(open.opener.difference)}: ${open.opener.explanation}`) : null,
    );
  }
  return el(
    "div",
    { id: "table-session", className: "session-state closed" },
    el("h3", {}, last ? `Closed since ${when(last.closed_at)} (session #${last.number})` : "Closed: never opened yet"),
    countLine("Last closer", last?.closer),
  );
}

/** The opener against the last closer, denomination by denomination. */
function differences(lines, closer) {
  const rows = CHIPS.filter((d) => (lines[d] || 0) !== (closer.lines[d] || 0)).map((d) =>
    el(
      "tr",
      { dataset: { denomination: String(d) } },
      el("td", {}, `${typedAmount(d)} chips`),
      el("td", { className: "number" }, formatAmount(closer.lines[d] || 0)),
      el("td", { className: "number" }, formatAmount(lines[d] || 0)),
      el("td", { className: "number" }, signed((lines[d] || 0) - (closer.lines[d] || 0))),
    ),
  );
  const total = Object.values(lines).reduce((sum, cents) => sum + cents, 0);
  return [
    el("p", { className: "warning", id: "open-difference" }, `This count (${formatAmount(total)}) differs from the last closer (${formatAmount(closer.total)}) by ${signed(total - closer.total)}. Count again, or explain the difference.`),
    grid(["Denomination", "Last closer", "Counted now", "Difference"], rows, { className: "grid compact" }),
  ];
}

function openForm(state, last) {
  const differs = el("div", { id: "open-differs", hidden: true });
  const explanation = el("div", { className: "field wide", id: "open-explain", hidden: true },
    el("label", { htmlFor: "open-explanation" }, "Explanation of the difference"),
    el("textarea", { id: "open-explanation", rows: 2, maxLength: 2000, dataset: { field: "open-explanation" } }),
    el("span", { className: "error", dataset: { errorFor: "open-explanation" } }),
  );
  const form = el("form", { id: "open-form", className: "acct-form", noValidate: true },
    el("h3", {}, "Open the table: the tray counted (the opener)"),
    countFields("open", CHIPS, "chips", "The tray: how many chips of each denomination"),
    differs,
    explanation,
    signatureFields("open", "Dealer"),
    el("button", { type: "submit", className: "big primary" }, "Open the table"),
    el("p", { className: "error", dataset: { errorFor: "open" }, role: "alert" }),
  );
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    clearErrors(form);
    const lines = readCount("open", CHIPS, "chips");
    const cosigner = readSignature("open");
    if (!lines) return;
    const body = { lines, cosigner };
    if (!explanation.hidden && $("#open-explanation").value.trim()) body.explanation = $("#open-explanation").value.trim();
    try {
      const { json } = await call("POST", `/tables/${state.tableId}/sessions`, body);
      notify(`${tableName(state, json.table_id)} is open: session #${json.number}, opener ${money(json.opener.total)}.`);
      changed(state);
    } catch (error) {
      if (error.code !== ERROR.OPENER_DIFFERS || !last?.closer) return showFormError(error, "open");
      differs.replaceChildren(...differences(lines, last.closer));
      differs.hidden = explanation.hidden = false;
      showError("open-explanation", "The count differs from the last closer: say why, then open again.");
      $("#open-explanation").focus();
    }
  });
  return form;
}

/** The table's status changed: the picker says it, and the screen shows it. */
async function changed(state) {
  showTables(state);
  try {
    await loadTables(state);
  } catch (error) {
    showFormError(error, "tables");
  }
}

function closeForm(state, open) {
  const form = el("form", { id: "close-form", className: "acct-form", noValidate: true },
    el("h3", {}, "Close the table: the tray counted (the closer)"),
    countFields("close", CHIPS, "chips", "The tray: how many chips of each denomination"),
    signatureFields("close", "Dealer"),
    el("button", { type: "submit", className: "big primary" }, "Close the table"),
    el("p", { className: "error", dataset: { errorFor: "close" }, role: "alert" }),
  );
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    clearErrors(form);
    const lines = readCount("close", CHIPS, "chips");
    const cosigner = readSignature("close");
    if (!lines) return;
    try {
      const { json } = await call("POST", `/tables/${state.tableId}/sessions/close`, { lines, cosigner });
      notify(`${tableName(state, json.table_id)} is closed: session #${open.number}, closer ${money(json.closer.total)}. Its drop box goes to the count room.`);
      changed(state);
    } catch (error) {
      showFormError(error, "close");
    }
  });
  return form;
}

/** The close form, hidden behind a button until the pit boss asks for it. */
function closing(state, open) {
  const form = closeForm(state, open);
  form.hidden = true;
  const ask = el("button", { type: "button", className: "big secondary", id: "show-close" }, "Close the table…");
  ask.addEventListener("click", () => {
    ask.hidden = true;
    form.hidden = false;
    form.querySelector("input")?.focus();
  });
  return el("div", { className: "close-box" }, ask, form);
}

/** The Tables screen: the chosen table's session, and what can be done with it. */
export async function showTables(state) {
  clearErrors($("#view-tables"));
  const out = $("#tables-out");
  const current = newTurn("tables");
  if (state.tableId === null) {
    out.replaceChildren(el("p", { className: "notice" }, "Pick a table above to open or close it, or to request a fill or a credit."));
    return;
  }
  try {
    const { json } = await call("GET", `/tables/${state.tableId}/sessions`);
    if (!current()) return;
    const open = json.find((each) => each.closed_at === null);
    const last = json.find((each) => each.closer);
    // An open table's everyday work (fills and credits) comes first; closing
    // it is done once a session, asked for by a button at the end.
    const slips = open ? el("div", { id: "slips-out" }) : null;
    const form = canAct(state) ? (open ? closing(state, open) : openForm(state, last)) : null;
    out.replaceChildren(...[statusPart(open, last), slips, form].filter(Boolean));
    if (open) showSlips(state, open);
  } catch (error) {
    if (current()) showFormError(error, "tables");
  }
}
