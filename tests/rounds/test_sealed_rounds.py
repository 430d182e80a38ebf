"""Every verification compares each stored round with its sealed
``round_settled`` event: a round rewritten so that it agrees with itself
(a bet raised, re-settled by the engine, settlement, house net, seats and
request digest written together) is named by ``audit verify``, ``recall
--verify`` and ``recall --verify-all`` alike."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner
from sqlalchemy import func, select, update

from service.audit.chain import seal_batch
from service.cli import main
from service.store.models import AuditEvent, RoundRecord
from service.store.work import unit_of_work
from tests.support.app import databases
from tests.support.rounds_data import enter
from tests.support.tamper import drop_triggers, rewrite_round
from tests.support.verifying import cli_env

pytestmark = pytest.mark.store


def cli(settings, *arguments: str):
    return CliRunner().invoke(main, list(arguments), env=cli_env(settings))


def seal_all(app) -> None:
    with unit_of_work(databases(app)) as db:
        seal_batch(db, db.scalar(select(func.max(AuditEvent.id))), limit=10_000)


@pytest.fixture
def rewritten(app, client, as_role, table):
    """Three sealed rounds; the second rewritten consistently: seat 1's main
    bet 1000 -> 4000 (seat 1 loses, so the house wins 3000 more)."""
    games = [enter(client, as_role["dealer"], table, f"r{number}") for number in range(3)]
    seal_all(app)
    game = games[1]
    with databases(app)() as db:
        digest = db.get_one(RoundRecord, game["id"]).request_digest
    drop_triggers(app.extensions["breakpoker"]["engine"])
    house_net = rewrite_round(app.extensions["breakpoker"]["engine"], game["id"], seat=1, main=4000)
    assert house_net == game["house_net"] + 3000
    with databases(app)() as db:
        new_digest = db.get_one(RoundRecord, game["id"]).request_digest
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


@pytest.fixture
def unreadable_ref(app, client, as_role, table):
    """A sealed round whose stored reference was rewritten as text that is
    not JSON (the round's triggers dropped first)."""
    game = enter(client, as_role["dealer"], table, "ref")
    seal_all(app)
    engine = app.extensions["breakpoker"]["engine"]
    drop_triggers(engine)
    with unit_of_work(databases(app)) as db:
        db.execute(update(RoundRecord).where(RoundRecord.id == game["id"]).values(round_ref="not JSON {"))
    return game


def test_recall_verify_names_a_stored_reference_that_is_not_json(settings, unreadable_ref):
    """``audit verify`` names the round; so does ``recall --verify``, as a
    failed verification rather than a traceback."""
    game = unreadable_ref
    result = cli(settings, "recall", str(game["id"]), "--verify")
    assert result.exit_code == 1, result.output
    assert not isinstance(result.exception, ValueError), result.exception
    assert f"round {game['id']}: its stored round_ref is not JSON: 'not JSON {{'" in result.output
    assert f"MISMATCH: round {game['id']} does not re-settle to what was stored" in result.stdout
    assert '  round_ref: stored "not JSON {", re-settled "\\"ref\\""' in result.stdout
    document = json.loads(cli(settings, "recall", str(game["id"]), "--verify", "--json").stdout)
    assert document["round"] is None
    assert document["error"].startswith(f"round {game['id']}: its stored round_ref is not JSON")
    assert document["verify"]["equal"] is False
    assert {"field": "round_id", "stored": "not JSON {", "sealed": "ref"} in document["verify"]["mismatches"]
    # Without --verify there is nothing to show: a clear error, not a traceback.
    shown = cli(settings, "recall", str(game["id"]))
    assert shown.exit_code == 1
    assert f"round {game['id']}: its stored round_ref is not JSON" in shown.output
    audited = cli(settings, "audit", "verify")
    assert audited.exit_code == 1
    assert f"MISMATCH: round {game['id']} (table {game['table_id']})" in audited.stdout
