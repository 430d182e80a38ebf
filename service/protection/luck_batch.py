"""Results beyond luck, the job of a batch of rounds in one transaction,
as the worker runs it (the outbox coalesces the luck rows: issue 43, "a
few milliseconds a round in the worker"). Round by round
(:func:`.luck_sums.luck_round` then :func:`.luck_alerts.check_windows`)
a round was seven statements; a batch is about eight in all: its rounds'
facts, their seats, their windows' sums (locked, in key order) and their
players' 30 days read once, the rows and the sums written once.

The result is the same as the rounds' one at a time, in id order: each
round's luck is added in memory to the sums as the round before left
them, and its windows checked with the sums as they stand after it (a
window that crosses and comes back within the batch still raises its
alert); the alerts are raised after the writes, in order, each naming
the window's rounds but the batch's later ones (as it stood). A batch
with a round to take out (a void, a correction) goes round by round: that
is rare, and the plain path stays the one that does it."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime, timedelta
from fractions import Fraction
from pathlib import Path
from typing import cast

from sqlalchemy import Table, and_, or_, select

from service.protection.alerts import raise_alert
from service.protection.luck import Luck
from service.protection.luck_alerts import LONG_WINDOW_DAYS, Window, check_windows, window_finding, windows_of
from service.protection.luck_facts import RoundFacts, rounds_facts
from service.protection.luck_sums import Changed, changed_of, found_of, luck_round, rounds_seats
from service.protection.luck_writes import (
    WHOLE_DAY,
    Kept,
    LuckSubject,
    SumKey,
    insert_rounds,
    key_of,
    luck_of,
    round_rows,
    round_windows,
    sum_key,
    write_sums,
)
from service.store.db import Db, hold_writer
from service.store.models import LuckSum

_TABLE = cast(Table, LuckSum.__table__)
_SUMS = _TABLE.c


@dataclass(frozen=True, slots=True)
class _Beyond:
    """A window found beyond luck after a round: its alert, raised after
    the batch's writes."""

    window: Window
    kept: Kept
    threshold: Fraction
    changed: Changed
    later: tuple[int, ...]  # the batch's rounds added after it


def luck_batch(db: Db, round_ids: list[int], instance: Path | None, now: datetime) -> int:
    """Each round's luck added to its sums (or taken out), once, and its
    windows checked, as :func:`.luck_sums.luck_round` and
    :func:`.luck_alerts.check_windows` a round at a time in id order would;
    how many alerts were raised."""
    ids = sorted(set(round_ids))
    facts = rounds_facts(db, ids)
    missing = [round_id for round_id in ids if round_id not in facts]
    if missing:
        raise LookupError(f"no round with id {missing[0]}")
    if any(not each.counts and each.added and not each.removed for each in facts.values()):
        return _one_at_a_time(db, ids, instance, now)
    to_add = [facts[round_id] for round_id in ids if facts[round_id].counts and not facts[round_id].added]
    seats = rounds_seats(db, [each.round_id for each in to_add]) if to_add else {}
    added: list[tuple[RoundFacts, Luck, dict[int, Luck]]] = []
    for each in to_add:
        found = found_of(seats[each.round_id], each, instance)
        if found is not None:  # else it waits, as luck_round leaves it
            added.append((each, found.total, found.players))
    if not added:
        return 0
    hold_writer(db)  # SQLite: the sums read and written in one turn
    return _add(db, added, now)


def _one_at_a_time(db: Db, ids: list[int], instance: Path | None, now: datetime) -> int:
    raised = 0
    for round_id in ids:
        changed = luck_round(db, round_id, instance, now)
        raised += 0 if changed is None else check_windows(db, changed, now)
    return raised


def _add(db: Db, added: list[tuple[RoundFacts, Luck, dict[int, Luck]]], now: datetime) -> int:
    windows = {each.round_id: round_windows(each, total, players) for each, total, players in added}
    keys = sorted({key for found in windows.values() for key, _ in found})
    existing = _locked_sums(db, keys)
    current = _player_days(db, added) | existing
    touched: set[SumKey] = set()
    beyond: list[_Beyond] = []
    order = [each.round_id for each, _, _ in added]
    for at, (facts, _, players) in enumerate(added):
        kept: dict[SumKey, Kept] = {}
        for key, luck in windows[facts.round_id]:
            was, rounds = current.get(key, (Luck(), 0))
            current[key] = kept[key] = (was + luck, rounds + 1)
            touched.add(key)
        changed = changed_of(facts, players, kept)
        for window in windows_of(changed):
            stands = _window(current, window)
            if stands[0].beyond(facts.threshold):
                beyond.append(_Beyond(window, stands, facts.threshold, changed, tuple(order[at + 1 :])))
    rows, player_rows = [], []
    for facts, total, players in added:
        row, of_players = round_rows(facts, total, players, now)
        rows.append(row)
        player_rows.extend(of_players)
    insert_rounds(db, rows, player_rows)
    write_sums(db, {key: current[key] for key in sorted(touched)}, set(existing), now)
    raised = 0
    for each in beyond:
        luck, rounds = each.kept
        finding = window_finding(db, each.window, luck, rounds, each.threshold, each.changed, each.later)
        raised += raise_alert(db, finding, now) is not None
    return raised


def _locked_sums(db: Db, keys: list[SumKey]) -> dict[SumKey, Kept]:
    """The sums' rows of these keys, locked, in key order (PostgreSQL: two
    batches of a shift add one after the other, and never lock in
    opposite orders)."""
    match = or_(
        *(
            and_(
                _SUMS.kind == kind,
                _SUMS.subject_id == subject,
                _SUMS.currency == currency,
                _SUMS.gaming_day == day,
                _SUMS.shift == shift,
            )
            for kind, subject, currency, day, shift in keys
        )
    )
    order = (_SUMS.kind, _SUMS.subject_id, _SUMS.currency, _SUMS.gaming_day, _SUMS.shift)
    found = db.execute(select(_TABLE).where(match).order_by(*order).with_for_update())
    return {key_of(row): (luck_of(row), row.rounds) for row in found}


def _player_days(db: Db, added: list[tuple[RoundFacts, Luck, dict[int, Luck]]]) -> dict[SumKey, Kept]:
    """The batch's players' days' sums over their 30-day windows (read, not
    locked: as the check reads them), by key."""
    players = sorted({player for _, _, of_round in added for player in of_round})
    if not players:
        return {}
    days = [facts.gaming_day for facts, _, players_of in added if players_of]
    found = db.execute(
        select(_TABLE).where(
            _SUMS.kind == LuckSubject.PLAYER.value,
            _SUMS.subject_id.in_(players),
            _SUMS.currency.in_(sorted({facts.currency.code for facts, _, _ in added})),
            _SUMS.gaming_day >= min(days) - timedelta(days=LONG_WINDOW_DAYS - 1),
            _SUMS.gaming_day <= max(days),
            _SUMS.shift == WHOLE_DAY,
        )
    )
    return {key_of(row): (luck_of(row), row.rounds) for row in found}


def _window(current: dict[SumKey, Kept], window: Window) -> Kept:
    """A window's luck and rounds as the batch has them now: one row (a
    shift, a player's day) or a player's 30 days' rows."""
    total, rounds = Luck(), 0
    for day in _days(window.first, window.last):
        key = sum_key(window.kind, window.subject_id, window.currency, day, window.shift)
        luck, count = current.get(key, (Luck(), 0))
        total, rounds = total + luck, rounds + count
    return total, rounds


def _days(first: date, last: date) -> list[date]:
    return [first + timedelta(days=offset) for offset in range((last - first).days + 1)]
