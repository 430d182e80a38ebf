// A rating's slip (rule book section 14), read from the API: time played,
// rated rounds, pace, handle per bet, average bet, the theoretical and
// actual wins with the actual win's four parts and the luck parts'
// standard deviations, comps, buy-ins, chips away and the chips check.
// Live (to now) while the rating is open, final at seat-out: the slip
// says which, so a live figure is never read as the last word.
import { call } from "../shared/api.js";
import { $, clearErrors, el, when } from "../shared/dom.js";
import { inCurrency } from "../shared/money.js";
import { RATING_STATE } from "../shared/vocabulary.js";
import { bets, currencyOf, draw, money, net, tableName } from "./pit_common.js";
import { correctionsPart, ratingOf } from "./pit_slip_corrections.js";

/** "1 h 05 min" from whole seconds (under a minute: "0 min"). */
export function duration(seconds) {
  const minutes = Math.floor(seconds / 60);
  const hours = Math.floor(minutes / 60);
  return hours ? `${hours} h ${String(minutes % 60).padStart(2, "0")} min` : `${minutes} min`;
}

/** A standard deviation of minor units, shown as an amount (to the minor unit, ± before it). */
function deviation(value, missing) {
  if (value === null || value === undefined) return missing ? `— (${missing})` : "—";
  return `± ${money(Math.round(value))}`;
}

function row(label, value, key) {
  return el("tr", { dataset: { figure: key } }, el("th", { scope: "row" }, label), el("td", { className: "number" }, value));
}

/** The figures' rows (a slip's, or a player's over a period): the same shape in the API. */
export function figureRows(state, figures) {
  const handle = bets(state).map((bet) => row(`Handle, ${bet.name}`, money(figures.handle[bet.key]), `handle-${bet.key}`));
  return [
    row("Rated rounds", String(figures.rated_rounds), "rated-rounds"),
    figures.pending_rounds ? row("Rounds not figured yet", String(figures.pending_rounds), "pending-rounds") : null,
    ...handle,
    row("Handle, all bets", money(figures.handle.total), "handle-total"),
    row("Average bet", money(figures.average_bet), "average-bet"),
    row("Theoretical win (part 1)", net(figures.theoretical_win), "theoretical"),
    row("Decisions against the house way (part 2)", net(figures.decisions), "decisions"),
    row("Player's cards (part 3, luck)", `${net(figures.player_cards)} ${deviation(figures.player_cards_sd, figures.sd_missing)}`, "player-cards"),
    row("Dealer's cards (part 4, luck)", `${net(figures.dealer_cards)} ${deviation(figures.dealer_cards_sd)}`, "dealer-cards"),
    row("Actual win (parts 1 to 4)", net(figures.actual_win), "actual"),
    row("Comps earned", money(figures.comps), "comps"),
  ];
}

/** Live or final, said in words and by the mark's class. */
export function liveMark(slip) {
  return slip.final
    ? el("span", { className: "badge final", dataset: { mark: "final" } }, "FINAL")
    : el("span", { className: "badge live", dataset: { mark: "live" } }, `LIVE to ${when(slip.as_of)}`);
}

function chipsCheck(slip) {
  if (slip.chips_check === null) return "— (at seat-out)";
  return slip.chips_check === 0 ? "0 (every chip accounted for)" : `${net(slip.chips_check)} (chips not accounted for)`;
}

/** The slip's tables: play, the figures, and the money in and out. */
export function slipView(state, slip, who) {
  const play = [
    row("Table and seat", `${tableName(state, slip.table_id)}, seat ${slip.seat}`, "seat"),
    row("Seated", when(slip.seated_at), "seated-at"),
    row("State", slip.state === RATING_STATE.PAUSED ? "PAUSED" : slip.state, "state"),
    row("Time played", duration(slip.seconds_played), "time-played"),
    row("Pace", slip.pace === null ? "—" : `${slip.pace} rounds an hour`, "pace"),
  ];
  const cash = [
    row("Cash bought in", money(slip.cash), "cash"),
    row("Chips brought", money(slip.chips_brought), "chips-brought"),
    row("Chips taken away", slip.chips_taken === null ? "— (still playing)" : money(slip.chips_taken), "chips-taken"),
    row("Chips check", chipsCheck(slip), "chips-check"),
  ];
  const table = (rows, label) => el("table", { className: "grid compact slip-figures", "aria-label": label }, el("tbody", {}, rows));
  return inCurrency(currencyOf(state, slip.table_id), () => [
    el("h2", { id: "slip-title", tabIndex: -1 }, `Rating slip #${slip.rating_id}: ${who} `, liveMark(slip)),
    slip.up_to_date && !slip.figures.pending_rounds ? null : el("p", { className: "warning" }, "The workers have not figured every rated round yet: these figures leave them out until then."),
    el("div", { className: "slip-parts" }, table(play, "Play"), table(figureRows(state, slip.figures), "Figures"), table(cash, "Buy-ins and chips")),
  ]);
}

/** The slip screen (#slip-<rating id>): the slip, with the player's name,
 * and its corrections. */
export function showSlip(state, ratingId) {
  clearErrors($("#view-slip"));
  const load = async () => {
    const [{ json: slip }, rating] = await Promise.all([call("GET", `/ratings/${ratingId}/slip`), ratingOf(state, ratingId)]);
    const player = await call("GET", `/players/${slip.club_number}`).then(({ json }) => json, () => null);
    return { slip, rating, who: player ? `${player.name} (club ${slip.club_number})` : `club ${slip.club_number}` };
  };
  const render = ({ slip, rating, who }) => [...slipView(state, slip, who), correctionsPart(state, slip, rating, () => showSlip(state, ratingId))];
  return draw("slip", $("#slip-out"), load, render, "slip");
}
