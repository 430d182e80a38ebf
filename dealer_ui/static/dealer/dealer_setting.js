// A player's own setting, by tapping the seat's cards. Unticking "House"
// starts it from the house way (the fewest taps: a setting one swap away
// from it is two taps); then a card tapped is picked, and the next card
// tapped swaps places with it (low, high or not played). Tapping the picked
// card again takes it out of the setting; with the setting not full, a
// card not played goes into the low (two cards), then the high (three).
import { removeCard } from "./dealer_cards.js";
import { renderHand } from "./dealer_felt.js";
import { HAND_SIZE, changed, locked } from "./dealer_tablet.js";
import { houseWay } from "./dealer_ways.js";

function full(setting) {
  return setting.low.length === 2 && setting.high.length === 3;
}

async function startOf(state, seat) {
  const cards = state.hands[seat];
  if (cards.length !== HAND_SIZE) return null;
  try {
    const way = await houseWay(state, { cards: [...cards] });
    return { low: [...way.low], high: [...way.high] };
  } catch {
    return null; // the notes say why; the setting starts empty
  }
}

/** The seat's setting: the player's own (``own``, from the house way) or the house way. */
export function setOwn(state, seat, own) {
  if (locked(state)) return;
  state.selected = null;
  if (!own) {
    delete state.manual[seat];
    renderHand(state, seat);
    changed(state);
    return;
  }
  state.manual[seat] = { low: [], high: [] };
  renderHand(state, seat);
  const cards = state.hands[seat].join(" ");
  const start = startOf(state, seat).then((way) => {
    const setting = state.manual[seat];
    if (way && setting && !setting.low.length && !setting.high.length && state.hands[seat].join(" ") === cards) {
      state.manual[seat] = way;
    }
    renderHand(state, seat);
    changed(state);
  });
  state.starting.set(seat, start);
}

function placeOf(setting, card) {
  return setting.low.includes(card) ? "low" : setting.high.includes(card) ? "high" : null;
}

function put(setting, card, place) {
  setting.low = setting.low.filter((other) => other !== card);
  setting.high = setting.high.filter((other) => other !== card);
  if (place) setting[place].push(card);
}

/** ``card`` of ``seat`` tapped in its own setting: fill, pick, swap or take out. */
function tapOwn(state, seat, card) {
  const setting = state.manual[seat];
  const picked = state.selected?.seat === seat ? state.selected.card : null;
  state.selected = null;
  if (picked === card) {
    put(setting, card, null);
  } else if (picked !== null) {
    const [from, to] = [placeOf(setting, picked), placeOf(setting, card)];
    put(setting, picked, to);
    put(setting, card, from);
  } else if (!placeOf(setting, card) && !full(setting)) {
    put(setting, card, setting.low.length < 2 ? "low" : "high");
  } else {
    state.selected = { seat, card };
  }
  renderHand(state, seat);
  if (!state.selected) changed(state);
}

/** A card tapped in a hand: in an own setting it moves; else it is taken out (Undo puts it back). */
export async function tapChip(state, key, card) {
  await state.starting.get(key); // the setting's start, on its way: taps wait for it, in order
  if (locked(state) || !state.hands[key].includes(card)) return;
  if (state.manual[key]) tapOwn(state, key, card);
  else removeCard(state, key, card);
}
