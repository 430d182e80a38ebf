"""Rated rounds with their values stored, and a rating's figures computed
by hand from the stored rows (the test's own formulas, not
``service.players.rated``'s), for the figures job's and the slip's tests."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from sqlalchemy import select

from service.analysis.cache import store_par_sheet
from service.rounds.expected_values import expect_round
from service.rounds.status import counting
from service.store.models import RatedSeat, RoundRecord, SeatExpectedValue, SeatRecord
from service.store.work import unit_of_work
from tests.par_sheets import default_sheet
from tests.support.app import databases
from tests.support.rounds_data import SEATS
from tests.support.strategy import strategy_blocks

N = 53_524_680  # C(46,7)
HANDS = 154_143_080  # C(53,7)


def ready_for_values(settings: Any) -> None:
    """The default rules' par sheet and the sample seats' strategy blocks."""
    store_par_sheet(default_sheet(), settings.instance)
    strategy_blocks(settings.instance, SEATS.values())


def value(app: Any, settings: Any, *round_ids: int) -> None:
    """Store the rounds' expected values as the worker's job does."""
    for round_id in round_ids:
        with unit_of_work(databases(app)) as db:
            expect_round(db, round_id, settings.instance)


@dataclass(frozen=True)
class ByHand:
    """A rating's figures from the rows, exact fractions in minor units."""

    rounds: int
    pending: int
    handle: tuple[int, int, int]
    actual: int
    theoretical: Fraction
    decisions: Fraction
    player_cards: Fraction
    dealer_cards: Fraction
    dealer_variance: Fraction


def by_hand(app: Any, rating_id: int) -> ByHand:
    sheet = default_sheet()
    edges = (sheet.main.house_edge, sheet.dealer_break_bonus.house_edge, sheet.break_bonus.house_edge)
    with unit_of_work(databases(app)) as db:
        rows = db.execute(
            select(SeatRecord, SeatExpectedValue)
            .join(RatedSeat, RatedSeat.seat_id == SeatRecord.id)
            .join(RoundRecord, RoundRecord.id == SeatRecord.round_id)
            .outerjoin(SeatExpectedValue, SeatExpectedValue.seat_id == SeatRecord.id)
            .where(RatedSeat.rating_id == rating_id, counting())
        ).all()
        rounds = pending = actual = 0
        handle = [0, 0, 0]
        theoretical = decisions = dealer = variance = Fraction(0)
        for seat, stored in rows:
            if stored is None:
                pending += 1
                continue
            rounds += 1
            stakes = (seat.main_stake, seat.dealer_break_bonus_stake, seat.break_bonus_stake)
            nets = (seat.main_net, seat.dealer_break_bonus_net, seat.break_bonus_net)
            handle = [total + stake for total, stake in zip(handle, stakes, strict=True)]
            actual -= sum(nets)
            theoretical += sum(stake * edge for stake, edge in zip(stakes, edges, strict=True))
            decisions += Fraction(stakes[0] * (stored.main_house_way - stored.main_played), N)
            played = (stored.main_played, stored.dealer_break_bonus, stored.break_bonus)
            dealer += sum(
                -net + Fraction(stake * ev, N) for stake, net, ev in zip(stakes, nets, played, strict=True)
            )
            m, d = stored.main_played, stored.dealer_break_bonus
            variance += stakes[0] ** 2 * (Fraction(stored.main_played_square, N) - Fraction(m, N) ** 2)
            variance += stakes[1] ** 2 * (Fraction(stored.dealer_break_bonus_square, N) - Fraction(d, N) ** 2)
            product = Fraction(stored.main_dealer_break_bonus, N) - Fraction(m * d, N * N)
            variance += 2 * stakes[0] * stakes[1] * product
    player = actual - theoretical - decisions - dealer
    return ByHand(rounds, pending, tuple(handle), actual, theoretical, decisions, player, dealer, variance)  # type: ignore[arg-type]
