"""Entering a round: validate, settle under the table's current configuration
version, and store the round with its settlement in one transaction.

Every round carries an idempotency key, the user's own at the table: the
same key with the same body returns the stored result and settles nothing
new; the same key with another body is a conflict.
"""

from __future__ import annotations

import hashlib
import json
import re
from dataclasses import dataclass
from datetime import date, datetime
from typing import Any, cast

from sqlalchemy import Select, Table, bindparam, insert, select
from sqlalchemy.orm import Session, object_session

from service.aggregates import BETS
from service.audit import AGGREGATE, queue_job, record_event
from service.db import hold_writer
from service.engine.cards import codes
from service.engine.errors import RulesError
from service.engine.round import Round, SeatEntry
from service.engine.round_json import round_from_json, settlement_to_json
from service.engine.settlement import RoundSettlement, SeatResult, settle_round
from service.errors import Conflict, Invalid, NotFound, ServiceError
from service.gaming_day import place
from service.models import ConfigVersion, GameTable, RoundException, RoundRecord, SeatRecord, User
from service.paging import Page, paginate
from service.round_status import Status, statuses
from service.tables import config_of, current_config

MAX_KEY = 200
_ROUNDS = cast(Table, RoundRecord.__table__)
_SEATS = cast(Table, SeatRecord.__table__)
# The statements of every round entered, built once (building one cost
# about as much as running it).
_BY_KEY = select(RoundRecord.id, RoundRecord.request_digest).where(
    RoundRecord.table_id == bindparam("table_id"),
    RoundRecord.entered_by == bindparam("user_id"),
    RoundRecord.idempotency_key == bindparam("key"),
)
_BY_REF = select(RoundRecord.id).where(
    RoundRecord.table_id == bindparam("table_id"),
    RoundRecord.round_ref.in_([bindparam("ref"), bindparam("number_ref")]),
)
# A round_id that reads as a whole number: a round stored before ids had to
# be strings may hold it as a number (its ref is then the digits, unquoted).
_WHOLE_NUMBER = re.compile(r"-?(?:0|[1-9][0-9]*)")
_INSERT_ROUND = insert(_ROUNDS).returning(_ROUNDS.c.id)
_INSERT_SEATS = insert(_SEATS)


@dataclass(frozen=True)
class Entered:
    """A round entered, or found entered by an earlier request.

    A round stored just now comes with its seat rows, and its record is not
    in the session (its ``seats`` relationship is empty): read ``seats``."""

    record: RoundRecord
    replayed: bool  # an earlier request with the same key and body
    seats: list[dict[str, Any]] | None = None  # the seat rows just stored; None: the record's


def request_digest(table_id: int, body: object) -> str:
    canonical = json.dumps({"table_id": table_id, "body": body}, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(canonical.encode()).hexdigest()


def check_key(key: str | None) -> str:
    if key is None or not key.strip():
        raise ServiceError(
            "missing_idempotency_key",
            "the Idempotency-Key header is required to enter a round",
            "Idempotency-Key",
        )
    if len(key) > MAX_KEY or not key.isprintable():
        raise ServiceError(
            "invalid_idempotency_key",
            f"the Idempotency-Key header must be 1 to {MAX_KEY} printable characters",
            "Idempotency-Key",
        )
    return key


def replay(session: Session, table: GameTable, user: User, key: str, digest: str) -> Entered | None:
    """The stored round of an earlier request with this key, if any. A key
    is the user's own at the table: another dealer's same key is not a
    retry of theirs, nor is the same key sent to another table's rounds."""
    # Two columns first: on the hot path there is no earlier request, and
    # loading a whole record (with its joined config and user) costs more.
    found = (
        session.connection().execute(_BY_KEY, {"table_id": table.id, "user_id": user.id, "key": key}).first()
    )
    if found is None:
        return None
    record_id, stored_digest = found
    if stored_digest != digest:
        raise Conflict(
            "idempotency_key_reused",
            f"Idempotency-Key {key!r} was used for a different round (round {record_id}); use a new key",
            "Idempotency-Key",
        )
    return Entered(get_round(session, record_id), replayed=True)


def enter_round(
    session: Session, table: GameTable, user: User, body: Any, key: str | None, now: datetime
) -> Entered:
    key = check_key(key)
    digest = request_digest(table.id, body)
    earlier = replay(session, table, user, key, digest)
    if earlier is not None:
        return earlier
    version, round_, settled = settle_body(session, table, body)
    ref = round_ref_of(round_.round_id)
    round_id = str(round_.round_id)
    number_ref = round_id if _WHOLE_NUMBER.fullmatch(round_id) else ref
    taken = (
        session.connection()
        .execute(_BY_REF, {"table_id": table.id, "ref": ref, "number_ref": number_ref})
        .scalar()
    )
    if taken is not None:
        # A concurrent request with this very key may have just stored it.
        won = replay(session, table, user, key, digest)
        if won is not None:
            return won
        raise Conflict(
            "round_exists",
            f"round_id {round_.round_id!r} is already settled at this table (round {taken})",
            "round_id",
        )
    when = place(now, table.timezone, table.shift_starts)
    values = {
        "table_id": table.id,
        "config_id": version.id,
        "entered_by": user.id,
        "round_ref": ref,
        "entered": body,
        "entered_at": now,
        "utc_offset_minutes": when.utc_offset_minutes,
        "gaming_day": when.gaming_day,
        "shift": when.shift,
        "idempotency_key": key,
        "request_digest": digest,
        "revision": 0,
        "supersedes_id": None,
    }
    record_id, stored, seats = store_round(session, values, round_, settled)
    # The record as stored, for the answer and the event, kept out of the
    # session: its row is written already, and an object in the session
    # would outlive a rollback and clash with the retry's.
    record = RoundRecord(id=record_id, **stored)
    record.config = version
    record.user = user
    record_settled(session, record, version.version, digest, user.id)
    queue_job(session, AGGREGATE, record_id)
    return Entered(record, replayed=False, seats=seats)


def settle_body(
    session: Session, table: GameTable, body: Any
) -> tuple[ConfigVersion, Round, RoundSettlement]:
    """Validate a round sent to an open table and settle it under the
    table's current configuration version (nothing is stored)."""
    if table.status != "open":
        raise Conflict("table_closed", f"table {table.name!r} is {table.status}", "table_id")
    if isinstance(body, dict) and "config" in body:
        raise Invalid("unknown_field", "config is the table's; it cannot be sent with a round", "config")
    version = current_config(session, table)
    try:
        round_ = round_from_json(body)
        settled = settle_round(round_, config_of(version))
    except RulesError as error:
        raise Invalid(error.code, error.message, error.field) from None
    _storable_round_id(round_.round_id)
    return version, round_, settled


def placement(record: RoundRecord) -> dict[str, Any]:
    """Where a round counts: its dealer, time, gaming day, shift and revision."""
    return {
        "entered_by": record.entered_by,
        "entered_at": iso(record.entered_at),
        "utc_offset_minutes": record.utc_offset_minutes,
        "gaming_day": record.gaming_day.isoformat(),
        "shift": record.shift,
        "revision": record.revision,
        "supersedes": record.supersedes_id,
    }


def record_settled(
    session: Session, record: RoundRecord, config_version: int, digest: str, actor_id: int, **extra: Any
) -> None:
    """The ``round_settled`` event, sealed into the audit chain: the round's
    money and where it counts (dealer, time, gaming day, shift, revision),
    so a later edit of any of them is caught by ``recall --verify``."""
    record_event(
        session,
        "round_settled",
        f"round:{record.id}",
        {
            "round_id": round_id_of(record),
            "config_version": config_version,
            "seats": len(record.settlement["seats"]),
            "house_net": record.house_net,
            "request_digest": digest,
            "placement": placement(record),
            **extra,
        },
        actor_id=actor_id,
        table_id=record.table_id,
    )


def store_round(
    session: Session, values: dict[str, Any], round_: Round, settled: RoundSettlement
) -> tuple[int, dict[str, Any], list[dict[str, Any]]]:
    """Insert a settled round's record and its seats (the caller commits).
    ``values`` are the record's columns but those its settlement gives (the
    dealer's cards, the settlement, the house net), which are taken from
    ``settled`` here, as the seats are; the record's id, its columns and the
    seat rows as stored."""
    # Plain INSERTs on the session's connection, in its transaction: the
    # unit of work costs more than the statements (a fifth of a round's CPU
    # when the record went through it), and nothing here needs an object.
    hold_writer(session)
    stored = {
        **values,
        "dealer_cards": codes(round_.dealer),
        "settlement": settlement_json(settled),
        "house_net": settled.house_net,
    }
    connection = session.connection()
    record_id: int = connection.execute(_INSERT_ROUND, stored).scalar_one()
    rows = [{"round_id": record_id, **row} for row in seat_rows(round_, settled)]
    # One statement for all the seats.
    connection.execute(_INSERT_SEATS, rows)
    return record_id, stored, rows


def seat_rows(round_: Round, settled: RoundSettlement) -> list[dict[str, Any]]:
    """Each seat's columns as stored (without the round's id)."""
    return [
        {"seat": seat.seat, **seat_columns(entry, seat)}
        for entry, seat in zip(round_.seats, settled.seats, strict=True)
    ]


def setting_entered(entry: SeatEntry) -> Any:
    """A seat's setting as entered: ``"house_way"`` or its low and high."""
    setting = entry.setting
    return "house_way" if setting is None else {"low": codes(setting.low), "high": codes(setting.high)}


def seat_columns(entry: SeatEntry, seat: SeatResult) -> dict[str, Any]:
    """The columns stored for a seat (``recall --verify`` compares the same)."""
    return {
        "cards": codes(entry.cards),
        "setting_entered": setting_entered(entry),
        "low": codes(seat.setting.low),
        "high": codes(seat.setting.high),
        "rule": seat.house_way.rule.value,
        "fouled": seat.fouled,
        "main_stake": entry.bets.main,
        "main_outcome": seat.main.outcome.value,
        "main_net": seat.main.net,
        "dealer_break_bonus_stake": entry.bets.dealer_break_bonus,
        "dealer_break_bonus_outcome": seat.dealer_break_bonus.outcome.value,
        "dealer_break_bonus_net": seat.dealer_break_bonus.net,
        "break_bonus_stake": entry.bets.break_bonus,
        "break_bonus_outcome": seat.break_bonus.outcome.value,
        "break_bonus_net": seat.break_bonus.net,
    }


def _storable_round_id(round_id: str | int) -> None:
    """The engine takes any short string; a stored round's id must also be
    something every database and report can hold and show: printable (no
    NUL, control characters or lone surrogates) and not blank."""
    if isinstance(round_id, str) and (not round_id.isprintable() or not round_id.strip()):
        raise Invalid(
            "invalid_field",
            "round_id must be printable and not blank to be stored (no control characters)",
            "round_id",
        )


def settlement_json(settled: RoundSettlement) -> dict[str, Any]:
    """The settle output plus what the pit boss needs to see why."""
    document = settlement_to_json(settled)
    way = settled.dealer.house_way
    document["dealer"]["explanation"] = way.explanation
    for seat_json, seat in zip(document["seats"], settled.seats, strict=True):
        player_way = seat.house_way
        seat_json["main"]["reason"] = seat.main.reason.value
        seat_json["house_way"] = {
            "low": codes(player_way.setting.low),
            "high": codes(player_way.setting.high),
            "rule": player_way.rule.value,
            "explanation": player_way.explanation,
        }
    document["house_net"] = settled.house_net
    return document


def get_round(session: Session, round_id: int) -> RoundRecord:
    found = session.get(RoundRecord, round_id)
    if found is None:
        raise NotFound("round_not_found", f"no round with id {round_id}", "round_id")
    return found


def list_rounds(
    session: Session,
    table: GameTable,
    first_day: date | None,
    last_day: date | None,
    shift: int | None,
    page: int,
    per_page: int,
) -> Page[RoundRecord]:
    query: Select[RoundRecord] = select(RoundRecord).where(RoundRecord.table_id == table.id)
    if first_day is not None:
        query = query.where(RoundRecord.gaming_day >= first_day)
    if last_day is not None:
        query = query.where(RoundRecord.gaming_day <= last_day)
    if shift is not None:
        query = query.where(RoundRecord.shift == shift)
    found: Page[RoundRecord] = paginate(session, query, RoundRecord.id, page, per_page)
    return found


def round_id_of(record: RoundRecord) -> str | int:
    """The round_id as entered (a correction's record carries ``#revision``
    after it in ``round_ref``)."""
    ref = record.round_ref.rsplit("#", 1)[0] if record.revision else record.round_ref
    found: str | int = json.loads(ref)
    return found


def round_ref_of(round_id: str | int, revision: int = 0) -> str:
    ref = json.dumps(round_id, ensure_ascii=False)  # at most 202 characters
    return f"{ref}#{revision}" if revision else ref


def round_json(
    record: RoundRecord, status: Status | None = None, seats: list[dict[str, Any]] | None = None
) -> dict[str, Any]:
    """A stored round as the API shows it: entered and settled, who and when,
    and whether it still counts (voided, or superseded by a correction)."""
    if status is None:
        session = object_session(record)
        assert session is not None
        status = statuses(session, [record.id])[record.id]
    settlement = record.settlement
    if seats is None:  # read from the database (a round just stored brings its rows)
        seats = [{column: getattr(seat, column) for column in SEAT_SHOWN} for seat in record.seats]
    return {
        "id": record.id,
        "table_id": record.table_id,
        "round_id": round_id_of(record),
        "revision": record.revision,
        "supersedes": record.supersedes_id,
        "status": status.status,
        "superseded_by": status.superseded_by,
        "exceptions": [exception_summary(exception) for exception in status.exceptions],
        "config_version": record.config.version,
        "entered_by": record.user.name,
        "entered_at": iso(record.entered_at),
        "utc_offset_minutes": record.utc_offset_minutes,
        "gaming_day": record.gaming_day.isoformat(),
        "shift": record.shift,
        "dealer": {"cards": record.dealer_cards, **settlement["dealer"]},
        "seats": seats_shown(settlement["seats"], seats),
        "house_net": record.house_net,
    }


#: The stored seat columns a round's JSON shows beside its settlement.
SEAT_SHOWN = (
    "seat",
    "cards",
    "setting_entered",
    "main_stake",
    "dealer_break_bonus_stake",
    "break_bonus_stake",
)


def seats_shown(settled: list[dict[str, Any]], rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Each seat's settlement with what was entered for it: its cards, its
    setting and its stakes (from the stored seat rows)."""
    by_seat = {row["seat"]: row for row in rows}
    return [
        {
            **seat_json,
            "cards": by_seat[seat_json["seat"]]["cards"],
            "setting_entered": by_seat[seat_json["seat"]]["setting_entered"],
            "bets": {bet: by_seat[seat_json["seat"]][f"{bet}_stake"] for bet in BETS},
        }
        for seat_json in settled
    ]


def rounds_json(session: Session, records: list[RoundRecord]) -> list[dict[str, Any]]:
    found = statuses(session, [record.id for record in records])
    return [round_json(record, found[record.id]) for record in records]


def recall(session: Session, table: GameTable, last: int) -> list[dict[str, Any]]:
    """Game recall: the table's ``last`` most recent games, oldest first, each
    as entered and settled, with its status; a corrected game also shows the
    record that now stands for it (``current``)."""
    games = list(
        session.scalars(
            select(RoundRecord)
            .where(RoundRecord.table_id == table.id, RoundRecord.revision == 0)
            .order_by(RoundRecord.id.desc())
            .limit(last)
        )
    )[::-1]
    shown = rounds_json(session, games)
    # Follow approved corrections to the record that stands now, a level at
    # a time: one query per level, not per game.
    standing: dict[int, dict[str, Any]] = {}
    level = {game["superseded_by"] for game in shown if game["superseded_by"] is not None}
    while level:
        records = list(session.scalars(select(RoundRecord).where(RoundRecord.id.in_(level))))
        found = {record["id"]: record for record in rounds_json(session, records)}
        standing.update(found)
        level = {record["superseded_by"] for record in found.values() if record["superseded_by"] is not None}
    for game in shown:
        current = None
        link = game["superseded_by"]
        while link is not None:
            current = standing[link]
            link = current["superseded_by"]
        game["current"] = current
    return shown


def iso(moment: datetime) -> str:
    return moment.isoformat().replace("+00:00", "Z")


def exception_summary(exception: RoundException) -> dict[str, Any]:
    decision = exception.decision
    return {
        "id": exception.id,
        "kind": exception.kind,
        "state": "pending" if decision is None else ("approved" if decision.approved else "rejected"),
        "reason": exception.reason,
        "requested_by": exception.requester.name,
        "requested_at": iso(exception.requested_at),
        "decided_by": None if decision is None else decision.decider.name,
        "decided_at": None if decision is None else iso(decision.decided_at),
        "note": None if decision is None else decision.note,
    }
