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
import { locked, openHands, tablet } from "./dealer_tablet.js";
import { $, el } from "../shared/dom.js";

const EVERY_MS = 2000;
let timer = null;
let asking = false;
let offered = null; // a deck offered while the hands had cards of their own
let dealt = null; // {id, device_id, sequence, hands}: the deck on the felt

/** Start asking (again) for the table's next deck. */
export function watchDecks() {
  clearInterval(timer);
  timer = setInterval(askForDeck, EVERY_MS);
  askForDeck();
}

export function stopWatching() {
  clearInterval(timer);
  timer = null;
}

/** A new round: no deck on it yet. */
export function forgetDeck() {
  dealt = null;
  offered = null;
  noteDeck();
}

const untouched = () => openHands().every((key) => tablet.hands[key].length === 0);
const wanted = () => tablet.table !== null && !$("#round").hidden && !locked() && tablet.deckId === null;

async function askForDeck() {
  if (asking || document.hidden || !wanted()) return;
  asking = true;
  try {
    const { json } = await call("GET", `/tables/${tablet.table.id}/decks/next`, undefined, BACKGROUND);
    if (!wanted()) return;
    if (untouched()) take(json);
    else offer(json);
  } catch (error) {
    if (error.status === 404) offer(null); // none waiting, or the one offered was taken
  } finally {
    asking = false;
  }
}

function take(deck) {
  if (!fillHands(deck.hands, deck.id)) return;
  dealt = deck;
  offered = null;
  noteDeck();
}

function offer(deck) {
  offered = deck;
  noteDeck();
}

/** Cards in a hand that the deck did not deal to it (as the server counts:
 * the same seven cards in another order are no change). */
function changedByHand() {
  if (dealt === null) return 0;
  let count = 0;
  for (const key of openHands()) {
    const fed = dealt.hands[String(key)] || [];
    count += tablet.hands[key].filter((card) => !fed.includes(card)).length;
  }
  return count;
}

function settledLine(deck) {
  const changed = deck.changed.length;
  const how = changed === 0 ? "no card changed by hand" : `${changed} card${changed === 1 ? "" : "s"} changed by hand: the pit sees them`;
  return `Dealt from ${deck.device_id} deck ${deck.sequence}; ${how}.`;
}

function pendingLine() {
  const changed = changedByHand();
  const source = dealt ? `${dealt.device_id} deck ${dealt.sequence}` : `deck ${tablet.deckId}`;
  const how = changed === 0 ? "check the hands and Submit" : `${changed} card${changed === 1 ? "" : "s"} changed by hand (the pit will see)`;
  return `Cards from ${source}: ${how}.`;
}

/** The line in the round's details saying where the cards came from. */
export function noteDeck() {
  const node = $("#deck");
  const settledDeck = tablet.round?.settled?.deck;
  if (settledDeck) {
    node.replaceChildren(settledLine(settledDeck));
  } else if (tablet.deckId !== null) {
    node.replaceChildren(pendingLine());
  } else if (offered !== null && !locked()) {
    const button = el("button", { type: "button", id: "take-deck", onclick: () => take(offered) }, "Take the deck");
    node.replaceChildren(`${offered.device_id} deck ${offered.sequence} is read: `, button, " (replaces the cards entered)");
  } else {
    node.replaceChildren();
  }
  node.hidden = node.childElementCount === 0 && node.textContent === "";
}
