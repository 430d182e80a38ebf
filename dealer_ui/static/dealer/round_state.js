// The states of a round on the tablet and the moves between them. Which
// state the round is in decides what the dealer may do with it: a round
// sent without a sure answer may be stored already, so it can only be sent
// again as it is, under the same idempotency key; edited, or dropped for a
// new round typed in again, it would settle a second time.
//
// A round is a frozen value; each move returns a new one. A move the table
// does not allow is a mistake in the page, not the dealer's: it throws.

export const Phase = Object.freeze({
  DRAFT: "draft", // being entered: edits, previews, Submit
  PREVIEWED: "previewed", // as a draft, with the payouts of the input as it is on screen
  SUBMITTING: "submitting", // sent, the answer on its way: nothing else can be done
  UNSURE: "unsure", // sent, and no sure answer came back: only Submit again, unchanged
  SETTLED: "settled", // stored: shown, never edited; New round goes on
});

const { DRAFT, PREVIEWED, SUBMITTING, UNSURE, SETTLED } = Phase;

/** Each move: the phases it leaves from, the phase it reaches, and (where
 * the phase alone does not decide) what else the round must be. */
export const MOVES = Object.freeze({
  edited: { from: [DRAFT, PREVIEWED], to: DRAFT },
  previewed: { from: [DRAFT, PREVIEWED], to: PREVIEWED },
  submitted: { from: [DRAFT, PREVIEWED, UNSURE], to: SUBMITTING },
  settled: { from: [SUBMITTING], to: SETTLED },
  unanswered: { from: [SUBMITTING], to: UNSURE },
  keyReused: { from: [SUBMITTING], to: UNSURE },
  refused: { from: [SUBMITTING], to: DRAFT },
  // An unsure round is given up only once the API has said its key settled
  // another round: that round stands, and the pit boss corrects it.
  nextRound: { from: [DRAFT, PREVIEWED, UNSURE, SETTLED], to: DRAFT, when: (round) => round.phase !== UNSURE || round.keyReused },
});

export class RefusedMove extends Error {}

function round(phase, key, { keyReused = false, settled = null } = {}) {
  return Object.freeze({ phase, key, keyReused, settled });
}

/** Whether ``move`` (a name in MOVES) may be made from ``current``. */
export function allows(current, move) {
  const rule = MOVES[move];
  if (!rule) throw new RefusedMove(`no move named ${move}`);
  return rule.from.includes(current.phase) && (!rule.when || rule.when(current));
}

function check(current, move) {
  if (!allows(current, move)) throw new RefusedMove(`a round that is ${current.phase} cannot be ${move}`);
  return MOVES[move].to;
}

/** A new round: ``key`` is its idempotency key (and round_id), kept by every retry. */
export function startRound(key) {
  return round(DRAFT, key);
}

/** The round as a saved draft had it (``{key, sent, settled}``): a round
 * sent and not answered for certain before a reload is unsure after it. */
export function restoreRound(saved) {
  if (saved.settled) return round(SETTLED, saved.key, { settled: saved.settled });
  return round(saved.sent ? UNSURE : DRAFT, saved.key);
}

/** The cards or bets changed: any preview was for input no longer there. */
export function edited(current) {
  return round(check(current, "edited"), current.key);
}

/** The payouts of the input as it is are on screen. */
export function previewed(current) {
  return round(check(current, "previewed"), current.key);
}

/** Sent under its key; from now on only this round, as it is, under this key. */
export function submitted(current) {
  return round(check(current, "submitted"), current.key, { keyReused: current.keyReused });
}

/** ``stored``: the round as the API settled and stored it. */
export function settled(current, stored) {
  return round(check(current, "settled"), current.key, { settled: stored });
}

/** No answer, or the server failed: the round may be stored. */
export function unanswered(current) {
  return round(check(current, "unanswered"), current.key, { keyReused: current.keyReused });
}

/** The API says this key settled a round with other entries: that one is stored. */
export function keyReused(current) {
  return round(check(current, "keyReused"), current.key, { keyReused: true });
}

/** Refused by the API, so not stored: corrected, it is sent again under the same key. */
export function refused(current) {
  return round(check(current, "refused"), current.key);
}

/** The next round, under a new ``key``. */
export function nextRound(current, key) {
  check(current, "nextRound");
  return startRound(key);
}

// What the page offers in each state.

/** The cards, bets and settings can be changed, and previewed. */
export const canEdit = (current) => allows(current, "edited");
export const canSubmit = (current) => allows(current, "submitted");
export const canStartNext = (current) => allows(current, "nextRound");
/** Sent, and not known to be settled: the round belongs to the table until it is. */
export const isSent = (current) => current.phase === SUBMITTING || current.phase === UNSURE;
/** Another table, or another dealer, only once nothing sent is left without an answer. */
export const canLeave = (current) => !isSent(current);
