// The bet pad: chips of the table's denominations add to the bet last
// tapped (no on-screen keyboard over the felt), and "same bets as last
// round", for a seat or for the whole table, from the last round settled here.
import { fillBets } from "./dealer_bets.js";
import { changed, isEmpty, locked } from "./dealer_tablet.js";
import { $, el, showError } from "../shared/dom.js";
import { CHIPS } from "../shared/count_fields.js";
import { formatAmount, readAmount, typedAmount } from "../shared/money.js";

// The casino's chip values (minor units): the ones the service counts in a
// tray, a fill or a credit (count_fields.js says them once for every page);
// the pad shows those the limits use.
const DENOMINATIONS = CHIPS;
const CHIPS_SHOWN = 5;
const LAST = "breakpoker.last-bets.";

/** The chips for ``limits`` ({bet: [low, high]}): from the lowest minimum up to the highest maximum. */
export function chipValues(limits) {
  const ranges = Object.values(limits);
  const low = Math.min(...ranges.map(([minimum]) => minimum));
  const high = Math.max(...ranges.map(([, maximum]) => maximum));
  const fits = DENOMINATIONS.filter((value) => value <= high && value * 5 >= low);
  return (fits.length ? fits : DENOMINATIONS).slice(0, CHIPS_SHOWN);
}

const field = (target) => $(`#bet-${target.seat}-${target.key}`);

/** A chip of ``value`` (minor units) that calls ``add(value)``: the bet pad's, and the player dialog's. */
export function chipButton(value, add) {
  const text = typedAmount(value);
  return el("button", { type: "button", className: `bet-chip chip-${value}`, dataset: { chip: String(value) }, "aria-label": `add ${formatAmount(value)}`, onclick: () => add(value) }, text);
}

const chip = (state, value) => chipButton(value, (added) => addChip(state, added));

/** The pad's chips for the table's limits, and its Clear. */
export function buildPad(state) {
  const clear = el("button", { type: "button", className: "bet-chip clear", id: "pad-clear", "aria-label": "clear the bet", onclick: () => clearBet(state) }, "C");
  $("#pad").replaceChildren($("#pad-target"), ...chipValues(state.table.config.limits).map((value) => chip(state, value)), clear);
  targetBet(state, null);
}

/** The pad now fills ``seat``'s ``key`` bet (the field tapped; the first
 * required bet if not said); null: none. The hand the cards go to is not moved. */
export function targetBet(state, seat, key = (state.bets.find((bet) => bet.required) || state.bets[0]).key) {
  for (const node of document.querySelectorAll(".bet input.target")) node.classList.remove("target");
  state.target = seat === null || isEmpty(state, seat) ? null : { seat, key };
  const name = state.target && state.bets.find((bet) => bet.key === key)?.name;
  $("#pad-target").textContent = state.target ? `Chips go to seat ${seat}, ${name}` : "Tap a bet, then chips";
  if (!state.target) return;
  // The card picker stays on the hand it was filling: at a live table the
  // bets are on the felt before the cards, and a bet tapped must not send
  // the next cards dealt into its seat.
  field(state.target)?.classList.add("target");
}

function setBet(state, text) {
  const input = field(state.target);
  input.value = text;
  input.dispatchEvent(new Event("input", { bubbles: true }));
}

function addChip(state, value) {
  if (locked(state) || !state.target) return;
  const typed = field(state.target).value.trim();
  const { cents } = typed ? readAmount(typed, "") : { cents: 0 };
  const bet = state.bets.find((each) => each.key === state.target.key);
  const maximum = state.table.config.limits[bet.key]?.[1];
  const sum = (cents ?? 0) + value; // what is not an amount is replaced
  if (maximum !== undefined && sum > maximum) {
    refuseChip(state, bet, value, cents ?? 0, maximum);
    return;
  }
  setBet(state, typedAmount(sum));
}

/** A chip that would take the bet over the table's maximum: not added, and said at the seat. */
function refuseChip(state, bet, value, cents, maximum) {
  const { seat } = state.target;
  const target = `seat-${seat}-${bet.key}`;
  const message = `seat ${seat} ${bet.name}: ${formatAmount(value)} more is over the table maximum of ${formatAmount(maximum)}`;
  showError(target, message);
  state.apiErrors.push(target); // taken back by the next change
  $("#pad-target").textContent = message;
}

function clearBet(state) {
  if (!locked(state) && state.target) setBet(state, "");
}

/** The bets as typed in the last round settled at this table in this tab, by seat. */
export function readLastBets(state) {
  try {
    state.lastBets = JSON.parse(sessionStorage.getItem(LAST + state.table.id)) || {};
  } catch {
    state.lastBets = {};
  }
  showSame(state);
}

/** The next dealer in this tab starts clean: no bets of the last one's rounds. */
export function forgetLastBets() {
  for (const name of Object.keys(sessionStorage)) if (name.startsWith(LAST)) sessionStorage.removeItem(name);
}

/** Remember the settled ``round``'s stakes (cents, by bet key) for "same bets". */
export function rememberBets(state, round) {
  state.lastBets = {};
  for (const seat of round.seats) {
    const stakes = seat.bets || {};
    state.lastBets[seat.seat] = Object.fromEntries(
      state.bets.filter((bet) => stakes[bet.key] > 0).map((bet) => [bet.key, typedAmount(stakes[bet.key])]),
    );
  }
  sessionStorage.setItem(LAST + state.table.id, JSON.stringify(state.lastBets));
  showSame(state);
}

/** The Same buttons: usable where the last round had bets and this one may change. */
export function showSame(state) {
  const any = state.seats.some((seat) => state.lastBets[seat] && !isEmpty(state, seat));
  $("#same-bets").disabled = locked(state) || !any;
  for (const seat of state.seats) {
    const button = $(`#same-${seat}`);
    if (button) button.disabled = locked(state) || isEmpty(state, seat) || !state.lastBets[seat];
  }
}

/** ``seats``' bets as in the last round (every open seat that played it, for the table). */
export function sameBets(state, seats = state.seats) {
  if (locked(state)) return;
  let filled = false;
  for (const seat of seats) {
    if (isEmpty(state, seat) || !state.lastBets[seat]) continue;
    fillBets(seat, state.bets, state.lastBets[seat]);
    filled = true;
  }
  if (filled) changed(state);
}
