"""Results beyond luck, the job's reads and writes in SQL core (issue 43:
"a few milliseconds a round in the worker"): the round's facts read in
one query (:mod:`.luck_facts`), its luck rows inserted, and its windows'
sums read once (locked, in key order), added to in Python and written
back. Loading, locking and flushing a mapped row a sum was most of the
job's time.

The sums are added in Python, not by ``x = x + :d`` in SQL: on SQLite
the exact integers are decimal text (:class:`ExactInteger`), which SQL
arithmetic would turn into floats. The values written are returned, so
that the check reads no window it can know (:mod:`.luck_alerts`)."""

from __future__ import annotations

from datetime import date, datetime
from enum import StrEnum
from typing import Any, Protocol, cast

from sqlalchemy import Table, and_, bindparam, insert, or_, select, update

from service.protection.luck import FourParts, Luck
from service.protection.luck_facts import RoundFacts
from service.store.db import Db
from service.store.models import (
    LuckRound,
    LuckRoundPlayer,
    LuckSum,
)

#: the ``shift`` of a player's gaming day's row (shifts count from 1)
WHOLE_DAY = 0


class LuckSubject(StrEnum):
    TABLE = "table"  # a table's shift
    DEALER = "dealer"  # a dealer's shift, all tables
    PLAYER = "player"  # a rated player's gaming day, all tables and ratings


#: a sum's row's key: kind, subject, currency, gaming day, shift
SumKey = tuple[str, int, str, date, int]
#: a window's sums as they stand: its luck and how many rounds it holds
Kept = tuple[Luck, int]

_TABLE = cast(Table, LuckSum.__table__)
_SUMS = _TABLE.c
_KEY = ("kind", "subject_id", "currency", "gaming_day", "shift")
_TOTALS = ("rounds", "seats", "luck", "variance", "actual", "theoretical", "decisions", "player_cards")


def part_columns(luck: Luck) -> dict[str, int]:
    parts = luck.parts
    return {
        "actual": parts.actual,
        "theoretical": parts.theoretical,
        "decisions": parts.decisions,
        "player_cards": parts.player_cards,
    }


def _luck_columns(luck: Luck) -> dict[str, int]:
    return {"seats": luck.seats, "luck": luck.luck, "variance": luck.variance, **part_columns(luck)}


_INSERT_ROUND = insert(cast(Table, LuckRound.__table__))
_INSERT_PLAYERS = insert(cast(Table, LuckRoundPlayer.__table__))


def insert_round(db: Db, facts: RoundFacts, total: Luck, players: dict[int, Luck], now: datetime) -> None:
    """The round's luck row (its natural key: a concurrent run of the round
    fails here, and is retried) and its rated players' rows."""
    row, player_rows = round_rows(facts, total, players, now)
    db.execute(_INSERT_ROUND, row)
    if player_rows:
        db.execute(_INSERT_PLAYERS, player_rows)


def insert_rounds(db: Db, rows: list[dict[str, object]], player_rows: list[dict[str, object]]) -> None:
    """Many rounds' rows of :func:`round_rows`, a statement a table."""
    if rows:
        db.execute(_INSERT_ROUND, rows)
    if player_rows:
        db.execute(_INSERT_PLAYERS, player_rows)


def round_rows(
    facts: RoundFacts, total: Luck, players: dict[int, Luck], now: datetime
) -> tuple[dict[str, object], list[dict[str, object]]]:
    """The round's luck row and its rated players' rows, to insert."""
    row: dict[str, object] = {
        "round_id": facts.round_id,
        "table_id": facts.table_id,
        "dealer_id": facts.dealer_id,
        "gaming_day": facts.gaming_day,
        "shift": facts.shift,
        "currency": facts.currency.code,
        "added_at": now,
        "removed_at": None,
    }
    player_rows: list[dict[str, object]] = [
        {"round_id": facts.round_id, "player_id": player_id, "gaming_day": facts.gaming_day}
        | _luck_columns(luck)
        for player_id, luck in sorted(players.items())
    ]
    return row | _luck_columns(total), player_rows


def sum_key(kind: str, subject_id: int, currency: str, gaming_day: date, shift: int) -> SumKey:
    """A sum's key, its kind as plain text (an enum member hashes apart)."""
    return (str(kind), subject_id, currency, gaming_day, shift)


class LuckColumns(Protocol):
    """A stored row's luck columns: a round's, a player's or a sum's, mapped
    or read in SQL core."""

    seats: int
    luck: int
    variance: int
    actual: int
    theoretical: int
    decisions: int
    player_cards: int


def luck_of(row: LuckColumns) -> Luck:
    """A stored row's luck, its four parts with it."""
    parts = FourParts(row.actual, row.theoretical, row.decisions, row.player_cards)
    return Luck(row.luck, row.variance, row.seats, parts)


#: a round's windows' sums, locked, in key order: its table's and dealer's
#: shift, its rated players' day (one currency and gaming day)
_SUMS_OF_ROUND = (
    select(_TABLE)
    .where(
        _SUMS.currency == bindparam("currency"),
        _SUMS.gaming_day == bindparam("gaming_day"),
        or_(
            and_(_SUMS.kind == LuckSubject.TABLE.value, _SUMS.subject_id == bindparam("table_id")),
            and_(_SUMS.kind == LuckSubject.DEALER.value, _SUMS.subject_id == bindparam("dealer_id")),
        )
        & (_SUMS.shift == bindparam("shift"))
        | and_(
            _SUMS.kind == LuckSubject.PLAYER.value,
            _SUMS.subject_id.in_(bindparam("players", expanding=True)),
            _SUMS.shift == WHOLE_DAY,
        ),
    )
    .order_by(*(_SUMS[name] for name in _KEY))
    .with_for_update()
)
_UPDATE_SUM = (
    update(_TABLE)
    .where(*(_SUMS[name] == bindparam(f"k_{name}", type_=_SUMS[name].type) for name in _KEY))
    .values({name: bindparam(name, type_=_SUMS[name].type) for name in (*_TOTALS, "changed_at")})
)
_INSERT_SUM = insert(_TABLE)


def add_round(
    db: Db, facts: RoundFacts, total: Luck, players: dict[int, Luck], sign: int, now: datetime
) -> dict[SumKey, Kept]:
    """Add (sign 1) or take out (−1) a round's luck to its windows' sums,
    the rows read once and locked first, in key order (PostgreSQL: two
    rounds of a shift add one after the other, and never lock in opposite
    orders); each row's values as written, by key."""
    code, day = facts.currency.code, facts.gaming_day
    windows = round_windows(facts, total, players)
    rows = db.execute(
        _SUMS_OF_ROUND,
        {
            "currency": code,
            "gaming_day": day,
            "table_id": facts.table_id,
            "dealer_id": facts.dealer_id,
            "shift": facts.shift,
            "players": sorted(players),
        },
    ).all()
    stored = {key_of(row): (luck_of(row), row.rounds) for row in rows}
    written: dict[SumKey, Kept] = {}
    for key, luck in windows:
        was, rounds = stored.get(key, (Luck(), 0))
        written[key] = (was + (luck if sign > 0 else -luck), rounds + sign)
    write_sums(db, written, set(stored), now)
    return written


def round_windows(facts: RoundFacts, total: Luck, players: dict[int, Luck]) -> list[tuple[SumKey, Luck]]:
    """The round's windows' sums' keys, each with the luck it adds: its
    table's and dealer's shift, its rated players' day."""
    code, day = facts.currency.code, facts.gaming_day
    return [
        (sum_key(LuckSubject.TABLE, facts.table_id, code, day, facts.shift), total),
        (sum_key(LuckSubject.DEALER, facts.dealer_id, code, day, facts.shift), total),
        *(
            (sum_key(LuckSubject.PLAYER, player_id, code, day, WHOLE_DAY), luck)
            for player_id, luck in sorted(players.items())
        ),
    ]


def key_of(row: Any) -> SumKey:
    """A sum's row's key (a row of ``luck_sums``' columns)."""
    return sum_key(*(getattr(row, name) for name in _KEY))


def _columns(kept: Kept, now: datetime) -> dict[str, object]:
    luck, rounds = kept
    return {"rounds": rounds, **_luck_columns(luck), "changed_at": now}


def write_sums(db: Db, written: dict[SumKey, Kept], existing: set[SumKey], now: datetime) -> None:
    """The sums as they stand now: an update of each row in ``existing``,
    an insert of each new one (executemany, a statement each)."""
    changed = [
        {f"k_{name}": value for name, value in zip(_KEY, key, strict=True)} | _columns(kept, now)
        for key, kept in written.items()
        if key in existing
    ]
    if changed:
        db.execute(_UPDATE_SUM, changed)
    new = [
        dict(zip(_KEY, key, strict=True)) | _columns(kept, now)
        for key, kept in written.items()
        if key not in existing
    ]
    if new:
        db.execute(_INSERT_SUM, new)
