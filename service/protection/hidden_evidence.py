"""The hidden-information test's evidence as stored (rule book section 15,
"Decisions that know the dealer's hand"; the math:
:mod:`service.analysis.departures`): each subject's row, a bet added to
it, and the windows a bet's subject is judged over with their thresholds.

- An unrated seat: its table session's evidence against
  ``SEAT_THRESHOLD``.
- A rated player: the gaming day's evidence, across tables, against
  ``DAY_THRESHOLD``; and the 30-day processes (``MONTH_DAYS``) against
  ``MONTH_THRESHOLD``. A process starts on each gaming day the player
  played and runs over that day and the 29 after it: its value is the
  product of its days' evidence (``Evidence.joined``). A round of day
  ``d`` moves the processes started on the played days ``d - 29`` to
  ``d``, read in one range of at most 59 day rows. A process is started
  only on a day of play: one started on a day without would hold the same
  rounds as the next day's and raise the same alert again. At most one
  process starts a day and 30 are alive, so the union bound of the rule
  book's 1 in 10,000 per player-day holds: 1/20,000 + 30/600,000.

Values are compared in logarithms: a long cheater's evidence outgrows a
float (``exp`` of more than 709), and the job must never fail on it."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date, datetime, timedelta
from typing import Any, cast

from sqlalchemy import RowMapping, Table, bindparam, insert, select, update

from service.analysis.departures import (
    DAY_THRESHOLD,
    MONTH_DAYS,
    MONTH_THRESHOLD,
    SEAT_THRESHOLD,
    STAKES,
    Evidence,
)
from service.store.db import Db
from service.store.hidden_models import LOG_COLUMNS, HiddenPlayerDay, HiddenSeatSession

assert len(LOG_COLUMNS) == len(STAKES), "a logarithm column a stake"

# Plain tables: a round reads and writes its subjects' rows in a few
# statements, without the ORM's bookkeeping (milliseconds a round).
_DAYS = cast(Table, HiddenPlayerDay.__table__)
_SEATS = cast(Table, HiddenSeatSession.__table__)
_COUNTS = ("rounds", "departures", "did_better")


class Window:
    """What an evidence is judged over, as its alert's natural key names it."""

    DAY = "day"  # a rated player's gaming day
    FROM = "from"  # a rated player's 30-day process from a day of play
    SEAT = "seat"  # an unrated seat's table session


@dataclass(frozen=True)
class Judged:
    """A window's evidence with its threshold; ``days`` the player's day
    rows it holds (none for an unrated seat)."""

    window: str
    key: str  # the alert's natural key, its kind's prefix aside
    evidence: Evidence
    threshold: int
    start: date | None = None
    days: tuple[int, ...] = ()

    @property
    def reached(self) -> bool:
        return self.evidence.reaches(self.threshold)


@dataclass(slots=True)
class Subject:
    """A subject's row as this transaction holds it: its id and evidence."""

    id: int
    evidence: Evidence


def _evidence(row: RowMapping) -> Evidence:
    return Evidence(tuple(row[name] for name in LOG_COLUMNS), *(row[name] for name in _COUNTS))


def _columns(evidence: Evidence) -> dict[str, Any]:
    return {
        **dict(zip(LOG_COLUMNS, evidence.logs, strict=True)),
        **dict(zip(_COUNTS, (evidence.rounds, evidence.departures, evidence.did_better), strict=True)),
    }


# Built once: read on every batch (issue 43). The rows are locked in one
# order: two batches of the same players never wait for each other crosswise.
_DAYS_OF = (
    select(_DAYS)
    .where(
        _DAYS.c.player_id.in_(bindparam("players", expanding=True)),
        _DAYS.c.gaming_day.in_(bindparam("days", expanding=True)),
    )
    .order_by(_DAYS.c.id)
    .with_for_update()
)
_SEATS_OF = (
    select(_SEATS)
    .where(_SEATS.c.subject.in_(bindparam("subjects", expanding=True)))
    .order_by(_SEATS.c.id)
    .with_for_update()
)
_NEAR_DAYS = select(_DAYS).where(
    _DAYS.c.player_id.in_(bindparam("players", expanding=True)),
    _DAYS.c.gaming_day >= bindparam("first"),
    _DAYS.c.gaming_day <= bindparam("last"),
)

#: a player's day row as a batch reads it: its day, id and evidence
DayRow = tuple[date, int, Evidence]


def locked_days(db: Db, wanted: Iterable[tuple[int, date]]) -> dict[tuple[int, date], Subject]:
    """The players' day rows (by player and day) that exist, locked to this
    transaction on PostgreSQL (another table's round of the same player
    waits)."""
    pairs = set(wanted)
    if not pairs:
        return {}
    players, days = sorted({player for player, _ in pairs}), sorted({day for _, day in pairs})
    found = db.execute(_DAYS_OF, {"players": players, "days": days}).mappings()
    held = {(row["player_id"], row["gaming_day"]): Subject(row["id"], _evidence(row)) for row in found}
    return {pair: subject for pair, subject in held.items() if pair in pairs}


def new_day(db: Db, player: int, day: date, now: datetime) -> Subject:
    """A player's day row made (two made at once: one loses on the key and
    its job runs again)."""
    fresh = {"player_id": player, "gaming_day": day, **_columns(Evidence()), "updated_at": now}
    return Subject(db.execute(insert(_DAYS).returning(_DAYS.c.id), fresh).scalar_one(), Evidence())


def near_days(db: Db, players: Iterable[int], first: date, last: date) -> dict[int, list[DayRow]]:
    """The players' day rows from ``first`` to ``last`` (read, not locked:
    the 30-day processes' other days), by player."""
    wanted = sorted(set(players))
    rows: dict[int, list[DayRow]] = {player: [] for player in wanted}
    if wanted:
        found = db.execute(_NEAR_DAYS, {"players": wanted, "first": first, "last": last}).mappings()
        for row in found:
            rows[row["player_id"]].append((row["gaming_day"], row["id"], _evidence(row)))
    return rows


def seat_subject(table_id: int, session_id: int | None, day: date, seat: int) -> str:
    """An unrated seat's subject: its table session, or the table's gaming
    day for a round dealt outside any session."""
    middle = f"day:{day.isoformat()}" if session_id is None else str(session_id)
    return f"{table_id}:{middle}:{seat}"


def locked_seats(db: Db, subjects: Iterable[str]) -> dict[str, Subject]:
    """The unrated seats' rows that exist (by subject), locked as
    :func:`locked_days`'s."""
    wanted = sorted(set(subjects))
    if not wanted:
        return {}
    found = db.execute(_SEATS_OF, {"subjects": wanted}).mappings()
    return {row["subject"]: Subject(row["id"], _evidence(row)) for row in found}


def new_seat(
    db: Db, subject: str, table_id: int, session_id: int | None, day: date, seat: int, now: datetime
) -> Subject:
    """An unrated seat's row made (as :func:`new_day`'s)."""
    fresh = {
        "subject": subject,
        "table_id": table_id,
        "session_id": session_id,
        "gaming_day": day,
        "seat": seat,
        **_columns(Evidence()),
        "updated_at": now,
    }
    made: int = db.execute(insert(_SEATS).returning(_SEATS.c.id), fresh).scalar_one()
    return Subject(made, Evidence())


def _update(table: Table) -> Any:
    values: dict[str, Any] = {
        name: bindparam(f"new_{name}") for name in (*LOG_COLUMNS, *_COUNTS, "updated_at")
    }
    return update(table).where(table.c.id == bindparam("subject_id")).values(values)


_UPDATE_DAYS, _UPDATE_SEATS = _update(_DAYS), _update(_SEATS)


def write_subjects(db: Db, days: Iterable[Subject], seats: Iterable[Subject], now: datetime) -> None:
    """The subjects' evidence written back, a statement a table."""
    for statement, subjects in ((_UPDATE_DAYS, list(days)), (_UPDATE_SEATS, list(seats))):
        if subjects:
            rows = [
                {"subject_id": each.id, "new_updated_at": now}
                | {f"new_{name}": value for name, value in _columns(each.evidence).items()}
                for each in subjects
            ]
            db.execute(statement, rows)


def seat_window(subject_key: str, subject: Subject) -> Judged:
    return Judged(Window.SEAT, f"seat:{subject_key}", subject.evidence, SEAT_THRESHOLD)


def player_windows(player: int, day: date, today: Subject, others: Iterable[DayRow]) -> list[Judged]:
    """The player's day, then each 30-day process the day's rounds move
    (started on a played day of the 29 before), each with its evidence now
    (``others``: the player's other day rows as this transaction holds
    them; those beyond 29 days either side are left out). The process
    started this day is judged from the next on: today its evidence is the
    day's, which the day's lower threshold judges already (and one alert
    is enough); the union bound counts it all the same."""
    span = timedelta(days=MONTH_DAYS - 1)
    near = [each for each in others if day - span <= each[0] <= day + span and each[1] != today.id]
    days = sorted([*near, (day, today.id, today.evidence)])
    key = f"player:{player}:day:{day.isoformat()}"
    judged = [Judged(Window.DAY, key, today.evidence, DAY_THRESHOLD, day, (today.id,))]
    for start in (each[0] for each in days if each[0] < day):
        held = [each for each in days if start <= each[0] <= start + span]
        evidence = Evidence()
        for _, _, each in held:
            evidence = evidence.joined(each)
        key = f"player:{player}:from:{start.isoformat()}"
        judged.append(Judged(Window.FROM, key, evidence, MONTH_THRESHOLD, start, tuple(e[1] for e in held)))
    return judged
