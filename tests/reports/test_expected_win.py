"""A report's expected win from the hands dealt, against a computation by
hand from the calculator on a few rounds: exact expected win per bet, the
band (Cauchy–Schwarz per round, rounds independent), what the players'
settings cost per dealer and per table, a void and a correction counted as
the reports' ``counting`` rule says, and the seats still without values."""

from __future__ import annotations

import math
from collections import defaultdict
from fractions import Fraction

import pytest
from sqlalchemy import select

from service.analysis.cache import store_par_sheet
from service.analysis.hand_advice import StrategyTableMissing, advise
from service.engine.cards import parse_cards
from service.engine.setting import Setting
from service.engine.settlement import DEALER_BREAK_BONUS_BOTH_PAYS, DEALER_BREAK_BONUS_PAYS
from service.engine.table_config import BetType
from service.reports.expected_win import BAND_Z, _bet, _Sums
from service.reports.periods import floor_scope, table_scope
from service.reports.table_reports import report
from service.rounds.aggregates import aggregate_round
from service.rounds.expected_values import expect_round
from service.rounds.status import counting
from service.store.models import RoundRecord
from service.store.work import unit_of_work
from service.tables.tables import config_of
from tests.par_sheets import default_sheet
from tests.support.app import databases, sign_in
from tests.support.rounds_data import SEATS, correct, enter, round_body, void_approved
from tests.support.strategy import block_number, strategy_blocks

pytestmark = pytest.mark.store

FOULED = {"low": ["Kh", "Ks"], "high": ["8h", "8s", "Ac"]}
#: a hand whose strategy block the test leaves unbuilt
UNBUILT = ["2h", "3d", "5c", "7s", "9h", "Jd", "Kc"]


def body(round_id, main=(1000, 1000, 1000), dbb=500, bb=100, fouled=False):
    entered = round_body(round_id)
    for seat, stake in zip(entered["seats"], main, strict=True):
        seat["bets"] = {"main": stake, "dealer_break_bonus": dbb, "break_bonus": bb}
    if fouled:
        entered["seats"][1]["setting"] = FOULED
    return entered


def post(client, headers, table, entered):
    response = client.post(
        f"/api/v1/tables/{table['id']}/rounds",
        json=entered,
        headers={**headers, "Idempotency-Key": entered["round_id"]},
    )
    assert response.status_code == 201, response.json
    return response.json


@pytest.fixture
def played(app, client, table):
    """Four rounds by two dealers, one voided, one corrected, all valued; a
    fifth whose hand has no block; the par sheet cached."""
    instance = app.extensions["breakpoker"]["settings"].instance
    store_par_sheet(default_sheet(), instance)
    strategy_blocks(instance, SEATS.values())
    assert block_number(UNBUILT) not in {block_number(hand) for hand in SEATS.values()}
    dealer, dealer2 = sign_in(client, "dealer"), sign_in(client, "dealer2")
    boss, boss2 = sign_in(client, "pit_boss"), sign_in(client, "pit_boss2")
    first = post(client, dealer, table, body("r1", (1000, 2500, 500)))
    second = post(client, dealer2, table, body("r2", (2000, 1000, 3000), dbb=0, fouled=True))
    voided = enter(client, dealer, table, "r3")
    void_approved(client, boss, boss2, voided["id"])
    fixed = enter(client, dealer2, table, "r4")
    corrected = correct(client, boss, boss2, fixed["id"], body("r4", (5000, 500, 500), bb=0))
    waiting = round_body("r5")
    waiting["seats"] = [{**waiting["seats"][0], "cards": UNBUILT}]
    unvalued = enter(client, dealer, table, "r5", seats=waiting["seats"])
    ids = [first["id"], second["id"], voided["id"], fixed["id"], corrected["id"], unvalued["id"]]
    with unit_of_work(databases(app)) as db:
        for round_id in ids:
            aggregate_round(db, round_id)
            try:
                expect_round(db, round_id, instance)
            except StrategyTableMissing:
                assert round_id == unvalued["id"]
    return instance


def by_hand(app, instance):
    """Per bet the exact expected win and per-round Σ stake × sd, per dealer
    the settings' cost and handle, straight from the calculator."""
    expected = defaultdict(Fraction)
    round_sds = defaultdict(list)
    cost = defaultdict(lambda: [Fraction(0), Fraction(0), 0, 0])
    with databases(app)() as db:
        for record in db.scalars(select(RoundRecord).where(counting()).order_by(RoundRecord.id)):
            config = config_of(record.config)
            try:
                advices = [advise(parse_cards(seat.cards), config, instance) for seat in record.seats]
            except StrategyTableMissing:
                continue
            sds = defaultdict(float)
            for seat, advice in zip(record.seats, advices, strict=True):
                entered = seat.setting_entered
                setting = (
                    advice.house_way.setting
                    if entered == "house_way"
                    else Setting(parse_cards(entered["low"]), parse_cards(entered["high"]))
                )
                value = advice.main_value_played(setting, config.foul_policy)
                entry = advice.value_of(setting) or advice.house_way  # the default policy resets a foul
                square = Fraction(entry.won + entry.lost, entry.won + entry.lost + entry.pushed)
                expected[BetType.MAIN] -= seat.main_stake * value
                expected[BetType.DEALER_BREAK_BONUS] -= (
                    seat.dealer_break_bonus_stake * advice.dealer_break_bonus
                )
                expected[BetType.BREAK_BONUS] -= seat.break_bonus_stake * advice.break_bonus
                sds[BetType.MAIN] += seat.main_stake * math.sqrt(square - value**2)
                # The Dealer Break Bonus: pays p with probability q, else loses.
                lucky = advice.house_way.setting.is_lucky_break
                pays = DEALER_BREAK_BONUS_BOTH_PAYS if lucky else DEALER_BREAK_BONUS_PAYS
                q = (advice.dealer_break_bonus + 1) / (pays + 1)
                spread = math.sqrt(q * pays**2 + (1 - q) - advice.dealer_break_bonus**2)
                sds[BetType.DEALER_BREAK_BONUS] += seat.dealer_break_bonus_stake * spread
                line = cost[record.entered_by]
                line[0] += seat.main_stake * (advice.best.expected_value - value)
                line[1] += seat.main_stake * (advice.house_way.expected_value - value)
                line[2] += seat.main_stake
                line[3] += 1
            for bet in BetType:
                round_sds[bet].append(sds[bet])
    return expected, round_sds, cost


def test_the_report_adds_the_expected_win_as_computed_by_hand(app, client, table, played):
    expected, round_sds, cost = by_hand(app, played)
    with databases(app)() as db:
        got = report(db, played, table_scope(db, table["id"]), "day", None, None)
        floor = report(db, played, floor_scope(db), "day", None, None)
    win = got["expected_win"]
    assert floor["expected_win"]["bets"] == win["bets"]
    assert (win["rounds_with_values"], win["rounds_without_values"]) == (3, 1)  # r1, r2, r4's correction
    assert (win["seats_with_values"], win["seats_without_values"]) == (9, 1)
    for bet in BetType:
        line = win["bets"][bet]
        assert Fraction(line["expected_win_exact"]) == expected[bet]
        assert line["expected_win"] == math.floor(expected[bet] + Fraction(1, 2))
        bound = math.sqrt(sum(each**2 for each in round_sds[bet]))
        assert line["sd_bound"] == pytest.approx(bound, rel=1e-9)
        centre = float(expected[bet])
        assert line["band"] == {
            "low": math.ceil(centre - 2 * bound),
            "high": math.floor(centre + 2 * bound),
        }
        assert line["par_sheet_sd"] == got["bets"][bet]["theoretical_win_sd"]
    assert win["bets"][BetType.BREAK_BONUS]["sd_bound"] == 0  # known from the cards
    main = win["bets"][BetType.MAIN]
    assert main["narrower"] == ("hands_dealt" if main["sd_bound"] <= main["par_sheet_sd"] else "par_sheet")
    names = {line["name"]: line for line in win["dealers"]}
    assert sorted(names) == ["dealer", "dealer2"]
    for line in win["dealers"]:
        best, house, handle, seats = cost[line["dealer_id"]]
        assert Fraction(line["against_best_exact"]) == best >= 0
        assert Fraction(line["against_house_way_exact"]) == house
        assert line["against_best_rate"] == pytest.approx(float(best / handle))
        assert (line["main_handle"], line["seats_with_values"]) == (handle, seats)
    assert names["dealer"]["seats_without_values"] == 1
    assert names["dealer2"]["seats_without_values"] == 0
    # The foul at r2 (house way policy: reset) costs nothing against the house way.
    (table_line,) = win["tables"]
    assert Fraction(table_line["against_best_exact"]) == sum(line[0] for line in cost.values())


def test_the_band_is_the_bound_summed_over_independent_rounds():
    """Two rounds whose seats' Σ stake × sd are 300 and 400: the variance is
    at most 300² + 400², so the band is expected ± 2 × 500."""
    sums = _Sums()
    sums.values["main_player_value"] = -7 * 53_524_680  # the players expect to lose 7 units
    sums.squares[BetType.MAIN] = 300.0**2 + 400.0**2
    line = _bet(sums, BetType.MAIN, par_sheet_sd=600.0)
    assert (line["expected_win"], line["expected_win_exact"], line["sd_bound"]) == (7, "7/1", 500.0)
    assert line["band"] == {"low": 7 - 1000, "high": 7 + 1000}
    assert BAND_Z == 2
    assert line["narrower"] == "hands_dealt"
    assert _bet(sums, BetType.MAIN, par_sheet_sd=None)["narrower"] is None
    assert _bet(sums, BetType.MAIN, par_sheet_sd=499.0)["narrower"] == "par_sheet"
