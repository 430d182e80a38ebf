// What the dealer can press follows the round's state: every move of the
// round goes through ``enter``, which sets the controls to match.
import { renderPicker, showUndo } from "./dealer_cards.js";
import { showSame } from "./dealer_pad.js";
import { showSeat } from "./dealer_seats.js";
import { $ } from "../shared/dom.js";
import { Phase, canEdit, canLeave, canStartNext, canSubmit } from "./round_state.js";

/** A settled round is shown, not edited: New round starts the next one. A
 * round sent without a sure answer can only be sent again, unchanged. */
function showControls(state) {
  const round = state.round;
  for (const node of document.querySelectorAll("#felt input, #codes, #add-codes, #clear-hand, #preview, #pad button")) {
    node.disabled = !canEdit(round);
  }
  for (const seat of state.seats) showSeat(state, seat);
  $("#submit").disabled = !canSubmit(round);
  $("#submit").textContent = round.phase === Phase.SUBMITTING ? "Submitting…" : "Submit round";
  $("#new-round").disabled = !canStartNext(round);
  $("#change-table").disabled = !canLeave(round);
  showUndo(state);
  showSame(state);
  renderPicker(state);
}

/** The round is now ``next`` (a value from round_state.js). */
export function enter(state, next) {
  state.round = next;
  showControls(state);
}
