"""Results beyond luck in the store tests: the job's work called as the
worker calls it (the card spread beside the strategy table:
:mod:`tests.support.card_spread`), and the luck of seats computed from the
stored rows by the rule book's definitions (tests/support/section14.py,
apart from ``service.players.rated``)."""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction
from typing import Any

from sqlalchemy import select

from service.protection.luck_alerts import check_windows
from service.protection.luck_sums import luck_round
from service.store.db import utc_now
from service.store.models import Alert, SeatRecord
from service.store.work import unit_of_work
from tests.par_sheets import default_sheet
from tests.support import section14 as rule
from tests.support.app import databases
from tests.support.rated_day_report import stored_rows


def run_job(app: Any, settings: Any, round_id: int) -> tuple[bool, int]:
    """The luck job's work for one round, as the worker runs it: whether
    the round's luck changed its sums, and how many alerts it raised."""
    with unit_of_work(databases(app)) as db:
        changed = luck_round(db, round_id, settings.instance, utc_now())
        raised = 0 if changed is None else check_windows(db, changed, utc_now())
    return changed is not None, raised


def seats_of(
    app: Any, round_ids: Iterable[int], numbers: Iterable[int] | None = None
) -> list[tuple[int, int]]:
    """(round, seat) of the rounds' seats (only these seat numbers)."""
    wanted = None if numbers is None else set(numbers)
    with databases(app)() as db:
        found = db.execute(
            select(SeatRecord.round_id, SeatRecord.seat).where(SeatRecord.round_id.in_(list(round_ids)))
        ).all()
    return sorted((r, s) for r, s in found if wanted is None or s in wanted)


def by_rule(app: Any, seats: Iterable[tuple[int, int]], spread: rule.Spread) -> tuple[Fraction, Fraction]:
    """The seats' luck (the dealer's-cards and player's-cards parts) and
    its variance, minor units, by the rule book."""
    sheet = default_sheet()
    edges = (sheet.main.house_edge, sheet.dealer_break_bonus.house_edge, sheet.break_bonus.house_edge)
    exact = rule.total(stored_rows(app, seats), edges, spread)
    return exact.player_cards + exact.dealer_cards, exact.player_variance + exact.dealer_variance


def bounded_by_rule(app: Any, round_ids: Iterable[int], spread: rule.Spread) -> tuple[Fraction, Fraction]:
    """The rounds' luck and the bound of its variance the service keeps for
    a table or a dealer: a round's seats' variances summed, times their
    number (they share the dealer's hand), added over the rounds."""
    luck = variance = Fraction(0)
    for round_id in round_ids:
        seats = seats_of(app, [round_id])
        one_luck, one_variance = by_rule(app, seats, spread)
        luck, variance = luck + one_luck, variance + len(seats) * one_variance
    return luck, variance


def z_of(luck: Fraction, variance: Fraction) -> float:
    return float(luck) / float(variance) ** 0.5


def luck_alerts(app: Any) -> dict[str, Alert]:
    """The results-beyond-luck alerts by natural key."""
    with databases(app)() as db:
        found = {
            row.natural_key: row
            for row in db.scalars(select(Alert).where(Alert.kind == "results_beyond_luck"))
        }
        for row in found.values():
            db.expunge(row)
    return found
