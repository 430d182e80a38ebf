"""Users for admins (/users) and one's own password (/auth/password,
/auth/me): the contract the /admin page is built on."""

from __future__ import annotations

import pytest
from sqlalchemy import select

from service.store.models import AuditEvent
from tests.support.app import PASSWORD, databases, sign_in, user_id

pytestmark = pytest.mark.store

USERS = "/api/v1/users"


def events(app, kind):
    with databases(app)() as db:
        return db.scalars(select(AuditEvent).where(AuditEvent.kind == kind).order_by(AuditEvent.id)).all()


def login(client, name, password):
    return client.post("/api/v1/auth/login", json={"name": name, "password": password})


def bearer(response):
    assert response.status_code == 200, response.json
    return {"Authorization": f"Bearer {response.json['token']}"}


def test_an_admin_lists_users_by_name_in_the_contract_shape(client, as_role):
    response = client.get(USERS, headers=as_role["admin"])
    assert response.status_code == 200
    names = [user["name"] for user in response.json]
    assert names == sorted(names)
    admin = next(user for user in response.json if user["name"] == "admin")
    assert set(admin) == {
        "id",
        "name",
        "role",
        "active",
        "must_change_password",
        "created_at",
        "last_sign_in_at",
        "password_changed_at",
    }
    assert admin["active"] is True
    assert admin["must_change_password"] is False
    assert admin["last_sign_in_at"] is not None  # as_role signed in
    assert next(user for user in response.json if user["name"] == "count2")["last_sign_in_at"] is None


def test_a_created_user_sets_their_own_password_first(app, client, as_role):
    body = {"name": "newbie", "role": "dealer", "password": "chosen by the admin"}
    created = client.post(USERS, json=body, headers=as_role["admin"])
    assert created.status_code == 201, created.json
    assert created.json["must_change_password"] is True
    (event,) = [event for event in events(app, "user_created") if event.payload["name"] == "newbie"]
    assert event.actor_id == user_id(app, "admin")

    signed_in = login(client, "newbie", "chosen by the admin")
    assert signed_in.json["must_change_password"] is True
    headers = bearer(signed_in)
    gated = client.get("/api/v1/tables", headers=headers)
    assert gated.status_code == 403
    assert gated.json["code"] == "password_change_required"
    assert client.get("/api/v1/auth/me", headers=headers).json["must_change_password"] is True

    new = {"old_password": "chosen by the admin", "new_password": "my very own secret"}
    changed = client.post("/api/v1/auth/password", json=new, headers=headers)
    assert changed.status_code == 200, changed.json
    assert changed.json["must_change_password"] is False
    assert client.get("/api/v1/tables", headers=headers).status_code == 200  # the same token
    (event,) = events(app, "password_changed")
    assert event.payload == {"name": "newbie", "tokens_revoked": 0}
    assert event.actor_id == changed.json["id"]
    assert login(client, "newbie", "my very own secret").json["must_change_password"] is False


def test_a_device_is_created_without_a_change_to_make(client, as_role):
    body = {"name": "shoe-9", "role": "device", "password": "the shoe's own secret"}
    assert client.post(USERS, json=body, headers=as_role["admin"]).json["must_change_password"] is False


def test_creating_refuses_the_policy_and_a_taken_name(client, as_role):
    cases = [
        ({"name": "ana", "role": "dealer", "password": "too short"}, 422, "password_too_short", "password"),
        (
            {"name": "anabelle", "role": "dealer", "password": "ANABELLE at work"},
            422,
            "password_has_name",
            "password",
        ),
        (
            {"name": "ana", "role": "dealer", "password": "Qwerty123456"},
            422,
            "password_too_common",
            "password",
        ),
        ({"name": "ana", "role": "boss", "password": "long enough here"}, 422, "invalid_field", "role"),
        ({"name": "dealer", "role": "dealer", "password": "long enough here"}, 409, "user_exists", "name"),
    ]
    for body, status, code, field in cases:
        response = client.post(USERS, json=body, headers=as_role["admin"])
        assert (response.status_code, response.json["code"], response.json["field"]) == (status, code, field)
        assert field in response.json["message"]


def test_a_role_change_answers_the_user_and_names_the_admin(app, client, as_role):
    target = user_id(app, "dealer2")
    response = client.put(f"{USERS}/{target}/role", json={"role": "pit_boss"}, headers=as_role["admin"])
    assert response.status_code == 200
    assert response.json["role"] == "pit_boss"
    (event,) = events(app, "role_changed")
    assert event.payload == {"name": "dealer2", "before": "dealer", "after": "pit_boss"}
    assert event.actor_id == user_id(app, "admin")
    missing = client.put(f"{USERS}/999999/role", json={"role": "dealer"}, headers=as_role["admin"])
    assert missing.status_code == 404


def test_a_deactivated_user_is_refused_at_once_and_cannot_sign_in(app, client, as_role):
    as_role["dealer"]  # a second token of the dealer's, revoked too
    dealer = sign_in(client, "dealer")
    assert client.get("/api/v1/tables", headers=dealer).status_code == 200
    target = user_id(app, "dealer")
    response = client.post(f"{USERS}/{target}/deactivate", headers=as_role["admin"])
    assert response.status_code == 200
    assert response.json["active"] is False

    refused = client.get("/api/v1/tables", headers=dealer)
    assert (refused.status_code, refused.json["code"]) == (401, "account_deactivated")
    right = login(client, "dealer", PASSWORD)
    assert (right.status_code, right.json["code"]) == (403, "account_deactivated")
    # A wrong password learns nothing: as for a locked account.
    wrong = login(client, "dealer", "not the password")
    assert (wrong.status_code, wrong.json["code"]) == (401, "bad_credentials")
    (event,) = events(app, "user_deactivated")
    assert event.payload == {"name": "dealer", "role": "dealer", "tokens_revoked": 2}  # as_role's too
    assert event.actor_id == user_id(app, "admin")

    back = client.post(f"{USERS}/{target}/reactivate", headers=as_role["admin"])
    assert back.json["active"] is True
    assert client.get("/api/v1/tables", headers=dealer).status_code == 401  # old tokens stay revoked
    assert client.get("/api/v1/tables", headers=sign_in(client, "dealer")).status_code == 200
    assert [event.payload for event in events(app, "user_reactivated")] == [
        {"name": "dealer", "role": "dealer"}
    ]


def test_nobody_deactivates_themselves_nor_demotes_the_last_admin(app, client, as_role):
    own = client.post(f"{USERS}/{user_id(app, 'admin')}/deactivate", headers=as_role["admin"])
    assert (own.status_code, own.json["code"]) == (409, "own_account")
    assert (
        client.post(f"{USERS}/{user_id(app, 'admin2')}/deactivate", headers=as_role["admin"]).status_code
        == 200
    )
    # A deactivated admin is no admin left: admin is the last active one.
    last = client.put(
        f"{USERS}/{user_id(app, 'admin')}/role", json={"role": "dealer"}, headers=as_role["admin"]
    )
    assert (last.status_code, last.json["code"]) == (409, "last_admin")
    again = client.post(f"{USERS}/{user_id(app, 'admin2')}/deactivate", headers=as_role["admin"])
    assert again.status_code == 200  # already deactivated: unchanged, no second event
    assert len(events(app, "user_deactivated")) == 1


def test_a_reset_password_is_shown_once_and_replaced_at_sign_in(app, client, as_role):
    as_role["pit_boss"]  # a second token of the pit boss's, revoked too
    held = sign_in(client, "pit_boss")
    target = user_id(app, "pit_boss")
    reset = client.post(f"{USERS}/{target}/password-reset", headers=as_role["admin"])
    assert reset.status_code == 200
    temporary = reset.json["temporary_password"]
    assert len(temporary) >= 12
    assert reset.json["user"]["must_change_password"] is True
    assert client.get("/api/v1/tables", headers=held).status_code == 401  # signed out everywhere
    assert login(client, "pit_boss", PASSWORD).status_code == 401
    (event,) = events(app, "password_reset")
    assert event.payload == {"name": "pit_boss", "tokens_revoked": 2}  # as_role's too
    assert temporary not in str(event.payload)
    assert event.actor_id == user_id(app, "admin")

    headers = bearer(login(client, "pit_boss", temporary))
    assert client.get("/api/v1/exceptions", headers=headers).json["code"] == "password_change_required"
    change = {"old_password": temporary, "new_password": temporary}
    same = client.post("/api/v1/auth/password", json=change, headers=headers)
    assert (same.status_code, same.json["code"], same.json["field"]) == (
        422,
        "password_unchanged",
        "new_password",
    )
    change["new_password"] = "a pit boss passphrase"
    assert client.post("/api/v1/auth/password", json=change, headers=headers).status_code == 200
    assert client.get("/api/v1/exceptions", headers=headers).status_code == 200
    assert client.post("/api/v1/auth/logout", headers=headers).status_code == 204


def test_changing_ones_password_signs_out_the_other_tokens(client):
    first, second = sign_in(client, "compliance"), sign_in(client, "compliance")
    body = {"old_password": PASSWORD, "new_password": "its own, now, at last"}
    assert client.post("/api/v1/auth/password", json=body, headers=first).status_code == 200
    assert client.get("/api/v1/auth/me", headers=first).json["name"] == "compliance"
    assert client.get("/api/v1/auth/me", headers=second).status_code == 401


def test_a_wrong_old_password_counts_towards_the_lock(app, client):
    headers = sign_in(client, "cage")
    body = {"old_password": "a guess at it", "new_password": "the cage's new one"}
    for _ in range(3):  # the test settings lock after 3
        wrong = client.post("/api/v1/auth/password", json=body, headers=headers)
        assert (wrong.status_code, wrong.json["code"], wrong.json["field"]) == (
            422,
            "wrong_password",
            "old_password",
        )
    body["old_password"] = PASSWORD
    locked = client.post("/api/v1/auth/password", json=body, headers=headers)
    assert (locked.status_code, locked.json["code"]) == (403, "account_locked")
    failed = [event.payload["reason"] for event in events(app, "login_failed")]
    assert failed == ["old password"] * 3


def test_the_policy_refuses_at_new_password(client):
    headers = sign_in(client, "count")
    for new, code in [
        ("short", "password_too_short"),
        ("my COUNT password", "password_has_name"),
        ("1q2w3e4r5t6y", "password_too_common"),
        ("q1w2 e3r4 t5y6", "password_too_common"),
    ]:
        body = {"old_password": PASSWORD, "new_password": new}
        response = client.post("/api/v1/auth/password", json=body, headers=headers)
        assert (response.status_code, response.json["code"], response.json["field"]) == (
            422,
            code,
            "new_password",
        )
        assert "new_password" in response.json["message"]
    assert client.get("/api/v1/auth/me", headers=headers).json["must_change_password"] is False


def test_the_openapi_document_describes_the_user_and_the_gate(client):
    spec = client.get("/api/v1/openapi.json").json
    user = spec["components"]["schemas"]["User"]
    assert all(field.get("description") for field in user["properties"].values())
    assert (
        "password_change_required"
        in spec["paths"]["/api/v1/tables"]["get"]["responses"]["403"]["description"]
    )
    me = spec["paths"]["/api/v1/auth/me"]["get"]["responses"]
    assert "403" not in me  # open to every role, and before a password change
    assert "token_idle" in me["401"]["description"]
    assert "account_deactivated" in me["401"]["description"]
