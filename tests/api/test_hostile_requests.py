"""Requests found by an adversarial review to break the API, each pinned."""

from __future__ import annotations

from contextlib import nullcontext

import pytest
from sqlalchemy import select

from service.accounts.auth import create_user
from service.errors import Invalid
from service.store.models import AuditEvent
from tests.support.app import PASSWORD, databases, edit, parallel
from tests.support.rounds_data import number_round_ids, round_body

pytestmark = pytest.mark.store


def test_a_number_too_long_to_parse_is_a_400(client, as_role, table):
    huge = "9" * 5000
    for url, role in (("/api/v1/auth/login", None), ("/api/v1/tables", "admin")):
        headers = {"Content-Type": "application/json", **(as_role[role] if role else {})}
        response = client.post(url, data=f'{{"name": "a", "password": {huge}}}', headers=headers)
        assert response.status_code == 400
        assert response.json["code"] == "invalid_json"


@pytest.mark.parametrize("number", ["2147483648", "99999999999999999999", "0", "007"])
def test_ids_the_database_cannot_hold_are_404(client, as_role, number):
    for url, field in ((f"/api/v1/tables/{number}", "table_id"), (f"/api/v1/rounds/{number}", "round_id")):
        response = client.get(url, headers=as_role["admin"])
        assert response.status_code == 404
        assert response.json["field"] == field  # named since the routing errors say which id


def test_a_huge_page_is_refused(client, as_role, table):
    response = client.get(
        f"/api/v1/tables/{table['id']}/rounds?page=4611686018427387904", headers=as_role["pit_boss"]
    )
    assert response.status_code == 422
    assert response.json["field"] == "page"


@pytest.mark.parametrize("query", ["form=2026-01-01", "page=1&page=2"])
def test_unknown_or_repeated_query_parameters_are_refused(client, as_role, table, query):
    response = client.get(f"/api/v1/tables/{table['id']}/rounds?{query}", headers=as_role["pit_boss"])
    assert response.status_code == 422
    assert response.json["field"] in ("form", "page")


def test_two_admins_saving_at_once_never_get_a_500(app, as_role, table):
    def send():
        client = app.test_client()
        return edit(
            client,
            f"/api/v1/tables/{table['id']}/config",
            json={"config": {"seats": 5}},
            headers=as_role["admin"],
        ).status_code

    # Each read version 1 first: one saves, the others are told of it (412),
    # or, reading at the very moment, lose the race at commit (409).
    statuses = parallel(6, send)
    assert set(statuses) <= {200, 409, 412}
    assert 200 in statuses


def test_the_same_table_created_at_once_never_gets_a_500(app, as_role):
    def send():
        return (
            app.test_client()
            .post("/api/v1/tables", json={"name": "SAME"}, headers=as_role["admin"])
            .status_code
        )

    statuses = parallel(6, send)
    assert sorted(statuses)[0] == 201
    assert set(statuses) <= {201, 409}
    assert statuses.count(201) == 1


def test_parallel_guessing_cannot_outrun_the_lockout(app):
    def send():
        client = app.test_client()
        return client.post("/api/v1/auth/login", json={"name": "dealer", "password": "guess"}).status_code

    assert set(parallel(12, send)) == {401}
    with databases(app)() as db:
        checked = [
            e.payload["reason"]
            for e in db.scalars(select(AuditEvent).where(AuditEvent.kind == "login_failed"))
        ]
    # The test settings lock after 3: only 3 guesses had their password checked.
    assert checked.count("password") == 3
    assert checked.count("locked") == 9


def test_a_locked_account_tells_only_the_right_password(client):
    for _ in range(3):
        client.post("/api/v1/auth/login", json={"name": "compliance", "password": "guess"})
    wrong = client.post("/api/v1/auth/login", json={"name": "compliance", "password": "guess"})
    assert wrong.status_code == 401
    assert wrong.json == client.post("/api/v1/auth/login", json={"name": "nobody", "password": "x"}).json
    right = client.post("/api/v1/auth/login", json={"name": "compliance", "password": PASSWORD})
    assert right.status_code == 403
    assert right.json["code"] == "account_locked"


@pytest.mark.parametrize("round_id", ["é" * 100, '"' * 100, "😀" * 25, 2**63 - 1])
def test_any_valid_round_id_is_stored_and_read_back(client, as_role, table, round_id):
    # A number: the largest a round stored when one was still taken holds.
    with number_round_ids() if isinstance(round_id, int) else nullcontext():
        response = client.post(
            f"/api/v1/tables/{table['id']}/rounds",
            json=round_body(round_id),
            headers={**as_role["dealer"], "Idempotency-Key": "k"},
        )
    assert response.status_code == 201, response.json
    assert (
        client.get(f"/api/v1/rounds/{response.json['id']}", headers=as_role["dealer"]).json["round_id"]
        == round_id
    )


@pytest.mark.parametrize("round_id", ["\ud800", "a\x00b", "   "])
def test_round_ids_no_store_takes_whole_are_refused(client, as_role, table, round_id):
    response = client.post(
        f"/api/v1/tables/{table['id']}/rounds",
        json=round_body(round_id),
        headers={**as_role["dealer"], "Idempotency-Key": "k"},
    )
    assert response.status_code == 422
    assert response.json["field"] == "round_id"


def test_a_nul_in_a_name_is_refused_not_sent_to_the_database(client, as_role):
    assert client.post("/api/v1/auth/login", json={"name": "a\x00b", "password": "x"}).status_code == 401
    response = client.post("/api/v1/tables", json={"name": "a\x00b"}, headers=as_role["admin"])
    assert response.status_code == 422
    assert response.json["field"] == "name"


def test_repeated_keys_are_refused_everywhere(client, as_role, table):
    response = edit(
        client,
        f"/api/v1/tables/{table['id']}/config",
        data='{"config": {"seats": 1, "seats": 6}}',
        headers={**as_role["admin"], "Content-Type": "application/json"},
    )
    assert response.status_code == 400
    assert "seats" in response.json["message"]


@pytest.mark.parametrize(
    ("method", "url", "body", "field"),
    [
        ("post", "/api/v1/tables", {"name": "x", "timezone": "localtime"}, "timezone"),
        ("put", "/api/v1/tables/1/config", {"config": {}}, "config"),
    ],
)
def test_small_validation_gaps_are_closed(client, as_role, table, method, url, body, field):
    if method == "put":  # as a client that read the configuration first
        response = edit(client, url, json=body, headers=as_role["admin"])
    else:
        response = client.post(url, json=body, headers=as_role["admin"])
    assert response.status_code == 422
    assert response.json["field"] == field


def test_table_names_differ_by_more_than_case(client, as_role, table):
    response = client.post("/api/v1/tables", json={"name": "bp-1"}, headers=as_role["admin"])
    assert response.status_code == 409


@pytest.mark.parametrize("field", ["name", "password"])
def test_a_lone_surrogate_at_login_is_a_wrong_login_not_a_500(app, client, field):
    """JSON can escape half of a surrogate pair, which no text encoding takes:
    argon2 (the password) and the rate limit's digest (the name) both
    failed on it."""
    body = {"name": "dealer", "password": PASSWORD, field: "x\ud800"}
    response = client.post("/api/v1/auth/login", json=body)
    assert response.status_code == 401
    assert response.json["code"] == "bad_credentials"
    with databases(app)() as db:
        reasons = [
            e.payload["reason"]
            for e in db.scalars(select(AuditEvent).where(AuditEvent.kind == "login_failed"))
        ]
    assert reasons == ["unknown user" if field == "name" else "password"]


def test_a_user_cannot_be_given_a_password_that_is_not_text(app):
    with databases(app)() as db, pytest.raises(Invalid, match="lone surrogate"):
        create_user(db, "newbie", "dealer", "long enough \ud800")


@pytest.mark.parametrize(
    ("config", "field"),
    [
        ({"": 1}, "config.''"),
        ({"a.b": 1}, "config.'a.b'"),
        ({"limits": {"": [1, 2]}}, "config.limits.''"),
        ({"break_bonus_pays": {" ": 1}}, "config.break_bonus_pays.' '"),
    ],
)
def test_a_config_key_that_is_no_name_is_quoted_in_the_error(client, as_role, table, config, field):
    response = edit(
        client, f"/api/v1/tables/{table['id']}/config", json={"config": config}, headers=as_role["admin"]
    )
    assert response.status_code == 422
    assert response.json["field"] == field
    assert response.json["message"].startswith(f"{field} is not")


def test_the_documented_error_shape_is_the_one_sent(client):
    """The OpenAPI document described flask-smorest's own error payload
    ({code: int, status: str, errors}), not this API's."""
    spec = client.get("/api/v1/openapi.json").json
    error = spec["components"]["schemas"]["Error"]
    assert error["required"] == ["code", "detail", "field", "message", "status", "title", "type"]
    assert {name: value["type"] for name, value in error["properties"].items()} == {
        "type": "string",
        "title": "string",
        "status": "integer",
        "detail": "string",
        "code": "string",
        "message": "string",
        "field": "string",
    }
    assert error["properties"]["field"]["nullable"] is True
    sent = client.get("/api/v1/tables").json
    assert set(sent) == set(error["properties"])


@pytest.mark.parametrize(
    ("method", "url", "body"),
    [
        ("get", "/api/v1/reports/dealers?table=999", None),
        (
            "post",
            "/api/v1/reports/variance-notes",
            {"table_id": 999, "period": "day", "day": "2026-12-01", "bet": "main", "note": "n"},
        ),
    ],
)
def test_an_unknown_table_in_a_query_or_a_body_is_a_documented_404(client, as_role, method, url, body):
    response = getattr(client, method)(url, json=body, headers=as_role["admin"])
    assert response.status_code == 404
    spec = client.get("/api/v1/openapi.json").json
    assert "404" in spec["paths"][url.split("?")[0]][method]["responses"]


@pytest.mark.parametrize(
    "path",
    [
        "/api/v1/tables/{table_id}/par-sheet",
        "/api/v1/tables/{table_id}/house-way",
        "/api/v1/ops/jobs",
        "/api/v1/healthz",
        "/api/v1/readyz",
    ],
)
def test_answers_that_had_no_documented_schema_have_one(client, path):
    spec = client.get("/api/v1/openapi.json").json
    operation = next(iter(op for method, op in spec["paths"][path].items() if method != "parameters"))
    assert operation["responses"]["200"]["content"]["application/json"]["schema"]["$ref"]
