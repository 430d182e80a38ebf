"""``breakpoker recall ROUND_ID --verify`` and ``--verify-all``: every stored
round re-settles to what was stored; recall shows a round, as JSON too;
``--verify-all`` names each mismatching round and sums up; bad usage."""

from __future__ import annotations

import json

import pytest
from sqlalchemy import func, select, update

from service.rounds.resettle import resettle, stored_rounds
from service.store.models import RoundRecord, SeatRecord
from tests.rounds import resettle_support
from tests.rounds.resettle_support import enter, recall, tamper
from tests.support.app import databases

pytestmark = pytest.mark.store
# The shared fixtures these tests take by name.
stored = resettle_support.stored


def test_every_stored_round_re_settles_to_what_was_stored(app, settings, stored):
    with databases(app)() as db:
        checked = [(record.id, resettle(db, record)) for record in stored_rounds(db)]
        assert db.scalar(select(RoundRecord.revision).where(RoundRecord.id == stored[-1]["id"])) == 1
    assert checked == [(game["id"], []) for game in stored]
    result = recall(settings, "--verify-all")
    assert result.exit_code == 0, result.output
    assert f"verified: all {len(stored)} stored round(s) re-settle to what was stored" in result.stdout


def test_recall_shows_the_round_and_verifies_it(settings, stored):
    game = stored[1]
    result = recall(settings, str(game["id"]), "--verify")
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert (
        lines[0]
        == f'round {game["id"]}: round_id "own" at table BP-1 (id {game["table_id"]}), revision 0, settled'
    )
    assert f"config version 1; entered by dealer at {game['entered_at']}" in lines[1]
    assert lines[2].startswith("  dealer  Qs Qh As 9d 7c 4h 2s  set ")
    seat1 = lines[3]
    assert "seat 1  Ah Kd Td 8c 6h 4d 2c  entered Ah Kd / 8c 6h 4d" in seat1
    assert "FOULED" in seat1
    assert "main 2500 " in lines[6]
    assert lines[-2] == f"  house net {game['house_net']:+d}"
    assert lines[-1] == "verified: re-settled under config version 1, equal to what was stored"


def test_recall_json(settings, stored):
    result = recall(settings, str(stored[2]["id"]), "--verify", "--json")
    assert result.exit_code == 0, result.output
    shown = json.loads(result.stdout)
    assert shown["verify"] == {"equal": True, "mismatches": [], "unchecked": []}
    assert shown["round"]["config_version"] == 2
    assert shown["round"]["seats"][0]["main"]["outcome"] == "lose"  # the foul forfeits under version 2


def test_recall_without_verify_only_shows(settings, stored):
    result = recall(settings, str(stored[0]["id"]))
    assert result.exit_code == 0
    assert "superseded" in result.stdout.splitlines()[0]
    assert "verified" not in result.stdout


def test_verify_all_names_each_mismatching_round_and_sums_up(app, client, as_role, settings, stored):
    other = client.post("/api/v1/tables", json={"name": "BP-2"}, headers=as_role["admin"]).json
    enter(client, as_role["dealer"], other["id"], "elsewhere")
    game = stored[1]
    tamper(
        app, update(SeatRecord).where(SeatRecord.round_id == game["id"], SeatRecord.seat == 3).values(rule=99)
    )
    with databases(app)() as db:
        total = db.scalar(select(func.count()).select_from(RoundRecord))
    result = recall(settings, "--verify-all")
    assert result.exit_code == 1
    assert f"MISMATCH round {game['id']} (table {game['table_id']}): seats[3].rule stored 99" in result.stdout
    assert f"MISMATCH: 1 of {total} stored round(s) do not re-settle to what was stored" in result.stdout
    assert "re-settling" in result.stderr  # the progress bar
    clean = recall(settings, "--verify-all", "--table", str(other["id"]))
    assert clean.exit_code == 0, clean.output
    assert f"verified: all 1 stored round(s) of table {other['id']} re-settle" in clean.stdout
    summary = json.loads(recall(settings, "--verify-all", "--json").stdout)
    assert (summary["checked"], summary["mismatched"]) == (total, 1)
    rule = game["seats"][2]["house_way"]["rule"]
    assert summary["rounds"] == [
        {
            "id": game["id"],
            "table_id": game["table_id"],
            "mismatches": [{"field": "seats[3].rule", "stored": 99, "resettled": rule}],
        }
    ]


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        ([], "name a ROUND_ID, or give --verify-all"),
        (["1", "--verify-all"], "name a ROUND_ID, or give --verify-all"),
        (["1", "--table", "1"], "--table goes with --verify-all"),
    ],
)
def test_recall_usage(settings, arguments, message):
    result = recall(settings, *arguments)
    assert result.exit_code == 2
    assert message in result.output


def test_an_unknown_round(settings):
    result = recall(settings, "999", "--verify")
    assert result.exit_code == 1
    assert "no stored round with id 999" in result.output
