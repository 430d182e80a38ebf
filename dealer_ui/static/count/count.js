// The count room: the drop boxes of closed sessions, counted by note
// denomination and signed by the counter signed in and a second counter
// (who types name and password here). A recount supersedes the count that
// stands, with a reason. The count is blind: no figure of the session shows.
import { call, query } from "../shared/api.js";
import { $, clearErrors, el, grid, showError, when } from "../shared/dom.js";
import { NOTES, countFields, linesText, readCount, readSignature, showFormError, signatureFields } from "../shared/count_fields.js";
import { formatAmount, useCurrency } from "../shared/money.js";
import { currencyFor, loadCurrencies } from "../shared/table_currencies.js";
import { startSession } from "../shared/session.js";

const SECOND = "cosigners.0"; // the API's name for the second counter's signature
let chosen = null; // the box being counted

function notify(message) {
  $("#notice").textContent = message;
}

function boxName(box) {
  return `${box.table}, session #${box.number} (gaming day ${box.gaming_day})`;
}

function boxRow(box) {
  const current = box.current;
  return el(
    "tr",
    { dataset: { session: String(box.session_id) } },
    el("td", {}, box.table),
    el("td", {}, `#${box.number}`),
    el("td", {}, box.gaming_day),
    el("td", {}, when(box.closed_at)),
    current ? el("td", { className: "number" }, formatAmount(current.total, currencyFor(box.table_id))) : null,
    current ? el("td", {}, `${current.counters.join(", ")}, ${when(current.counted_at)}`) : null,
    el("td", {}, el("button", { type: "button", className: "big primary", onclick: () => choose(box) }, current ? "Recount" : "Count")),
  );
}

function boxes(list, counted) {
  if (!list.length) return el("p", { className: "muted" }, counted ? "None counted yet." : "No box waiting.");
  const headers = ["Table", "Session", "Gaming day", "Closed", ...(counted ? ["Drop", "Counted by"] : []), ""];
  return grid(headers, list.map(boxRow));
}

async function refresh() {
  try {
    await loadCurrencies();
    const [waiting, done] = await Promise.all([
      call("GET", `/drop-boxes${query({ counted: false })}`),
      call("GET", `/drop-boxes${query({ counted: true })}`),
    ]);
    $("#count-waiting").replaceChildren(boxes(waiting.json, false));
    $("#count-done").replaceChildren(boxes(done.json, true));
  } catch (error) {
    showError("boxes", error.message);
  }
}

function history(counts) {
  if (!counts.length) return el("p", { className: "muted" }, "Not counted yet.");
  const rows = counts.map((count) =>
    el(
      "tr",
      { className: count.current ? "selected" : "", dataset: { count: String(count.id) } },
      el("td", {}, count.current ? "current" : "superseded"),
      el("td", { className: "number" }, formatAmount(count.total)),
      el("td", {}, linesText(count.lines)),
      el("td", {}, count.counters.join(", ")),
      el("td", {}, when(count.counted_at)),
      el("td", {}, count.reason || ""),
    ),
  );
  return grid(["Count", "Drop", "Notes", "Counters", "Time", "Recount's reason"], rows, { id: "count-counts" });
}

function formFor(recount) {
  const reason = el("div", { className: "field wide" },
    el("label", { htmlFor: "drop-reason" }, "Why the box is counted again"),
    el("textarea", { id: "drop-reason", rows: 2, maxLength: 500, dataset: { field: "drop-reason" } }),
    el("span", { className: "error", dataset: { errorFor: "drop-reason" } }),
  );
  $("#count-form").replaceChildren(
    ...[
      countFields("drop", NOTES, "notes", "The box: how many notes of each denomination"),
      recount ? reason : null,
      signatureFields("drop", "Second counter", SECOND),
      el("span", { className: "error", dataset: { errorFor: "drop-cosigners" } }), // who may count, as a team
      el("button", { type: "submit", className: "big primary" }, recount ? "Sign the recount" : "Sign the count"),
      el("p", { className: "error", dataset: { errorFor: "drop" }, role: "alert" }),
    ].filter(Boolean),
  );
}

/** Just counted: a recount is offered, its form (with the reason it needs)
 * shown only when asked for, so nobody takes it for the next count. */
function askRecount() {
  const ask = el("button", { type: "button", className: "big secondary" }, "Recount this box…");
  ask.addEventListener("click", () => {
    formFor(true);
    $("#count-form input")?.focus();
  });
  $("#count-form").replaceChildren(ask);
}

async function choose(box) {
  chosen = box;
  useCurrency(currencyFor(box.table_id)); // the notes are typed in the box's table's currency
  clearErrors($("#office"));
  $("#count-panel").hidden = false;
  $("#count-title").textContent = `${box.current ? "Recount" : "Count"} the drop box of ${boxName(box)}`;
  formFor(Boolean(box.current));
  $("#count-title").focus();
  await showCounts(box);
}

async function showCounts(box) {
  try {
    const { json } = await call("GET", `/sessions/${box.session_id}/drop-counts`);
    $("#count-history").replaceChildren(history(json));
  } catch (error) {
    showError("drop", error.message);
  }
}

$("#count-form").addEventListener("submit", async (event) => {
  event.preventDefault();
  clearErrors($("#count-form"));
  const lines = readCount("drop", NOTES, "notes");
  const signature = readSignature("drop", SECOND);
  if (!lines) return;
  const body = { lines, cosigners: [signature] };
  const reason = $("#drop-reason");
  if (reason) body.reason = reason.value;
  try {
    const { json } = await call("POST", `/sessions/${chosen.session_id}/drop-counts`, body);
    notify(`${boxName(chosen)}: the drop is ${formatAmount(json.total)}, signed by ${json.counters.join(" and ")}.`);
    chosen = { ...chosen, current: json };
    $("#count-title").textContent = `Drop box of ${boxName(chosen)}: counted`;
    askRecount();
    await Promise.all([showCounts(chosen), refresh()]);
  } catch (error) {
    showFormError(error, "drop");
  }
});
$("#count-refresh").addEventListener("click", () => {
  notify("");
  refresh();
});
startSession(() => {
  $("#office").hidden = false;
  refresh();
});
