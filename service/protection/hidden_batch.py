"""The hidden-information test's evidence of a batch of rounds in one
transaction, as the worker runs it (the outbox coalesces the test's rows,
50 rounds a transaction: issue 43, "a few milliseconds a round in the
worker"). Round by round the evidence was about seven statements a round
(its subjects read, locked and written, its players' other days read);
a batch reads its subjects' rows once (locked, in id order: seats, then
players' days) and its players' other days once, and writes the
evidence and the bets once.

The result is the same as the rounds' one at a time, in id order: each
round's bets are added in memory to its subjects as the rounds before
left them (a subject missing is made as the round that first needs it
would make it), and its windows are judged with the evidence as it
stands after the round (a window that reaches its threshold raises its
alert once, at the round that reached it first). The alerts are raised
after the writes, in order, each naming the window's rounds but the
batch's later ones (as it stood)."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date, datetime, timedelta
from typing import Any, cast

from sqlalchemy import Table, insert

from service.analysis.departures import MONTH_DAYS, RoundBet
from service.protection.alerts import raise_alert
from service.protection.hidden_alerts import Crossing, already_raised, finding
from service.protection.hidden_evidence import (
    DayRow,
    Judged,
    Subject,
    Window,
    locked_days,
    locked_seats,
    near_days,
    new_day,
    new_seat,
    player_windows,
    seat_subject,
    seat_window,
    write_subjects,
)
from service.store.db import Db
from service.store.models import HiddenBet

_BETS = cast(Table, HiddenBet.__table__)


@dataclass(frozen=True, slots=True)
class SeatBet:
    """A seat's bet, with the player whose rating rated the seat (None: an
    unrated seat)."""

    seat_id: int
    seat: int
    bet: RoundBet
    player_id: int | None


@dataclass(frozen=True, slots=True)
class _Raise:
    """A window found at its threshold after a round: its alert, raised
    after the batch's writes."""

    judged: Judged
    crossing: Crossing
    subject_id: int
    later: tuple[int, ...]  # the batch's rounds after it


@dataclass
class _Held:
    """The batch's subjects as this transaction holds them."""

    seats: dict[str, Subject]
    days: dict[tuple[int, date], Subject]
    near: dict[int, list[DayRow]]  # each player's other day rows, as read
    raised: dict[str, bool] = field(default_factory=dict)  # a window's alert raised (or to be)

    def others(self, player: int) -> list[DayRow]:
        """The player's day rows with the evidence as held now."""
        held = {subject.id: subject for (of, _), subject in self.days.items() if of == player}
        return [(day, row, held[row].evidence if row in held else ev) for day, row, ev in self.near[player]]


def judge_batch(db: Db, rounds: list[tuple[Any, list[SeatBet]]], now: datetime) -> None:
    """Each round's bets (``rounds`` in id order, each its row of the
    round's query and its bets) added to its subjects' evidence, stored,
    and its windows checked (the rounds' markers written already)."""
    held = _read(db, rounds)
    rows: list[dict[str, object]] = []
    alerts: list[_Raise] = []
    order = [record.id for record, _ in rounds]
    for at, (record, bets) in enumerate(rounds):
        session_id = record.session_id if any(each.player_id is None for each in bets) else None
        subjects = _subjects(db, held, record, bets, session_id, now)
        for each, subject in zip(bets, subjects, strict=True):
            subject.evidence = subject.evidence.after(each.bet)
            rows.append(_bet_row(record.id, each, subject))
        later = tuple(order[at + 1 :])
        alerts.extend(_reached(db, held, record, bets, subjects, session_id, later))
    write_subjects(db, held.days.values(), held.seats.values(), now)
    if rows:
        db.execute(insert(_BETS), rows)
    for found in alerts:
        raise_alert(db, finding(db, found.judged, found.crossing, found.subject_id, found.later), now)


def _read(db: Db, rounds: list[tuple[Any, list[SeatBet]]]) -> _Held:
    """The batch's subjects that exist, locked (seats, then players' days,
    each in id order), and its players' other days within 29 days."""
    seats, days = set(), set()
    for record, bets in rounds:
        for each in bets:
            if each.player_id is None:
                seats.add(seat_subject(record.table_id, record.session_id, record.gaming_day, each.seat))
            else:
                days.add((each.player_id, record.gaming_day))
    held = _Held(locked_seats(db, seats), locked_days(db, days), {})
    if days:
        span = timedelta(days=MONTH_DAYS - 1)
        first, last = min(day for _, day in days) - span, max(day for _, day in days) + span
        held.near = near_days(db, {player for player, _ in days}, first, last)
    return held


def _subjects(
    db: Db, held: _Held, record: Any, bets: list[SeatBet], session_id: int | None, now: datetime
) -> list[Subject]:
    """Each bet's subject, those missing made as the round alone would
    make them: its unrated seats' (by seat), then its players' days (by
    player)."""
    day = record.gaming_day
    for seat in sorted({each.seat for each in bets if each.player_id is None}):
        key = seat_subject(record.table_id, session_id, day, seat)
        if key not in held.seats:
            held.seats[key] = new_seat(db, key, record.table_id, session_id, day, seat, now)
    for player in sorted({each.player_id for each in bets if each.player_id is not None}):
        if (player, day) not in held.days:
            made = held.days[(player, day)] = new_day(db, player, day, now)
            held.near[player].append((day, made.id, made.evidence))  # the later rounds' other day
    return [
        held.seats[seat_subject(record.table_id, session_id, day, each.seat)]
        if each.player_id is None
        else held.days[(each.player_id, day)]
        for each in bets
    ]


def _bet_row(round_id: int, each: SeatBet, subject: Subject) -> dict[str, object]:
    unrated = each.player_id is None
    return {
        "seat_id": each.seat_id,
        "round_id": round_id,
        "hands": each.bet.hands,
        "dealer_hands": each.bet.dealer_hands,
        "hit": each.bet.hit,
        "departed": each.bet.departed,
        "player_day_id": None if unrated else subject.id,
        "seat_session_id": subject.id if unrated else None,
    }


def _reached(
    db: Db,
    held: _Held,
    record: Any,  # a row of the rounds' query
    bets: list[SeatBet],
    subjects: list[Subject],
    session_id: int | None,
    later: tuple[int, ...],
) -> list[_Raise]:
    """Each window of the round's subjects that reaches its threshold and
    has no alert yet, with the evidence after the round. Checked every
    round, not only as it crosses: a concurrent round of the same player
    at another table may have hidden the crossing."""
    found = []
    for each, subject in zip(bets, subjects, strict=True):
        crossing = Crossing(
            record.id, record.table_id, each.seat, record.entered_by, each.player_id, session_id
        )
        if each.player_id is None:
            key = seat_subject(record.table_id, session_id, record.gaming_day, each.seat)
            windows = [seat_window(key, subject)]
        else:
            windows = player_windows(each.player_id, record.gaming_day, subject, held.others(each.player_id))
        raised_from = False  # one 30-day process's alert a round: the earliest that crossed
        for judged in windows:
            if raised_from and judged.window is Window.FROM:
                continue
            if judged.reached and not _raised(db, held, judged):
                held.raised[judged.key] = True
                found.append(_Raise(judged, crossing, subject.id, later))
                raised_from = judged.window is Window.FROM
    return found


def _raised(db: Db, held: _Held, judged: Judged) -> bool:
    """Whether the window's alert was raised (before the batch: read once)."""
    if judged.key not in held.raised:
        held.raised[judged.key] = already_raised(db, judged)
    return held.raised[judged.key]
