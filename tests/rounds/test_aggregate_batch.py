"""Counting many rounds in one transaction gives exactly the totals of
counting them one by one: added, voided, corrected, counted again."""

from __future__ import annotations

from typing import Any

import pytest
from sqlalchemy import select

from service.rounds import aggregates
from service.rounds.aggregates import TOTALS, aggregate_round, aggregate_rounds, out_of_step
from service.store.models import AggregatedRound, RoundRecord, ShiftAggregate
from service.store.work import unit_of_work
from tests.support.app import databases, sign_in
from tests.support.background import check_aggregates
from tests.support.rounds_data import correct, enter, round_body, void_approved
from tests.support.writer_turn import holds_turn, turn_held_at

pytestmark = pytest.mark.store


def _state(db: Any) -> tuple[dict[Any, tuple[Any, ...]], dict[int, bool]]:
    """Every totals row by its key, and every marker (taken out or not)."""
    rows = {
        (row.table_id, row.gaming_day, row.shift, row.dealer_id, row.config_id): tuple(
            getattr(row, column) for column in TOTALS
        )
        for row in db.scalars(select(ShiftAggregate))
    }
    markers = {
        marker.round_id: marker.removed_at is not None for marker in db.scalars(select(AggregatedRound))
    }
    return rows, markers


def _both_ways(app: Any) -> tuple[Any, Any, int]:
    """The state after counting every out-of-step round one by one (rolled
    back) and after counting them as one batch (kept), and the batch's count."""
    with databases(app)() as db:
        ids = list(db.scalars(select(RoundRecord.id).where(out_of_step())))
    db = databases(app)()
    try:
        for round_id in ids + ids:  # a repeated job changes nothing
            aggregate_round(db, round_id)
        db.flush()
        one_by_one = _state(db)
    finally:
        db.rollback()
        db.close()
    with unit_of_work(databases(app)) as db:
        changed = aggregate_rounds(db, ids + ids[:2])
        assert aggregate_rounds(db, ids) == 0  # counted already
    with databases(app)() as db:
        check_aggregates(db)
        return one_by_one, _state(db), changed


def test_a_batch_counts_exactly_what_one_by_one_counts(app, client, as_role, table):
    admin, dealer, boss = as_role["admin"], as_role["dealer"], as_role["pit_boss"]
    other = client.post("/api/v1/tables", json={"name": "BP-2"}, headers=admin).json
    ids = []
    for number in range(6):
        seats = round_body()["seats"]
        for seat in seats:
            seat["bets"] = {
                "main": 500 * (number + 1),
                "dealer_break_bonus": 100 * number,
                "break_bonus": 100,
            }
        ids.append(enter(client, dealer, table if number % 2 else other, f"b{number}", seats=seats)["id"])
    one_by_one, batch, changed = _both_ways(app)
    assert batch == one_by_one
    assert changed == 6
    assert len(batch[0]) == 2

    # Taken out by a void and a correction (whose new record counts), and
    # a new round: all three paths in one batch.
    boss2 = sign_in(client, "pit_boss2")
    void_approved(client, boss, boss2, ids[0])
    corrected = round_body("b1")
    corrected["seats"][0]["bets"]["main"] = 4000
    correct(client, boss, boss2, ids[1], corrected)
    enter(client, dealer, table, "b6")
    one_by_one, batch, changed = _both_ways(app)
    assert batch == one_by_one
    assert changed == 4  # two taken out, the correction's record and the new round
    assert sum(batch[1].values()) == 2  # two markers taken out


def test_a_batch_naming_a_missing_round_counts_nothing(app, client, as_role, table):
    found = enter(client, as_role["dealer"], table, "m1")["id"]
    with pytest.raises(LookupError, match="no round with id 999999"), unit_of_work(databases(app)) as db:
        aggregate_rounds(db, [found, 999_999])
    with databases(app)() as db:
        assert _state(db) == ({}, {})
    with unit_of_work(databases(app)) as db:
        assert aggregate_rounds(db, []) == 0


def test_a_batch_reads_its_rounds_and_seats_before_it_takes_the_writers_turn(
    app, client, as_role, table, monkeypatch
):
    """Stored rounds never change, so counting reads them before SQLite's
    writer's turn: the API's rounds wait for that turn only while the
    markers and totals are read and written."""
    ids = [enter(client, as_role["dealer"], table, f"t{number}")["id"] for number in range(3)]
    with unit_of_work(databases(app)) as db:
        turn_held = turn_held_at(monkeypatch, aggregates, "_seats", db)
        assert aggregate_rounds(db, ids) == 3
        assert holds_turn(db)  # the writes took it
    assert turn_held == [False]
