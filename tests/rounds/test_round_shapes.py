"""The typed values of a stored round are its columns, key for key: a seat
row and a round record as built are the tables' columns, a mismatch is
named by what it was compared with, and a sample round is the shape a
client sends."""

from __future__ import annotations

import random

from service.engine.round_json import round_from_json
from service.engine.settlement import settle_round
from service.engine.table_config import DEFAULT_CONFIG
from service.rounds.samples import EXAMPLE_ROUND, RoundInJson, SeatInJson, StakesInJson, random_round
from service.rounds.sealed import SEALED, Mismatch, RoundProblem, RoundsReport
from service.rounds.sealed_json import (
    ResettledMismatchJson,
    RoundProblemJson,
    RoundsReportJson,
    SealedMismatchJson,
)
from service.rounds.showing import SeatEnteredRow
from service.rounds.storing import RoundColumns, SeatRow, StoredSeatRow, seat_rows
from service.store.models import RoundRecord, SeatRecord
from tests.support.rounds_data import round_body


def columns(model) -> set[str]:
    return {column.name for column in model.__table__.columns}


def keys(typed) -> set[str]:
    return set(typed.__required_keys__) | set(typed.__optional_keys__)


def test_a_seat_row_is_the_seat_table_s_columns():
    body = round_body("s1")
    body["seats"][1]["setting"] = {"low": ["Kh", "Ks"], "high": ["8h", "8s", "Ac"]}
    round_ = round_from_json(body)
    rows = seat_rows(round_, settle_round(round_, DEFAULT_CONFIG))
    assert [set(row) for row in rows] == [keys(SeatRow)] * len(body["seats"])
    assert keys(StoredSeatRow) | {"id"} == columns(SeatRecord)
    own = rows[1]["setting_entered"]
    assert {hand: sorted(own[hand]) for hand in own} == {"low": ["Kh", "Ks"], "high": ["8h", "8s", "Ac"]}
    assert rows[0]["setting_entered"] == "house_way"
    # A seat row just stored carries every column a round's JSON shows.
    assert keys(SeatEnteredRow) <= keys(SeatRow)


def test_a_round_s_columns_are_the_round_table_s():
    assert keys(RoundColumns) | {"id"} == columns(RoundRecord)


def test_a_mismatch_is_named_by_what_it_was_compared_with():
    resettled = Mismatch("seats[1].main_net", 1000, -1000).to_json()
    sealed = Mismatch("house_net", 500, 600, SEALED).to_json()
    assert resettled == {"field": "seats[1].main_net", "stored": 1000, "resettled": -1000}
    assert sealed == {"field": "house_net", "stored": 500, "sealed": 600}
    assert set(resettled) == keys(ResettledMismatchJson)
    assert set(sealed) == keys(SealedMismatchJson)
    problem = RoundProblem(7, 1, (Mismatch("shift", 1, 2, SEALED),))
    report = RoundsReport(checked=3, differing=1, problems=(problem,), unchecked=0).to_json()
    assert set(report) == keys(RoundsReportJson)
    assert set(report["problems"][0]) == keys(RoundProblemJson)
    assert report["intact"] is False


def test_sample_rounds_are_what_a_client_sends():
    rng = random.Random(17)
    for sample in (EXAMPLE_ROUND, *(random_round(rng, f"t{n}", seats=rng.randint(1, 6)) for n in range(20))):
        assert set(sample) == keys(RoundInJson)
        for seat in sample["seats"]:
            assert set(seat) == keys(SeatInJson)
            assert set(seat["bets"]) == keys(StakesInJson)
            assert seat["setting"] == "house_way" or set(seat["setting"]) == {"low", "high"}
        assert settle_round(round_from_json(sample), DEFAULT_CONFIG).house_net is not None
