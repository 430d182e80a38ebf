// The hands' cards: the card picker (a 4x14 grid, one tab stop), a typed
// line of codes, taking a card out of a hand and Undo, which puts back what
// the last removal or clear took away.
import { JOKER, RANKS, SUITS, label, spoken } from "../shared/cards.js";
import { activate, renderHand } from "./dealer_felt.js";
import { keepStop, roving } from "./dealer_keys.js";
import { HAND_SIZE, changed, handName, handOrder, isEmpty, locked, openHands } from "./dealer_tablet.js";
import { $, el } from "../shared/dom.js";
import { readLine } from "./typed_cards.js";

function usedBy(state, card) {
  for (const key of handOrder(state)) if (state.hands[key].includes(card)) return key;
  return null;
}

export function buildPicker(state) {
  const picker = $("#picker");
  picker.replaceChildren();
  for (const suit of SUITS) for (const rank of RANKS) picker.append(cardButton(state, rank + suit.code));
  picker.append(cardButton(state, JOKER));
  roving(picker, ".pick", null, RANKS.length); // Up and Down: the same rank in the next suit
}

function cardButton(state, card) {
  const suit = card === JOKER ? "joker" : card[1];
  return el(
    "button",
    {
      type: "button",
      className: `card pick suit-${suit}`,
      dataset: { card },
      "aria-label": spoken(card),
      onclick: () => tapCard(state, card),
    },
    el("span", { className: "face" }, label(card)),
    el("span", { className: "letter", "aria-hidden": "true" }, card === JOKER ? "jkr" : card[1]),
  );
}

/** The first hand after the active one (wrapping round) with room for a card, empty seats skipped. */
function nextOpenHand(state) {
  const order = handOrder(state);
  const start = order.indexOf(state.active);
  const rotated = [...order.slice(start + 1), ...order.slice(0, start)];
  return rotated.find((key) => !isEmpty(state, key) && state.hands[key].length < HAND_SIZE);
}

/** The round on screen as a typed line is read against. */
function entered(state) {
  return { active: state.active, seats: state.seats, hands: state.hands, handSize: HAND_SIZE, empty: state.empty };
}

/** Read ``line`` whole: all of it goes in, or nothing and the reason next to the input. */
function addLine(state, line) {
  const { groups, last, problem } = readLine(line, entered(state));
  $('[data-error-for="codes"]').textContent = problem || "";
  if (problem) return false;
  for (const [key, cards] of groups) {
    state.hands[key].push(...cards);
    renderHand(state, key);
  }
  activate(state, last);
  renderPicker(state);
  if (groups.size) changed(state);
  return true;
}

/** A tapped card is a line of one card for the active hand; once that hand
 * has its seven, the next hand with room becomes the active one. */
function tapCard(state, card) {
  if (locked(state) || !addLine(state, card) || state.hands[state.active].length < HAND_SIZE) return;
  const next = nextOpenHand(state);
  if (next !== undefined) activate(state, next);
}

/** Take ``cards`` out of hand ``key``; Undo puts them back where they were. */
export function removeCards(state, key, cards, what) {
  if (locked(state) || cards.length === 0) return;
  const hand = state.hands[key];
  const taken = cards.map((card) => [hand.indexOf(card), card]).filter(([index]) => index >= 0);
  const manual = state.manual[key] ? structuredClone(state.manual[key]) : null;
  state.undo.push({ key, taken, manual, what });
  state.hands[key] = hand.filter((card) => !cards.includes(card));
  if (state.manual[key]) {
    state.manual[key].low = state.manual[key].low.filter((card) => !cards.includes(card));
    state.manual[key].high = state.manual[key].high.filter((card) => !cards.includes(card));
  }
  if (state.selected?.seat === key) state.selected = null;
  activate(state, key);
  renderHand(state, key);
  renderPicker(state);
  showUndo(state);
  changed(state);
}

/** A card tapped in a hand set by the house way: taken out (undoably). */
export function removeCard(state, key, card) {
  removeCards(state, key, [card], `${label(card)} from ${handName(key)}`);
}

/** Every card of the active hand taken off. */
export function clearHand(state) {
  removeCards(state, state.active, [...state.hands[state.active]], `${handName(state.active)}'s cards`);
}

/** The last removal or clear undone: its cards back in their places (any
 * since entered elsewhere stay where they are now). */
export function undo(state) {
  const last = state.undo.pop();
  if (!last || locked(state)) return;
  const hand = state.hands[last.key];
  for (const [index, card] of last.taken) {
    if (usedBy(state, card) === null && hand.length < HAND_SIZE) hand.splice(Math.min(index, hand.length), 0, card);
  }
  if (last.manual && state.manual[last.key]) state.manual[last.key] = last.manual;
  activate(state, last.key);
  renderHand(state, last.key);
  renderPicker(state);
  showUndo(state);
  changed(state);
}

export function showUndo(state) {
  const button = $("#undo");
  const last = state.undo.at(-1);
  button.disabled = !last || locked(state);
  button.textContent = "Undo";
  button.setAttribute("aria-label", last ? `Undo: put back ${last.what}` : "Undo: nothing to put back");
  button.title = last ? `Put back ${last.what}` : "";
}

export function renderPicker(state) {
  const picker = $("#picker");
  for (const button of picker.querySelectorAll(".card")) {
    const used = usedBy(state, button.dataset.card) !== null;
    button.disabled = used || locked(state);
    button.classList.toggle("used", used);
  }
  keepStop(picker, ".pick");
}

export function typeCodes(state) {
  if (locked(state)) return;
  const input = $("#codes");
  if (addLine(state, input.value)) input.value = ""; // else kept, to be corrected
}

/** Every open hand filled from ``hands`` ({"dealer": [7 codes], "1": [7], ...}),
 * replacing what was there: the deck is what was dealt. For the deck feed:
 * see dealer_fill.js. */
export function fillAll(state, hands) {
  state.undo = []; // what Undo would put back was typed before the deck came
  showUndo(state);
  for (const key of openHands(state)) {
    const cards = hands[String(key)];
    if (!cards) continue;
    state.hands[key] = cards.slice(0, HAND_SIZE);
    if (state.manual[key]) state.manual[key] = { low: [], high: [] };
    renderHand(state, key);
  }
  activate(state, "dealer");
  renderPicker(state);
  changed(state);
}
