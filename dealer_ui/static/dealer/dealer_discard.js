// A round being entered is never wiped unasked: New round and Sign out
// ask first (a dialog the dealer can cancel), and a round New round
// discarded comes back with Undo, its cards, settings and bets as they were.
import { fillBets, typedBets } from "./dealer_bets.js";
import { showUndo } from "./dealer_cards.js";
import { enter } from "./dealer_controls.js";
import { noteDeck } from "./dealer_deck.js";
import { activate, renderHand } from "./dealer_felt.js";
import { HAND_SIZE, changed, handOrder, openHands } from "./dealer_tablet.js";
import { $ } from "../shared/dom.js";
import { canEdit } from "./round_state.js";

const plural = (count, word) => `${count} ${word}${count === 1 ? "" : "s"}`;

/** What the round on the felt would lose: ``{cards, bets}`` (counts), none once it is sent or settled. */
function entries(state) {
  if (state.round === null || !canEdit(state.round)) return { cards: 0, bets: 0 };
  const cards = handOrder(state).reduce((sum, key) => sum + state.hands[key].length, 0);
  const bets = state.seats.reduce((sum, seat) => sum + Object.values(typedBets(seat, state.bets)).filter((text) => text.trim()).length, 0);
  return { cards, bets };
}

/** Whether ``action`` ("New round", "Sign out") may go on: asked only when cards or bets would be lost. */
export function mayDiscard(state, action, undoable) {
  const { cards, bets } = entries(state);
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
export function keepRound(state) {
  const { cards, bets } = entries(state);
  if (cards + bets === 0) return null;
  return {
    hands: structuredClone(state.hands),
    manual: structuredClone(state.manual),
    bets: Object.fromEntries(state.seats.map((seat) => [seat, typedBets(seat, state.bets)])),
    empty: [...state.empty],
    deckId: state.deckId,
  };
}

/** Undo of New round: ``kept`` (from keepRound) on the felt again, under the new round's key (neither was sent). */
export function bringBack(state, kept) {
  state.hands = kept.hands;
  state.manual = kept.manual;
  state.empty = kept.empty;
  state.deckId = kept.deckId;
  state.selected = null;
  for (const seat of state.seats) {
    $(`#hw-${seat}`).checked = !kept.manual[seat];
    fillBets(seat, state.bets, kept.bets[seat]);
  }
  for (const key of handOrder(state)) renderHand(state, key);
  enter(state, state.round); // the seats open or empty as they were
  activate(state, openHands(state).find((key) => state.hands[key].length < HAND_SIZE) ?? "dealer");
  noteDeck(state);
  showUndo(state);
  changed(state);
}
