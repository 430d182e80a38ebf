"""Per dealer and shift (issue 43, rule book sections 13 and 15): the
time at each table (their sessions, :mod:`service.reports.dealer_time`),
the rounds they entered there and the rounds per hour, the voids and
corrections of their rounds, the rounds dealt from a deck and the cards
changed by hand in them, and the cards-against-chips difference of each
table session they dealt in.

No round is read: the rounds are the shift aggregates' (kept by the
workers: ``pending_rounds`` says how many are not in them yet), the
voids and corrections the exceptions' (as the dealers' report counts
them), the cards changed the dealers' counters (kept with each round),
the differences the counted sessions' kept figures."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from datetime import date, datetime
from typing import TypedDict

from sqlalchemy import func, select

from service.players.rated.slip import pace, pace_shown
from service.protection.luck_figures import PlayersResultsJson, dealer_results
from service.reports.aggregate_sums import pending_rounds
from service.reports.dealer_lines import exception_counts
from service.reports.dealer_time import StintJson, TableTime, dealer_times, stint_json
from service.reports.periods import Period, floor_scope
from service.store.db import Db, iso
from service.store.models import DealerShiftCount, SessionFigures, ShiftAggregate, TableSession, User
from service.tables.gaming_day import place
from service.tables.tables import currencies_of


class DealerTableJson(TypedDict):
    table_id: int
    table_name: str
    seconds: int  # signed in at the table within the shift
    rounds: int  # counting rounds the dealer entered there in the shift
    rounds_per_hour: int | None  # halves to even; None without time signed in
    rounds_per_hour_exact: str | None  # the exact fraction, "n/d" or "n"
    dealer_sessions: list[StintJson]


class SessionCheckJson(TypedDict):
    """A table session the dealer dealt in, its cards against chips."""

    session_id: int
    table_id: int
    table_name: str
    number: int
    currency: str
    counted: bool  # its drop counted and its figures kept: the figures below
    win: int | None  # the chips' win, minor units
    rounds_net: int | None  # the house's net of its counting rounds
    difference: int | None  # win - rounds_net


class DealerShiftJson(TypedDict):
    dealer_id: int
    name: str
    seconds: int
    rounds: int
    rounds_per_hour: int | None
    rounds_per_hour_exact: str | None
    tables: list[DealerTableJson]
    voids: int  # approved
    corrections: int  # approved
    pending_voids: int
    pending_corrections: int
    dealt_rounds: int  # rounds dealt from a shoe's deck
    cards_changed: int  # cards changed by hand in them
    sessions: list[SessionCheckJson]
    # The four parts of the players' results over the dealer's rounds
    # (rule book section 14), a currency at a time, as the luck job keeps them
    players_results: list[PlayersResultsJson]


class DealerShiftsJson(TypedDict):
    gaming_day: str
    shift: int
    generated_at: str
    pending_rounds: int  # stored rounds the aggregates do not count yet
    dealers: list[DealerShiftJson]


def current_shift(db: Db, now: datetime, day: date | None, shift: int | None) -> tuple[date, int]:
    """The day and shift asked for, each defaulting to the current one at
    the floor's first table (UTC's schedule without a table)."""
    tables = floor_scope(db).tables
    placed = place(now, tables[0].timezone, tables[0].shift_starts) if tables else place(now, "UTC")
    return (placed.gaming_day if day is None else day, placed.shift if shift is None else shift)


def _rounds(db: Db, day: date, shift: int) -> Counter[tuple[int, int]]:
    """Per (dealer, table): the counting rounds of the shift's aggregates."""
    query = (
        select(ShiftAggregate.dealer_id, ShiftAggregate.table_id, func.sum(ShiftAggregate.rounds))
        .where(ShiftAggregate.gaming_day == day, ShiftAggregate.shift == shift)
        .group_by(ShiftAggregate.dealer_id, ShiftAggregate.table_id)
    )
    return Counter({(dealer, table): int(rounds) for dealer, table, rounds in db.execute(query)})


def _dealt(db: Db, day: date, shift: int) -> dict[int, tuple[int, int]]:
    """Per dealer: rounds dealt from a deck, cards changed by hand."""
    query = (
        select(
            DealerShiftCount.dealer_id,
            func.sum(DealerShiftCount.dealt_rounds),
            func.sum(DealerShiftCount.cards_changed),
        )
        .where(DealerShiftCount.gaming_day == day, DealerShiftCount.shift == shift)
        .group_by(DealerShiftCount.dealer_id)
    )
    return {dealer: (int(dealt), int(changed)) for dealer, dealt, changed in db.execute(query)}


def _exact(rounds: int, seconds: int) -> str | None:
    exact = pace(rounds, seconds)
    return None if exact is None else str(exact)


def _checks(db: Db, session_ids: Iterable[int], names: dict[int, str]) -> dict[int, SessionCheckJson]:
    ids = sorted(set(session_ids))
    if not ids:
        return {}
    sessions = {row.id: row for row in db.scalars(select(TableSession).where(TableSession.id.in_(ids)))}
    kept = {
        row.session_id: row
        for row in db.scalars(select(SessionFigures).where(SessionFigures.session_id.in_(ids)))
    }
    currencies = currencies_of(db, floor_scope(db).tables)
    found: dict[int, SessionCheckJson] = {}
    for session_id in ids:
        session, figures = sessions[session_id], kept.get(session_id)
        found[session_id] = {
            "session_id": session_id,
            "table_id": session.table_id,
            "table_name": names[session.table_id],
            "number": session.number,
            "currency": currencies[session.table_id].code,
            "counted": figures is not None,
            "win": None if figures is None else figures.win,
            "rounds_net": None if figures is None else figures.rounds_net,
            "difference": None if figures is None else figures.win - figures.rounds_net,
        }
    return found


def _table_line(table_id: int, name: str, rounds: int, time: TableTime) -> DealerTableJson:
    return {
        "table_id": table_id,
        "table_name": name,
        "seconds": time.seconds,
        "rounds": rounds,
        "rounds_per_hour": pace_shown(rounds, time.seconds),
        "rounds_per_hour_exact": _exact(rounds, time.seconds),
        "dealer_sessions": [stint_json(stint) for stint in time.stints],
    }


def dealer_shifts(
    db: Db, day: date, shift: int, now: datetime, dealer_id: int | None = None
) -> DealerShiftsJson:
    """Every dealer with time, rounds, exceptions or dealt rounds in the
    shift (or the one dealer asked for), by name."""
    scope = floor_scope(db)
    period = Period("shift", day, shift)
    names = {table.id: table.name for table in scope.tables}
    times = dealer_times(db, scope.tables, day, shift, now)
    rounds = _rounds(db, day, shift)
    exceptions = exception_counts(db, scope, period)
    dealt = _dealt(db, day, shift)
    results = dealer_results(db, day, shift)
    dealers = {dealer for dealer, _ in times} | {dealer for dealer, _ in rounds}
    dealers |= {dealer for dealer, _ in exceptions} | set(dealt) | set(results)
    if dealer_id is not None:
        dealers &= {dealer_id}
    checks = _checks(
        db,
        (stint.table_session_id for time in times.values() for stint in time.stints),
        names,
    )
    users = dict(db.execute(select(User.id, User.name).where(User.id.in_(sorted(dealers)))).all())
    lines = []
    for dealer in dealers:
        tables = sorted({table for who, table in (*times, *rounds) if who == dealer})
        table_lines = [
            _table_line(table, names[table], rounds[(dealer, table)], times.get((dealer, table), TableTime()))
            for table in tables
        ]
        seconds = sum(line["seconds"] for line in table_lines)
        counted = sum(line["rounds"] for line in table_lines)
        own = sorted(
            {
                stint.table_session_id
                for table in tables
                for stint in times.get((dealer, table), TableTime()).stints
            }
        )
        lines.append(
            DealerShiftJson(
                dealer_id=dealer,
                name=users[dealer],
                seconds=seconds,
                rounds=counted,
                rounds_per_hour=pace_shown(counted, seconds),
                rounds_per_hour_exact=_exact(counted, seconds),
                tables=table_lines,
                voids=exceptions[(dealer, "voids")],
                corrections=exceptions[(dealer, "corrections")],
                pending_voids=exceptions[(dealer, "pending_voids")],
                pending_corrections=exceptions[(dealer, "pending_corrections")],
                dealt_rounds=dealt.get(dealer, (0, 0))[0],
                cards_changed=dealt.get(dealer, (0, 0))[1],
                sessions=[checks[session_id] for session_id in own],
                players_results=results.get(dealer, []),
            )
        )
    return {
        "gaming_day": day.isoformat(),
        "shift": shift,
        "generated_at": iso(now),
        "pending_rounds": pending_rounds(db, scope, period),
        "dealers": sorted(lines, key=lambda line: (line["name"], line["dealer_id"])),
    }
