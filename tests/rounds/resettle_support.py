"""What the re-settling tests share: rounds of every kind stored (the fixture
``stored``), ``breakpoker recall`` run, and a row edited past its trigger."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from service.cli import main
from service.store.work import unit_of_work
from tests.support.app import databases, edit, sign_in
from tests.support.rounds_data import correct, round_body
from tests.support.tamper import drop_triggers

FOUL = {"low": ["Ah", "Kd"], "high": ["8c", "6h", "4d"]}  # seat 1's A-K over 8-6-4


def enter(client, headers, table_id, round_id, body=None):
    response = client.post(
        f"/api/v1/tables/{table_id}/rounds",
        json=body or round_body(round_id),
        headers={**headers, "Idempotency-Key": f"key-{table_id}-{round_id}"},
    )
    assert response.status_code == 201, response.json
    return response.json


@pytest.fixture
def stored(client, as_role, table):
    """Rounds of every kind: the house way, own settings, a foul reset or
    forfeited, side bets off, two configuration versions, a correction."""
    dealer = as_role["dealer"]
    games = [enter(client, dealer, table["id"], "plain")]
    own = round_body("own")
    own["seats"][2]["setting"] = {"low": ["8d", "6s"], "high": ["Qc", "Kc", "Ad"]}
    own["seats"][0]["setting"] = FOUL
    own["seats"][1]["bets"] = {"main": 2500, "dealer_break_bonus": 0, "break_bonus": 0}
    games.append(enter(client, dealer, table["id"], "own", own))
    changed = edit(
        client,
        f"/api/v1/tables/{table['id']}/config",
        json={"config": {"foul_policy": "forfeit"}},
        headers=as_role["admin"],
    )
    assert changed.status_code == 200, changed.json
    forfeit = round_body("forfeit")
    forfeit["seats"][0]["setting"] = FOUL
    games.append(enter(client, dealer, table["id"], "forfeit", forfeit))
    corrected = round_body("plain")
    corrected["seats"][0]["bets"]["main"] = 3000
    boss2 = sign_in(client, "pit_boss2")
    games.append(correct(client, as_role["pit_boss"], boss2, games[0]["id"], corrected))
    return games


def recall(settings, *arguments: str):
    return CliRunner().invoke(main, ["recall", *arguments], env={"DATABASE_URL": settings.database})


def tamper(app, statement) -> None:
    drop_triggers(app.extensions["breakpoker"]["engine"])
    with unit_of_work(databases(app)) as db:
        db.execute(statement)
