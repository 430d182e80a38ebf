// The deck feed on the tablet. While a round is being entered, the tablet
// asks every two seconds for the table's next deck read by a card-reading
// shuffler or shoe (GET /tables/{id}/decks/next). Hands still empty are
// filled from it at once: the dealer checks them and submits. Cards typed
// or tapped in already are never replaced unasked: the deck is offered by a
// button instead. The server compares the round sent with the deck, so a
// card changed here afterwards is recorded as changed by hand; this module
// only says how many the dealer has changed.
import { BACKGROUND, call } from "../shared/api.js";
import { fillHands } from "./dealer_fill.js";
import { locked, openHands } from "./dealer_tablet.js";
import { $, el } from "../shared/dom.js";

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
const wanted = (state) => state.table !== null && !$("#round").hidden && !locked(state) && state.deckId === null;

async function askForDeck(state) {
  if (state.feed.asking || document.hidden || !wanted(state)) return;
  state.feed.asking = true;
  try {
    const { json } = await call("GET", `/tables/${state.table.id}/decks/next`, undefined, BACKGROUND);
    if (!wanted(state)) return;
    if (untouched(state)) take(state, json);
    else offer(state, json);
  } catch (error) {
    if (error.status === 404) offer(state, null); // none waiting, or the one offered was taken
  } finally {
    state.feed.asking = false;
  }
}

function take(state, deck) {
  if (!fillHands(state, deck.hands, deck.id)) return;
  state.feed.dealt = deck;
  state.feed.offered = null;
  noteDeck(state);
}

function offer(state, deck) {
  state.feed.offered = deck;
  noteDeck(state);
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
    const button = el("button", { type: "button", id: "take-deck", onclick: () => take(state, state.feed.offered) }, "Take the deck");
    node.replaceChildren(`${offered.device_id} deck ${offered.sequence} is read: `, button, " (replaces the cards entered)");
  } else {
    node.replaceChildren();
  }
  node.hidden = node.childElementCount === 0 && node.textContent === "";
}
