"""Every role against every endpoint: a dealer only enters rounds, only an
admin changes configuration, compliance only reads. And every endpoint
without a token, with a malformed one, an expired one and a tampered one:
401, never 403 and never an answer."""

from __future__ import annotations

import hashlib
import re
from datetime import timedelta

import pytest
from sqlalchemy import select, update

from service.compliance.export_build import build_export
from service.store.db import unit_of_work, utc_now
from service.store.models import Token, User
from tests.support import accounting as money
from tests.support.app import PASSWORD, ROLES, edit, sessions, sign_in
from tests.support.decks import dealing, deck_body, shuffled
from tests.support.rounds_data import SEATS, round_body
from tests.support.strategy import strategy_blocks

ANY = frozenset(ROLES) - {"device"}  # a device (a shoe's credential) only posts decks
READERS = frozenset({"pit_boss", "compliance", "admin"})
COMPLIANCE = frozenset({"compliance", "admin"})
HOUSE_WAY_CARDS = ["JK", "Kd", "Qs", "7c", "7h", "4d", "2c"]
OTHER_DEALER = ["Qs", "Qh", "As", "9d", "7c", "4h", "3s"]

# method, path, body, roles allowed
ENDPOINTS = [
    ("POST", "/auth/logout", None, ANY | {"device"}),
    ("GET", "/tables", None, ANY),
    ("GET", "/currencies", None, ANY),
    ("POST", "/tables", lambda role: {"name": f"new-{role}"}, {"admin"}),
    ("GET", "/tables/{table}", None, ANY),
    ("PUT", "/tables/{table}/config", {"config": {"seats": 5}}, {"admin"}),
    ("PUT", "/tables/{table}/schedule", {"shift_starts": ["06:00", "18:00"]}, {"admin"}),
    ("POST", "/tables/{table}/config/preview", {"config": {"seats": 5}}, {"admin"}),
    ("GET", "/tables/{table}/config", None, ANY),
    ("GET", "/tables/{table}/configs", None, READERS),
    ("GET", "/tables/{table}/schedule", None, ANY),
    ("GET", "/tables/{table}/par-sheet", None, ANY),
    ("POST", "/tables/{table}/house-way", {"cards": HOUSE_WAY_CARDS}, ANY),
    ("POST", "/tables/{table}/hand-analysis", {"cards": HOUSE_WAY_CARDS}, ANY),
    ("POST", "/tables/{table}/rounds", lambda role: round_body(f"round-{role}"), {"dealer", "pit_boss"}),
    ("POST", "/tables/{table}/rounds/preview", lambda role: round_body(f"p-{role}"), {"dealer", "pit_boss"}),
    ("GET", "/tables/{table}/rounds", None, {"pit_boss", "compliance", "admin"}),
    ("GET", "/rounds/{round}", None, ANY),
    ("GET", "/rounds/{round}/hand-values", None, READERS),
    ("GET", "/tables/{table}/recall", None, READERS),
    ("POST", "/rounds/{round}/void", {"reason": "misdeal"}, {"pit_boss"}),
    (
        "POST",
        "/rounds/{round}/corrections",
        {"reason": "wrong bet keyed", "round": round_body("seed", dealer=OTHER_DEALER)},
        {"pit_boss"},
    ),
    ("GET", "/exceptions", None, READERS),
    ("GET", "/exceptions/{exception}", None, READERS),
    ("POST", "/exceptions/{exception}/approve", {"note": "seen it"}, {"pit_boss"}),
    ("POST", "/exceptions/{exception}/reject", {"note": "not a misdeal"}, {"pit_boss"}),
    ("POST", "/compliance/exports", {"from": "2026-11-01", "to": "2026-11-02"}, COMPLIANCE),
    ("GET", "/compliance/exports", None, COMPLIANCE),
    ("GET", "/compliance/exports/{export}", None, COMPLIANCE),
    ("GET", "/compliance/exports/{export}/download", None, COMPLIANCE),
    ("POST", "/compliance/audit/verifications", {"to": 5}, COMPLIANCE),
    ("GET", "/compliance/audit/verifications", None, COMPLIANCE),
    ("GET", "/compliance/audit/verifications/{verification}", None, COMPLIANCE),
    ("GET", "/ops/jobs", None, {"admin"}),
    ("GET", "/reports/tables/{table}", None, READERS),
    ("GET", "/reports/floor", None, READERS),
    ("GET", "/reports/dealers", None, READERS),
    (
        "POST",
        "/reports/variance-notes",
        {"period": "day", "day": "2026-12-01", "bet": "main", "note": "looked into"},
        {"pit_boss", "admin"},
    ),
]
ENDPOINTS += [
    ("GET", "/tables/{table}/sessions", None, READERS | {"dealer"}),
    # The other signer of a tray count: a dealer beside a pit boss.
    (
        "POST",
        "/tables/{table}/sessions",
        lambda role: {
            "lines": money.TRAY,
            "cosigner": money.signature("pit_boss" if role == "dealer" else "dealer"),
        },
        {"dealer", "pit_boss"},
    ),
    (
        "POST",
        "/tables/{table}/sessions/close",
        lambda role: {
            "lines": money.TRAY,
            "cosigner": money.signature("pit_boss" if role == "dealer" else "dealer"),
        },
        {"dealer", "pit_boss"},
    ),
    ("GET", "/sessions/{session}", None, READERS),
    ("POST", "/sessions/{session}/notes", {"note": "counted again: fine"}, {"pit_boss"}),
    ("GET", "/checks", None, READERS),
    ("POST", "/tables/{table}/slips", {"kind": "fill", "lines": money.FILL}, {"pit_boss"}),
    ("GET", "/slips", None, READERS | {"dealer", "cage"}),
    ("GET", "/slips/{slip}", None, READERS | {"dealer", "cage"}),
    ("POST", "/slips/{slip}/issue", None, {"cage"}),
    (
        "POST",
        "/slips/{slip}/receive",
        lambda role: {"cosigner": money.signature("pit_boss" if role == "dealer" else "dealer")},
        {"dealer", "pit_boss"},
    ),
    (
        "POST",
        "/slips/{slip}/void",
        {"reason": "asked twice", "cosigner": money.signature("cage")},
        {"pit_boss"},
    ),
    ("GET", "/drop-boxes", None, {"count", "pit_boss", "compliance", "admin"}),
    ("GET", "/sessions/{session}/drop-counts", None, {"count", "pit_boss", "compliance", "admin"}),
    (
        "POST",
        "/sessions/{session}/drop-counts",
        {"lines": money.DROP, "cosigners": [money.signature("count2")]},
        {"count"},
    ),
]
ENDPOINTS += [
    (
        "POST",
        "/tables/{table}/decks",
        lambda role: deck_body(shuffled(), device_id=f"shoe-{role}"),
        {"device"},
    ),
    ("GET", "/tables/{table}/decks/next", None, {"dealer", "pit_boss", "admin"}),
    ("PUT", "/tables/{table}/deal-order", {"deal_order": {"first_seat": 2}}, {"admin"}),
]
ENDPOINTS += [
    ("GET", "/auth/me", None, ANY | {"device"}),
    ("POST", "/auth/password", {"old_password": PASSWORD, "new_password": "a new one of my own"}, ANY),
    ("GET", "/users", None, {"admin"}),
    (
        "POST",
        "/users",
        lambda role: {"name": f"new-{role}", "role": "dealer", "password": "a first password"},
        {"admin"},
    ),
    ("PUT", "/users/{user}/role", {"role": "pit_boss"}, {"admin"}),
    ("POST", "/users/{user}/deactivate", None, {"admin"}),
    ("POST", "/users/{user}/reactivate", None, {"admin"}),
    ("POST", "/users/{user}/password-reset", None, {"admin"}),
]
DEALERS = frozenset({"dealer", "pit_boss"})
SHOWDOWN = {
    "game": "breaker",
    "board": ["Qs", "Js", "8s", "5d", "2c"],
    "button": 1,
    "seats": [
        {"seat": 1, "cards": ["Qc", "JK"], "contribution": 100},
        {"seat": 2, "cards": ["Ks", "3s"], "contribution": 100},
    ],
}
ENDPOINTS += [
    ("POST", "/showdowns", SHOWDOWN, DEALERS),
    (
        "POST",
        "/showdowns/bring-in",
        {"seats": [{"seat": 1, "up": ["Kd", "JK"]}, {"seat": 2, "up": ["2s", "3s"]}]},
        DEALERS,
    ),
    (
        "POST",
        "/showdowns/first-button",
        {"seats": [{"seat": 1, "card": "Ah"}, {"seat": 2, "card": "As"}]},
        DEALERS,
    ),
    ("POST", "/showdowns/action-check", {"players": 3, "action": {"action": "bet", "amount": 5}}, DEALERS),
]
#: what the table or slip must be like first, where the path alone does not say
STATE_FIRST = {
    "/tables/{table}/sessions/close": "opened_session",
    "/tables/{table}/slips": "opened_session",
    "/slips/{slip}/issue": "requested_slip",
    "/slips/{slip}/void": "requested_slip",
    "/tables/{table}/hand-analysis": "strategy_built",
    "/rounds/{round}/hand-values": "strategy_built",
    "/tables/{table}/decks/next": "posted_deck",
}
ENDPOINT_IDS = [f"{method} {path}" for method, path, *_ in ENDPOINTS]

# Open to anyone: signing in, health, metrics, the API's own document and
# the pages (whose every call to the API is checked above).
PUBLIC = {
    ("POST", "/api/v1/auth/login"),
    ("GET", "/api/v1/healthz"),
    ("GET", "/api/v1/readyz"),
    ("GET", "/api/v1/version"),
    ("GET", "/api/v1/problems/<code>"),
    ("GET", "/healthz"),
    ("GET", "/readyz"),
    ("GET", "/metrics"),
    ("GET", "/api/v1/openapi.json"),
    ("GET", "/api/v1/docs"),
    ("GET", "/api/v1/docs/<name>"),
    ("GET", "/"),
    ("GET", "/dealer"),
    ("GET", "/pit"),
    ("GET", "/compliance"),
    ("GET", "/cage"),
    ("GET", "/count"),
    ("GET", "/admin"),
    ("GET", "/static/<path:filename>"),
    ("GET", "/ui/static/<path:filename>"),
}


class SignedIn(dict[str, dict[str, str]]):
    """Headers signed in as each role (users named after their role), each
    signed in when first asked for."""

    def __init__(self, client) -> None:
        super().__init__()
        self.client = client

    def __missing__(self, role: str) -> dict[str, str]:
        self[role] = sign_in(self.client, role)
        return self[role]


@pytest.fixture
def as_role(client):
    """The suite's as_role, signing in only the roles a case uses (one to
    three of them): six sign-ins were most of the cost of a case."""
    return SignedIn(client)


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
def posted_deck(client, as_role, table):
    response = client.post(
        f"/api/v1/tables/{table['id']}/decks", json=deck_body(dealing()), headers=as_role["device"]
    )
    assert response.status_code == 201, response.json
    return response.json


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
    assert build_export(sessions(app), response.json["id"], settings.instance)
    return response.json


@pytest.fixture
def stored_user(app):
    """A user the admin endpoints act on (not one the matrix signs in as)."""
    with sessions(app)() as session:
        return {"id": session.scalar(select(User.id).where(User.name == "cage2"))}


@pytest.fixture
def stored_verification(client, as_role):
    response = client.post("/api/v1/compliance/audit/verifications", json={}, headers=as_role["admin"])
    assert response.status_code == 202, response.json
    return response.json


@pytest.fixture
def opened_session(client, table):
    return money.ok(money.open_table(client, table["id"]), 201)


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
def stored_slip(client, requested_slip):
    """An issued slip: the table may receive it."""
    money.ok(money.issue_slip(client, requested_slip["number"]))
    return requested_slip


def url_of(request, path):
    """The endpoint's URL, with a stored record behind each id it names."""
    ids = {"table": request.getfixturevalue("table")["id"]}
    if path in STATE_FIRST:
        found = request.getfixturevalue(STATE_FIRST[path])
        if "{slip}" in path:
            ids["slip"] = found["id"]
    for name in ("round", "exception", "export", "verification", "session", "slip", "user"):
        if f"{{{name}}}" in path and name not in ids:
            ids[name] = request.getfixturevalue(f"stored_{name}")["id"]
    return "/api/v1" + path.format(**ids)


#: edits sent with the ETag of their GET (If-Match), as a client that read first
READ_FIRST = {"/tables/{table}/config", "/tables/{table}/schedule"}


def call(client, request, method, path, body, role, headers):
    payload = body(role) if callable(body) else body
    headers = {**headers, "Idempotency-Key": f"key-{role}"}
    url = url_of(request, path)
    if method == "PUT" and path in READ_FIRST:
        return edit(client, url, json=payload, headers=headers)
    return client.open(url, method=method, json=payload, headers=headers)


@pytest.mark.parametrize("role", ROLES)
@pytest.mark.parametrize(("method", "path", "body", "allowed"), ENDPOINTS, ids=ENDPOINT_IDS)
def test_role_matrix(client, request, as_role, role, method, path, body, allowed):
    response = call(client, request, method, path, body, role, as_role[role])
    if role in allowed:
        assert 200 <= response.status_code < 300, response.json
    else:
        assert response.status_code == 403, response.json
        assert response.json["code"] == "forbidden"
        assert role in response.json["message"]


@pytest.mark.parametrize(("method", "path", "body", "allowed"), ENDPOINTS, ids=ENDPOINT_IDS)
@pytest.mark.parametrize("authorization", [None, "Bearer nonsense", "Basic abc", "Bearer "])
def test_every_endpoint_needs_a_valid_token(client, request, method, path, body, allowed, authorization):
    headers = {} if authorization is None else {"Authorization": authorization}
    response = call(client, request, method, path, body, "nobody", headers)
    assert response.status_code == 401
    assert response.json["field"] == "Authorization"


def documented_401(client, method, path):
    spec = client.get("/api/v1/openapi.json").json
    template = re.sub(r"\{(\w+)\}", r"{\1_id}", "/api/v1" + path).replace("{slip_id}", "{number}")
    return spec["paths"][template][method.lower()]["responses"]["401"]["description"]


def refused(client, request, method, path, body, allowed, token, code):
    role = sorted(allowed)[0]  # a role the endpoint would serve
    response = call(client, request, method, path, body, role, {"Authorization": f"Bearer {token}"})
    assert response.status_code == 401, response.json
    assert response.json["code"] == code
    assert response.json["field"] == "Authorization"
    assert code in documented_401(client, method, path)


@pytest.mark.parametrize(("method", "path", "body", "allowed"), ENDPOINTS, ids=ENDPOINT_IDS)
def test_an_expired_token_is_refused_everywhere(app, client, request, method, path, body, allowed):
    role = sorted(allowed)[0]
    token = sign_in(client, role)["Authorization"].removeprefix("Bearer ")
    digest = hashlib.sha256(token.encode()).hexdigest()  # what the database keeps
    with unit_of_work(sessions(app)) as session:
        moved = session.execute(
            update(Token).where(Token.digest == digest).values(expires_at=utc_now() - timedelta(seconds=1))
        )
        assert moved.rowcount == 1
    refused(client, request, method, path, body, allowed, token, "token_expired")


def tampered(token: str) -> str:
    """The token with one character changed (to another of its alphabet)."""
    middle = len(token) // 2
    return token[:middle] + ("A" if token[middle] != "A" else "B") + token[middle + 1 :]


@pytest.mark.parametrize(("method", "path", "body", "allowed"), ENDPOINTS, ids=ENDPOINT_IDS)
def test_a_tampered_token_is_refused_everywhere(client, request, method, path, body, allowed):
    token = sign_in(client, sorted(allowed)[0])["Authorization"].removeprefix("Bearer ")
    assert tampered(token) != token
    assert len(tampered(token)) == len(token)
    refused(client, request, method, path, body, allowed, tampered(token), "invalid_token")
    # The real token still works: only the changed one was refused (every
    # role may sign out, a device too).
    assert client.post("/api/v1/auth/logout", headers={"Authorization": f"Bearer {token}"}).status_code == 204


def matrix_rule(method: str, rule: str) -> tuple[str, str]:
    """A Flask rule as the matrix writes it: /api/v1/rounds/<id:round_id> is /rounds/{round}."""
    path = re.sub(r"<id:(\w+)_id>", r"{\1}", rule.removeprefix("/api/v1"))
    return method, path.replace("<id:number>", "{slip}")  # a slip is named by its number


def test_the_matrix_covers_every_endpoint_of_the_app(app):
    served = {
        (method, rule.rule)
        for rule in app.url_map.iter_rules()
        for method in rule.methods - {"HEAD", "OPTIONS"}
    }
    guarded = {matrix_rule(method, rule) for method, rule in served - PUBLIC}
    assert guarded == {(method, path) for method, path, *_ in ENDPOINTS}
    assert served >= PUBLIC  # no stale entries either


def test_the_matrix_is_what_the_openapi_document_says(client):
    spec = client.get("/api/v1/openapi.json").json
    documented = {
        matrix_rule(method.upper(), re.sub(r"\{(\w+)\}", r"<id:\1>", path)): set(operation.get("x-roles", ()))
        for path, item in spec["paths"].items()
        for method, operation in item.items()
        if method != "parameters"
    }
    public = {matrix_rule(method, rule) for method, rule in PUBLIC}
    assert {key: roles for key, roles in documented.items() if key not in public} == {
        (method, path): set(allowed) for method, path, _, allowed in ENDPOINTS
    }
    assert all(not roles for key, roles in documented.items() if key in public)


def test_refused_requests_change_nothing(client, as_role, table):
    for role in ("dealer", "pit_boss", "compliance"):
        response = edit(
            client,
            f"/api/v1/tables/{table['id']}/config",
            json={"config": {"seats": 2}},
            headers=as_role[role],
        )
        assert response.status_code == 403
    assert (
        client.get(f"/api/v1/tables/{table['id']}", headers=as_role["dealer"]).json["config"]["version"] == 1
    )
    response = client.post(
        f"/api/v1/tables/{table['id']}/rounds",
        json=round_body("x"),
        headers={**as_role["compliance"], "Idempotency-Key": "x"},
    )
    assert response.status_code == 403
    listed = client.get(f"/api/v1/tables/{table['id']}/rounds", headers=as_role["compliance"]).json
    assert listed["total"] == 0


@pytest.mark.parametrize("role", ROLES)
def test_every_role_can_sign_out(client, as_role, role):
    headers = as_role[role]
    assert client.post("/api/v1/auth/logout", headers=headers).status_code == 204
    response = client.get("/api/v1/tables", headers=headers)
    assert response.status_code == 401
    assert response.json["code"] == "invalid_token"
