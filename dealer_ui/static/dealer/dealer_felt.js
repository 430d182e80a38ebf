// The felt: the dealer spot and a spot for each seat, each with its cards,
// bets, setting, pay or take and notes. What a tap on a card does is in
// dealer_cards.js (the hand's cards) and dealer_setting.js (an own setting).
import { JOKER, label, spoken } from "../shared/cards.js";
import { betErrors, betFields } from "./dealer_bets.js";
import { roving } from "./dealer_keys.js";
import { HAND_SIZE, changed, handName, isEmpty } from "./dealer_tablet.js";
import { $, el } from "../shared/dom.js";
import { HAND } from "../shared/vocabulary.js";

/** Under a hand: the pay or take, the house way (or the payout, once settled), a foul and the joker's meaning. */
function notes(key) {
  return el(
    "div",
    { className: "notes" },
    el("strong", { className: "pay", id: `pay-${key}`, "aria-live": "polite" }),
    el("div", { className: "hand-note", id: `note-${key}` }),
    el("strong", { className: "foul-warning", id: `foul-${key}`, role: "alert" }),
    el("div", { className: "joker-note", id: `joker-${key}` }),
  );
}

function chipsOf(key) {
  return [
    el("div", { className: "chips", dataset: { chips: String(key) }, role: "group", "aria-label": `${handName(key)} cards` }),
    el("span", { className: "error", dataset: { errorFor: `${key === HAND.DEALER ? "dealer" : `seat-${key}`}-cards` } }),
  ];
}

/** A seat's cards with, in the two cells the seventh card leaves free, who
 * sits there (dealer_ratings.js fills it; a tap opens the seat's player dialog). */
function seatCards(state, seat) {
  const [chips, error] = chipsOf(seat);
  const player = el("button", { type: "button", className: "seat-player", id: `player-${seat}`, onclick: () => state.on.openPlayer(state, seat) });
  return [el("div", { className: "seat-cards" }, chips, player), error];
}

function title(state, key) {
  return el("button", { type: "button", className: "hand-title", onclick: () => activate(state, key) }, handName(key));
}

function seatHead(state, seat) {
  const houseWay = el("input", {
    type: "checkbox",
    checked: true,
    id: `hw-${seat}`,
    dataset: { field: `seat-${seat}-setting` },
    "aria-label": `Seat ${seat} house way`, // six boxes called "House" cannot be told apart
    title: "Untick for the player's own setting",
    onchange: (event) => state.on.setOwn(state, seat, !event.target.checked),
  });
  const open = el(
    "button",
    { type: "button", className: "seat-open", id: `open-${seat}`, "aria-pressed": "true", onclick: () => state.on.setEmpty(state, seat, !isEmpty(state, seat)) },
    "Open",
  );
  return el(
    "div",
    { className: "spot-head" },
    title(state, seat),
    el("label", { className: "way", title: "Untick for the player's own setting" }, houseWay, el("span", { className: "way-text" }, "House")),
    open,
  );
}

function seatSpot(state, seat) {
  const same = el("button", { type: "button", className: "same", id: `same-${seat}`, disabled: true, onclick: () => state.on.sameBets(state, [seat]) }, "Same");
  same.setAttribute("aria-label", `Seat ${seat}: the same bets as last round`);
  const fields = betFields(seat, state.bets, { onFocus: (key) => state.on.targetBet(state, seat, key), onInput: () => changed(state) });
  return el(
    "div",
    { className: `hand seat seat-${seat}`, id: `hand-${seat}`, dataset: { hand: String(seat) } },
    seatHead(state, seat),
    ...seatCards(state, seat),
    el("div", { className: "bets" }, ...fields, same),
    betErrors(seat, state.bets),
    el("span", { className: "error", dataset: { errorFor: `seat-${seat}-setting` } }),
    notes(seat),
  );
}

/** The dealer spot and a spot for each of the table's seats, the round's details last. */
export function buildFelt(state) {
  $("#hand-dealer").replaceChildren(el("div", { className: "spot-head" }, title(state, "dealer")), ...chipsOf("dealer"), notes("dealer"));
  for (const old of $("#felt").querySelectorAll(".seat")) old.remove();
  for (const seat of state.seats) $("#info").before(seatSpot(state, seat));
}

export function activate(state, key) {
  state.active = key;
  for (const node of document.querySelectorAll(".hand")) {
    const on = node.dataset.hand === String(key);
    node.classList.toggle("active", on);
    node.querySelector(".hand-title")?.setAttribute("aria-pressed", String(on));
  }
  $("#active-name").textContent = handName(key);
}

/** Where a card of an own setting is: "low", "high" or "". */
function placeOf(setting, card) {
  if (!setting) return "";
  return setting.low.includes(card) ? "low" : setting.high.includes(card) ? "high" : "";
}

/** What a screen reader says of a card in a hand: where it is played too (the LOW and HIGH shown on it). */
function chipLabel(card, setting, place, picked) {
  if (!setting) {
    const way = place ? `, in the ${place} hand (house way)` : "";
    return `${spoken(card)}${way}: tap to take it out of the hand (Undo puts it back)`;
  }
  const where = place ? `in the ${place}` : "not played";
  return `${spoken(card)}, ${where}${picked ? ", picked: tap another card to swap" : ": tap to pick, then another to swap"}`;
}

function chip(state, key, card, setting) {
  const place = placeOf(setting, card);
  const picked = state.selected?.seat === key && state.selected.card === card;
  return el(
    "button",
    {
      type: "button",
      className: `card chip suit-${card === JOKER ? "joker" : card[1]} ${place}${picked ? " picked" : ""}`,
      dataset: { card },
      "aria-label": chipLabel(card, setting, place, picked),
      onclick: () => state.on.tapChip(state, key, card),
    },
    el("span", { className: "face" }, label(card)),
    place ? el("span", { className: "place" }, place === "low" ? "LOW" : "HIGH") : null,
  );
}

/** The hand's cards (one tab stop, arrow keys inside); what was said under it was about other cards. */
export function renderHand(state, key) {
  for (const note of [`#note-${key}`, `#joker-${key}`]) $(note).textContent = "";
  showFoul(key, "");
  showPay(key, "");
  const setting = state.manual[key];
  const box = document.querySelector(`[data-chips="${key}"]`);
  const focused = box.contains(document.activeElement) ? document.activeElement.dataset.card : null;
  box.replaceChildren(
    ...state.hands[key].map((card) => chip(state, key, card, setting)),
    el("span", { className: "count" }, `${state.hands[key].length}/${HAND_SIZE}`),
  );
  roving(box, ".chip", focused);
  if (key !== HAND.DEALER) {
    const own = $(`#hand-${key} .way-text`);
    own.textContent = setting ? "Own" : "House";
  }
}

/** The hand's cards marked LOW and HIGH as ``way`` ({low, high}: the house
 * way, or the setting settled) sets them; an own setting shows its own. */
export function markWay(state, key, way) {
  if (state.manual[key]) return;
  for (const button of document.querySelectorAll(`[data-chips="${key}"] .chip`)) {
    const place = placeOf(way, button.dataset.card);
    button.classList.toggle("low", place === "low");
    button.classList.toggle("high", place === "high");
    button.querySelector(".place")?.remove();
    if (place) button.append(el("span", { className: "place" }, place === "low" ? "LOW" : "HIGH"));
    button.setAttribute("aria-label", chipLabel(button.dataset.card, null, place, false));
  }
}

/** The seat spot as open or empty for the round. */
export function showOpen(state, seat) {
  const empty = isEmpty(state, seat);
  const spot = $(`#hand-${seat}`);
  spot.classList.toggle("empty", empty);
  const button = $(`#open-${seat}`);
  button.textContent = empty ? "Empty" : "Open";
  button.setAttribute("aria-pressed", String(!empty));
  button.setAttribute("aria-label", `Seat ${seat} ${empty ? "empty this round: tap to open it" : "open: tap to mark it empty"}`);
}

export function showFoul(key, message) {
  const node = document.querySelector(`#foul-${key}`);
  if (node) {
    node.textContent = message;
    node.title = message; // the line may be cut short on the spot; the preview lists it whole
  }
  document.querySelector(`#hand-${key}`)?.classList.toggle("fouled", Boolean(message));
}

/** The seat's pay or take ("pay 25.00"), large at arm's length; "" for none. */
export function showPay(key, text) {
  const node = document.querySelector(`#pay-${key}`);
  if (!node) return;
  node.textContent = text;
  node.className = `pay ${text.split(" ")[0]}`;
}
