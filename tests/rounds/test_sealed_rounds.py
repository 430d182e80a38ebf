"""Every verification compares each stored round with its sealed
``round_settled`` event: a round rewritten so that it agrees with itself
(a bet raised, re-settled by the engine, settlement, house net, seats and
request digest written together) is named by ``audit verify``, ``recall
--verify`` and ``recall --verify-all`` alike."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner
from sqlalchemy import func, select

from service.audit.chain import seal_batch
from service.cli import main
from service.store.db import unit_of_work
from service.store.models import AuditEvent, RoundRecord
from tests.support.app import sessions
from tests.support.rounds_data import enter
from tests.support.tamper import drop_triggers, rewrite_round
from tests.support.verifying import cli_env

pytestmark = pytest.mark.store


def cli(settings, *arguments: str):
    return CliRunner().invoke(main, list(arguments), env=cli_env(settings))


def seal_all(app) -> None:
    with unit_of_work(sessions(app)) as session:
        seal_batch(session, session.scalar(select(func.max(AuditEvent.id))), limit=10_000)


@pytest.fixture
def rewritten(app, client, as_role, table):
    """Three sealed rounds; the second rewritten consistently: seat 1's main
    bet 1000 -> 4000 (seat 1 loses, so the house wins 3000 more)."""
    games = [enter(client, as_role["dealer"], table, f"r{number}") for number in range(3)]
    seal_all(app)
    game = games[1]
    with sessions(app)() as session:
        digest = session.get_one(RoundRecord, game["id"]).request_digest
    drop_triggers(app.extensions["breakpoker"]["engine"])
    house_net = rewrite_round(app.extensions["breakpoker"]["engine"], game["id"], seat=1, main=4000)
    assert house_net == game["house_net"] + 3000
    with sessions(app)() as session:
        new_digest = session.get_one(RoundRecord, game["id"]).request_digest
    return {"game": game, "house_net": house_net, "digest": digest, "new_digest": new_digest}


def test_recall_verify_compares_the_round_with_its_sealed_event(settings, rewritten):
    game = rewritten["game"]
    result = cli(settings, "recall", str(game["id"]), "--verify")
    assert result.exit_code == 1, result.output
    assert f"MISMATCH: round {game['id']} does not re-settle to what was stored" in result.stdout
    assert f"  house_net: stored {rewritten['house_net']}, sealed {game['house_net']}" in result.stdout
    assert (
        f'  request_digest: stored "{rewritten["new_digest"]}", sealed "{rewritten["digest"]}"'
        in result.stdout
    )
    mismatches = json.loads(cli(settings, "recall", str(game["id"]), "--verify", "--json").stdout)["verify"][
        "mismatches"
    ]
    assert {"field": "house_net", "stored": rewritten["house_net"], "sealed": game["house_net"]} in mismatches
    # Nothing re-settles differently: the round agrees with itself.
    assert all("resettled" not in mismatch for mismatch in mismatches)


def test_recall_verify_all_names_the_rewritten_round(settings, rewritten):
    game = rewritten["game"]
    result = cli(settings, "recall", "--verify-all")
    assert result.exit_code == 1, result.output
    assert (
        f"MISMATCH round {game['id']} (table {game['table_id']}): house_net stored {rewritten['house_net']} "
        f"sealed {game['house_net']}" in result.stdout
    )
    assert "MISMATCH: 1 of 3 stored round(s)" in result.stdout


def test_audit_verify_names_the_rewritten_round(settings, rewritten):
    game = rewritten["game"]
    result = cli(settings, "audit", "verify")
    assert result.exit_code == 1, result.output
    assert "intact: " in result.stdout  # the chain itself is untouched
    assert (
        f"MISMATCH: round {game['id']} (table {game['table_id']}) differs from its sealed round_settled "
        f"event: house_net stored {rewritten['house_net']}, sealed {game['house_net']}" in result.stdout
    )
    assert "MISMATCH: 1 of 3 stored round(s) differ from their sealed round_settled events" in result.stdout
    report = json.loads(cli(settings, "audit", "verify", "--json").stdout)
    assert report["intact"] is False
    assert report["chain"]["intact"] is True
    (problem,) = report["rounds"]["problems"]
    assert (problem["id"], problem["table_id"]) == (game["id"], game["table_id"])
    fields = {mismatch["field"]: mismatch for mismatch in problem["mismatches"]}
    assert fields["house_net"] == {
        "field": "house_net",
        "stored": rewritten["house_net"],
        "sealed": game["house_net"],
    }
    assert fields["request_digest"]["sealed"] == rewritten["digest"]
    assert {"settlement.house_net", "seat_rows.house_net", "entered.digest"} <= set(fields)
