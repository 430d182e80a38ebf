// What each seat's cards were worth (GET /rounds/{id}/hand-values): the Main
// Bet's expected value of the setting played, of the best setting and of the
// house way's, and the two bonus bets' with these cards, per unit staked. The API reads them from the strategy table;
// while that is being built it answers 503 and this says so.
import { call } from "../shared/api.js";
import { el, grid } from "../shared/dom.js";
import { bets, cardsText } from "./pit_common.js";
import { FOUL_POLICY } from "../shared/vocabulary.js";

/** An expected value per unit staked, its sign always shown: "+0.7877", "-0.0418". */
export function ev(value) {
  return `${value < 0 ? "-" : "+"}${Math.abs(value).toFixed(4)}`;
}

function valueCell(className, worth, extra) {
  return el("td", { className: `number ${className}`, title: `exactly ${worth.expected_value_exact}` }, ev(worth.expected_value), extra);
}

function playedNote(seat, policy) {
  if (!seat.fouled) return null;
  const text = policy === FOUL_POLICY.FORFEIT ? "foul: the Main Bet forfeits" : "foul: valued as reset to the house way";
  return el("div", { className: "muted" }, text);
}

/** The bets valued with the cards alone (the API's bets that the answer
 * has a value of by their key: the bonus bets, not the Main Bet). */
function bonusBets(state, seat) {
  return bets(state).filter((bet) => seat[bet.key] !== undefined);
}

function category(worth) {
  return worth.category_name ? el("div", { className: "muted" }, worth.category_name) : null;
}

function seatRow(state, seat, policy) {
  const bestCards = seat.played_is_best
    ? el("div", { className: "muted" }, "the setting played")
    : el("div", { className: "best-cards" }, "low ", cardsText(seat.best.low), " · high ", cardsText(seat.best.high));
  return el(
    "tr",
    { dataset: { seat: String(seat.seat) } },
    el("th", { scope: "row" }, `Seat ${seat.seat}`),
    valueCell("played-ev", seat.played, playedNote(seat, policy)),
    valueCell("best-ev", seat.best, bestCards),
    valueCell("house-ev", seat.house_way),
    valueCell("cost-ev", seat.cost_against_best),
    ...bonusBets(state, seat).map((bet) => valueCell(`bonus-ev bonus-${bet.key}`, seat[bet.key], category(seat[bet.key]))),
  );
}

function valuesTable(state, values) {
  const bonus = values.seats.length ? bonusBets(state, values.seats[0]).map((bet) => bet.name) : [];
  const headers = ["Seat", "Setting played", "Best setting", "House way", "Cost against the best", ...bonus];
  return [
    grid(headers, values.seats.map((seat) => seatRow(state, seat, values.foul_policy)), { id: "round-values-seats" }),
    el(
      "p",
      { className: "muted" },
      `Expected value per unit staked over every dealer hand: the Main Bet against the dealer's house way, the bonus bets with these seven cards (at the table's pays); under rules version ${values.config_version} (qualifier ${values.qualifier}).`,
    ),
  ];
}

function building(error, again) {
  return el(
    "p",
    { className: "note building", role: "status" },
    `The strategy table is still being built, so the expected values are not known yet: ${error.message}. `,
    el("button", { type: "button", className: "link", id: "round-values-again", onclick: again }, "Ask again"),
  );
}

/** The section, filled when the API answers. */
export function handValues(state, round) {
  const body = el("div", { id: "round-values-body" }, el("p", { className: "muted" }, "Working out the expected values…"));
  const load = async () => {
    try {
      const { json } = await call("GET", `/rounds/${round.id}/hand-values`);
      body.replaceChildren(...valuesTable(state, json));
    } catch (error) {
      body.replaceChildren(error.status === 503 ? building(error, load) : el("p", { className: "error" }, error.message));
    }
  };
  load();
  return el("section", { id: "round-values" }, el("h3", {}, "What the hands were worth"), body);
}
