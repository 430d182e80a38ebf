// A round being entered is never wiped unasked: New round and Sign out
// ask first (a dialog the dealer can cancel), and a round New round
// discarded comes back with Undo, its cards, settings and bets as they were.
import { fillBets, typedBets } from "./dealer_bets.js";
import { showUndo } from "./dealer_cards.js";
import { enter } from "./dealer_controls.js";
import { noteDeck } from "./dealer_deck.js";
import { activate, renderHand } from "./dealer_felt.js";
import { HAND_SIZE, changed, handOrder, openHands, tablet } from "./dealer_tablet.js";
import { $ } from "../shared/dom.js";
import { canEdit } from "./round_state.js";

const plural = (count, word) => `${count} ${word}${count === 1 ? "" : "s"}`;

/** What the round on the felt would lose: ``{cards, bets}`` (counts), none once it is sent or settled. */
function entries() {
  if (tablet.round === null || !canEdit(tablet.round)) return { cards: 0, bets: 0 };
  const cards = handOrder().reduce((sum, key) => sum + tablet.hands[key].length, 0);
  const bets = tablet.seats.reduce((sum, seat) => sum + Object.values(typedBets(seat, tablet.bets)).filter((text) => text.trim()).length, 0);
  return { cards, bets };
}

/** Whether ``action`` ("New round", "Sign out") may go on: asked only when cards or bets would be lost. */
export function mayDiscard(action, undoable) {
  const { cards, bets } = entries();
  if (cards + bets === 0) return Promise.resolve(true);
  const dialog = $("#discard-dialog");
  const back = undoable ? " Undo brings it back." : " It cannot be brought back.";
  $("#discard-what").textContent = `${action} clears the round being entered: ${plural(cards, "card")} and ${plural(bets, "bet")}, not submitted.${back}`;
  $("#discard-yes").textContent = action;
  return new Promise((resolve) => {
    const answer = (yes) => {
      $("#discard-yes").onclick = null;
      $("#discard-no").onclick = null;
      dialog.onclose = null;
      if (dialog.open) dialog.close();
      resolve(yes);
    };
    $("#discard-yes").onclick = () => answer(true);
    $("#discard-no").onclick = () => answer(false);
    dialog.onclose = () => answer(false); // Escape
    dialog.showModal();
    $("#discard-no").focus();
  });
}

/** The round on the felt as Undo would bring it back, or null if there is nothing to bring back. */
export function keepRound() {
  const { cards, bets } = entries();
  if (cards + bets === 0) return null;
  return {
    hands: structuredClone(tablet.hands),
    manual: structuredClone(tablet.manual),
    bets: Object.fromEntries(tablet.seats.map((seat) => [seat, typedBets(seat, tablet.bets)])),
    empty: [...tablet.empty],
    deckId: tablet.deckId,
  };
}

/** Undo of New round: ``kept`` (from keepRound) on the felt again, under the new round's key (neither was sent). */
export function bringBack(kept) {
  tablet.hands = kept.hands;
  tablet.manual = kept.manual;
  tablet.empty = kept.empty;
  tablet.deckId = kept.deckId;
  tablet.selected = null;
  for (const seat of tablet.seats) {
    $(`#hw-${seat}`).checked = !kept.manual[seat];
    fillBets(seat, tablet.bets, kept.bets[seat]);
  }
  for (const key of handOrder()) renderHand(key);
  enter(tablet.round); // the seats open or empty as they were
  activate(openHands().find((key) => tablet.hands[key].length < HAND_SIZE) ?? "dealer");
  noteDeck();
  showUndo();
  changed();
}
