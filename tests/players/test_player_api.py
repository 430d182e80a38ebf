"""The players over HTTP: enrolled (201, Location, ETag), read with every
name, renamed with If-Match, listed and searched a page at a time; every
bad input a 4xx naming its field, and nothing written."""

from __future__ import annotations

import pytest
from sqlalchemy import func, select

from service.store.models import AuditEvent, Player, PlayerName
from tests.support.app import databases, parallel

URL = "/api/v1/players"


def enrol(client, headers, club_number="C1001", name="Ann Lee"):
    return client.post(URL, json={"club_number": club_number, "name": name}, headers=headers)


def rename(client, headers, club_number, name, tag):
    match = {} if tag is None else {"If-Match": tag}
    return client.patch(f"{URL}/{club_number}", json={"name": name}, headers={**headers, **match})


@pytest.fixture
def as_role(as_role):
    """Every role signed in first: the tests here count the rows a request
    writes, and a sign-in writes its own."""
    for role in as_role:
        as_role[role]  # the sign-in is the point
    return as_role


def stored(app) -> tuple[int, int, int]:
    with databases(app)() as db:
        return tuple(
            db.scalar(select(func.count()).select_from(model)) for model in (Player, PlayerName, AuditEvent)
        )


def test_a_player_is_enrolled_read_and_renamed(app, client, as_role):
    made = enrol(client, as_role["pit_boss"], name=" Ann Lee ")
    assert made.status_code == 201, made.json
    assert made.headers["Location"] == f"{URL}/C1001"
    assert made.headers["ETag"] == '"name-1"'
    assert made.json["name"] == "Ann Lee"
    assert (made.json["name_version"], made.json["enrolled_by"]) == (1, "pit_boss")

    read = client.get(made.headers["Location"], headers=as_role["dealer"])
    assert read.status_code == 200
    assert read.json == made.json
    renamed = rename(client, as_role["admin"], "C1001", "Ann Park", read.headers["ETag"])
    assert renamed.status_code == 200, renamed.json
    assert renamed.headers["ETag"] == '"name-2"'
    assert [(n["version"], n["name"], n["named_by"]) for n in renamed.json["names"]] == [
        (1, "Ann Lee", "pit_boss"),
        (2, "Ann Park", "admin"),
    ]
    assert (renamed.json["name"], renamed.json["enrolled_by"]) == ("Ann Park", "pit_boss")
    assert client.get(f"{URL}/C1001", headers=as_role["compliance"]).json == renamed.json


def test_a_rename_from_a_stale_or_missing_etag_is_refused(app, client, as_role):
    enrol(client, as_role["admin"])
    assert rename(client, as_role["admin"], "C1001", "Ann Park", '"name-1"').status_code == 200
    before = stored(app)
    stale = rename(client, as_role["pit_boss"], "C1001", "Ann Other", '"name-1"')
    assert (stale.status_code, stale.json["code"], stale.json["field"]) == (412, "stale_version", "If-Match")
    assert "by admin to version 2" in stale.json["message"]
    for tag in (None, "*"):
        missing = rename(client, as_role["pit_boss"], "C1001", "Ann Other", tag)
        assert (missing.status_code, missing.json["code"]) == (428, "if_match_required")
    same = rename(client, as_role["pit_boss"], "C1001", "Ann Park", '"name-2"')
    assert (same.status_code, same.json["code"], same.json["field"]) == (409, "no_change", "name")
    assert stored(app) == before


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"club_number": "c1001", "name": "Ann"}, "club_number"),  # lower case: refused, not folded
        ({"club_number": "C-1001", "name": "Ann"}, "club_number"),
        ({"club_number": "C" * 21, "name": "Ann"}, "club_number"),
        ({"club_number": "", "name": "Ann"}, "club_number"),
        ({"club_number": "C1", "name": ""}, "name"),
        ({"club_number": "C1", "name": "   "}, "name"),
        ({"club_number": "C1", "name": "Ann\u0007Lee"}, "name"),
        ({"club_number": "C1", "name": "x" * 121}, "name"),
        ({"club_number": "C1"}, "name"),
        ({"club_number": "C1", "name": "Ann", "email": "a@b"}, "email"),
        ({"club_number": 1001, "name": "Ann"}, "club_number"),
    ],
)
def test_bad_input_is_a_422_naming_the_field(app, client, as_role, body, field):
    before = stored(app)
    refused = client.post(URL, json=body, headers=as_role["admin"])
    assert refused.status_code == 422, refused.json
    assert refused.json["field"] == field
    assert stored(app) == before


def test_a_taken_club_number_is_a_409_and_an_unknown_one_a_404(app, client, as_role):
    assert enrol(client, as_role["admin"]).status_code == 201
    before = stored(app)
    taken = enrol(client, as_role["pit_boss"], name="Someone Else")
    assert (taken.status_code, taken.json["code"], taken.json["field"]) == (
        409,
        "player_exists",
        "club_number",
    )
    assert stored(app) == before
    for method in ("get", "patch"):
        unknown = client.open(f"{URL}/C404", method=method, json={"name": "X"}, headers=as_role["admin"])
        assert (unknown.status_code, unknown.json["code"], unknown.json["field"]) == (
            404,
            "player_not_found",
            "club_number",
        )
        malformed = client.open(f"{URL}/c-1", method=method, json={"name": "X"}, headers=as_role["admin"])
        assert (malformed.status_code, malformed.json["field"]) == (422, "club_number")


def test_players_are_listed_a_page_at_a_time_and_searched(client, as_role):
    for number, name in (("A1", "Ann Lee"), ("A2", "Bo Chan"), ("B1", "Cy Leeds")):
        assert enrol(client, as_role["admin"], number, name).status_code == 201
    headers = as_role["dealer"]
    first = client.get(f"{URL}?limit=2", headers=headers)
    assert [p["club_number"] for p in first.json] == ["A1", "A2"]
    following = first.headers["Link"].split(", ")[1]
    assert following.endswith('rel="next"')
    rest = client.get(following[1 : following.index(">")], headers=headers)
    assert [p["club_number"] for p in rest.json] == ["B1"]
    assert [p["club_number"] for p in client.get(f"{URL}?search=lee", headers=headers).json] == ["A1", "B1"]
    assert [p["club_number"] for p in client.get(f"{URL}?search=a", headers=headers).json] == ["A1", "A2"]
    newest = client.get(f"{URL}?order=newest&search=A", headers=headers).json
    assert [p["club_number"] for p in newest] == ["A2", "A1"]
    assert client.get(f"{URL}?search=", headers=headers).json["field"] == "search"


def test_one_club_number_enrolled_at_once_twice_is_enrolled_once(app, as_role):
    """Two devices enrolling one card at the same moment: one wins, the other
    is told the number is taken (never a 500, never two players)."""

    def send():
        return enrol(app.test_client(), as_role["pit_boss"], "C77", "Ann Lee").status_code

    statuses = parallel(4, send)
    assert sorted(statuses) == [201, 409, 409, 409]
    assert stored(app)[:2] == (1, 1)


def test_two_renames_from_one_read_save_one(app, client, as_role):
    tag = enrol(client, as_role["admin"]).headers["ETag"]

    def send():
        return rename(app.test_client(), as_role["pit_boss"], "C1001", "Ann Park", tag).status_code

    statuses = parallel(4, send)
    assert statuses.count(200) == 1
    assert set(statuses) <= {200, 409, 412}  # told of the other (412), or the name is it already (409)
    assert stored(app)[:2] == (1, 2)
