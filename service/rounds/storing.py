"""Storing a settled round: the record and its seat rows as plain INSERTs
built once, the placement (gaming day, shift), its rated seats
(``rated_seats.py``) and the ``round_settled`` event with its aggregate
job, all in the caller's transaction."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from datetime import date, datetime
from typing import Any, Literal, TypedDict, cast

from sqlalchemy import Table, insert

from service.audit.events import queue_jobs, record_event
from service.audit.kinds import EventKind
from service.engine.cards import codes
from service.engine.round import Round, SeatEntry
from service.engine.settlement import RoundSettlement, SeatResult
from service.jobs.queues import JobKind
from service.rounds.rated_seats import corrected_ratings, link_rated, rated_json, rated_seats
from service.rounds.round_counts import count_inserted
from service.rounds.settlement_json import StoredSettlementJson, settlement_json
from service.rounds.value_sums import ShiftKey, count_record
from service.store.db import Db, hold_writer, iso
from service.store.models import RoundRecord, SeatRecord

_ROUNDS = cast(Table, RoundRecord.__table__)

_SEATS = cast(Table, SeatRecord.__table__)

_INSERT_ROUND = insert(_ROUNDS).returning(_ROUNDS.c.id)

_INSERT_SEATS = insert(_SEATS)


class PlayerSettingJson(TypedDict):
    low: list[str]
    high: list[str]


#: A seat's setting as entered.
SettingEntered = Literal["house_way"] | PlayerSettingJson


class RoundValues(TypedDict):
    """A round record's columns but those its settlement gives."""

    table_id: int
    config_id: int
    entered_by: int
    round_ref: str
    # The body as the client sent it (the engine's strict rules read it): a
    # true JSON boundary, stored as sent so its digest can be checked again.
    entered: Any
    entered_at: datetime
    utc_offset_minutes: int
    gaming_day: date
    shift: int
    idempotency_key: str
    request_digest: str
    revision: int
    supersedes_id: int | None


class RoundColumns(RoundValues):
    """A round record's columns as stored (without its id)."""

    dealer_cards: list[str]
    settlement: StoredSettlementJson
    house_net: int


class SeatColumns(TypedDict):
    """A seat row's columns but its seat and round (``recall --verify``
    compares the same); money in minor units."""

    cards: list[str]
    setting_entered: SettingEntered
    low: list[str]
    high: list[str]
    rule: int
    fouled: bool
    main_stake: int
    main_outcome: str
    main_net: int
    dealer_break_bonus_stake: int
    dealer_break_bonus_outcome: str
    dealer_break_bonus_net: int
    break_bonus_stake: int
    break_bonus_outcome: str
    break_bonus_net: int


class SeatRow(SeatColumns):
    seat: int


class StoredSeatRow(SeatRow):
    round_id: int  # the round record's id


class Placement(TypedDict):
    """Where a round counts, as its ``round_settled`` event seals it."""

    entered_by: int
    entered_at: str
    utc_offset_minutes: int
    gaming_day: str
    shift: int
    revision: int
    supersedes: int | None


def placement(record: RoundRecord) -> Placement:
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
    db: Db,
    record: RoundRecord,
    config_version: int,
    digest: str,
    actor_id: int,
    at: datetime,
    rated: Mapping[int, int] | None = None,
    **extra: Any,
) -> None:
    """The ``round_settled`` event, sealed into the audit chain: the round's
    money, where it counts (dealer, time, gaming day, shift, revision) and
    its rated seats (seat -> rating id, as :func:`store_round` gives them),
    so a later edit of any of them is caught by ``recall --verify``."""
    if rated:
        extra = {**extra, "rated": rated_json(rated)}
    record_event(
        db,
        EventKind.ROUND_SETTLED,
        f"round:{record.id}",
        settled_payload(record, config_version, digest, **extra),
        actor_id=actor_id,
        table_id=record.table_id,
        at=at,
    )


def settled_payload(record: RoundRecord, config_version: int, digest: str, **extra: Any) -> dict[str, Any]:
    """The ``round_settled`` event's payload (``bench-scale``'s bulk loader
    writes the very same for the rounds it copies)."""
    return {
        "round_id": round_id_of(record),
        "config_version": config_version,
        "seats": len(record.settlement["seats"]),
        "house_net": record.house_net,
        "request_digest": digest,
        "placement": placement(record),
        **extra,
    }


def store_round(
    db: Db,
    values: RoundValues,
    round_: Round,
    settled: RoundSettlement,
    jobs: Sequence[JobKind] = (),
) -> tuple[int, RoundColumns, list[StoredSeatRow], dict[int, int]]:
    """Insert a settled round's record and its seats, queue ``jobs`` for
    it, and count it for the round list (the caller commits). ``values``
    are the record's columns but those its settlement gives (the dealer's
    cards, the settlement, the house net), which are taken from ``settled``
    here, as the seats are; the record's id, its columns, the seat rows as
    stored and its rated seats (seat -> rating id, for its event)."""
    # Plain INSERTs on the handle's connection, in its transaction: the
    # unit of work costs more than the statements (a fifth of a round's CPU
    # when the record went through it), and nothing here needs an object.
    stored: RoundColumns = {
        **values,
        "dealer_cards": codes(round_.dealer),
        "settlement": settlement_json(settled),
        "house_net": settled.house_net,
    }
    seats = seat_rows(round_, settled)
    hold_writer(db)  # SQLite: after the rows are built, every other writer waits from here
    connection = db.connection()
    corrected = values["supersedes_id"]
    numbers = [s["seat"] for s in seats]
    # Refused at a paused seat before anything is written.
    rated = (
        rated_seats(connection, values["table_id"], numbers)
        if corrected is None
        else corrected_ratings(connection, corrected, numbers)
    )
    record_id: int = connection.execute(_INSERT_ROUND, stored).scalar_one()
    rows: list[StoredSeatRow] = [{"round_id": record_id, **row} for row in seats]
    # One statement for all the seats.
    connection.execute(_INSERT_SEATS, rows)
    link_rated(connection, record_id, rated)
    queue_jobs(db, jobs, record_id)
    # The expected win's totals count every record as it is stored, and the
    # round list's total every round. Last, with the event after them: on
    # PostgreSQL the table's shift rows stay locked from here to the commit,
    # and each of its rounds waits for them.
    key = ShiftKey(values["table_id"], values["gaming_day"], values["shift"], values["entered_by"])
    count_record(db, key, len(rows))
    count_inserted(connection, values["table_id"], values["gaming_day"], values["shift"])
    return record_id, stored, rows, rated


def seat_rows(round_: Round, settled: RoundSettlement) -> list[SeatRow]:
    """Each seat's columns as stored (without the round's id)."""
    return [
        {"seat": seat.seat, **seat_columns(entry, seat)}
        for entry, seat in zip(round_.seats, settled.seats, strict=True)
    ]


def setting_entered(entry: SeatEntry) -> SettingEntered:
    """A seat's setting as entered: ``"house_way"`` or its low and high."""
    setting = entry.setting
    return "house_way" if setting is None else {"low": codes(setting.low), "high": codes(setting.high)}


def seat_columns(entry: SeatEntry, seat: SeatResult) -> SeatColumns:
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


def round_id_of(record: RoundRecord) -> str | int:
    """The round_id as entered (a correction's record carries ``#revision``
    after it in ``round_ref``)."""
    ref = record.round_ref.rsplit("#", 1)[0] if record.revision else record.round_ref
    found: str | int = json.loads(ref)
    return found


def round_ref_of(round_id: str | int, revision: int = 0) -> str:
    ref = json.dumps(round_id, ensure_ascii=False)  # at most 202 characters
    return f"{ref}#{revision}" if revision else ref
