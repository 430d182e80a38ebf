"""Showing stored rounds: one round, a table's rounds a page at a time
(the dealer's recall of the last few: :mod:`service.rounds.recall`), each
as the JSON the API answers with (settlement, seats, and any void or
correction asked for)."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date
from enum import Enum
from typing import Annotated, TypedDict, cast

from sqlalchemy import Select, select
from sqlalchemy.orm import object_session

from service.errors import ErrorCode, NotFound
from service.rounds.deck_round import DECK_KEY, RoundDeckJson, decks_of
from service.rounds.round_counts import counted_rounds
from service.rounds.settlement_json import ExplainedDealerJson, StoredSeatJson, StoredSettlementJson
from service.rounds.status import DecisionState, ExceptionKind, Status, decision_state, statuses
from service.rounds.storing import SettingEntered, round_id_of
from service.store.db import Db, iso
from service.store.models import GameTable, RoundException, RoundRecord, SeatRecord
from service.store.paging import Keyset, KeysetPage, Order, Page, keyset_page, paginate


class DealerShownJson(ExplainedDealerJson):
    cards: list[str]  # the dealer's seven cards as entered


class StakesJson(TypedDict):
    """What a seat staked on each bet, in minor units (0: not placed)."""

    main: Annotated[int, "minor units (cents)"]
    dealer_break_bonus: Annotated[int, "0: not placed"]
    break_bonus: Annotated[int, "0: not placed"]


class SeatShownJson(StoredSeatJson):
    """A seat's settlement with what was entered for it."""

    cards: list[str]
    setting_entered: SettingEntered
    bets: Annotated[StakesJson, "the stakes entered"]


class ExceptionSummaryJson(TypedDict):
    """A void or correction asked for, and its decision once made."""

    id: Annotated[int, "the request's id"]
    kind: ExceptionKind  # its schema lists the values: what is asked for
    state: DecisionState  # pending until decided
    reason: Annotated[str, "why it was asked for"]
    requested_by: Annotated[str, "the pit boss who asked"]
    requested_at: Annotated[str, "ISO 8601, UTC"]
    decided_by: Annotated[str | None, "the second pit boss; null: pending"]
    decided_at: Annotated[str | None, "ISO 8601, UTC; null: pending"]
    note: Annotated[str | None, "the decider's note; null: pending"]


class RoundShownJson(TypedDict):
    id: Annotated[int, "the stored record's id"]
    table_id: Annotated[int, "the table it was played at"]
    round_id: str | int
    revision: Annotated[int, "0 as entered; each approved correction adds one"]
    supersedes: Annotated[int | None, "the record this corrects"]
    status: str
    superseded_by: Annotated[int | None, "the approved correction's record"]
    exceptions: Annotated[list[ExceptionSummaryJson], "void and correction requests, oldest first"]
    config_version: Annotated[int, "the table configuration version it was settled under"]
    entered_by: Annotated[str, "the dealer's name"]
    entered_at: Annotated[str, "ISO 8601, UTC"]
    utc_offset_minutes: Annotated[int, "of the casino's zone then"]
    gaming_day: Annotated[str, "the gaming day it counts in"]
    shift: Annotated[int, "the shift of the gaming day, from 1"]
    dealer: Annotated[DealerShownJson, "the dealer's cards and house way"]
    seats: Annotated[list[SeatShownJson], "each seat as entered and settled, in the order entered"]
    house_net: Annotated[int, "what the house won, minor units (negative: it paid out)"]
    deck: Annotated[
        RoundDeckJson | None,
        "the deck a shoe read for it, with the cards changed by hand; null: none",
    ]


class _Unread(Enum):
    """A round's deck not yet read: round_json looks it up."""

    UNREAD = 0


UNREAD = _Unread.UNREAD


class RoundPageJson(TypedDict):
    """A page of a table's rounds."""

    items: list[RoundShownJson]
    total: Annotated[
        int,
        "rounds in all pages, with the filters (gaming days, shift): exact, from counts kept by table, "
        "gaming day and shift as each round is stored, so it costs the same however many rounds the table "
        "holds",
    ]
    page: Annotated[int | None, "this page's number, from 1 (1: the first page); null: a cursor's page"]
    per_page: Annotated[int, "rounds a page"]
    order: str


class SeatEnteredRow(TypedDict):
    """The stored seat columns a round's JSON shows beside its settlement
    (a seat row just stored has them, and more)."""

    seat: int
    cards: list[str]
    setting_entered: SettingEntered
    main_stake: int
    dealer_break_bonus_stake: int
    break_bonus_stake: int


def get_round(db: Db, round_id: int) -> RoundRecord:
    found = db.get(RoundRecord, round_id)
    if found is None:
        raise NotFound(ErrorCode.ROUND_NOT_FOUND, f"no round with id {round_id}", "round_id")
    return found


def _table_rounds(
    table: GameTable, first_day: date | None, last_day: date | None, shift: int | None
) -> Select[RoundRecord]:
    query: Select[RoundRecord] = select(RoundRecord).where(RoundRecord.table_id == table.id)
    if first_day is not None:
        query = query.where(RoundRecord.gaming_day >= first_day)
    if last_day is not None:
        query = query.where(RoundRecord.gaming_day <= last_day)
    if shift is not None:
        query = query.where(RoundRecord.shift == shift)
    return query


def list_rounds(
    db: Db,
    table: GameTable,
    first_day: date | None,
    last_day: date | None,
    shift: int | None,
    page: int,
    per_page: int,
    order: Order = Order.OLDEST,
) -> Page[RoundRecord]:
    """A page by number (OFFSET: kept for the clients that page so)."""
    query = _table_rounds(table, first_day, last_day, shift)
    total = counted_rounds(db, table.id, first_day, last_day, shift)
    found: Page[RoundRecord] = paginate(db, query, RoundRecord.id, page, per_page, order, total)
    return found


def keyset_rounds(
    db: Db,
    table: GameTable,
    first_day: date | None,
    last_day: date | None,
    shift: int | None,
    order: Order,
    per_page: int,
    at: Keyset | None,
) -> KeysetPage[RoundRecord]:
    """A page by keyset on the record id (the index on table and id); its
    total is :func:`counted_rounds`'s."""
    query = _table_rounds(table, first_day, last_day, shift)
    found: KeysetPage[RoundRecord] = keyset_page(db, query, RoundRecord.id, order, per_page, at)
    return found


def round_json(
    record: RoundRecord,
    status: Status | None = None,
    seats: Sequence[SeatEnteredRow] | None = None,
    deck: RoundDeckJson | _Unread | None = UNREAD,
) -> RoundShownJson:
    """A stored round as the API shows it: entered and settled, who and when,
    whether it still counts (voided, or superseded by a correction), and
    the deck a shoe read for it. A round just stored (not in the session)
    comes with its status, seats and deck."""
    if deck is UNREAD and not dealt_from_deck(record):
        deck = None  # no query: most rounds are keyed in by hand
    if status is None or deck is UNREAD:
        db = object_session(record)
        assert db is not None
        if status is None:
            status = statuses(db, [record.id])[record.id]
        if deck is UNREAD:
            deck = decks_of(db, [record.id]).get(record.id)
    # The column is JSON; settlement_json wrote it in this shape.
    settlement = cast(StoredSettlementJson, record.settlement)
    if seats is None:  # read from the database (a round just stored brings its rows)
        seats = [_entered_row(seat) for seat in record.seats]
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
        "deck": deck,
    }


def dealt_from_deck(record: RoundRecord) -> bool:
    """Whether the round was entered naming a deck (only such a round has one)."""
    return isinstance(record.entered, dict) and record.entered.get(DECK_KEY) is not None


def _entered_row(seat: SeatRecord) -> SeatEnteredRow:
    return {
        "seat": seat.seat,
        "cards": seat.cards,
        # The column is JSON; setting_entered wrote it in this shape.
        "setting_entered": cast(SettingEntered, seat.setting_entered),
        "main_stake": seat.main_stake,
        "dealer_break_bonus_stake": seat.dealer_break_bonus_stake,
        "break_bonus_stake": seat.break_bonus_stake,
    }


def seats_shown(settled: list[StoredSeatJson], rows: Sequence[SeatEnteredRow]) -> list[SeatShownJson]:
    """Each seat's settlement with what was entered for it: its cards, its
    setting and its stakes (from the stored seat rows)."""
    by_seat = {row["seat"]: row for row in rows}
    return [_seat_shown(seat_json, by_seat[seat_json["seat"]]) for seat_json in settled]


def _seat_shown(seat_json: StoredSeatJson, row: SeatEnteredRow) -> SeatShownJson:
    return {
        **seat_json,
        "cards": row["cards"],
        "setting_entered": row["setting_entered"],
        "bets": {
            "main": row["main_stake"],
            "dealer_break_bonus": row["dealer_break_bonus_stake"],
            "break_bonus": row["break_bonus_stake"],
        },
    }


def rounds_json(db: Db, records: list[RoundRecord]) -> list[RoundShownJson]:
    ids = [record.id for record in records]
    found = statuses(db, ids)
    decks = decks_of(db, [record.id for record in records if dealt_from_deck(record)])
    return [round_json(record, found[record.id], deck=decks.get(record.id)) for record in records]


def round_page(
    db: Db, records: list[RoundRecord], total: int, page: int | None, per_page: int, order: Order
) -> RoundPageJson:
    """A page of rounds as the API answers it."""
    items = rounds_json(db, records)
    return {"items": items, "total": total, "page": page, "per_page": per_page, "order": order.value}


def exception_summary(exception: RoundException) -> ExceptionSummaryJson:
    decision = exception.decision
    return {
        "id": exception.id,
        "kind": ExceptionKind(exception.kind),
        "state": decision_state(decision),
        "reason": exception.reason,
        "requested_by": exception.requester.name,
        "requested_at": iso(exception.requested_at),
        "decided_by": None if decision is None else decision.decider.name,
        "decided_at": None if decision is None else iso(decision.decided_at),
        "note": None if decision is None else decision.note,
    }
