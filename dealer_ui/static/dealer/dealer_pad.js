// The bet pad: chips of the table's denominations add to the bet last
// tapped (no on-screen keyboard over the felt), and "same bets as last
// round", for a seat or for the whole table, from the last round settled here.
import { fillBets } from "./dealer_bets.js";
import { changed, isEmpty, locked, tablet } from "./dealer_tablet.js";
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

function chip(value) {
  const text = typedAmount(value);
  return el("button", { type: "button", className: `bet-chip chip-${value}`, dataset: { chip: String(value) }, "aria-label": `add ${formatAmount(value)}`, onclick: () => addChip(value) }, text);
}

/** The pad's chips for the table's limits, and its Clear. */
export function buildPad() {
  const clear = el("button", { type: "button", className: "bet-chip clear", id: "pad-clear", "aria-label": "clear the bet", onclick: clearBet }, "C");
  $("#pad").replaceChildren($("#pad-target"), ...chipValues(tablet.table.config.limits).map(chip), clear);
  targetBet(null);
}

/** The pad now fills ``seat``'s ``key`` bet (the field tapped; the first
 * required bet if not said); null: none. The hand the cards go to is not moved. */
export function targetBet(seat, key = (tablet.bets.find((bet) => bet.required) || tablet.bets[0]).key) {
  for (const node of document.querySelectorAll(".bet input.target")) node.classList.remove("target");
  tablet.target = seat === null || isEmpty(seat) ? null : { seat, key };
  const name = tablet.target && tablet.bets.find((bet) => bet.key === key)?.name;
  $("#pad-target").textContent = tablet.target ? `Chips go to seat ${seat}, ${name}` : "Tap a bet, then chips";
  if (!tablet.target) return;
  // The card picker stays on the hand it was filling: at a live table the
  // bets are on the felt before the cards, and a bet tapped must not send
  // the next cards dealt into its seat.
  field(tablet.target)?.classList.add("target");
}

function setBet(text) {
  const input = field(tablet.target);
  input.value = text;
  input.dispatchEvent(new Event("input", { bubbles: true }));
}

function addChip(value) {
  if (locked() || !tablet.target) return;
  const typed = field(tablet.target).value.trim();
  const { cents } = typed ? readAmount(typed, "") : { cents: 0 };
  const bet = tablet.bets.find((each) => each.key === tablet.target.key);
  const maximum = tablet.table.config.limits[bet.key]?.[1];
  const sum = (cents ?? 0) + value; // what is not an amount is replaced
  if (maximum !== undefined && sum > maximum) {
    refuseChip(bet, value, cents ?? 0, maximum);
    return;
  }
  setBet(typedAmount(sum));
}

/** A chip that would take the bet over the table's maximum: not added, and said at the seat. */
function refuseChip(bet, value, cents, maximum) {
  const { seat } = tablet.target;
  const target = `seat-${seat}-${bet.key}`;
  const message = `seat ${seat} ${bet.name}: ${formatAmount(value)} more is over the table maximum of ${formatAmount(maximum)}`;
  showError(target, message);
  tablet.apiErrors.push(target); // taken back by the next change
  $("#pad-target").textContent = message;
}

function clearBet() {
  if (!locked() && tablet.target) setBet("");
}

/** The bets as typed in the last round settled at this table in this tab, by seat. */
export function readLastBets() {
  try {
    tablet.lastBets = JSON.parse(sessionStorage.getItem(LAST + tablet.table.id)) || {};
  } catch {
    tablet.lastBets = {};
  }
  showSame();
}

/** The next dealer in this tab starts clean: no bets of the last one's rounds. */
export function forgetLastBets() {
  for (const name of Object.keys(sessionStorage)) if (name.startsWith(LAST)) sessionStorage.removeItem(name);
}

/** Remember the settled ``round``'s stakes (cents, by bet key) for "same bets". */
export function rememberBets(round) {
  tablet.lastBets = {};
  for (const seat of round.seats) {
    const stakes = seat.bets || {};
    tablet.lastBets[seat.seat] = Object.fromEntries(
      tablet.bets.filter((bet) => stakes[bet.key] > 0).map((bet) => [bet.key, typedAmount(stakes[bet.key])]),
    );
  }
  sessionStorage.setItem(LAST + tablet.table.id, JSON.stringify(tablet.lastBets));
  showSame();
}

/** The Same buttons: usable where the last round had bets and this one may change. */
export function showSame() {
  const any = tablet.seats.some((seat) => tablet.lastBets[seat] && !isEmpty(seat));
  $("#same-bets").disabled = locked() || !any;
  for (const seat of tablet.seats) {
    const button = $(`#same-${seat}`);
    if (button) button.disabled = locked() || isEmpty(seat) || !tablet.lastBets[seat];
  }
}

/** ``seats``' bets as in the last round (every open seat that played it, for the table). */
export function sameBets(seats = tablet.seats) {
  if (locked()) return;
  let filled = false;
  for (const seat of seats) {
    if (isEmpty(seat) || !tablet.lastBets[seat]) continue;
    fillBets(seat, tablet.bets, tablet.lastBets[seat]);
    filled = true;
  }
  if (filled) changed();
}
