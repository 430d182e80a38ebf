// The hands' cards: the card picker (a 4x14 grid, one tab stop), a typed
// line of codes, taking a card out of a hand and Undo, which puts back what
// the last removal or clear took away.
import { JOKER, RANKS, SUITS, label, spoken } from "../shared/cards.js";
import { activate, renderHand } from "./dealer_felt.js";
import { keepStop, roving } from "./dealer_keys.js";
import { HAND_SIZE, changed, handName, handOrder, isEmpty, locked, openHands, tablet } from "./dealer_tablet.js";
import { $, el } from "../shared/dom.js";
import { readLine } from "./typed_cards.js";

function usedBy(card) {
  for (const key of handOrder()) if (tablet.hands[key].includes(card)) return key;
  return null;
}

export function buildPicker() {
  const picker = $("#picker");
  picker.replaceChildren();
  for (const suit of SUITS) for (const rank of RANKS) picker.append(cardButton(rank + suit.code));
  picker.append(cardButton(JOKER));
  roving(picker, ".pick", null, RANKS.length); // Up and Down: the same rank in the next suit
}

function cardButton(card) {
  const suit = card === JOKER ? "joker" : card[1];
  return el(
    "button",
    {
      type: "button",
      className: `card pick suit-${suit}`,
      dataset: { card },
      "aria-label": spoken(card),
      onclick: () => tapCard(card),
    },
    el("span", { className: "face" }, label(card)),
    el("span", { className: "letter", "aria-hidden": "true" }, card === JOKER ? "jkr" : card[1]),
  );
}

/** The first hand after the active one (wrapping round) with room for a card, empty seats skipped. */
function nextOpenHand() {
  const order = handOrder();
  const start = order.indexOf(tablet.active);
  const rotated = [...order.slice(start + 1), ...order.slice(0, start)];
  return rotated.find((key) => !isEmpty(key) && tablet.hands[key].length < HAND_SIZE);
}

/** The round on screen as a typed line is read against. */
function entered() {
  return { active: tablet.active, seats: tablet.seats, hands: tablet.hands, handSize: HAND_SIZE, empty: tablet.empty };
}

/** Read ``line`` whole: all of it goes in, or nothing and the reason next to the input. */
function addLine(line) {
  const { groups, last, problem } = readLine(line, entered());
  $('[data-error-for="codes"]').textContent = problem || "";
  if (problem) return false;
  for (const [key, cards] of groups) {
    tablet.hands[key].push(...cards);
    renderHand(key);
  }
  activate(last);
  renderPicker();
  if (groups.size) changed();
  return true;
}

/** A tapped card is a line of one card for the active hand; once that hand
 * has its seven, the next hand with room becomes the active one. */
function tapCard(card) {
  if (locked() || !addLine(card) || tablet.hands[tablet.active].length < HAND_SIZE) return;
  const next = nextOpenHand();
  if (next !== undefined) activate(next);
}

/** Take ``cards`` out of hand ``key``; Undo puts them back where they were. */
export function removeCards(key, cards, what) {
  if (locked() || cards.length === 0) return;
  const hand = tablet.hands[key];
  const taken = cards.map((card) => [hand.indexOf(card), card]).filter(([index]) => index >= 0);
  const manual = tablet.manual[key] ? structuredClone(tablet.manual[key]) : null;
  tablet.undo.push({ key, taken, manual, what });
  tablet.hands[key] = hand.filter((card) => !cards.includes(card));
  if (tablet.manual[key]) {
    tablet.manual[key].low = tablet.manual[key].low.filter((card) => !cards.includes(card));
    tablet.manual[key].high = tablet.manual[key].high.filter((card) => !cards.includes(card));
  }
  if (tablet.selected?.seat === key) tablet.selected = null;
  activate(key);
  renderHand(key);
  renderPicker();
  showUndo();
  changed();
}

/** A card tapped in a hand set by the house way: taken out (undoably). */
export function removeCard(key, card) {
  removeCards(key, [card], `${label(card)} from ${handName(key)}`);
}

/** Every card of the active hand taken off. */
export function clearHand() {
  removeCards(tablet.active, [...tablet.hands[tablet.active]], `${handName(tablet.active)}'s cards`);
}

/** The last removal or clear undone: its cards back in their places (any
 * since entered elsewhere stay where they are now). */
export function undo() {
  const last = tablet.undo.pop();
  if (!last || locked()) return;
  const hand = tablet.hands[last.key];
  for (const [index, card] of last.taken) {
    if (usedBy(card) === null && hand.length < HAND_SIZE) hand.splice(Math.min(index, hand.length), 0, card);
  }
  if (last.manual && tablet.manual[last.key]) tablet.manual[last.key] = last.manual;
  activate(last.key);
  renderHand(last.key);
  renderPicker();
  showUndo();
  changed();
}

export function showUndo() {
  const button = $("#undo");
  const last = tablet.undo.at(-1);
  button.disabled = !last || locked();
  button.textContent = "Undo";
  button.setAttribute("aria-label", last ? `Undo: put back ${last.what}` : "Undo: nothing to put back");
  button.title = last ? `Put back ${last.what}` : "";
}

export function renderPicker() {
  const picker = $("#picker");
  for (const button of picker.querySelectorAll(".card")) {
    const used = usedBy(button.dataset.card) !== null;
    button.disabled = used || locked();
    button.classList.toggle("used", used);
  }
  keepStop(picker, ".pick");
}

export function typeCodes() {
  if (locked()) return;
  const input = $("#codes");
  if (addLine(input.value)) input.value = ""; // else kept, to be corrected
}

/** Every open hand filled from ``hands`` ({"dealer": [7 codes], "1": [7], ...}),
 * replacing what was there: the deck is what was dealt. For the deck feed:
 * see dealer_fill.js. */
export function fillAll(hands) {
  tablet.undo = []; // what Undo would put back was typed before the deck came
  showUndo();
  for (const key of openHands()) {
    const cards = hands[String(key)];
    if (!cards) continue;
    tablet.hands[key] = cards.slice(0, HAND_SIZE);
    if (tablet.manual[key]) tablet.manual[key] = { low: [], high: [] };
    renderHand(key);
  }
  activate("dealer");
  renderPicker();
  changed();
}
