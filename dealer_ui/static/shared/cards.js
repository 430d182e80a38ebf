// Card codes as the API reads them: rank 2-9 T J Q K A, suit s h d c; JK is the joker.
export const RANKS = Object.freeze(["A", "K", "Q", "J", "T", "9", "8", "7", "6", "5", "4", "3", "2"]);
export const SUITS = Object.freeze([
  Object.freeze({ code: "s", symbol: "♠", name: "spades" }),
  Object.freeze({ code: "h", symbol: "♥", name: "hearts" }),
  Object.freeze({ code: "d", symbol: "♦", name: "diamonds" }),
  Object.freeze({ code: "c", symbol: "♣", name: "clubs" }),
]);
export const JOKER = "JK";
const RANK_NAMES = {
  A: "ace", K: "king", Q: "queen", J: "jack", T: "ten", 9: "nine", 8: "eight",
  7: "seven", 6: "six", 5: "five", 4: "four", 3: "three", 2: "two",
};

/** A code as typed ("ah", "10D", "joker") in the API's spelling, or null. */
export function normalise(text) {
  const t = text.trim();
  if (/^(jk|joker)$/i.test(t)) return JOKER;
  const match = /^(10|[2-9tjqka])([shdc])$/i.exec(t);
  if (!match) return null;
  const rank = match[1] === "10" ? "T" : match[1].toUpperCase();
  return rank + match[2].toLowerCase();
}

/** Split typed text into codes: {cards, bad} (bad: what was not a card). */
export function parseCodes(text) {
  const cards = [];
  const bad = [];
  for (const word of text.split(/[\s,;]+/).filter(Boolean)) {
    const card = normalise(word);
    if (card) cards.push(card);
    else bad.push(word);
  }
  return { cards, bad };
}

export function suitOf(card) {
  return SUITS.find((suit) => suit.code === card[1]);
}

/** What a card shows: rank and suit symbol ("A♠"), "JK" for the joker. */
export function label(card) {
  if (card === JOKER) return "JK";
  return (card[0] === "T" ? "10" : card[0]) + suitOf(card).symbol;
}

/** What a screen reader says ("ace of spades"). */
export function spoken(card) {
  if (card === JOKER) return "joker";
  return `${RANK_NAMES[card[0]]} of ${suitOf(card).name}`;
}
