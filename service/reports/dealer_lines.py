"""A report's per-dealer lines: each dealer's rounds, seats, fouls, handle,
win and hold per bet, and the voids and corrections of the rounds the
dealer entered."""

from __future__ import annotations

from collections import Counter
from typing import Annotated, TypedDict

from sqlalchemy import select

from service.engine.table_config import BetType
from service.reports.aggregate_sums import Sums
from service.reports.hold import hold
from service.reports.periods import Period, Scope
from service.rounds.aggregates import BETS
from service.rounds.status import ExceptionKind
from service.store.db import Db
from service.store.models import ExceptionDecision, RoundException, RoundRecord, User

CHUNK = 500  # rounds looked up a query


def exception_counts(db: Db, scope: Scope, period: Period) -> Counter[tuple[int, str]]:
    """Voids and corrections of the period's rounds, by the dealer who
    entered the round: (dealer, "voids" | "corrections" | "pending_…").

    Read from the exceptions (a few) and their rounds looked up by id, the
    period's conditions applied here: joined in one query, a planner with
    no statistics (SQLite's) read every round of the period instead."""
    found = db.execute(
        select(RoundException.round_id, RoundException.kind, ExceptionDecision.approved).outerjoin(
            ExceptionDecision, ExceptionDecision.exception_id == RoundException.id
        )
    ).all()
    dealers = _dealers_in_period(db, scope, period, sorted({row.round_id for row in found}))
    counts: Counter[tuple[int, str]] = Counter()
    for round_id, kind, approved in found:
        dealer_id = dealers.get(round_id)
        if dealer_id is None:
            continue  # a round of another table or period
        plural = "voids" if kind == ExceptionKind.VOID else "corrections"
        if approved is None:
            counts[(dealer_id, f"pending_{plural}")] += 1
        elif approved:
            counts[(dealer_id, plural)] += 1
    return counts


def _dealers_in_period(db: Db, scope: Scope, period: Period, round_ids: list[int]) -> dict[int, int]:
    """Who entered each of these rounds that is of the scope and the period."""
    tables = set(scope.table_ids)
    columns = (RoundRecord.id, RoundRecord.table_id, RoundRecord.gaming_day, RoundRecord.shift)
    dealers: dict[int, int] = {}
    for start in range(0, len(round_ids), CHUNK):
        chunk = round_ids[start : start + CHUNK]
        rows = db.execute(select(*columns, RoundRecord.entered_by).where(RoundRecord.id.in_(chunk)))
        for round_id, table_id, day, shift, dealer_id in rows:
            in_shift = period.shift is None or shift == period.shift
            if table_id in tables and period.first_day <= day <= period.day and in_shift:
                dealers[round_id] = dealer_id
    return dealers


class DealerBetJson(TypedDict):
    bets: Annotated[int, "bets placed (stake > 0)"]
    handle: Annotated[int, "the stakes, minor units"]
    win: Annotated[int, "the house's win, minor units: + when the house is ahead"]
    hold: Annotated[float | None, "win / handle; null when the handle is 0"]


class DealerLineJson(TypedDict):
    """One dealer's figures, over the rounds the dealer entered."""

    dealer_id: Annotated[int, "the dealer's user id"]
    name: Annotated[str, "the dealer's name"]
    rounds: Annotated[int, "rounds the dealer entered"]
    seats: Annotated[int, "seats played in them"]
    fouls: Annotated[int, "fouled hands in them"]
    bets: dict[BetType, DealerBetJson]  # every bet
    handle: Annotated[int, "every bet's stakes, minor units"]
    win: Annotated[int, "the house's win on every bet, minor units"]
    voids: Annotated[int, "approved voids of the dealer's rounds"]
    corrections: Annotated[int, "approved corrections"]
    pending_voids: Annotated[int, "voids asked for, not decided yet"]
    pending_corrections: Annotated[int, "corrections asked for, not decided yet"]


def _dealer_bet(sums: Sums, bet: BetType) -> DealerBetJson:
    handle, win = sums.handle(bet), sums.win(bet)
    return {"bets": sums.counts[f"{bet}_bets"], "handle": handle, "win": win, "hold": hold(win, handle)}


def _dealer_line(
    dealer_id: int, name: str, sums: Sums, exceptions: Counter[tuple[int, str]]
) -> DealerLineJson:
    return {
        "dealer_id": dealer_id,
        "name": name,
        "rounds": sums.counts["rounds"],
        "seats": sums.counts["seats"],
        "fouls": sums.counts["fouls"],
        "bets": {bet: _dealer_bet(sums, bet) for bet in BetType},
        "handle": sum(sums.handle(bet) for bet in BETS),
        "win": sum(sums.win(bet) for bet in BETS),
        "voids": exceptions[(dealer_id, "voids")],
        "corrections": exceptions[(dealer_id, "corrections")],
        "pending_voids": exceptions[(dealer_id, "pending_voids")],
        "pending_corrections": exceptions[(dealer_id, "pending_corrections")],
    }


def dealer_lines(
    db: Db, by_key: dict[tuple[int, int], Sums], exceptions: Counter[tuple[int, str]]
) -> list[DealerLineJson]:
    """Every dealer with figures or exceptions in the period, by name."""
    per_dealer: dict[int, Sums] = {}
    for (_, dealer_id), sums in by_key.items():
        per_dealer.setdefault(dealer_id, Sums()).add(sums)
    ids = {dealer_id for dealer_id, sums in per_dealer.items() if not sums.empty()}
    ids |= {dealer_id for dealer_id, _ in exceptions}
    names = dict(db.execute(select(User.id, User.name).where(User.id.in_(sorted(ids)))).all())
    dealers = [
        _dealer_line(dealer_id, names[dealer_id], per_dealer.get(dealer_id, Sums()), exceptions)
        for dealer_id in ids
    ]
    return sorted(dealers, key=lambda dealer: (dealer["name"], dealer["dealer_id"]))
