"""Lists in either order, a page at a time, with Link headers (RFC 8288);
the round list by keyset cursor, so a round stored while a client walks
the pages is neither skipped in its place nor shown twice."""

from __future__ import annotations

import base64
import itertools
import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.support.rounds_data import enter

# On PostgreSQL too: the keyset reads its own index there (0018).
pytestmark = pytest.mark.store

LINK = re.compile(r'<([^>]*)>; rel="(\w+)"')
TABLES = itertools.count(1)


def encoded(raw: str) -> str:
    return base64.urlsafe_b64encode(raw.encode()).decode().rstrip("=")


def links(response) -> dict[str, str]:
    return {relation: target for target, relation in LINK.findall(response.headers.get("Link", ""))}


def new_table(client, as_role) -> dict:
    response = client.post("/api/v1/tables", json={"name": f"P-{next(TABLES)}"}, headers=as_role["admin"])
    assert response.status_code == 201, response.json
    return response.json


def walk(client, headers, start, inserting=lambda _page: None, relation="next"):
    """The ids of every page from ``start`` following ``relation`` links;
    ``inserting`` is called between pages (after a page with a link on)."""
    seen, target, pages = [], start, 0
    while target is not None:
        response = client.get(target, headers=headers)
        assert response.status_code == 200, response.json
        page_ids = [item["id"] for item in response.json["items"]]
        seen.extend(page_ids if relation == "next" else reversed(page_ids))
        target = links(response).get(relation)
        if target is not None:
            inserting(pages)
            pages += 1
    return seen


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    count=st.integers(min_value=0, max_value=9),
    per_page=st.integers(min_value=1, max_value=4),
    inserts=st.lists(st.integers(min_value=0, max_value=2), max_size=4),
    order=st.sampled_from(["oldest", "newest"]),
)
def test_walking_next_links_visits_every_round_once_in_order(
    client, as_role, count, per_page, inserts, order
):
    table = new_table(client, as_role)
    names = itertools.count()
    entered = [enter(client, as_role["dealer"], table, f"r{next(names)}")["id"] for _ in range(count)]

    def inserting(page: int) -> None:
        for _ in range(inserts[page] if page < len(inserts) else 0):
            entered.append(enter(client, as_role["dealer"], table, f"r{next(names)}")["id"])

    boss = as_role["pit_boss"]
    start = f"/api/v1/tables/{table['id']}/rounds?order={order}&per_page={per_page}"
    seen = walk(client, boss, start, inserting)
    assert len(seen) == len(set(seen))
    if order == "oldest":
        # Rounds stored meanwhile come after every page read: all are met, in their place.
        assert seen == sorted(entered)
    else:
        # Those stored meanwhile are newer than the first page: none shown twice or out of place.
        assert seen == sorted(entered[:count], reverse=True)
    # And back from the last page by prev links: the same rounds, at the end those stored since.
    last = links(client.get(start, headers=boss)).get("last", start)
    back = walk(client, boss, last, relation="prev")
    assert back == sorted(entered, reverse=order == "oldest")


def test_the_links_of_a_keyset_page(client, as_role, table):
    ids = [enter(client, as_role["dealer"], table, f"k{n}")["id"] for n in range(5)]
    boss = as_role["pit_boss"]
    base = f"/api/v1/tables/{table['id']}/rounds"
    first = client.get(f"{base}?order=newest&per_page=2&from=2000-01-01", headers=boss)
    assert [item["id"] for item in first.json["items"]] == ids[::-1][:2]
    assert (first.json["order"], first.json["page"], first.json["total"]) == ("newest", 1, 5)
    found = links(first)
    assert set(found) == {"first", "next", "last"}
    assert found["first"] == f"{base}?order=newest&per_page=2&from=2000-01-01"
    last = client.get(found["last"], headers=boss)
    assert [item["id"] for item in last.json["items"]] == ids[1::-1]
    assert last.json["page"] is None
    assert set(links(last)) == {"first", "prev", "last"}
    middle = client.get(links(last)["prev"], headers=boss)
    assert [item["id"] for item in middle.json["items"]] == ids[3:1:-1]
    # A page asked by number pages by number.
    numbered = client.get(f"{base}?page=2&per_page=2", headers=boss)
    assert [item["id"] for item in numbered.json["items"]] == ids[2:4]
    assert links(numbered) == {
        "first": f"{base}?per_page=2&page=1",
        "prev": f"{base}?per_page=2&page=1",
        "next": f"{base}?per_page=2&page=3",
        "last": f"{base}?per_page=2&page=3",
    }


def test_a_cursor_is_checked(client, as_role, table):
    enter(client, as_role["dealer"], table, "c1")
    enter(client, as_role["dealer"], table, "c2")
    boss = as_role["pit_boss"]
    base = f"/api/v1/tables/{table['id']}/rounds"
    newest = links(client.get(f"{base}?order=newest&per_page=1", headers=boss))["next"]
    cursor = newest.split("cursor=")[1]
    for query, message in (
        (f"order=oldest&cursor={cursor}", "cursor was given for order=newest, not order=oldest"),
        ("cursor=bm90LWEtY3Vyc29y", "cursor is not one a Link header gave"),
        ("cursor=%25%25", "cursor is not one a Link header gave"),
        # newest:after:2**70, which no database could bind
        (
            f"order=newest&cursor={encoded('newest:after:' + str(2**70))}",
            "cursor is not one a Link header gave",
        ),
        (f"order=newest&cursor={cursor}&page=2", "cursor: give a cursor or a page, not both"),
    ):
        error = client.get(f"{base}?{query}", headers=boss).json
        assert (error["status"], error["field"], error["detail"]) == (422, "cursor", message), query
    empty = new_table(client, as_role)
    answer = client.get(f"/api/v1/tables/{empty['id']}/rounds", headers=boss)
    assert answer.json["items"] == []
    assert set(links(answer)) == {"first", "last"}


def test_exports_exceptions_and_slips_take_an_order(client, as_role, table):
    compliance = as_role["compliance"]
    for _ in range(3):
        response = client.post(
            "/api/v1/compliance/exports", json={"from": "2026-12-01", "to": "2026-12-01"}, headers=compliance
        )
        assert response.status_code == 202, response.json
    every = [
        item["id"] for item in client.get("/api/v1/compliance/exports", headers=compliance).json["items"]
    ]
    assert len(every) == 3
    assert every == sorted(every, reverse=True)
    exports = "/api/v1/compliance/exports?per_page=2"
    oldest = client.get(f"{exports}&order=oldest", headers=compliance)
    assert [item["id"] for item in oldest.json["items"]] == sorted(every)[:2]
    assert links(oldest)["next"] == "/api/v1/compliance/exports?per_page=2&order=oldest&page=2"
    assert "prev" not in links(oldest)
    for _ in range(2):
        entered = enter(client, as_role["dealer"], table, f"x{_}")
        asked = client.post(
            f"/api/v1/rounds/{entered['id']}/void", json={"reason": "misdeal"}, headers=as_role["pit_boss"]
        )
        assert asked.status_code == 201, asked.json
    for order, reverse in (("newest", True), ("oldest", False)):
        listed = client.get(f"/api/v1/exceptions?order={order}", headers=as_role["pit_boss"]).json
        ids = [item["id"] for item in listed]
        assert len(ids) == 2
        assert ids == sorted(ids, reverse=reverse)
        # A page of one, and its next by the Link header.
        first = client.get(f"/api/v1/exceptions?order={order}&limit=1", headers=as_role["pit_boss"])
        following = client.get(links(first)["next"], headers=as_role["pit_boss"])
        assert [item["id"] for item in first.json + following.json] == ids
        assert "next" not in links(following)


def test_the_document_names_the_parameters_and_the_link_header(client):
    spec = client.get("/api/v1/openapi.json").json
    for path in ("/api/v1/tables/{table_id}/rounds", "/api/v1/compliance/exports"):
        operation = spec["paths"][path]["get"]
        names = {parameter["name"] for parameter in operation["parameters"]}
        assert {"order", "page", "per_page"} <= names
        assert "Link" in operation["responses"]["200"]["headers"]
    rounds = spec["paths"]["/api/v1/tables/{table_id}/rounds"]["get"]
    cursor = next(parameter for parameter in rounds["parameters"] if parameter["name"] == "cursor")
    assert "opaque" in cursor["description"]
    for path in ("/api/v1/exceptions", "/api/v1/slips"):
        order = next(p for p in spec["paths"][path]["get"]["parameters"] if p["name"] == "order")
        assert order["schema"]["enum"] == ["oldest", "newest"]
