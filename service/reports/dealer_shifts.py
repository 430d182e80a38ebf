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
from typing import Annotated, TypedDict

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

#: a dealer's pace, at a table and over the shift (slip.pace's)
PerHour = Annotated[int | None, "rounds per hour signed in, halves to even; null without time signed in"]
PerHourExact = Annotated[
    str | None, "rounds per hour exactly, a fraction n/d (or a whole n); null without time signed in"
]


class DealerTableJson(TypedDict):
    table_id: Annotated[int, "the table"]
    table_name: Annotated[str, "the table's name"]
    seconds: Annotated[int, "whole seconds signed in at the table within the shift"]
    rounds: Annotated[int, "the counting rounds the dealer entered at the table in the shift"]
    rounds_per_hour: PerHour
    rounds_per_hour_exact: PerHourExact
    dealer_sessions: Annotated[list[StintJson], "the dealer's sessions at the table in the shift"]


class SessionCheckJson(TypedDict):
    """A table session the dealer dealt in, its cards against chips."""

    session_id: Annotated[int, "the table session (opener to closer)"]
    table_id: Annotated[int, "its table"]
    table_name: Annotated[str, "its table's name"]
    number: Annotated[int, "the session's number at its table"]
    currency: Annotated[str, "the currency its amounts count (ISO 4217)"]
    counted: Annotated[bool, "its drop is counted and its figures kept: the amounts below are known"]
    win: Annotated[int | None, "the chips' win; null until counted"]
    rounds_net: Annotated[int | None, "the house's net of its counting rounds; null until counted"]
    difference: Annotated[int | None, "cards against chips: win - rounds_net; null until counted"]


class DealerShiftJson(TypedDict):
    dealer_id: Annotated[int, "the dealer's user id"]
    name: Annotated[str, "the dealer's user name"]
    seconds: Annotated[int, "whole seconds signed in at any table within the shift"]
    rounds: Annotated[int, "the counting rounds the dealer entered in the shift, every table"]
    rounds_per_hour: PerHour
    rounds_per_hour_exact: PerHourExact
    tables: Annotated[list[DealerTableJson], "the dealer's time and rounds at each table"]
    voids: Annotated[int, "approved voids of the dealer's rounds of the shift"]
    corrections: Annotated[int, "approved corrections of the dealer's rounds of the shift"]
    pending_voids: Annotated[int, "voids asked for, not decided"]
    pending_corrections: Annotated[int, "corrections asked for, not decided"]
    dealt_rounds: Annotated[int, "the dealer's rounds dealt from a shoe's deck"]
    cards_changed: Annotated[int, "the cards the dealer changed by hand in them (rule book section 15)"]
    sessions: Annotated[
        list[SessionCheckJson],
        "the table sessions the dealer was signed in at, each with its cards against chips",
    ]
    # The four parts of the players' results over the dealer's rounds
    # (rule book section 14), a currency at a time, as the luck job keeps them
    players_results: Annotated[
        list[PlayersResultsJson],
        "the four parts of the players' results over the dealer's rounds of the shift (rule book section "
        "14), a currency at a time; empty until the workers have added a round's luck",
    ]


class DealerShiftsJson(TypedDict):
    gaming_day: Annotated[str, "the gaming day, ISO 8601"]
    shift: Annotated[int, "the shift"]
    generated_at: Annotated[str, "when the figures were read, ISO 8601 UTC (an open session runs to it)"]
    pending_rounds: Annotated[int, "stored rounds of the shift the aggregates do not count yet"]
    dealers: Annotated[list[DealerShiftJson], "each dealer of the shift, by name"]


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
