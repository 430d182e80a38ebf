// Compliance: the cash rules' records (rule book section 14, docs/cash-rules.md). The multiple
// transaction log and the player-days listed for a currency transaction report, a gaming day and
// a table at a time as the API filters them, a keyset page at a time by its Link header; and a
// player's identification, read from the API only when asked (each read is an event on the audit
// trail) and never kept: the page holds it in the panel it shows, which is emptied when hidden,
// after a minute, or when another is asked for.
import { ApiError, call, links, query } from "../shared/api.js";
import { $, clearErrors, el, grid, showError, when } from "../shared/dom.js";
import { amountWithCode } from "../shared/money.js";

const LIMIT = 20;
const SHOWN_MS = 60_000; // how long a read identification stays on the screen
const RELATIONS = [
  ["first", "Newest"],
  ["prev", "Newer"],
  ["next", "Older"],
  ["last", "Oldest"],
];
let hideTimer = null;

/** Buttons for the pages the Link header names (one disabled where there is none). */
function pager(prefix, found, load) {
  return el(
    "nav",
    { className: "pager", "aria-label": `${prefix} pages` },
    RELATIONS.map(([relation, label]) =>
      el("button", { type: "button", className: "secondary", disabled: !found[relation], dataset: { page: relation }, onclick: () => load(found[relation]) }, label),
    ),
  );
}

/** A list the signed-in role may not read (the admin opens this page too) says so, not an error. */
function refused(error, target, what) {
  if (error instanceof ApiError && error.status === 403) {
    $(`#${target}`).replaceChildren(el("p", { className: "muted" }, `${what} are read by compliance officers only.`));
    return;
  }
  showError(target, error.message);
}

// ---- the multiple transaction log ------------------------------------------------------

function patron(entry) {
  if (entry.club_number === null) return [el("strong", {}, "Unknown patron"), el("br"), el("small", {}, entry.description)];
  return [`${entry.name} `, el("small", { className: "muted" }, entry.club_number)];
}

function logRow(entry) {
  return el(
    "tr",
    { dataset: { entry: String(entry.id) } },
    el("td", {}, entry.gaming_day),
    el("td", {}, entry.table_name),
    el("td", {}, patron(entry)),
    el("td", { className: "number" }, amountWithCode(entry.amount, entry.currency)),
    el("td", {}, entry.buy_in_id === null ? "—" : `buy-in ${entry.buy_in_id}`),
    el("td", {}, entry.recorded_by, el("br"), el("small", {}, when(entry.at))),
  );
}

async function loadLog(path) {
  clearErrors($("#cash-log-panel"));
  const target = path || `/compliance/cash-transactions${query({ day: $("#cash-log-day").value, table: $("#cash-log-table").value, limit: LIMIT })}`;
  try {
    const { json, headers } = await call("GET", target);
    const found = links(headers);
    $("#cash-log").replaceChildren(
      json.length
        ? grid(["Gaming day", "Table", "Patron", "Amount", "Logs", "Logged by"], json.map(logRow), { id: "cash-log-list" })
        : el("p", { className: "muted", id: "cash-log-empty" }, "No cash transaction is logged for this choice."),
      pager("transaction log", found, loadLog),
    );
  } catch (error) {
    refused(error, "cash-log", "The transaction log's entries");
  }
}

// ---- the report days and the identification read on demand -----------------------------

function reportRow(day) {
  return el(
    "tr",
    { dataset: { reportDay: String(day.id), club: day.club_number } },
    el("td", {}, day.gaming_day),
    el("td", {}, `${day.name} `, el("small", { className: "muted" }, day.club_number)),
    el("td", { className: "number" }, amountWithCode(day.cash_in, day.currency)),
    el("td", {}, `buy-in ${day.buy_in_id}`, el("br"), el("small", {}, when(day.listed_at))),
    el("td", {}, el("button", { type: "button", className: "secondary", dataset: { identify: day.club_number }, onclick: () => readIdentification(day.club_number) }, "Identification")),
  );
}

async function loadReportDays(path) {
  clearErrors($("#report-days-panel"));
  const target = path || `/compliance/report-days${query({ day: $("#report-day").value, limit: LIMIT })}`;
  try {
    const { json, headers } = await call("GET", target);
    $("#report-days").replaceChildren(
      json.length
        ? grid(["Gaming day", "Player", "Day's cash in", "Passed by", ""], json.map(reportRow), { id: "report-day-list" })
        : el("p", { className: "muted", id: "report-days-empty" }, "No player-day is listed for this choice."),
      pager("report days", links(headers), loadReportDays),
    );
  } catch (error) {
    refused(error, "report-days", "The report days");
  }
}

/** Empty the identification panel: nothing of the document stays in the page. */
function hideIdentification() {
  clearTimeout(hideTimer);
  const panel = $("#identification");
  panel.replaceChildren();
  panel.hidden = true;
}

async function readIdentification(clubNumber) {
  hideIdentification();
  const panel = $("#identification");
  try {
    // Asked afresh every time (the API answers no-store and records each read); no copy is kept here.
    const { json } = await call("GET", `/players/${encodeURIComponent(clubNumber)}/identification`);
    const rows = [
      ["Document", json.document_type.replaceAll("_", " ")],
      ["Number", json.number],
      ["Expiry", json.expiry],
      ["Date of birth", json.date_of_birth],
      ["Version", `${json.version}, recorded by ${json.recorded_by} ${when(json.recorded_at)}`],
    ].map(([name, value]) => el("tr", {}, el("th", { scope: "row" }, name), el("td", {}, value)));
    panel.replaceChildren(
      el("h3", {}, `Identification of player ${json.club_number}`),
      el("p", { className: "muted" }, "This read is recorded on the audit trail. It is hidden after a minute."),
      el("table", { className: "grid", id: "identification-fields" }, el("tbody", {}, rows)),
      el("button", { type: "button", className: "secondary", id: "identification-hide", onclick: hideIdentification }, "Hide"),
    );
    panel.hidden = false;
    hideTimer = setTimeout(hideIdentification, SHOWN_MS);
  } catch (error) {
    showError("identification-read", error.message);
  }
}

// ---- start -----------------------------------------------------------------------------

/** Fill the table filter, wire the forms, and show the newest of both lists. */
export async function startCash(tables) {
  $("#cash-log-table").append(...tables.map((table) => el("option", { value: String(table.id) }, table.name)));
  $("#cash-log-form").addEventListener("submit", (event) => {
    event.preventDefault();
    loadLog();
  });
  $("#report-days-form").addEventListener("submit", (event) => {
    event.preventDefault();
    loadReportDays();
  });
  await Promise.all([loadLog(), loadReportDays()]);
}
