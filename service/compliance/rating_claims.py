"""What each rated play event claims about the stored rating records
(:mod:`service.players`): a seat-in (``rating_opened``) its ``ratings``
row, a pause, resume or seat-out (``rating_paused``, ``rating_resumed``,
``rating_closed``) its ``rating_events`` row, a buy-in
(``buy_in_recorded``) its ``buy_ins`` row, a pit boss's correction
(``rating_corrected``) its ``rating_corrections`` row, each written in the
transaction of the event that carries it whole
(:mod:`service.players.rating_values`); so each row is matched to its
sealed event the way the players' are
(:mod:`service.compliance.player_claims`).

A buy-in's amount, a seat-out's chips or a correction edited in the
database, a rating or a correction inserted by SQL, or a correction
deleted, is named. Which seats of which rounds a rating
rated (``rated_seats``) is checked with the rounds
(:mod:`service.rounds.sealed`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from service.accounting.records import Record
from service.audit.kinds import EventKind
from service.compliance.accounting_claims import Claim, SealedEvent, Table
from service.players.correction_values import correction_record
from service.players.rating_values import buy_in_record, rating_record, step_record
from service.store.models import BuyIn, Rating, RatingCorrection, RatingEvent

RATINGS, STEPS, BUY_INS = "ratings", "rating_events", "buy_ins"
CORRECTIONS = "rating_corrections"
STEP_KINDS = (EventKind.RATING_PAUSED, EventKind.RATING_RESUMED, EventKind.RATING_CLOSED)
RATING_KINDS = (EventKind.RATING_OPENED, *STEP_KINDS, EventKind.BUY_IN_RECORDED, EventKind.RATING_CORRECTED)


def rating_fields(rating: Rating) -> Record:
    """A rating as its ``rating_opened`` event carries it, but the club
    number (the player's, checked with the players)."""
    shown = rating_record(rating, "")
    del shown["club_number"]
    return shown


RATING_TABLES: Mapping[str, Table] = {
    RATINGS: Table(RATINGS, Rating, "rating_id", rating_fields),
    STEPS: Table(STEPS, RatingEvent, "event_id", step_record),
    BUY_INS: Table(BUY_INS, BuyIn, "buy_in_id", buy_in_record),
    CORRECTIONS: Table(CORRECTIONS, RatingCorrection, "correction_id", correction_record),
}
#: the fields of each table's record, as its event carries them
FIELDS = {
    RATINGS: (
        "rating_id",
        "player_id",
        "table_id",
        "seat",
        "seated_at",
        "started",
        "reason",
        "started_by",
        "recorded_at",
    ),
    STEPS: ("event_id", "rating_id", "kind", "chips_taken", "reason", "recorded_by", "at"),
    BUY_INS: ("buy_in_id", "rating_id", "kind", "amount", "recorded_by", "at"),
    CORRECTIONS: (
        "correction_id",
        "rating_id",
        "kind",
        "reason",
        "chips_taken",
        "buy_in_id",
        "rating_event_id",
        "recorded_by",
        "recorded_at",
    ),
}
_TABLE_OF: dict[str, str] = {
    EventKind.RATING_OPENED: RATINGS,
    EventKind.BUY_IN_RECORDED: BUY_INS,
    EventKind.RATING_CORRECTED: CORRECTIONS,
}


def rating_claims(event: SealedEvent) -> list[Claim]:
    """What a rated play event says its stored row is; empty for another
    kind, or a payload that is not a record (the caller names it). A
    field missing from the payload is read as null."""
    payload = event.payload
    if not isinstance(payload, dict) or event.kind not in RATING_KINDS:
        return []
    table = RATING_TABLES[_TABLE_OF.get(event.kind, STEPS)]
    sealed = {name: payload.get(name) for name in FIELDS[table.name]}
    return [Claim(table.name, _id(payload.get(table.key)), sealed)]


def _id(value: Any) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None
