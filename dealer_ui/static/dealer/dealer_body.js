// The round on the felt in the shape the API reads (POST .../rounds and
// .../rounds/preview), or what is missing from it.
import { readBets, untypedRequired } from "./dealer_bets.js";
import { HAND_SIZE, isEmpty } from "./dealer_tablet.js";
import { showError } from "../shared/dom.js";
import { SETTING } from "../shared/vocabulary.js";

function settingOf(state, seat, fail) {
  const manual = state.manual[seat];
  if (!manual) return SETTING.HOUSE_WAY;
  if (manual.low.length !== 2 || manual.high.length !== 3) {
    fail(`seat-${seat}-setting`, "tap 2 cards into the low and 3 into the high, or choose house way");
  }
  return { low: manual.low, high: manual.high };
}

/** "seat 3's Main bet" for the error target "seat-3-main". */
function betWords(state, target) {
  const [, seat, key] = /^seat-(\d+)-(.+)$/.exec(target);
  return `seat ${seat}'s ${state.bets.find((bet) => bet.key === key)?.name ?? key} bet`;
}

/** The round, or null (with what is missing shown unless ``quiet``). A
 * seat marked empty, or with no cards and nothing typed, is not playing.
 * ``missing`` gets each reason, short, for the line saying why no payout
 * is shown. */
export function roundBody(state, quiet = false, missing = []) {
  let ok = true;
  const fail = (target, message) => {
    ok = false;
    missing.push(message);
    if (!quiet) showError(target, message);
  };
  // A bet that is no amount, or outside the limits, is said at once for
  // every seat, typing or not: taken back by the next change.
  const wrongBet = (target, message) => {
    ok = false;
    missing.push(betWords(state, target));
    showError(target, message);
    state.apiErrors.push(target);
  };
  if (state.hands.dealer.length !== HAND_SIZE) fail("dealer-cards", `the dealer needs ${HAND_SIZE} cards`);
  const seats = [];
  for (const seat of state.seats) {
    if (isEmpty(state, seat)) continue;
    const cards = state.hands[seat];
    const bets = readBets(seat, state.bets, wrongBet, state.table.config.limits);
    const missing = untypedRequired(seat, state.bets);
    const required = state.bets.filter((bet) => bet.required);
    if (cards.length === 0 && Object.keys(bets).length === 0 && missing.length === required.length) continue;
    if (cards.length !== HAND_SIZE) fail(`seat-${seat}-cards`, `seat ${seat} needs ${HAND_SIZE} cards`);
    for (const bet of missing) fail(`seat-${seat}-${bet.key}`, `seat ${seat}: the ${bet.name} bet is required`);
    seats.push({ seat, cards: [...cards], setting: settingOf(state, seat, fail), bets });
  }
  if (seats.length === 0) fail("general", "no seat is playing: enter a seat's cards and Main bet");
  if (!ok) return null;
  const body = { round_id: state.round.key, dealer: [...state.hands.dealer], seats };
  if (state.deckId !== null) body.deck_id = state.deckId; // dealt from a deck feed
  return body;
}
