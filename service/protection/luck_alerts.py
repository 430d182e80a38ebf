"""Results beyond luck, the check (rule book section 15): after a round's
luck is added (or taken out), the z of each window it is in: its table's
shift, its dealer's shift, and each rated player's gaming day and last 30
gaming days (ending on the round's). A window whose house's z is below
minus the casino's threshold raises a ``results_beyond_luck`` alert, once
per subject and window (its natural key, e.g. ``player:7:day:2026-12-07:USD``),
not once per round: the rounds after it add to the same window.

Each window is one row of ``luck_sums``, or 30 (a player's 30 days):
no check reads the rounds. The rounds an alert names are read from the
rounds' luck rows (an index range, newest first), only when it is raised,
at most :data:`ROUNDS_NAMED` of them."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date, datetime, timedelta
from fractions import Fraction

from sqlalchemy import Select, bindparam, select

from service.protection.alerts import raise_alert
from service.protection.luck import Luck, threshold_text
from service.protection.luck_facts import THRESHOLD, threshold_of
from service.protection.luck_sums import Changed
from service.protection.luck_writes import (
    WHOLE_DAY,
    Kept,
    LuckSubject,
    SumKey,
    luck_of,
    sum_key,
)
from service.protection.values import AlertKind, Finding, Severity
from service.store.db import Db
from service.store.models import (
    GameTable,
    LuckRound,
    LuckRoundPlayer,
    LuckSum,
    Player,
    User,
)

#: a player's long window, in gaming days (the round's day the last)
LONG_WINDOW_DAYS = 30
#: the rounds an alert names at most: the window's newest (the video first pulled)
ROUNDS_NAMED = 200


@dataclass(frozen=True, slots=True)
class Window:
    """One subject's window: a shift (``first`` = ``last``, ``shift`` ≥ 1)
    or a player's gaming days (``shift`` 0)."""

    kind: LuckSubject
    subject_id: int
    currency: str
    first: date
    last: date
    shift: int

    @property
    def key(self) -> str:
        if self.kind is not LuckSubject.PLAYER:
            return f"{self.kind}:{self.subject_id}:shift:{self.last}:{self.shift}:{self.currency}"
        span = "day" if self.first == self.last else f"{LONG_WINDOW_DAYS}days"
        return f"player:{self.subject_id}:{span}:{self.last}:{self.currency}"


def windows_of(changed: Changed) -> list[Window]:
    code, day = changed.currency.code, changed.gaming_day
    found = [
        Window(LuckSubject.TABLE, changed.table_id, code, day, day, changed.shift),
        Window(LuckSubject.DEALER, changed.dealer_id, code, day, day, changed.shift),
    ]
    long_first = day - timedelta(days=LONG_WINDOW_DAYS - 1)
    for player_id in changed.players:
        found.append(Window(LuckSubject.PLAYER, player_id, code, day, day, WHOLE_DAY))
        found.append(Window(LuckSubject.PLAYER, player_id, code, long_first, day, WHOLE_DAY))
    return found


def luck_threshold(db: Db) -> Fraction:
    """The casino's threshold in force (standard deviations)."""
    return threshold_of(db.scalar(THRESHOLD))


def check_windows(db: Db, changed: Changed, now: datetime) -> int:
    """Raise an alert for each window of the round beyond luck (once per
    window); how many were raised."""
    # read with the round by the job; else now
    threshold = luck_threshold(db) if changed.threshold is None else changed.threshold
    windows = windows_of(changed)
    long = _long_windows(db, [window for window in windows if window.first != window.last])
    raised = 0
    for window in windows:
        luck, rounds = long[window.subject_id] if window.first != window.last else _day(db, window, changed)
        if luck.beyond(threshold):
            finding = window_finding(db, window, luck, rounds, threshold, changed)
            raised += raise_alert(db, finding, now) is not None
    return raised


def _key(window: Window) -> SumKey:
    return sum_key(window.kind, window.subject_id, window.currency, window.last, window.shift)


def _day(db: Db, window: Window, changed: Changed) -> Kept:
    """A one-row window (a shift, a player's day): as the job just wrote it,
    else read."""
    kept = changed.kept.get(_key(window))
    return kept if kept is not None else window_luck(db, window)


#: the sums' columns (not mapped rows: the job writes them in SQL core, so
#: a row the session holds may be stale) of some subjects of a kind over
#: days of a currency and shift
_SUM_ROWS = select(
    LuckSum.subject_id,
    LuckSum.rounds,
    LuckSum.seats,
    LuckSum.luck,
    LuckSum.variance,
    LuckSum.actual,
    LuckSum.theoretical,
    LuckSum.decisions,
    LuckSum.player_cards,
).where(
    LuckSum.kind == bindparam("kind"),
    LuckSum.subject_id.in_(bindparam("subjects", expanding=True)),
    LuckSum.currency == bindparam("currency"),
    LuckSum.gaming_day >= bindparam("first"),
    LuckSum.gaming_day <= bindparam("last"),
    LuckSum.shift == bindparam("shift"),
)


def _long_windows(db: Db, windows: list[Window]) -> dict[int, Kept]:
    """The players' 30-day windows (one kind, currency and span: a round's),
    by player, from their sums' rows in one query."""
    found = {window.subject_id: (Luck(), 0) for window in windows}
    if windows:
        for row in db.execute(_SUM_ROWS, _span(windows[0], sorted(found))):
            luck, rounds = found[row.subject_id]
            found[row.subject_id] = (luck + luck_of(row), rounds + row.rounds)
    return found


def _span(window: Window, subjects: list[int]) -> dict[str, object]:
    return {
        "kind": str(window.kind),
        "subjects": subjects,
        "currency": window.currency,
        "first": window.first,
        "last": window.last,
        "shift": window.shift,
    }


def window_luck(db: Db, window: Window) -> Kept:
    """The window's luck and how many rounds it holds, from its sums' rows."""
    total, rounds = Luck(), 0
    for row in db.execute(_SUM_ROWS, _span(window, [window.subject_id])):
        total += luck_of(row)
        rounds += row.rounds
    return total, rounds


def _named_rounds(window: Window, later: Sequence[int]) -> Select[int]:
    if window.kind is LuckSubject.PLAYER:
        return (
            select(LuckRoundPlayer.round_id)
            .join(LuckRound, LuckRound.round_id == LuckRoundPlayer.round_id)
            .where(
                LuckRoundPlayer.player_id == window.subject_id,
                LuckRoundPlayer.gaming_day >= window.first,
                LuckRoundPlayer.gaming_day <= window.last,
                LuckRound.currency == window.currency,
                LuckRound.removed_at.is_(None),
                LuckRoundPlayer.round_id.not_in(later),
            )
            .order_by(LuckRoundPlayer.round_id.desc())
        )
    subject = LuckRound.table_id if window.kind is LuckSubject.TABLE else LuckRound.dealer_id
    return (
        select(LuckRound.round_id)
        .where(
            subject == window.subject_id,
            LuckRound.gaming_day == window.last,
            LuckRound.shift == window.shift,
            LuckRound.currency == window.currency,
            LuckRound.removed_at.is_(None),
            LuckRound.round_id.not_in(later),
        )
        .order_by(LuckRound.round_id.desc())
    )


def window_finding(
    db: Db,
    window: Window,
    luck: Luck,
    rounds: int,
    threshold: Fraction,
    changed: Changed,
    later: Sequence[int] = (),
) -> Finding:
    """The alert of a window beyond luck after the changed round; the
    rounds it names are the window's newest but ``later`` (a batch's rounds
    added after it, :mod:`.luck_batch`: the window as it stood)."""
    named = sorted(db.scalars(_named_rounds(window, later).limit(ROUNDS_NAMED)))
    table_id = dealer_id = player_id = None
    if window.kind is LuckSubject.TABLE:
        table = db.get(GameTable, window.subject_id)
        table_id, who = window.subject_id, f"table {table.name if table else window.subject_id!s}"
    elif window.kind is LuckSubject.DEALER:
        dealer = db.get(User, window.subject_id)
        dealer_id, who = window.subject_id, f"dealer {dealer.name if dealer else window.subject_id!s}"
    else:
        player = db.get(Player, window.subject_id)
        player_id, who = window.subject_id, f"player {player.club_number if player else window.subject_id!s}"
    span = (
        f"shift {window.shift} of gaming day {window.last}"
        if window.shift
        else (
            f"gaming day {window.last}"
            if window.first == window.last
            else f"the {LONG_WINDOW_DAYS} gaming days {window.first} to {window.last}"
        )
    )
    shown = f"the last {ROUNDS_NAMED} named" if rounds > ROUNDS_NAMED else "all named"
    return Finding(
        kind=AlertKind.RESULTS_BEYOND_LUCK,
        severity=Severity.WARNING,
        key=window.key,
        summary=(
            f"{who}: the house's results beyond luck over {span} "
            f"({rounds} rounds, {luck.seats} seats; {shown}), in {window.currency}"
        ),
        figure=luck.figure(changed.currency),
        threshold=threshold_text(threshold),
        table_id=table_id,
        player_id=player_id,
        dealer_id=dealer_id,
        rounds=tuple(named),
    )
