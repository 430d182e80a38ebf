// The service's words the pages compare against: roles, states, kinds and
// the error codes a page acts on. One place, so a page never spells one of
// them itself; tests/test_page_vocabulary.py holds each group to the
// service's enum (or, for the error codes, to the codes the service raises).
// Keep one `NAME: "value",` a line: the test reads this file as text.

/** Role (service/accounts/roles.py). */
export const ROLE = Object.freeze({
  DEALER: "dealer",
  PIT_BOSS: "pit_boss",
  COMPLIANCE: "compliance",
  ADMIN: "admin",
  CAGE: "cage",
  COUNT: "count",
  DEVICE: "device",
});

/** TableStatus (service/tables/status.py). */
export const TABLE_STATUS = Object.freeze({
  OPEN: "open",
  CLOSED: "closed",
});

/** SlipKind (service/accounting/slip_states.py). */
export const SLIP_KIND = Object.freeze({
  FILL: "fill",
  CREDIT: "credit",
});

/** SlipState (service/accounting/slip_states.py). */
export const SLIP_STATE = Object.freeze({
  REQUESTED: "requested",
  ISSUED: "issued",
  RECEIVED: "received",
  VOIDED: "voided",
});

/** CheckStatus (service/accounting/check.py): cards against chips. */
export const CHECK_STATUS = Object.freeze({
  OPEN: "open",
  UNCOUNTED: "uncounted",
  BALANCED: "balanced",
  DIFFERS: "differs",
});

/** RoundStatus (service/rounds/status.py). */
export const ROUND_STATUS = Object.freeze({
  SETTLED: "settled",
  VOID: "void",
  SUPERSEDED: "superseded",
});

/** ExceptionKind (service/rounds/status.py): what a pit boss may ask for a round. */
export const EXCEPTION_KIND = Object.freeze({
  VOID: "void",
  CORRECTION: "correction",
});

/** DecisionState (service/rounds/status.py): where a void or correction stands. */
export const DECISION_STATE = Object.freeze({
  PENDING: "pending",
  APPROVED: "approved",
  REJECTED: "rejected",
});

/** State (service/jobs/progress.py): an export's or a verification's. */
export const JOB_STATE = Object.freeze({
  QUEUED: "queued",
  RUNNING: "running",
  DONE: "done",
  FAILED: "failed",
});

/** FoulPolicy (service/engine/table_config.py). */
export const FOUL_POLICY = Object.freeze({
  HOUSE_WAY: "house_way",
  FORFEIT: "forfeit",
});

/** Outcome (service/engine/settlement.py): a bet's. */
export const OUTCOME = Object.freeze({
  WIN: "win",
  LOSE: "lose",
  PUSH: "push",
  NONE: "none",
});

/** RatingState (service/players/rating_values.py): a player's rating at a seat. */
export const RATING_STATE = Object.freeze({
  OPEN: "open",
  PAUSED: "paused",
  CLOSED: "closed",
});

/** BuyInKind (service/players/rating_values.py): what a player bought in with. */
export const BUY_IN_KIND = Object.freeze({
  CASH: "cash",
  CHIPS: "chips",
});

/** A seat's setting left to the house (HOUSE_WAY of service/engine/round_json.py). */
export const SETTING = Object.freeze({
  HOUSE_WAY: "house_way",
});

/** The dealer's hand's key in a round's JSON (ROUND_KEYS of service/engine/round_json.py). */
export const HAND = Object.freeze({
  DEALER: "dealer",
});

/** The error codes a page tells apart (each one the service raises). */
export const ERROR = Object.freeze({
  BET_BELOW_MINIMUM: "bet_below_minimum",
  BET_ABOVE_MAXIMUM: "bet_above_maximum",
  MAIN_BET_REQUIRED: "main_bet_required",
  INVALID_BET: "invalid_bet",
  IDEMPOTENCY_KEY_REUSED: "idempotency_key_reused",
  OPENER_DIFFERS: "opener_differs",
  SEAT_PAUSED: "seat_paused",
});
