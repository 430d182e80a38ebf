"""The derived totals the reports read (``shift_aggregates``, and which
rounds they hold: ``aggregated_rounds``) are recounted from the stored
rounds by every verification, and each total that differs is named."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner
from sqlalchemy import delete, func, select, update

from service.audit.chain import seal_batch
from service.cli import main
from service.rounds.aggregates import COUNTERS, aggregate_round, count_round
from service.store.db import utc_now
from service.store.models import AggregatedRound, AuditEvent, RoundRecord, ShiftAggregate, ShiftExpectedValues
from service.store.work import unit_of_work
from tests.support.app import databases, sign_in
from tests.support.background import check_aggregates
from tests.support.rounds_data import enter, round_body, void_approved
from tests.support.verifying import cli_env

pytestmark = pytest.mark.store
LOW_DEALER = ["Qd", "Jh", "9s", "7c", "6d", "4h", "2s"]  # no pair, no straight: does not qualify
LUCKY_SEAT = ["5s", "5h", "6c", "7h", "8h", "Ks", "2h"]  # 5-5 / 6-7-8: a Lucky Break
FOUL = {"low": ["Ah", "Kd"], "high": ["8c", "6h", "4d"]}  # seat 1's A-K over 8-6-4


def verify(settings, *options: str):
    return CliRunner().invoke(main, ["audit", "verify", *options], env=cli_env(settings))


def count_and_seal(app) -> None:
    """What the metrics and audit jobs do, in this process."""
    with unit_of_work(databases(app)) as db:
        for round_id in db.scalars(select(RoundRecord.id)):
            aggregate_round(db, round_id)
    with unit_of_work(databases(app)) as db:
        seal_batch(db, db.scalar(select(func.max(AuditEvent.id))), limit=10_000)


@pytest.fixture
def counted(app, client, as_role, table):
    """Rounds that move every counter: a foul, a player's Lucky Break, side
    bets, a dealer who does not qualify; one voided and taken out again."""
    dealer = as_role["dealer"]
    first = round_body("t1")
    first["seats"][0]["setting"] = FOUL
    first["seats"][1]["cards"] = LUCKY_SEAT
    games = [
        enter(client, dealer, table, "t1", seats=first["seats"]),
        enter(client, dealer, table, "t2", dealer=LOW_DEALER),
        enter(client, dealer, table, "t3"),
    ]
    count_and_seal(app)
    void_approved(client, as_role["pit_boss"], sign_in(client, "pit_boss2"), games[2]["id"])
    count_and_seal(app)
    with databases(app)() as db:
        check_aggregates(db)
        row = db.scalars(select(ShiftAggregate)).one()
        assert row.rounds == 2
        assert (row.fouls, row.player_lucky_breaks, row.dealer_non_qualifications) == (1, 1, 1)
    return {"games": games, "row": row}


def test_the_totals_agree_with_a_recount_of_the_rounds(settings, counted):
    result = verify(settings)
    assert result.exit_code == 0, result.output
    # The shift's aggregate and its expected win's totals.
    assert "totals: 2 shift total(s) agree with a recount of the rounds" in result.stdout
    totals = json.loads(verify(settings, "--json").stdout)["totals"]
    assert totals == {
        "intact": True,
        "checked": 2,
        "differing": 0,
        "differences": [],
        "taken_out_counting": [],
        "session_figures": {"intact": True, "checked": 0, "differing": 0, "differences": []},
    }


def test_a_lowered_main_net_moves_the_hold_and_is_named(app, client, as_role, settings, table, counted):
    row = counted["row"]
    url = f"/api/v1/reports/tables/{table['id']}?period=day&day={row.gaming_day.isoformat()}"
    before = client.get(url, headers=as_role["pit_boss"]).json["bets"]["main"]["win"]
    with unit_of_work(databases(app)) as db:  # no trigger guards the derived totals
        db.execute(update(ShiftAggregate).values(main_house_net=ShiftAggregate.main_house_net - 500))
    assert client.get(url, headers=as_role["pit_boss"]).json["bets"]["main"]["win"] == before - 500

    result = verify(settings)
    assert result.exit_code == 1, result.output
    assert (
        f"MISMATCH: the shift totals of table BP-1 (id {table['id']}), gaming day "
        f"{row.gaming_day.isoformat()}, shift {row.shift}, dealer dealer (id {row.dealer_id}), config "
        f"version 1: main_house_net stored {row.main_house_net - 500}, recounted {row.main_house_net}"
    ) in result.stdout
    assert "MISMATCH: 1 of 2 shift total(s) differ from a recount of the rounds" in result.stdout
    report = json.loads(verify(settings, "--json").stdout)
    assert report["intact"] is False
    assert report["totals"]["differences"] == [
        {
            "table_id": table["id"],
            "table": "BP-1",
            "gaming_day": row.gaming_day.isoformat(),
            "shift": row.shift,
            "dealer_id": row.dealer_id,
            "dealer": "dealer",
            "config_version": 1,
            "column": "main_house_net",
            "stored": row.main_house_net - 500,
            "recounted": row.main_house_net,
        }
    ]


def test_every_counter_is_recounted(app, settings, counted):
    # Each counter moved by its own amount, all in one verification (a
    # verification a counter took two seconds): each must be named alone,
    # with its own figures.
    moved = {column: number for number, column in enumerate(COUNTERS, 1)}
    with unit_of_work(databases(app)) as db:
        db.execute(
            update(ShiftAggregate).values(
                {column: getattr(ShiftAggregate, column) + by for column, by in moved.items()}
            )
        )
    report = json.loads(verify(settings, "--json").stdout)
    differences = {difference["column"]: difference for difference in report["totals"]["differences"]}
    assert sorted(differences) == sorted(COUNTERS)
    assert len(report["totals"]["differences"]) == len(COUNTERS)
    for column, by in moved.items():
        assert differences[column]["stored"] == getattr(counted["row"], column) + by, column
        assert differences[column]["recounted"] == getattr(counted["row"], column), column


def test_a_deleted_marker_is_named(app, settings, counted):
    """The totals still hold the round, but nothing says they do (the
    sweep would count it again)."""
    game = counted["games"][0]
    with unit_of_work(databases(app)) as db:
        db.execute(delete(AggregatedRound).where(AggregatedRound.round_id == game["id"]))
    result = verify(settings)
    assert result.exit_code == 1
    assert "rounds stored 2, recounted 1" in result.stdout


def test_a_counting_round_taken_out_of_the_totals_is_named(app, settings, counted):
    """A round marked as taken out, with its figures taken off the totals:
    the totals agree with the markers, but the round still counts."""
    game = counted["games"][0]
    with unit_of_work(databases(app)) as db:
        db.get_one(AggregatedRound, game["id"]).removed_at = utc_now()
        # What the metrics job does when a void takes a round out.
        count_round(db, db.get_one(RoundRecord, game["id"]), -1)
    result = verify(settings)
    assert result.exit_code == 1, result.output
    assert (
        f"MISMATCH: round {game['id']} counts (no approved void or correction) but was taken out of "
        "the totals" in result.stdout
    )
    report = json.loads(verify(settings, "--json").stdout)
    assert report["totals"]["taken_out_counting"] == [game["id"]]


@pytest.mark.parametrize("column", ["records", "taken_out_seats", "main_player_value", "main_squares"])
def test_the_expected_win_s_totals_are_recounted(app, settings, counted, column):
    """Three records (one voided), none valued: a total changed by hand is
    named with its table's name, version 0 (they are kept per dealer)."""
    with unit_of_work(databases(app)) as db:
        row = db.scalars(select(ShiftExpectedValues)).one()
        stored = getattr(row, column)
        changed = getattr(ShiftExpectedValues, column) + 7
        db.execute(update(ShiftExpectedValues).values({column: changed}))
    report = json.loads(verify(settings, "--json").stdout)
    assert report["totals"]["differing"] == 1
    (difference,) = report["totals"]["differences"]
    assert (difference["column"], difference["config_version"]) == (f"shift_expected_values.{column}", 0)
    assert (difference["stored"], difference["recounted"]) == (stored + 7, stored)
