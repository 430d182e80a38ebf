// Before submitting, without asking: each hand's house way, a tapped-in
// setting's foul, the joker's meaning, and every payout of the round. An
// answer is drawn only if it is for the input still on screen.
import { call } from "../shared/api.js";
import { roundBody } from "./dealer_body.js";
import { enter } from "./dealer_controls.js";
import { saveDraft } from "./dealer_draft.js";
import { errorText, forgetApiErrors, showApiError } from "./dealer_errors.js";
import { markWay, showFoul, showPay } from "./dealer_felt.js";
import { describe, dealerLine, houseLine, jokerText, playingWay, previewParts, seatNet } from "./dealer_results.js";
import { HAND_SIZE, handOrder, locked } from "./dealer_tablet.js";
import { houseWay } from "./dealer_ways.js";
import { $, clearErrors } from "../shared/dom.js";
import { payOrTake } from "../shared/money.js";
import { Phase, canEdit, edited, previewed } from "./round_state.js";
import { FOUL_POLICY, HAND } from "../shared/vocabulary.js";

const REFRESH_MS = 250;

/** No payout on screen: the round is a draft again (if it may still change). */
function unpreview(state) {
  $("#results").replaceChildren();
  for (const key of handOrder(state)) showPay(key, "");
  if (canEdit(state.round)) enter(state, edited(state.round));
}

/** Something changed: keep the draft and, shortly, the preview up to date.
 * Until then no payout is shown: it would be for input no longer there. */
export function changed(state) {
  if (!state.table || locked(state)) return;
  unpreview(state);
  saveDraft(state);
  state.refreshes += 1; // an answer on its way is for the input as it was
  forgetApiErrors(state);
  clearTimeout(state.timer);
  state.timer = setTimeout(() => refresh(state, true), REFRESH_MS);
}

/** No preview still to come may be drawn (the round is being sent). */
export function cancelPreview(state) {
  clearTimeout(state.timer);
  state.refreshes += 1;
}

function setNotes(state, json, key) {
  let text = `House way: ${describe(json)} — rule ${json.rule} (${json.rule_name})`;
  if (key === HAND.DEALER) text += json.qualifies ? `; qualifies (${json.qualifier})` : `; does not qualify (${json.qualifier})`;
  const own = json.setting;
  if (own && !own.fouled) text = `Player's setting: ${describe(own)} (legal). ${text}`;
  $(`#note-${key}`).textContent = text;
  markWay(state, key, json); // the house way on the cards themselves
  if (key === HAND.DEALER) return;
  const effect = state.table.config.foul_policy === FOUL_POLICY.FORFEIT ? "Main Bet forfeited" : "reset by the house way";
  showFoul(key, own && own.fouled ? `FOUL: low ${own.low_hand.plays_as} outranks high ${own.high_hand.plays_as} · ${effect}` : "");
}

/** Each complete hand's house way (and a tapped-in setting's foul check),
 * and what the joker plays as; once settled, the joker only. */
export async function handNotes(state, turn) {
  for (const key of handOrder(state)) {
    const cards = state.hands[key];
    if (cards.length !== HAND_SIZE) continue; // renderHand emptied its notes
    const body = { cards };
    const manual = state.manual[key];
    if (manual && manual.low.length === 2 && manual.high.length === 3) body.setting = { low: manual.low, high: manual.high };
    try {
      const answer = await houseWay(state, body);
      if (turn !== state.refreshes) return;
      $(`#joker-${key}`).textContent = jokerText(playingWay(answer));
      if (state.round.phase !== Phase.SETTLED) setNotes(state, answer, key);
    } catch (error) {
      if (turn === state.refreshes) showApiError(state, error, error.message, { handKey: key });
    }
  }
}

/** The notes and the payouts of the round as it is on screen; ``quiet``:
 * what is missing is not said (the dealer is still typing). */
export async function refresh(state, quiet) {
  const turn = ++state.refreshes;
  if (!quiet) clearErrors();
  await handNotes(state, turn);
  if (turn !== state.refreshes) return;
  const missing = [];
  const body = roundBody(state, quiet, missing);
  // No payout shown: the line says which seat or field holds it up.
  $("#waiting").textContent = body || !missing.length ? "" : `No payouts yet: ${missing.join("; ")}.`;
  if (!body) {
    if (state.round.phase !== Phase.SETTLED) unpreview(state);
    return;
  }
  try {
    const { json } = await call("POST", `/tables/${state.table.id}/rounds/preview`, body);
    if (turn !== state.refreshes || locked(state)) return;
    enter(state, previewed(state.round));
    $("#note-dealer").textContent = dealerLine(json.dealer);
    for (const seat of json.seats) showPay(seat.seat, payOrTake(seatNet(seat, state.bets)));
    showPay("dealer", houseLine(json.house_net));
    $("#results").replaceChildren(...previewParts(json, state.bets));
  } catch (error) {
    const message = await errorText(state, error, body);
    if (turn !== state.refreshes) return;
    unpreview(state); // refused: there is nothing to pay
    showApiError(state, error, message, { sent: body });
  }
}
