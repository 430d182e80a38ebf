// The dealers' figures per shift (GET /reports/dealer-shifts): for a gaming
// day's shift (the current one until one is chosen), each dealer's time at
// each table from their sessions (sign-in to sign-out or relief), rounds
// and rounds per hour, voids and corrections, cards changed by hand, and
// the cards against chips of each table session they were signed in at,
// and the four parts of the players' results over their rounds.
import { call, query } from "../shared/api.js";
import { $, clearErrors, el, grid, when } from "../shared/dom.js";
import { amountWithCode } from "../shared/money.js";
import { currencyOf, draw } from "./pit_common.js";

/** Whole seconds as "1 h 05 min" (or "12 min"). */
export function duration(seconds) {
  const minutes = Math.floor(seconds / 60);
  const hours = Math.floor(minutes / 60);
  return hours ? `${hours} h ${String(minutes % 60).padStart(2, "0")} min` : `${minutes} min`;
}

function perHour(line) {
  if (line.rounds_per_hour === null) return "—";
  const exact = line.rounds_per_hour_exact;
  return exact.includes("/") ? el("span", { title: `exactly ${exact}` }, String(line.rounds_per_hour)) : exact;
}

function tableLine(line) {
  const stints = line.dealer_sessions.map((stint) => `${when(stint.signed_in_at)} to ${stint.signed_out_at ? `${when(stint.signed_out_at)} (${stint.sign_out_reason.replaceAll("_", " ")})` : "now"}`);
  return el("li", { title: stints.join("; ") }, `${line.table_name}: ${duration(line.seconds)}, ${line.rounds} rounds`);
}

function check(state, session) {
  const name = `${session.table_name} #${session.number}`;
  if (!session.counted) return el("li", {}, `${name}: drop not counted yet`);
  const amount = (minor) => amountWithCode(minor, currencyOf(state, session.table_id));
  return el("li", { className: session.difference === 0 ? "" : "flagged" }, `${name}: ${amount(session.difference)} (win ${amount(session.win)}, rounds ${amount(session.rounds_net)})`);
}

/** The four parts of the players' results in one currency (rule book section 14). */
function results(state, part) {
  const currency = state.tables.find((table) => table.currency?.code === part.currency)?.currency ?? { code: part.currency, minor_unit: 2 };
  const amount = (minor) => amountWithCode(minor, currency);
  return el("li", { title: `${part.rounds} rounds, ${part.seats} seats; the luck's standard deviation ${amount(part.luck_sd)}` },
    `${amount(part.actual)} = theoretical ${amount(part.theoretical)} + decisions ${amount(part.decisions)}`
    + ` + player's cards ${amount(part.player_cards)} + dealer's cards ${amount(part.dealer_cards)}`);
}

function dealerRow(state, line) {
  return el("tr", { dataset: { dealer: line.name } },
    el("td", {}, line.name),
    el("td", {}, duration(line.seconds), el("ul", { className: "plain" }, ...line.tables.map(tableLine))),
    el("td", { className: "num" }, String(line.rounds)),
    el("td", { className: "num" }, perHour(line)),
    el("td", { className: "num" }, `${line.voids}${line.pending_voids ? ` (+${line.pending_voids} asked)` : ""}`),
    el("td", { className: "num" }, `${line.corrections}${line.pending_corrections ? ` (+${line.pending_corrections} asked)` : ""}`),
    el("td", { className: "num" }, `${line.cards_changed} in ${line.dealt_rounds} dealt`),
    el("td", {}, line.sessions.length ? el("ul", { className: "plain" }, ...line.sessions.map((session) => check(state, session))) : "—"),
    el("td", {}, line.players_results.length ? el("ul", { className: "plain" }, ...line.players_results.map((part) => results(state, part))) : "—"),
  );
}

function render(state, shift) {
  $("#dealers-day").value = shift.gaming_day;
  $("#dealers-shift").value = String(shift.shift);
  const heading = el("p", { className: "muted", id: "dealers-period" }, `Gaming day ${shift.gaming_day}, shift ${shift.shift}`
    + (shift.pending_rounds ? ` · ${shift.pending_rounds} rounds not counted yet` : ""));
  if (!shift.dealers.length) return [heading, el("p", { className: "muted", id: "dealers-none" }, "No dealer in this shift.")];
  const headers = ["Dealer", "Time at tables", "Rounds", "Rounds an hour", "Voids", "Corrections", "Cards changed by hand", "Cards against chips", "Players' results (the house's)"];
  return [heading, grid(headers, shift.dealers.map((line) => dealerRow(state, line)), { id: "dealers-table", className: "grid compact" })];
}

export function showDealers(state) {
  clearErrors($("#view-dealers"));
  const params = { day: $("#dealers-day").value, shift: $("#dealers-shift").value };
  return draw("dealers", $("#dealers-out"), async () => (await call("GET", `/reports/dealer-shifts${query(params)}`)).json, (shift) => render(state, shift), "dealers");
}

export function installDealers(state) {
  $("#dealers-form").addEventListener("submit", (event) => {
    event.preventDefault();
    showDealers(state);
  });
}
