// Game protection's alerts (GET /alerts, GET /alerts/{id}): the open ones
// (or those acknowledged, or all), newest first; a tap opens one (#alert-<id>)
// with what it names, the figure and its threshold, and the rounds behind it
// with their times to the second (to pull the surveillance video), each
// linked to the round's own screen (#round-<id>). A pit boss acknowledges an
// open alert with a note (POST /alerts/{id}/acknowledgement); compliance and
// admins read.
import { call, query } from "../shared/api.js";
import { $, clearErrors, el, grid, showError, when } from "../shared/dom.js";
import { labelledField, showApiError } from "../shared/field_errors.js";
import { canAct, draw, go, notify } from "./pit_common.js";

const PREFIX = "alert";
const STATES = [
  ["open", "Open"],
  ["acknowledged", "Acknowledged"],
  ["all", "All"],
];

/** A time to the second, in the tablet's clock: the video is found by it. */
function toSecond(iso) {
  const moment = new Date(iso);
  return Number.isNaN(moment.getTime()) ? iso : moment.toLocaleString("en-GB", { dateStyle: "medium", timeStyle: "medium" });
}

function kindText(kind) {
  return kind.replaceAll("_", " ");
}

/** Whom and what the alert names, those it names only. */
function named(alert) {
  const parts = [
    alert.table_name && `table ${alert.table_name}`,
    alert.seat !== null && `seat ${alert.seat}`,
    alert.club_number && `player ${alert.club_number}`,
    alert.dealer && `dealer ${alert.dealer}`,
    alert.device_id && `device ${alert.device_id}`,
  ];
  return parts.filter(Boolean).join(", ");
}

function alertRow(alert) {
  const open = el("button", { type: "button", className: "link", onclick: () => go(PREFIX, alert.id), "aria-label": `Alert ${alert.id}: ${kindText(alert.kind)}` }, kindText(alert.kind));
  return el("tr", { dataset: { alert: String(alert.id) } },
    el("td", {}, open),
    el("td", {}, el("span", { className: `badge ${alert.severity}` }, alert.severity.toUpperCase())),
    el("td", {}, named(alert)),
    el("td", {}, `${alert.figure} (threshold ${alert.threshold})`),
    el("td", {}, when(alert.raised_at)),
    el("td", {}, alert.acknowledgement ? `acknowledged by ${alert.acknowledgement.by}` : "open"),
  );
}

function alertList(alerts, state) {
  if (!alerts.length) return el("p", { className: "muted", id: "alerts-none" }, state === "all" ? "No alert." : `No ${state} alert.`);
  const headers = ["Alert", "Severity", "Names", "Figure", "Raised", "State"];
  return grid(headers, alerts.map(alertRow), { id: "alerts-table", className: "grid compact" });
}

function stateChoice(chosen, redraw) {
  const select = el("select", { id: "alerts-state", "aria-label": "Which alerts" },
    ...STATES.map(([value, text]) => el("option", { value, selected: value === chosen }, text)));
  select.addEventListener("change", () => redraw(select.value));
  return select;
}

/** The alerts in a state, newest first (the first page: a hundred). */
function showList(chosen = "open") {
  const out = $("#alerts-out");
  const load = () => call("GET", `/alerts${query({ state: chosen })}`).then(({ json }) => json);
  $("#alerts-filter").replaceChildren(stateChoice(chosen, showList));
  return draw("alerts", out, load, (alerts) => alertList(alerts, chosen), "alerts");
}

function roundRow(round) {
  return el("tr", { dataset: { round: String(round.id) } },
    el("td", {}, el("a", { href: `#round-${round.id}` }, `Round ${round.id}`)),
    el("td", {}, toSecond(round.entered_at)),
    el("td", {}, round.gaming_day),
    el("td", {}, round.deck_id === null ? "entered by hand" : `deck ${round.deck_id}`),
  );
}

function rounds(alert) {
  if (!alert.rounds.length) return el("p", { className: "muted", id: "alert-no-rounds" }, "No round dealt from its decks yet.");
  return grid(["Round", "Time", "Gaming day", "Dealt from"], alert.rounds.map(roundRow), { id: "alert-rounds", className: "grid compact" });
}

function acknowledgeForm(state, alert) {
  const note = el("textarea", { rows: 3, maxLength: 2000, placeholder: "what the video showed, what was done" });
  const form = el("form", { id: "alert-form", className: "acct-form", noValidate: true },
    el("h3", {}, "Acknowledge"),
    labelledField(PREFIX, "note", "Note", note),
    el("button", { type: "submit", className: "big primary" }, "Acknowledge"),
    el("p", { className: "error", dataset: { errorFor: PREFIX }, role: "alert" }),
  );
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    clearErrors(form);
    if (!note.value.trim()) {
      showError(`${PREFIX}-note`, "A note is required: say what was found.");
      return;
    }
    try {
      await call("POST", `/alerts/${alert.id}/acknowledgement`, { note: note.value });
      notify(`Alert ${alert.id} acknowledged.`);
      showAlert(state, alert.id);
    } catch (error) {
      showApiError(error, PREFIX, PREFIX);
    }
  });
  return form;
}

function acknowledged(ack) {
  return el("p", { id: "alert-acknowledged" }, `Acknowledged by ${ack.by}, ${when(ack.at)}: ${ack.note}`);
}

function alertDetail(state, alert) {
  const facts = [
    ["Severity", alert.severity],
    ["Names", named(alert) || "—"],
    ["Figure", `${alert.figure} (threshold ${alert.threshold})`],
    ["Decks", alert.decks.join(", ") || "—"],
    ["Raised", toSecond(alert.raised_at)],
  ];
  return [
    el("h3", { id: "alert-title", tabIndex: -1 }, `Alert ${alert.id}: ${kindText(alert.kind)}`),
    el("p", { id: "alert-summary" }, alert.summary),
    el("table", { id: "alert-facts", className: "grid compact" },
      el("tbody", {}, facts.map(([term, value]) => el("tr", {}, el("th", { scope: "row" }, term), el("td", {}, value))))),
    el("h3", {}, "Rounds behind it"),
    rounds(alert),
    alert.acknowledgement ? acknowledged(alert.acknowledgement) : canAct(state) ? acknowledgeForm(state, alert) : el("p", { className: "muted" }, "Open: a pit boss acknowledges it."),
  ];
}

/** One alert, with its rounds and (a pit boss, while open) the acknowledgement. */
function showAlert(state, id) {
  $("#alerts-filter").replaceChildren(el("button", { type: "button", id: "alert-back", className: "big secondary", onclick: () => go("alerts") }, "← Alerts"));
  const load = () => call("GET", `/alerts/${id}`).then(({ json }) => json);
  return draw("alerts", $("#alerts-out"), load, (alert) => alertDetail(state, alert), "alerts");
}

/** The Alerts screen (#alerts) or one alert (#alert-<id>). */
export function showAlerts(state, id) {
  clearErrors($("#view-alerts"));
  return id === undefined ? showList() : showAlert(state, id);
}
