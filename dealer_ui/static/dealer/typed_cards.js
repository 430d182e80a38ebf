// A line of typed card codes, read whole before anything is added. Any
// error anywhere in it (a word that is no card, a seat the table does not
// have, a card used twice, more cards than a hand has room for) and the
// line adds nothing: half a line would put cards in hands nobody dealt.
import { label, normalise } from "../shared/cards.js";
import { HAND } from "../shared/vocabulary.js";

// "d:", "dealer", "3:", "s3" or "seat3" names the hand the next codes are for.
const MARKER = /^(?:(d|dealer)|(?:s|seat)?(\d+)):?$/i;
const HINT = "Ranks 2-9, T or 10, J, Q, K, A; suits s h d c; JK.";

/** A hand as a sentence names it: "the dealer", "seat 3". */
export function handWords(key) {
  return key === HAND.DEALER ? "the dealer" : `seat ${key}`;
}

function holderWords(key) {
  return key === HAND.DEALER ? "the dealer's hand" : `seat ${key}`;
}

function ownerOf(card, hands) {
  return Object.keys(hands).find((key) => hands[key].includes(card)) ?? null;
}

function seatsWords(seats) {
  return seats.length === 1 ? "seat 1 only" : `seats 1-${seats.length}`;
}

/** The word as a marker: {hand} ("dealer" or a seat number), {problem}, or null if no marker. */
function marker(word, seats) {
  const match = MARKER.exec(word);
  if (!match) return null;
  if (match[1]) return { hand: "dealer" };
  const seat = Number(match[2]);
  if (seats.includes(seat)) return { hand: seat };
  return { problem: `"${word}" names seat ${seat}; this table has ${seatsWords(seats)}` };
}

/**
 * What a typed ``line`` adds to the ``round`` on screen
 * (``{active, seats, hands, handSize, empty}``; ``hands`` keyed "dealer", "1" ...;
 * ``empty``: the seats marked empty for the round, which take no cards):
 * ``{groups: Map(hand -> cards), last, problem}``. Cards before any marker
 * are for the active hand, and may fill it only. ``last`` is the hand last
 * named; ``problem``, when set, is why nothing is added (the groups are then
 * not to be used).
 */
export function readLine(line, round) {
  const groups = new Map();
  const problems = [];
  const typed = new Set();
  let hand = round.active;
  let badCard = false;
  for (const word of line.split(/[\s,;]+/).filter(Boolean)) {
    const named = marker(word, round.seats);
    if (named) {
      if (named.problem) problems.push(named.problem);
      hand = named.problem ? null : named.hand; // what follows a bad marker goes nowhere
      continue;
    }
    const card = normalise(word);
    const where = hand === null ? "" : ` (for ${handWords(hand)})`;
    if (card === null) {
      problems.push(`"${word}"${where} is not a card`);
      badCard = true;
      continue;
    }
    const owner = ownerOf(card, round.hands);
    if (typed.has(card)) problems.push(`${label(card)} is typed twice`);
    else if (owner !== null) problems.push(`${label(card)}${where} is already in ${holderWords(owner)}`);
    typed.add(card);
    if (hand !== null) groups.set(hand, [...(groups.get(hand) || []), card]);
  }
  for (const [key, cards] of groups) {
    if ((round.empty || []).includes(Number(key))) {
      problems.push(`seat ${key} is marked empty this round (tap its Empty to open it)`);
      continue;
    }
    const held = round.hands[key].length;
    if (held + cards.length > round.handSize) {
      problems.push(`${handWords(key)} has ${held} of ${round.handSize} cards, no room for ${cards.length} more`);
    }
  }
  const problem = problems.length ? `Nothing was added: ${problems.join("; ")}.${badCard ? ` ${HINT}` : ""}` : null;
  return { groups, last: hand, problem };
}
