// The open ratings on the floor, in one call (GET /ratings/open): every
// table's rated players with who, where, since when, whether paused, and
// the live figures of their slips. A tap on one opens its rating slip
// (#slip-<id>). The chosen table narrows the list; "All tables" shows the
// floor. A pit boss starts a rating the dealer missed below it.
import { call } from "../shared/api.js";
import { $, clearErrors, el, grid, when } from "../shared/dom.js";
import { inCurrency } from "../shared/money.js";
import { RATING_STATE } from "../shared/vocabulary.js";
import { canAct, currencyOf, draw, go, money, net, tableName } from "./pit_common.js";
import { missedForm } from "./pit_missed.js";
import { duration } from "./pit_rating_slip.js";

function who(rating) {
  return rating.name ? `${rating.name} (club ${rating.club_number})` : `club ${rating.club_number}`;
}

function ratingRow(state, { rating, slip }) {
  const paused = rating.state === RATING_STATE.PAUSED;
  const open = el("button", { type: "button", className: "link", onclick: () => go("slip", rating.id), "aria-label": `Rating slip of ${who(rating)}` }, who(rating));
  return inCurrency(currencyOf(state, rating.table_id), () =>
    el("tr", { dataset: { rating: String(rating.id) }, className: paused ? "paused" : "" },
      el("td", {}, open),
      el("td", {}, tableName(state, rating.table_id)),
      el("td", { className: "number" }, String(rating.seat)),
      el("td", {}, when(rating.seated_at)),
      el("td", {}, paused ? el("span", { className: "badge paused" }, "PAUSED") : "playing"),
      el("td", { className: "number" }, duration(slip.seconds_played)),
      el("td", { className: "number" }, String(slip.figures.rated_rounds)),
      el("td", { className: "number" }, money(slip.figures.average_bet)),
      el("td", { className: "number" }, net(slip.figures.theoretical_win)),
      el("td", { className: "number" }, net(slip.figures.actual_win)),
    ),
  );
}

function ratingsTable(state, open) {
  const shown = state.tableId === null ? open : open.filter((each) => each.rating.table_id === state.tableId);
  if (!shown.length) {
    const where = state.tableId === null ? "on the floor" : `at ${tableName(state, state.tableId)}`;
    return el("p", { className: "muted", id: "ratings-none" }, `No open rating ${where}.`);
  }
  const headers = ["Player", "Table", "Seat", "Since", "State", "Time played", "Rated rounds", "Average bet", "Theoretical", "Actual"];
  return [
    el("p", { className: "muted" }, "Live figures, to now: tap a player for the rating slip."),
    grid(headers, shown.map((each) => ratingRow(state, each)), { id: "ratings-table", className: "grid compact" }),
  ];
}

/** The open ratings read again (Refresh, and every half minute while shown):
 * the missed rating's form, and what is typed into it, stays. */
export function refreshRatings(state, headers = {}) {
  const load = () => call("GET", "/ratings/open", undefined, headers).then(({ json }) => json);
  return draw("ratings", $("#ratings-out"), load, (open) => ratingsTable(state, open), "ratings");
}

/** The Ratings screen: the open ratings, and the missed rating's form for a
 * pit boss (drawn anew with the screen: the tables may have opened since). */
export function showRatings(state) {
  clearErrors($("#view-ratings"));
  const box = $("#missed-box");
  box.replaceChildren(...(canAct(state) ? [missedForm(state, () => refreshRatings(state))] : []));
  box.hidden = !canAct(state);
  return refreshRatings(state);
}
