"""``breakpoker recall ROUND_ID --verify``: a seat's net, a settlement, the
cards as entered or a configuration version's rules edited in the database
is caught and named."""

from __future__ import annotations

import json

import pytest
from sqlalchemy import select, update

from service.rounds.resettle import Mismatch, resettle
from service.store.models import ConfigVersion, RoundRecord, SeatRecord
from tests.rounds import resettle_support
from tests.rounds.resettle_support import recall, tamper
from tests.support.app import databases

pytestmark = pytest.mark.store
# The shared fixtures these tests take by name.
stored = resettle_support.stored


def test_an_edited_seat_net_is_named(app, settings, stored):
    game = stored[1]
    net = game["seats"][1]["main"]["net"]
    tamper(
        app,
        update(SeatRecord)
        .where(SeatRecord.round_id == game["id"], SeatRecord.seat == 2)
        .values(main_net=net + 500),
    )
    with databases(app)() as db:
        assert resettle(db, db.get(RoundRecord, game["id"])) == [
            Mismatch("seats[2].main_net", net + 500, net)
        ]
    result = recall(settings, str(game["id"]), "--verify")
    assert result.exit_code == 1
    assert f"MISMATCH: round {game['id']} does not re-settle to what was stored (1 field(s) differ):" in (
        result.stdout
    )
    assert f"  seats[2].main_net: stored {net + 500}, re-settled {net}" in result.stdout


def test_an_edited_settlement_and_house_net_are_named(app, settings, stored):
    game = stored[0]
    with databases(app)() as db:
        settlement = db.get(RoundRecord, game["id"]).settlement
    settlement["house_net"] += 100
    settlement["seats"][2]["main"]["outcome"] = "win"
    tamper(
        app,
        update(RoundRecord)
        .where(RoundRecord.id == game["id"])
        .values(settlement=settlement, house_net=game["house_net"] + 100),
    )
    result = recall(settings, str(game["id"]), "--verify", "--json")
    assert result.exit_code == 1
    # Each figure by what it was compared with: its re-settlement, or the
    # house net its sealed round_settled event holds.
    mismatches = {
        (m["field"], "sealed" if "sealed" in m else "resettled"): m
        for m in json.loads(result.stdout)["verify"]["mismatches"]
    }
    assert set(mismatches) == {
        ("house_net", "resettled"),
        ("settlement.house_net", "resettled"),
        ("settlement.seats[2].main.outcome", "resettled"),
        ("house_net", "sealed"),
    }
    assert mismatches["house_net", "resettled"] == {
        "field": "house_net",
        "stored": game["house_net"] + 100,
        "resettled": game["house_net"],
    }
    assert mismatches["house_net", "sealed"] == {
        "field": "house_net",
        "stored": game["house_net"] + 100,
        "sealed": game["house_net"],
    }


def test_edited_cards_as_entered_are_caught(app, settings, stored):
    game = stored[2]
    with databases(app)() as db:
        entered = db.get(RoundRecord, game["id"]).entered
    entered["seats"][1]["bets"]["main"] = 5000
    tamper(app, update(RoundRecord).where(RoundRecord.id == game["id"]).values(entered=entered))
    with databases(app)() as db:
        fields = [m.field for m in resettle(db, db.get(RoundRecord, game["id"]))]
    assert fields[0] == "request_digest"  # the round as entered is not what was sent
    assert "seats[2].main_stake" in fields
    assert "house_net" in fields


def test_edited_rules_of_a_configuration_version_are_caught(app, settings, stored, table):
    with databases(app)() as db:
        version = db.scalar(
            select(ConfigVersion).where(ConfigVersion.table_id == table["id"], ConfigVersion.version == 2)
        )
        rules = {**version.rules, "foul_policy": "house_way"}
    tamper(app, update(ConfigVersion).where(ConfigVersion.id == version.id).values(rules=rules))
    result = recall(settings, str(stored[2]["id"]), "--verify")
    assert result.exit_code == 1
    assert "config.digest" in result.stdout
    # Reset by the house way, no longer forfeited:
    assert 'seats[1].low: stored ["Ah", "Kd"], re-settled ["Kd", "Td"]' in result.stdout
