// What the dealer tablet's modules share: the table as the API sent it, the
// hands on the felt, and the round's state (round_state.js).
import { useCurrency } from "../shared/money.js";
import { canEdit } from "./round_state.js";
import { HAND } from "../shared/vocabulary.js";

export const HAND_SIZE = 7;

export const tablet = {
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
  empty: [], // the seats marked empty for the round: no cards, no bets, not sent
  lastBets: {}, // seat -> the bets as typed in the last round settled here ("same bets")
  undo: [], // what a removal or a clear took away, newest last: Undo puts it back
  selected: null, // {seat, card}: the card of an own setting tapped first, to swap
  target: null, // {seat, key}: the bet the pad's chips go to
  deckId: null, // the deck feed the hands were filled from (dealer_fill.js), or null
  /** The round's idempotency key, also its round_id: kept until New round. */
  get key() {
    return this.round?.key ?? null;
  },
};

/** Take the table as the API sent it: the bets and seats come from it, never from a list of the page's own. */
export function useTable(table) {
  useCurrency(table.currency); // every amount on the tablet is in it
  tablet.table = table;
  tablet.bets = table.bets;
  tablet.seats = table.seat_numbers;
}

export function handOrder() {
  return [HAND.DEALER, ...tablet.seats];
}

/** The hands that take cards this round: the dealer's and every seat not marked empty. */
export function openHands() {
  return handOrder().filter((key) => !isEmpty(key));
}

export function isEmpty(seat) {
  return tablet.empty.includes(Number(seat));
}

// Told of every change to the cards, settings or bets (dealer_preview.js's
// ``changed``): set once by dealer.js, so the felt does not depend on the preview.
let onChanged = () => {};

export function onChange(handler) {
  onChanged = handler;
}

export function changed() {
  onChanged();
}

export function handName(key) {
  return key === HAND.DEALER ? "Dealer" : `Seat ${key}`;
}

/** Settled, or sent without a sure answer: shown, not edited. */
export function locked() {
  return tablet.round !== null && !canEdit(tablet.round);
}

/** The round id (the idempotency key) cut short for the screen; its title has it whole. */
export function shortKey() {
  return `${tablet.round.key.slice(0, 8)}…`;
}
