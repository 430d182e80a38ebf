"""A second signature through the API is its signer's own: a departed
dealer (deactivated) signs no tray, and an account still on the password
an admin chose (a new account, a reset) signs nothing until its owner has
set their own. Nothing is written when a signature is refused."""

from __future__ import annotations

import pytest
from sqlalchemy import func, select

from service.store.models import DropCount, TableSession
from tests.support.accounting import as_user, close_table, ok, open_table
from tests.support.app import databases, user_id

pytestmark = pytest.mark.store

CHOSEN = "chosen by the admin"
MINE = "my very own secret"


def rows(app, model):
    with databases(app)() as db:
        return db.scalar(select(func.count()).select_from(model))


def set_own_password(client, name, old):
    signed_in = client.post("/api/v1/auth/login", json={"name": name, "password": old})
    assert signed_in.status_code == 200, signed_in.json
    headers = {"Authorization": f"Bearer {signed_in.json['token']}"}
    body = {"old_password": old, "new_password": MINE}
    ok(client.post("/api/v1/auth/password", json=body, headers=headers))


def refused_at(response, code, field):
    assert response.status_code == 403, response.json
    assert (response.json["code"], response.json["field"]) == (code, field)


def test_a_deactivated_dealer_co_signs_no_opener(app, client, as_role, table):
    ok(client.post(f"/api/v1/users/{user_id(app, 'dealer')}/deactivate", headers=as_role["admin"]))
    refused_at(open_table(client, table["id"]), "account_deactivated", "cosigner.name")
    assert rows(app, TableSession) == 0
    ok(open_table(client, table["id"], dealer="dealer2"), 201)


def test_a_dealer_on_the_admins_password_co_signs_once_they_set_their_own(app, client, as_role, table):
    created = {"name": "newbie", "role": "dealer", "password": CHOSEN}
    ok(client.post("/api/v1/users", json=created, headers=as_role["admin"]), 201)
    body = {"lines": {"100": 10000}, "cosigner": {"name": "newbie", "password": CHOSEN}}
    url = f"/api/v1/tables/{table['id']}/sessions"
    refused = client.post(url, json=body, headers=as_user(client, "pit_boss"))
    refused_at(refused, "password_change_required", "cosigner.name")
    assert CHOSEN not in refused.json["message"]
    assert rows(app, TableSession) == 0
    set_own_password(client, "newbie", CHOSEN)
    body["cosigner"]["password"] = MINE
    assert (
        ok(client.post(url, json=body, headers=as_user(client, "pit_boss")), 201)["opener"]["dealer"]
        == "newbie"
    )


def test_a_counter_on_a_reset_password_co_signs_no_drop_count(app, client, as_role, table):
    opened = ok(open_table(client, table["id"]), 201)
    ok(close_table(client, table["id"]))
    reset = client.post(f"/api/v1/users/{user_id(app, 'count2')}/password-reset", headers=as_role["admin"])
    temporary = ok(reset)["temporary_password"]
    body = {"lines": {"2000": 200000}, "cosigners": [{"name": "count2", "password": temporary}]}
    url = f"/api/v1/sessions/{opened['id']}/drop-counts"
    refused = client.post(url, json=body, headers=as_user(client, "count"))
    refused_at(refused, "password_change_required", "cosigners.0.name")
    assert rows(app, DropCount) == 0
    set_own_password(client, "count2", temporary)
    body["cosigners"][0]["password"] = MINE
    assert ok(client.post(url, json=body, headers=as_user(client, "count")), 201)["counters"] == [
        "count",
        "count2",
    ]
