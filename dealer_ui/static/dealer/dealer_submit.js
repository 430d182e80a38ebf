// Submitting the round: once, under its idempotency key. An answer that
// does not come back leaves the round unsure: it may be stored, so it is
// sent again as it is, under the same key, and never settles twice.
import { ApiError, NoAnswer, TimedOut, call, timeLimitText } from "../shared/api.js";
import { roundBody } from "./dealer_body.js";
import { enter } from "./dealer_controls.js";
import { noteDeck } from "./dealer_deck.js";
import { saveDraft } from "./dealer_draft.js";
import { errorText, showApiError } from "./dealer_errors.js";
import { markWay, showFoul, showPay } from "./dealer_felt.js";
import { rememberBets } from "./dealer_pad.js";
import { loadRatings } from "./dealer_ratings.js";
import { cancelPreview } from "./dealer_preview.js";
import { dealerLine, describe, houseLine, seatNet, settlementParts } from "./dealer_results.js";
import { shortKey } from "./dealer_tablet.js";
import { $, clearErrors, showError } from "../shared/dom.js";
import { payOrTake } from "../shared/money.js";
import { canSubmit, keyReused, refused, settled, submitted, unanswered } from "./round_state.js";
import { ERROR } from "../shared/vocabulary.js";

const AGAIN = "Submit again sends the same round, which never settles twice.";
// A round sent goes under its idempotency key (its round id): the server
// stores a key's round once, and sent again answers with the one it stored.
const UNKNOWN = "it is not known whether the round was stored. Submit again is safe: it sends the same round id, which the server stores once (if it has it, it shows it).";

/** The stored ``round`` on the felt and under it (``replayed``: the API had
 * settled it before and shows it again). */
export function showSettlement(state, round, replayed) {
  markWay(state, "dealer", round.dealer);
  for (const seat of round.seats) {
    markWay(state, seat.seat, seat);
    showPay(seat.seat, payOrTake(seatNet(seat, state.bets)));
    $(`#note-${seat.seat}`).textContent = seat.fouled ? "FOUL: set by house way" : `Settled: ${describe(seat)}`;
    showFoul(seat.seat, "");
  }
  $("#note-dealer").textContent = dealerLine(round.dealer);
  showPay("dealer", houseLine(round.house_net));
  const { heading, table } = settlementParts(round, replayed, state.bets);
  $("#results").replaceChildren(...heading);
  $("#waiting").textContent = "";
  $("#settled-bets").replaceChildren(table); // over the picker, which a settled round does not use
  $("#settled-bets").hidden = false;
  $("#round-key").textContent = `Round #${round.id} · round id ${shortKey(state)}`;
  $("#settlement").dataset.roundId = String(round.id);
  noteDeck(state); // where the cards came from, as the server recorded it
  saveDraft(state);
  $("#new-round").focus();
}

/** The round was not settled, or it is not known whether it was. */
async function notSettled(state, error, body) {
  if (error instanceof ApiError && error.status === 401) return; // the sign-in ended: see dealer.js
  if (error instanceof TimedOut) {
    enter(state, unanswered(state.round));
    showError("general", `The server did not answer within ${timeLimitText()}: ${UNKNOWN}`);
  } else if (error instanceof NoAnswer || (error instanceof ApiError && error.status >= 500)) {
    enter(state, unanswered(state.round)); // it may be stored: it stays as it is, to be sent again
    showError("general", `${error.message}: ${AGAIN}`);
  } else if (error instanceof ApiError && error.code === ERROR.IDEMPOTENCY_KEY_REUSED) {
    enter(state, keyReused(state.round)); // settled already, with other entries: the pit boss corrects it
    showError("general", `${error.message}. The round is settled; ask the pit boss for a correction, then press New round.`);
  } else {
    const message = await errorText(state, error, body); // still locked while the limits are read again
    enter(state, refused(state.round)); // refused, so not stored: correct it and submit again
    showApiError(state, error, message, { sent: body });
    // Paused at another device, maybe: the seats show who sits there now.
    if (error instanceof ApiError && error.code === ERROR.SEAT_PAUSED) loadRatings(state);
  }
  saveDraft(state);
}

export async function submit(state) {
  if (!canSubmit(state.round)) return; // a double tap sends once
  clearErrors();
  const body = roundBody(state);
  if (!body) return;
  cancelPreview(state); // a preview still on its way must not cover the settlement
  enter(state, submitted(state.round)); // from here on, only this round under this key
  saveDraft(state);
  let answer;
  try {
    answer = await call("POST", `/tables/${state.table.id}/rounds`, body, { "Idempotency-Key": state.round.key });
  } catch (error) {
    await notSettled(state, error, body);
    return;
  }
  enter(state, settled(state.round, answer.json));
  rememberBets(state, answer.json); // for "same bets" in the next round
  showSettlement(state, answer.json, answer.headers.get("Idempotent-Replayed") === "true");
}
