"""The role matrix's fixtures, for this folder only: a record stored
behind each id an endpoint names (the suite's as_role signs in only the
roles a case uses)."""

from __future__ import annotations

import pytest
from sqlalchemy import select

from service.compliance.export_build import build_export
from service.protection.device_days import count_deck
from service.store.db import utc_now
from service.store.models import User
from service.store.work import unit_of_work
from tests.api.role_matrix.role_endpoints import HOUSE_WAY_CARDS, OTHER_DEALER
from tests.support import accounting as money
from tests.support.alerts import raise_one
from tests.support.app import databases, sign_in
from tests.support.decks import dealing, deck_body
from tests.support.players import add_player, identified, seat, step
from tests.support.rounds_data import SEATS, round_body
from tests.support.strategy import strategy_blocks


@pytest.fixture
def stored_round(client, as_role, table):
    response = client.post(
        f"/api/v1/tables/{table['id']}/rounds",
        json=round_body("seed"),
        headers={**as_role["dealer"], "Idempotency-Key": "seed"},
    )
    assert response.status_code == 201
    return response.json


@pytest.fixture
def stored_alert(app, table):
    """An open alert at the table."""
    return {"id": raise_one(app, "deck:matrix", table["id"])}


@pytest.fixture
def stored_device(app, posted_deck):
    """A shoe with a deck counted into its gaming day (as the job would)."""
    with unit_of_work(databases(app)) as db:
        count_deck(db, posted_deck["id"], utc_now())
    return {"id": posted_deck["device_id"]}


@pytest.fixture
def posted_deck(client, as_role, table):
    response = client.post(
        f"/api/v1/tables/{table['id']}/decks", json=deck_body(dealing()), headers=as_role["device"]
    )
    assert response.status_code == 201, response.json
    return response.json


@pytest.fixture
def stored_deck(posted_deck):
    """A deck the shoe read, its hands not exposed yet."""
    return posted_deck


@pytest.fixture
def strategy_built(settings):
    """The strategy table's blocks of the hands the calculator is asked about."""
    return strategy_blocks(settings.instance, [HOUSE_WAY_CARDS, *SEATS.values()])


@pytest.fixture
def stored_exception(client, as_role, table):
    """A void asked for by the second pit boss, so the first may decide it."""
    record = client.post(
        f"/api/v1/tables/{table['id']}/rounds",
        json=round_body("to-void", dealer=OTHER_DEALER),
        headers={**as_role["dealer"], "Idempotency-Key": "to-void"},
    ).json
    response = client.post(
        f"/api/v1/rounds/{record['id']}/void",
        json={"reason": "misdeal"},
        headers=sign_in(client, "pit_boss2"),
    )
    assert response.status_code == 201, response.json
    return response.json


@pytest.fixture
def stored_export(app, client, as_role, settings):
    response = client.post(
        "/api/v1/compliance/exports",
        json={"from": "2026-11-01", "to": "2026-11-01"},
        headers=as_role["admin"],
    )
    assert response.status_code == 202, response.json
    assert build_export(databases(app), response.json["id"], settings.instance)
    return response.json


@pytest.fixture
def stored_user(app):
    """A user the admin endpoints act on (not one the matrix signs in as)."""
    with databases(app)() as db:
        return {"id": db.scalar(select(User.id).where(User.name == "cage2"))}


@pytest.fixture
def stored_player(client, as_role):
    """A player, by club number (the matrix's id of a player)."""
    response = client.post(
        "/api/v1/players", json={"club_number": "C1", "name": "Ann Lee"}, headers=as_role["admin"]
    )
    assert response.status_code == 201, response.json
    return {"id": response.json["club_number"]}


@pytest.fixture
def stored_verification(client, as_role):
    response = client.post("/api/v1/compliance/audit/verifications", json={}, headers=as_role["admin"])
    assert response.status_code == 202, response.json
    return response.json


@pytest.fixture
def opened_session(client, table):
    return money.ok(money.open_table(client, table["id"]), 201)


@pytest.fixture
def signed_in_dealer(client, as_role, table, opened_session):
    """The dealer signed in at the table (the matrix's dealer signs out)."""
    signed = client.post(f"/api/v1/tables/{table['id']}/dealer-sessions", headers=as_role["dealer"])
    return money.ok(signed, 201)


@pytest.fixture
def stored_session(client, table, opened_session):
    """A closed session (its drop box waits for the count team)."""
    money.ok(money.close_table(client, table["id"]))
    return opened_session


@pytest.fixture
def requested_slip(client, table, opened_session):
    slip = money.ok(money.request_slip(client, table["id"]), 201)
    return {**slip, "id": slip["number"]}


@pytest.fixture
def identified_player(app, settings):
    """A player with an identification recorded, for compliance to read."""
    return identified(app, settings, "C100")


@pytest.fixture
def stored_slip(client, requested_slip):
    """An issued slip: the table may receive it."""
    money.ok(money.issue_slip(client, requested_slip["number"]))
    return requested_slip


@pytest.fixture
def rated_player(app):
    """A player to seat (put in the store directly), by database id."""
    return {"id": add_player(app, "C1001")}


@pytest.fixture
def stored_rating(client, table, rated_player):
    """An open rating at seat 1 (seated by the second dealer)."""
    response = seat(client, sign_in(client, "dealer2"), table["id"], "C1001", 1)
    assert response.status_code == 201, response.json
    return response.json


@pytest.fixture
def paused_rating(client, stored_rating):
    response = step(client, sign_in(client, "dealer2"), stored_rating["id"], "pauses")
    assert response.status_code == 201, response.json
    return response.json
