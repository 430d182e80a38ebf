// The felt: the dealer spot and the seats, each hand's cards and bets, the
// card picker, and entering cards by tapping or typing a line of codes.
import { JOKER, RANKS, SUITS, label, spoken } from "./cards.js";
import { betFields } from "./dealer_bets.js";
import { HAND_SIZE, handName, handOrder, locked, tablet } from "./dealer_tablet.js";
import { $, el } from "./dom.js";
import { readLine } from "./typed_cards.js";

// Told of every change to the cards, settings or bets (dealer_preview.js's
// ``changed``): passed in, so the felt does not depend on the preview.
let changed = () => {};

export function onChange(handler) {
  changed = handler;
}

/** Under a hand: the house way (or the payout, once settled) and the joker's meaning. */
function notes(key) {
  return [el("div", { className: "hand-note", id: `note-${key}` }), el("div", { className: "joker-note", id: `joker-${key}` })];
}

function handParts(key) {
  return [
    el("button", { type: "button", className: "hand-title", onclick: () => activate(key) }, handName(key)),
    el("div", { className: "chips", dataset: { chips: String(key) } }),
    el("span", { className: "error", dataset: { errorFor: `${key === "dealer" ? "dealer" : `seat-${key}`}-cards` } }),
  ];
}

function seatSpot(seat) {
  const houseWay = el("input", {
    type: "checkbox",
    checked: true,
    id: `hw-${seat}`,
    dataset: { field: `seat-${seat}-setting` },
    onchange: (event) => setManual(seat, !event.target.checked),
  });
  return el(
    "div",
    { className: `hand seat seat-${seat}`, id: `hand-${seat}`, dataset: { hand: String(seat) } },
    ...handParts(seat),
    el("div", { className: "bets" }, ...betFields(seat, tablet.bets, { onFocus: () => activate(seat), onInput: () => changed() })),
    el("label", { className: "way" }, houseWay, " House way"),
    el("span", { className: "error", dataset: { errorFor: `seat-${seat}-setting` } }),
    el("strong", { className: "foul-warning", id: `foul-${seat}`, role: "alert" }),
    ...notes(seat),
  );
}

/** The dealer spot and a spot for each of the table's seats. */
export function buildFelt() {
  const felt = $("#felt");
  $("#hand-dealer").replaceChildren(...handParts("dealer"), ...notes("dealer"));
  for (const old of felt.querySelectorAll(".seat")) old.remove();
  for (const seat of tablet.seats) felt.append(seatSpot(seat));
}

export function activate(key) {
  tablet.active = key;
  for (const node of document.querySelectorAll(".hand")) {
    const on = node.dataset.hand === String(key);
    node.classList.toggle("active", on);
    node.querySelector(".hand-title")?.setAttribute("aria-pressed", String(on));
  }
  $("#active-name").textContent = handName(key);
}

function setManual(seat, manual) {
  if (manual) tablet.manual[seat] = { low: [], high: [] };
  else delete tablet.manual[seat];
  renderHand(seat);
  changed();
}

// ---- cards ---------------------------------------------------------------------

function usedBy(card) {
  for (const key of handOrder()) if (tablet.hands[key].includes(card)) return key;
  return null;
}

export function buildPicker() {
  const picker = $("#picker");
  picker.replaceChildren();
  for (const suit of SUITS) {
    const row = el("div", { className: "picker-row", role: "group", "aria-label": suit.name });
    for (const rank of RANKS) row.append(cardButton(rank + suit.code));
    picker.append(row);
  }
  picker.lastElementChild.append(cardButton(JOKER));
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
    el("span", { className: "letter", "aria-hidden": "true" }, card === JOKER ? "joker" : card[1]),
  );
}

/** The first hand after the active one (wrapping round) with room for a card. */
function nextOpenHand() {
  const order = handOrder();
  const start = order.indexOf(tablet.active);
  const rotated = [...order.slice(start + 1), ...order.slice(0, start)];
  return rotated.find((key) => tablet.hands[key].length < HAND_SIZE);
}

/** The round on screen as a typed line is read against. */
function entered() {
  return { active: tablet.active, seats: tablet.seats, hands: tablet.hands, handSize: HAND_SIZE };
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

function removeCard(key, card) {
  if (locked()) return;
  tablet.hands[key] = tablet.hands[key].filter((other) => other !== card);
  if (tablet.manual[key]) {
    tablet.manual[key].low = tablet.manual[key].low.filter((other) => other !== card);
    tablet.manual[key].high = tablet.manual[key].high.filter((other) => other !== card);
  }
  activate(key);
  renderHand(key);
  renderPicker();
  changed();
}

/** Every card of the active hand taken off. */
export function clearHand() {
  for (const card of [...tablet.hands[tablet.active]]) removeCard(tablet.active, card);
}

/** In a tapped-in setting, a card goes: unplaced, low, high, unplaced. */
function cycleCard(seat, card) {
  if (locked()) return;
  const setting = tablet.manual[seat];
  if (setting.low.includes(card)) {
    setting.low = setting.low.filter((other) => other !== card);
    if (setting.high.length < 3) setting.high.push(card);
  } else if (setting.high.includes(card)) {
    setting.high = setting.high.filter((other) => other !== card);
  } else if (setting.low.length < 2) {
    setting.low.push(card);
  } else if (setting.high.length < 3) {
    setting.high.push(card);
  }
  renderHand(seat);
  changed();
}

function chip(key, card, setting) {
  const place = setting ? (setting.low.includes(card) ? "low" : setting.high.includes(card) ? "high" : "") : "";
  return el(
    "button",
    {
      type: "button",
      className: `card chip suit-${card === JOKER ? "joker" : card[1]} ${place}`,
      dataset: { card },
      "aria-label": setting ? `${spoken(card)}${place ? `, in the ${place}` : ""}: tap to move` : `remove ${spoken(card)}`,
      onclick: () => (setting ? cycleCard(key, card) : removeCard(key, card)),
    },
    el("span", { className: "face" }, label(card)),
    place ? el("span", { className: "place" }, place === "low" ? "LOW" : "HIGH") : null,
  );
}

/** The hand's cards; what was said under it was about other cards. */
export function renderHand(key) {
  for (const note of [`#note-${key}`, `#joker-${key}`]) $(note).textContent = "";
  showFoul(key, "");
  const setting = tablet.manual[key];
  document.querySelector(`[data-chips="${key}"]`).replaceChildren(
    ...tablet.hands[key].map((card) => chip(key, card, setting)),
    el("span", { className: "count" }, `${tablet.hands[key].length}/${HAND_SIZE}`),
  );
}

export function renderPicker() {
  for (const button of document.querySelectorAll("#picker .card")) {
    const used = usedBy(button.dataset.card) !== null;
    button.disabled = used || locked();
    button.classList.toggle("used", used);
  }
}

export function typeCodes() {
  if (locked()) return;
  const input = $("#codes");
  if (addLine(input.value)) input.value = ""; // else kept, to be corrected
}

export function showFoul(key, message) {
  const node = document.querySelector(`#foul-${key}`);
  if (node) node.textContent = message;
  document.querySelector(`#hand-${key}`)?.classList.toggle("fouled", Boolean(message));
}
