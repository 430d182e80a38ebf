// What the dealer tablet's modules share: the table as the API sent it, the
// hands on the felt, and the round's state (round_state.js). It is one
// value, built once by dealer.js and passed to every function that reads
// or changes it (``state``), so what a module touches is in its signature.
import { useCurrency } from "../shared/money.js";
import { canEdit } from "./round_state.js";
import { HAND } from "../shared/vocabulary.js";

export const HAND_SIZE = 7;

/** The tablet's state. ``on``: what the felt calls back, each with the
 * state first, so that the felt does not depend on the modules acting on it
 * (dealer.js wires them): ``change(state)``, told of every change to the
 * cards, settings or bets; ``tapChip(state, key, card)``, a card tapped in a
 * hand; ``setOwn(state, seat, own)``, ``setEmpty(state, seat, empty)``,
 * ``sameBets(state, seats)`` and ``targetBet(state, seat, key)``, a seat's
 * toggles and bet fields; ``openPlayer(state, seat)``, who sits there tapped. */
export function createTabletState(on) {
  return {
    table: null, // as the API sent it: its rules, bets and seat numbers
    bets: [], // {key, name, short, required}, in the order the API lists them
    seats: [], // the table's seat numbers
    hands: {}, // "dealer", 1 ... 6 -> the cards entered, in order
    manual: {}, // seat -> {low: [], high: []} when the player's setting is tapped in
    active: HAND.DEALER,
    round: null, // round_state.js: its phase and idempotency key
    refreshes: 0, // bumped by every change and preview: older answers are dropped
    apiErrors: [], // where the API's refusals are shown: a change takes them back
    timer: null,
    ways: new Map(), // house-way answers by request: the same seven cards ask once
    starting: new Map(), // seat -> the start of its own setting, on its way (dealer_setting.js)
    empty: [], // the seats marked empty for the round: no cards, no bets, not sent
    lastBets: {}, // seat -> the bets as typed in the last round settled here ("same bets")
    undo: [], // what a removal or a clear took away, newest last: Undo puts it back
    selected: null, // {seat, card}: the card of an own setting tapped first, to swap
    target: null, // {seat, key}: the bet the pad's chips go to
    deckId: null, // the deck feed the hands were filled from (dealer_fill.js), or null
    // Asking for the table's next deck (dealer_deck.js): the timer, whether
    // an answer is on its way, a deck offered while the hands had cards of
    // their own, and the deck on the felt ({id, device_id, sequence, hands}).
    feed: { timer: null, asking: false, exposing: false, offered: null, dealt: null },
    // Rated play (dealer_ratings.js): the table's open ratings by seat as
    // the API sent them, the seat whose player dialog is open, whether a
    // rating's request is on its way (a second Enter waits for it), and
    // the reads of the ratings asked for (an older answer is dropped).
    players: { bySeat: {}, seat: null, busy: false, reads: 0 },
    on: Object.freeze({ ...on }),
    /** The round's idempotency key, also its round_id: kept until New round. */
    get key() {
      return this.round?.key ?? null;
    },
  };
}

/** Take the table as the API sent it: the bets and seats come from it, never from a list of the page's own. */
export function useTable(state, table) {
  useCurrency(table.currency); // every amount on the tablet is in it
  state.table = table;
  state.bets = table.bets;
  state.seats = table.seat_numbers;
}

export function handOrder(state) {
  return [HAND.DEALER, ...state.seats];
}

/** The hands that take cards this round: the dealer's and every seat not marked empty. */
export function openHands(state) {
  return handOrder(state).filter((key) => !isEmpty(state, key));
}

export function isEmpty(state, seat) {
  return state.empty.includes(Number(seat));
}

/** Tell of a change to the cards, settings or bets (``on.change``: the preview, the order, the deck). */
export function changed(state) {
  state.on.change(state);
}

export function handName(key) {
  return key === HAND.DEALER ? "Dealer" : `Seat ${key}`;
}

/** Settled, or sent without a sure answer: shown, not edited. */
export function locked(state) {
  return state.round !== null && !canEdit(state.round);
}

/** The round id (the idempotency key) cut short for the screen; its title has it whole. */
export function shortKey(state) {
  return `${state.round.key.slice(0, 8)}…`;
}
