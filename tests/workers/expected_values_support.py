"""What the expected value job's tests share: a fouled round, the instance
folder (the fixture ``instance``), the job run, the rows stored, and the
values checked against the hand calculator's advice."""

from __future__ import annotations

from fractions import Fraction

import pytest
from sqlalchemy import select

from service.analysis.hand_advice import advise
from service.analysis.main_bet import DEALER_HANDS
from service.engine.cards import parse_cards
from service.engine.setting import Setting
from service.rounds.expected_values import expect_round
from service.rounds.seat_values import sd
from service.store.models import RoundExpectedValue, RoundRecord, SeatExpectedValue
from service.store.work import unit_of_work
from service.tables.tables import config_of
from tests.support.app import databases
from tests.support.rounds_data import SEATS, round_body
from tests.support.strategy import strategy_blocks

KINGS_LOW = {"low": ["Kh", "Ks"], "high": ["8h", "8s", "Ac"]}  # seat 2 fouls: K-K above 8-8-A


def fouled_body(round_id):
    body = round_body(round_id)
    body["seats"][1]["setting"] = KINGS_LOW
    return body


@pytest.fixture
def instance(app):
    instance = app.extensions["breakpoker"]["settings"].instance
    strategy_blocks(instance, SEATS.values())
    return instance


def run(app, round_id, instance):
    with unit_of_work(databases(app)) as db:
        return expect_round(db, round_id, instance)


def rows(app, model):
    with databases(app)() as db:
        return [
            {column.name: getattr(row, column.name) for column in model.__table__.columns}
            for row in db.scalars(select(model).order_by(*model.__table__.primary_key.columns))
        ]


def numerator(value: Fraction) -> int:
    assert (value * DEALER_HANDS).denominator == 1
    return int(value * DEALER_HANDS)


def check_against_advise(app, round_id, instance):
    """Every seat's stored values are the calculator's, under the round's
    own configuration; the round's sums are the seats' stake-weighted."""
    with databases(app)() as db:
        record = db.get(RoundRecord, round_id)
        config = config_of(record.config)
        stored = {
            row.seat: row
            for row in db.scalars(select(SeatExpectedValue).where(SeatExpectedValue.round_id == round_id))
        }
        assert sorted(stored) == [seat.seat for seat in record.seats]
        total = db.get(RoundExpectedValue, round_id)
        main_value = 0
        main_sd = 0.0
        for seat in record.seats:
            advice = advise(parse_cards(seat.cards), config, instance)
            entered = seat.setting_entered
            setting = (
                advice.house_way.setting
                if entered == "house_way"
                else Setting(parse_cards(entered["low"]), parse_cards(entered["high"]))
            )
            row = stored[seat.seat]
            assert row.main_played == numerator(advice.main_value_played(setting, config.foul_policy))
            assert row.main_best == numerator(advice.best.expected_value)
            assert row.main_house_way == numerator(advice.house_way.expected_value)
            assert row.dealer_break_bonus == numerator(advice.dealer_break_bonus)
            assert row.break_bonus == numerator(advice.break_bonus)
            assert (row.qualifier, row.foul_policy) == (
                config.dealer_qualifier.text,
                config.foul_policy.value,
            )
            assert row.config_id == record.config_id
            main_value += seat.main_stake * row.main_played
            main_sd += seat.main_stake * sd(row.main_played, row.main_played_square)
        assert total.main_player_value == main_value
        assert total.main_sd_sum == pytest.approx(main_sd)
        assert total.seats == len(record.seats)
        return stored
