"""The hidden-information test's alert (``hidden_information``, critical):
whom it names (the player by club number, or the unrated seat), where
(the table and seat of the round that reached the threshold, and that
round's dealer), the evidence as text with its threshold, and the rounds
behind it: the subject's rounds in the window, the latest
``MAX_ROUNDS`` when there are more (the summary says so)."""

from __future__ import annotations

from dataclasses import dataclass
from math import log

from sqlalchemy import select

from service.protection.hidden_evidence import Judged, Window
from service.protection.values import AlertKind, Finding, Severity
from service.store.db import Db
from service.store.models import Alert, GameTable, HiddenBet, Player, User

#: the rounds an alert names at most: the latest of its window
MAX_ROUNDS = 200


@dataclass(frozen=True)
class Crossing:
    """The round whose bet took a window's evidence to its threshold."""

    round_id: int
    table_id: int
    seat: int
    dealer_id: int
    player_id: int | None  # None: an unrated seat
    session_id: int | None  # an unrated seat's table session


def already_raised(db: Db, judged: Judged) -> bool:
    natural = f"{AlertKind.HIDDEN_INFORMATION}:{judged.key}"
    return db.scalar(select(Alert.id).where(Alert.natural_key == natural)) is not None


def finding(
    db: Db, judged: Judged, crossing: Crossing, subject_id: int, later: tuple[int, ...] = ()
) -> Finding:
    """The alert of a window that reached its threshold; ``subject_id``
    the unrated seat's session row (its rounds), unused for a player (the
    window's day rows are); ``later`` the rounds of the job's batch added
    after the crossing one (the window's rounds as it stood leave them out)."""
    rounds, capped = _rounds(db, judged, subject_id, later)
    table = db.get(GameTable, crossing.table_id)
    dealer = db.get(User, crossing.dealer_id)
    assert table is not None  # the round's foreign keys
    assert dealer is not None
    who = "an unrated seat"
    if crossing.player_id is not None:
        player = db.get(Player, crossing.player_id)
        assert player is not None  # the rating's foreign key
        who = f"player {player.club_number}"
    evidence = judged.evidence
    summary = (
        f"{who} at table {table.name!r}, seat {crossing.seat}, set hands as if seeing the dealer's cards "
        f"over {_window_text(judged, crossing)}: {figure_text(judged)}; an honest player reaches "
        f"{judged.threshold:,} at most 1 time in {judged.threshold:,}. Round {crossing.round_id}, dealt by "
        f"{dealer.name}, reached it"
        + (f"; the latest {MAX_ROUNDS} of its {evidence.rounds:,} rounds are named" if capped else "")
    )
    return Finding(
        kind=AlertKind.HIDDEN_INFORMATION,
        severity=Severity.CRITICAL,
        key=judged.key,
        summary=summary[:500],
        figure=figure_text(judged)[:80],
        threshold=f"{judged.threshold:,}",
        table_id=crossing.table_id,
        seat=crossing.seat,
        player_id=crossing.player_id,
        dealer_id=crossing.dealer_id,
        rounds=rounds,
    )


def figure_text(judged: Judged) -> str:
    """``evidence 23,456 over 312 rounds: 7 departures, 7 did better``."""
    evidence = judged.evidence
    return (
        f"evidence {_value_text(evidence.log_value)} over {evidence.rounds:,} rounds: "
        f"{evidence.departures:,} departures, {evidence.did_better:,} did better"
    )


def _value_text(natural_log: float) -> str:
    """The evidence whole below 10^15, else as a power of ten (a float
    cannot hold what a long run of departures makes)."""
    tens = natural_log / log(10)
    if tens < 15:
        return f"{round(10**tens):,}"
    return f"10^{tens:.1f}"


def _window_text(judged: Judged, crossing: Crossing) -> str:
    if judged.window == Window.DAY:
        return f"gaming day {judged.key.rsplit(':', 1)[1]}"
    if judged.window == Window.FROM:
        assert judged.start is not None
        return f"the 30 gaming days from {judged.start.isoformat()}"
    if crossing.session_id is None:
        return "the table's gaming day (no table session)"
    return f"table session {crossing.session_id}"


def _rounds(db: Db, judged: Judged, subject_id: int, later: tuple[int, ...]) -> tuple[tuple[int, ...], bool]:
    """The window's rounds but ``later``, oldest first, the latest
    ``MAX_ROUNDS``; and whether there were more."""
    if judged.window == Window.SEAT:
        where = HiddenBet.seat_session_id == subject_id
    else:
        where = HiddenBet.player_day_id.in_(judged.days)
    if later:
        where = where & HiddenBet.round_id.not_in(later)
    found = list(
        db.scalars(
            select(HiddenBet.round_id)
            .where(where)
            .distinct()
            .order_by(HiddenBet.round_id.desc())
            .limit(MAX_ROUNDS + 1)
        )
    )
    return tuple(reversed(found[:MAX_ROUNDS])), len(found) > MAX_ROUNDS
