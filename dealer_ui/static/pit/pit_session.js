// A session opened from the checks: its figures, its check, and the rounds,
// slips and counts of the session in time order, with the investigation
// note (pit bosses write one; compliance and admins read).
import { call } from "../shared/api.js";
import { $, clearErrors, el, grid, when } from "../shared/dom.js";
import { checkBadge } from "./pit_checks.js";
import { useCurrency } from "../shared/money.js";
import { canAct, currencyOf, go, money, net, newTurn, notify, percent, showApiError } from "./pit_common.js";

const WHAT = {
  opener: "Opener counted",
  closer: "Closer counted",
  round: "Round settled",
  slip_requested: "Slip requested",
  slip_issued: "Slip issued (cage)",
  slip_received: "Slip received",
  slip_voided: "Slip voided",
  drop_count: "Drop counted",
  drop_recount: "Drop counted again",
  note: "Note",
};

function figures(session) {
  const { figures: f, check } = session;
  const pairs = [
    ["Opener", money(f.opener)],
    ["Closer", money(f.closer)],
    ["Fills", money(f.fills)],
    ["Credits", money(f.credits)],
    ["Drop", money(f.drop)],
    ["Win (drop + closer + credits − opener − fills)", money(f.win)],
    ["Hold (win / drop)", percent(f.hold)],
    [`Rounds' net (${check.rounds} rounds)`, net(check.rounds_net)],
    ["Difference (win − rounds' net)", check.difference === null ? "—" : net(check.difference)],
  ];
  return grid(["Figure", "Amount"], pairs.map(([name, value]) => el("tr", {}, el("th", { scope: "row" }, name), el("td", { className: "number" }, value))), { className: "grid compact session-figures" });
}

function timeline(entries) {
  const rows = entries.map((entry) =>
    el(
      "tr",
      { dataset: { what: entry.what } },
      el("td", {}, when(entry.at)),
      el("td", {}, WHAT[entry.what] || entry.what),
      el("td", {}, entry.ref),
      el("td", { className: "number" }, entry.amount === null ? "" : entry.what === "round" ? net(entry.amount) : money(entry.amount)),
      el("td", {}, entry.by.join(", ")),
      el("td", {}, entry.detail || ""),
    ),
  );
  return grid(["Time", "What", "Record", "Amount", "By", "Detail"], rows, { id: "session-timeline" });
}

function noteForm(state, session) {
  const note = el("textarea", { id: "session-note", rows: 3, maxLength: 2000, dataset: { field: "session-note" } });
  const form = el("form", { id: "session-note-form", className: "act-form", noValidate: true },
    el("label", { htmlFor: "session-note" }, "Investigation note"),
    note,
    el("span", { className: "error", dataset: { errorFor: "session-note" } }),
    el("button", { type: "submit", className: "big primary" }, "Add the note"),
  );
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    clearErrors(form);
    try {
      const { json } = await call("POST", `/sessions/${session.id}/notes`, { note: note.value });
      notify(`Note added to ${json.table} session #${json.number}.`);
      render(state, json);
    } catch (error) {
      showApiError(error, "session", "session");
    }
  });
  return form;
}

function render(state, session) {
  const { check } = session;
  const parts = [
    el("h2", { id: "session-title", tabIndex: -1 }, `${session.table} · session #${session.number} `, checkBadge(check)),
    el("p", { className: "facts" }, `Gaming day ${session.gaming_day}, shift ${session.shift} · opened ${when(session.opened_at)}${session.closed_at ? ` · closed ${when(session.closed_at)}` : " · open"}`),
    check.flagged ? el("p", { className: "warning" }, `Flagged: the chips and the cards differ by ${net(check.difference)} (tolerance ${money(check.tolerance)}).`) : null,
    figures(session),
    check.note ? el("p", { className: "note", id: "session-current-note" }, "Note: ", el("q", {}, check.note), ` — ${check.note_by}`) : null,
    el("h3", {}, "In time order"),
    timeline(session.timeline),
    canAct(state) ? noteForm(state, session) : null,
  ];
  $("#session-out").replaceChildren(...parts.filter(Boolean));
}

export async function showSession(state, id) {
  clearErrors($("#view-session"));
  const current = newTurn("session");
  try {
    const { json } = await call("GET", `/sessions/${id}`);
    if (!current()) return;
    useCurrency(currencyOf(state, json.table_id)); // the session's amounts, and a note's, in its table's currency
    render(state, json);
  } catch (error) {
    if (current()) showApiError(error, "session", "session");
  }
}

$("#session-back").addEventListener("click", () => go("checks"));
