"""A report's per-dealer lines: each dealer's rounds, seats, fouls, handle,
win and hold per bet, and the voids and corrections of the rounds the
dealer entered."""

from __future__ import annotations

from collections import Counter
from typing import Any

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from service.reports.aggregate_sums import Sums, in_period
from service.reports.hold import hold
from service.reports.periods import Period, Scope
from service.rounds.aggregates import BETS
from service.rounds.status import ExceptionKind
from service.store.models import ExceptionDecision, RoundException, RoundRecord, User


def exception_counts(session: Session, scope: Scope, period: Period) -> Counter[tuple[int, str]]:
    """Voids and corrections of the period's rounds, by the dealer who
    entered the round: (dealer, "voids" | "corrections" | "pending_…")."""
    query = (
        select(RoundRecord.entered_by, RoundException.kind, ExceptionDecision.approved, func.count())
        .select_from(RoundException)
        .join(RoundRecord, RoundRecord.id == RoundException.round_id)
        .outerjoin(ExceptionDecision, ExceptionDecision.exception_id == RoundException.id)
        .where(RoundRecord.table_id.in_(scope.table_ids))
        .group_by(RoundRecord.entered_by, RoundException.kind, ExceptionDecision.approved)
    )
    query = in_period(query, RoundRecord.gaming_day, RoundRecord.shift, period)
    counts: Counter[tuple[int, str]] = Counter()
    for dealer_id, kind, approved, number in session.execute(query):
        plural = "voids" if kind == ExceptionKind.VOID else "corrections"
        if approved is None:
            counts[(dealer_id, f"pending_{plural}")] += number
        elif approved:
            counts[(dealer_id, plural)] += number
    return counts


EXCEPTION_FIGURES = ("voids", "corrections", "pending_voids", "pending_corrections")


def dealer_lines(
    session: Session, by_key: dict[tuple[int, int], Sums], exceptions: Counter[tuple[int, str]]
) -> list[dict[str, Any]]:
    per_dealer: dict[int, Sums] = {}
    for (_, dealer_id), sums in by_key.items():
        per_dealer.setdefault(dealer_id, Sums()).add(sums)
    ids = {dealer_id for dealer_id, sums in per_dealer.items() if not sums.empty()}
    ids |= {dealer_id for dealer_id, _ in exceptions}
    names = dict(session.execute(select(User.id, User.name).where(User.id.in_(sorted(ids)))).all())
    dealers = []
    for dealer_id in ids:
        sums = per_dealer.get(dealer_id, Sums())
        dealers.append(
            {
                "dealer_id": dealer_id,
                "name": names[dealer_id],
                "rounds": sums.counts["rounds"],
                "seats": sums.counts["seats"],
                "fouls": sums.counts["fouls"],
                "bets": {
                    bet: {
                        "bets": sums.counts[f"{bet}_bets"],
                        "handle": sums.handle(bet),
                        "win": sums.win(bet),
                        "hold": hold(sums.win(bet), sums.handle(bet)),
                    }
                    for bet in BETS
                },
                "handle": sum(sums.handle(bet) for bet in BETS),
                "win": sum(sums.win(bet) for bet in BETS),
                **{figure: exceptions[(dealer_id, figure)] for figure in EXCEPTION_FIGURES},
            }
        )
    return sorted(dealers, key=lambda dealer: (dealer["name"], dealer["dealer_id"]))
