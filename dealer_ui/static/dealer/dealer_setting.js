// A player's own setting, by tapping the seat's cards. Unticking "House"
// starts it from the house way (the fewest taps: a setting one swap away
// from it is two taps); then a card tapped is picked, and the next card
// tapped swaps places with it (low, high or not played). Tapping the picked
// card again takes it out of the setting; with the setting not full, a
// card not played goes into the low (two cards), then the high (three).
import { removeCard } from "./dealer_cards.js";
import { renderHand } from "./dealer_felt.js";
import { HAND_SIZE, changed, locked, tablet } from "./dealer_tablet.js";
import { houseWay } from "./dealer_ways.js";

// seat -> the start of its own setting, on its way: taps wait for it, in order.
const starting = new Map();

function full(setting) {
  return setting.low.length === 2 && setting.high.length === 3;
}

async function startOf(seat) {
  const cards = tablet.hands[seat];
  if (cards.length !== HAND_SIZE) return null;
  try {
    const way = await houseWay({ cards: [...cards] });
    return { low: [...way.low], high: [...way.high] };
  } catch {
    return null; // the notes say why; the setting starts empty
  }
}

/** The seat's setting: the player's own (``own``, from the house way) or the house way. */
export function setOwn(seat, own) {
  if (locked()) return;
  tablet.selected = null;
  if (!own) {
    delete tablet.manual[seat];
    renderHand(seat);
    changed();
    return;
  }
  tablet.manual[seat] = { low: [], high: [] };
  renderHand(seat);
  const cards = tablet.hands[seat].join(" ");
  const start = startOf(seat).then((way) => {
    const setting = tablet.manual[seat];
    if (way && setting && !setting.low.length && !setting.high.length && tablet.hands[seat].join(" ") === cards) {
      tablet.manual[seat] = way;
    }
    renderHand(seat);
    changed();
  });
  starting.set(seat, start);
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
function tapOwn(seat, card) {
  const setting = tablet.manual[seat];
  const picked = tablet.selected?.seat === seat ? tablet.selected.card : null;
  tablet.selected = null;
  if (picked === card) {
    put(setting, card, null);
  } else if (picked !== null) {
    const [from, to] = [placeOf(setting, picked), placeOf(setting, card)];
    put(setting, picked, to);
    put(setting, card, from);
  } else if (!placeOf(setting, card) && !full(setting)) {
    put(setting, card, setting.low.length < 2 ? "low" : "high");
  } else {
    tablet.selected = { seat, card };
  }
  renderHand(seat);
  if (!tablet.selected) changed();
}

/** A card tapped in a hand: in an own setting it moves; else it is taken out (Undo puts it back). */
export async function tapChip(key, card) {
  await starting.get(key);
  if (locked() || !tablet.hands[key].includes(card)) return;
  if (tablet.manual[key]) tapOwn(key, card);
  else removeCard(key, card);
}
