// Cards against chips: a session a line, with the win from the chips (drop
// + closer + credits - opener - fills), the hold, the rounds' net and the
// difference between them; a difference beyond the tolerance is flagged,
// in words as well as colour. A line opens the session (pit_session.js).
import { call, query } from "../shared/api.js";
import { $, clearErrors, el, grid } from "../shared/dom.js";
import { inCurrency } from "../shared/money.js";
import { currencyOf, draw, go, money, net, percent } from "./pit_common.js";
import { CHECK_STATUS } from "../shared/vocabulary.js";

const STATUS = {
  [CHECK_STATUS.OPEN]: "open",
  [CHECK_STATUS.UNCOUNTED]: "box not counted",
  [CHECK_STATUS.BALANCED]: "balanced",
  [CHECK_STATUS.DIFFERS]: "DIFFERS",
};

export function checkBadge(check) {
  return el("span", { className: `badge check-${check.status}` }, STATUS[check.status] || check.status);
}

function cell(text, name) {
  return el("td", { className: `number ${name}` }, text);
}

/** A session's line, in its own table's currency (the floor's list has every table's). */
function row(state, session) {
  return inCurrency(currencyOf(state, session.table_id), () => sessionRow(session));
}

function sessionRow(session) {
  const { figures, check } = session;
  return el(
    "tr",
    { className: check.flagged ? "flagged" : "", dataset: { session: String(session.id) } },
    el(
      "td",
      { className: "session" },
      el("button", { type: "button", className: "link", onclick: () => go("session", session.id) }, `${session.table} #${session.number}`),
      el("div", { className: "muted" }, `${session.gaming_day} · shift ${session.shift}`),
    ),
    cell(money(figures.opener), "opener"),
    cell(money(figures.closer), "closer"),
    cell(money(figures.fills), "fills"),
    cell(money(figures.credits), "credits"),
    cell(money(figures.drop), "drop"),
    cell(money(figures.win), "win"),
    cell(percent(figures.hold), "hold"),
    el("td", { className: "number rounds-net" }, net(check.rounds_net), el("div", { className: "muted" }, `${check.rounds} rounds`)),
    cell(check.difference === null ? "—" : net(check.difference), "difference"),
    el("td", { className: "status" }, checkBadge(check), check.flagged ? el("span", { className: "muted" }, ` beyond ${money(check.tolerance)}`) : null, check.note ? el("div", { className: "muted" }, "noted") : null),
  );
}

function render(state, sessions) {
  if (!sessions.length) return el("p", { className: "notice" }, "No sessions in that period.");
  const flagged = sessions.filter((each) => each.check.flagged).length;
  return [
    el("p", { className: flagged ? "warning" : "notice", id: "checks-summary" }, flagged ? `${flagged} of ${sessions.length} sessions differ: open one to see its rounds, slips and counts.` : `${sessions.length} sessions, none flagged.`),
    grid(
      ["Session", "Opener", "Closer", "Fills", "Credits", "Drop", "Win", "Hold", "Rounds' net", "Difference", "Check"],
      sessions.map((session) => row(state, session)),
      { id: "checks-grid", className: "grid compact" },
    ),
  ];
}

/** The checks of the gaming day asked (the latest 100 sessions without one), the chosen table's or the floor's. */
export function showChecks(state) {
  clearErrors($("#view-checks"));
  const asked = { day: $("#checks-day").value.trim(), table: state.tableId ?? "" };
  return draw("checks", $("#checks-out"), async () => (await call("GET", `/checks${query(asked)}`)).json, (sessions) => render(state, sessions), "checks");
}

/** The checks' form: asked again for ``state``'s table (or the floor). */
export function installChecks(state) {
  $("#checks-form").addEventListener("submit", (event) => {
    event.preventDefault();
    showChecks(state);
  });
}
