// The deck feed on the tablet. While a round is being entered, the tablet
// asks every two seconds for the table's next deck read by a card-reading
// shuffler or shoe (GET /tables/{id}/decks/next): its id and sequence,
// never a card (rule book section 15: the deck's order is secret until the
// hands are exposed). The dealer taps "Hands exposed" once the hands lie
// face up; the tablet then asks for the open seats' hands and the dealer's
// (POST /tables/{id}/decks/{deck}/exposure, a read on the audit trail) and
// fills them. Cards typed or tapped in already are replaced only then, as
// the button says. The server compares the round sent with the deck, so a
// card changed here afterwards is recorded as changed by hand; this module
// only says how many the dealer has changed.
import { BACKGROUND, call } from "../shared/api.js";
import { fillHands } from "./dealer_fill.js";
import { locked, openHands } from "./dealer_tablet.js";
import { $, el, showError } from "../shared/dom.js";
import { HAND } from "../shared/vocabulary.js";

const EVERY_MS = 2000;

/** Start asking (again) for the table's next deck. */
export function watchDecks(state) {
  clearInterval(state.feed.timer);
  state.feed.timer = setInterval(() => askForDeck(state), EVERY_MS);
  askForDeck(state);
}

export function stopWatching(state) {
  clearInterval(state.feed.timer);
  state.feed.timer = null;
}

/** A new round: no deck on it yet. */
export function forgetDeck(state) {
  state.feed.dealt = null;
  state.feed.offered = null;
  noteDeck(state);
}

const untouched = (state) => openHands(state).every((key) => state.hands[key].length === 0);
const seatsInPlay = (state) => openHands(state).filter((key) => key !== HAND.DEALER).map(Number);
const wanted = (state) => state.table !== null && !$("#round").hidden && !locked(state) && state.deckId === null;

async function askForDeck(state) {
  if (state.feed.asking || document.hidden || !wanted(state)) return;
  state.feed.asking = true;
  try {
    const { json } = await call("GET", `/tables/${state.table.id}/decks/next`, undefined, BACKGROUND);
    if (!wanted(state)) return;
    offer(state, json);
  } catch (error) {
    if (error.status === 404) offer(state, null); // none waiting, or the one offered was taken
  } finally {
    state.feed.asking = false;
  }
}

/** The dealer marked the hands exposed: only now are the deck's cards asked for. */
async function take(state, deck) {
  if (locked(state) || state.feed.exposing) return;
  state.feed.exposing = true;
  try {
    const path = `/tables/${state.table.id}/decks/${deck.id}/exposure`;
    const { json } = await call("POST", path, { seats: seatsInPlay(state) });
    if (!fillHands(state, json.hands, json.id)) return;
    state.feed.dealt = json;
    state.feed.offered = null;
    noteDeck(state);
  } catch (error) {
    showError("general", error.message);
  } finally {
    state.feed.exposing = false;
  }
}

function offer(state, deck) {
  // The same deck again: the button stays as it is (not redrawn under a tap).
  const same = (state.feed.offered?.id ?? null) === (deck?.id ?? null);
  state.feed.offered = deck;
  if (!same || deck === null) noteDeck(state);
}

/** Cards in a hand that the deck did not deal to it (as the server counts:
 * the same seven cards in another order are no change). */
function changedByHand(state) {
  const { dealt } = state.feed;
  if (dealt === null) return 0;
  let count = 0;
  for (const key of openHands(state)) {
    const fed = dealt.hands[String(key)] || [];
    count += state.hands[key].filter((card) => !fed.includes(card)).length;
  }
  return count;
}

function settledLine(deck) {
  const changed = deck.changed.length;
  const how = changed === 0 ? "no card changed by hand" : `${changed} card${changed === 1 ? "" : "s"} changed by hand: the pit sees them`;
  return `Dealt from ${deck.device_id} deck ${deck.sequence}; ${how}.`;
}

function pendingLine(state) {
  const changed = changedByHand(state);
  const { dealt } = state.feed;
  const source = dealt ? `${dealt.device_id} deck ${dealt.sequence}` : `deck ${state.deckId}`;
  const how = changed === 0 ? "check the hands and Submit" : `${changed} card${changed === 1 ? "" : "s"} changed by hand (the pit will see)`;
  return `Cards from ${source}: ${how}.`;
}

/** The line in the round's details saying where the cards came from. */
export function noteDeck(state) {
  const node = $("#deck");
  const settledDeck = state.round?.settled?.deck;
  if (settledDeck) {
    node.replaceChildren(settledLine(settledDeck));
  } else if (state.deckId !== null) {
    node.replaceChildren(pendingLine(state));
  } else if (state.feed.offered !== null && !locked(state)) {
    const { offered } = state.feed;
    const button = el("button", { type: "button", id: "take-deck", onclick: () => take(state, state.feed.offered) }, "Hands exposed");
    const replaces = untouched(state) ? "" : " (replaces the cards entered)";
    node.replaceChildren(`${offered.device_id} deck ${offered.sequence} is read: `, button, replaces);
  } else {
    node.replaceChildren();
  }
  node.hidden = node.childElementCount === 0 && node.textContent === "";
}
