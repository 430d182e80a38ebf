"""No request, however malformed, gets a 500 or a non-JSON answer."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.support.accounting import open_table, request_slip
from tests.support.rounds_data import round_body

# Any code point, lone surrogates too: JSON can escape them ("\ud800"), and
# they broke the login (no encoding takes them).
TEXT = st.text(st.characters(exclude_categories=()), max_size=12)
JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | TEXT,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=12,
)

POSTS = [
    "/auth/login",
    "/tables",
    "/tables/{table}/house-way",
    "/tables/{table}/rounds",
    "/tables/{table}/rounds/preview",
    "/tables/{table}/config/preview",
]


def mutations():
    """Round bodies with one part replaced by any JSON value."""
    paths = [
        ("round_id",),
        ("dealer",),
        ("dealer", 0),
        ("seats",),
        ("seats", 0),
        ("seats", 0, "cards"),
        ("seats", 0, "cards", 3),
        ("seats", 0, "setting"),
        ("seats", 0, "bets"),
        ("seats", 0, "bets", "main"),
        ("seats", 0, "seat"),
    ]
    return st.tuples(st.sampled_from(paths), JSON)


def check(response):
    assert 400 <= response.status_code < 500, (response.status_code, response.get_data(as_text=True))
    assert set(response.json) >= {"status", "code", "message"}
    assert response.json["status"] == response.status_code


@settings(max_examples=60, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(path=st.sampled_from(POSTS), body=JSON)
def test_any_json_body_is_a_clean_4xx(client, as_role, table, path, body):
    url = "/api/v1" + path.format(table=table["id"])
    headers = {**as_role["admin"], "Idempotency-Key": "fuzz"}
    if path.endswith("rounds"):
        headers = {**as_role["dealer"], "Idempotency-Key": "fuzz"}
    check(client.post(url, json=body, headers=headers))


@settings(max_examples=80, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(change=mutations())
def test_any_broken_round_is_a_clean_4xx(client, as_role, table, change):
    (path, value) = change
    body = round_body()
    target = body
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    response = client.post(
        f"/api/v1/tables/{table['id']}/rounds",
        json=body,
        headers={**as_role["dealer"], "Idempotency-Key": "m"},
    )
    if response.status_code == 201:  # the value happened to be valid (e.g. another round_id)
        return
    check(response)
    assert response.json.get("field")


# A denomination spelt otherwise: leading zeros, other scripts' digits
# (Arabic-Indic, Devanagari, full-width), superscripts, a sign, a space, a
# NUL and a lone surrogate; the known ones are drawn whole too.
SPELT = st.text(st.sampled_from("0125" + "٠١٢٥" + "०१२५" + "０１２５" + "⁰¹²⁵" + "+ \x00\ud800"), max_size=6)
KNOWN = st.sampled_from(["100", "500", "2500", "10000"])
COUNT = st.dictionaries(KNOWN | SPELT, st.sampled_from([0, 500, 2500, 10000, 20000]), min_size=1, max_size=4)


@pytest.fixture
def opened(client, table):
    response = open_table(client, table["id"])
    assert response.status_code == 201, response.json


@settings(max_examples=60, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(lines=COUNT)
def test_any_count_is_refused_or_adds_up(client, table, opened, lines):
    """A fill of any spelling is a clean 4xx naming its lines, or stored
    with each denomination once and a total that is the sum of them."""
    response = request_slip(client, table["id"], lines=lines)
    if response.status_code != 201:
        check(response)
        assert response.json["field"].startswith("lines"), response.json
        return
    assert set(response.json["lines"]) <= {"100", "500", "2500", "10000"}
    assert response.json["total"] == sum(response.json["lines"].values()) == sum(lines.values())


@pytest.mark.parametrize(
    "raw",
    [
        b"",
        b"{",
        b"[]",
        b"null",
        b'"text"',
        b"\xff\xfe",
        b'{"round_id": NaN}',
        b"1e999999",
        b"[" * 5000 + b"]" * 5000,
    ],
)
def test_raw_garbage_is_a_clean_4xx(client, as_role, table, raw):
    for url, role in (
        (f"/api/v1/tables/{table['id']}/rounds", "dealer"),
        ("/api/v1/tables", "admin"),
        ("/api/v1/auth/login", "admin"),
    ):
        headers = {**as_role[role], "Idempotency-Key": "raw", "Content-Type": "application/json"}
        check(client.post(url, data=raw, headers=headers))


def test_wrong_method_and_path_are_json(client, as_role):
    for response in (
        client.delete("/api/v1/tables", headers=as_role["admin"]),
        client.get("/api/v1/no-such-thing"),
        client.get("/api/v1/tables/abc", headers=as_role["admin"]),
    ):
        check(response)


def test_a_huge_body_is_refused(client, as_role, table):
    response = client.post(
        f"/api/v1/tables/{table['id']}/rounds",
        data=b'{"round_id": "' + b"x" * (2 << 20) + b'"}',
        headers={**as_role["dealer"], "Idempotency-Key": "big", "Content-Type": "application/json"},
    )
    check(response)
    assert response.status_code == 413


def test_options_answers_in_json(client):
    response = client.options("/api/v1/tables/1/rounds")
    assert response.status_code == 200
    assert response.json == {"allow": ["GET", "HEAD", "OPTIONS", "POST"]}
