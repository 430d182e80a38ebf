"""The feed of closed ratings for the player-tracking system: in the order
they were seated out (not the order they were opened), a keyset page at a
time by ``after``, an open rating not in it until its seat-out, each with
its final slip; an ``after`` this service did not give is refused naming
the field."""

from __future__ import annotations

import pytest

from tests.players.conftest import ALICE, BOB
from tests.support.players import add_player, seat, step

pytestmark = pytest.mark.store

CAROL = "C1003"


def opened(client, dealer, table, club_number, number):
    response = seat(client, dealer, table["id"], club_number, number)
    assert response.status_code == 201, response.json
    return response.json["id"]


def closed(client, dealer, rating_id, chips):
    assert step(client, dealer, rating_id, "seat-out", {"chips_taken": chips}).status_code == 200


def feed(client, headers, **query):
    response = client.get("/api/v1/ratings", query_string=query, headers=headers)
    assert response.status_code == 200, response.json
    return response.json


def test_the_feed_pages_closed_ratings_in_seat_out_order(app, client, as_role, table, players):
    add_player(app, CAROL, "Carol Cole")
    dealer, reader = as_role["dealer"], as_role["compliance"]
    alice = opened(client, dealer, table, ALICE, 1)
    bob = opened(client, dealer, table, BOB, 2)
    carol = opened(client, dealer, table, CAROL, 3)
    assert feed(client, reader) == {"items": [], "next": None}
    closed(client, dealer, bob, 10)
    closed(client, dealer, alice, 20)
    first = feed(client, reader, limit=1)
    assert [item["rating_id"] for item in first["items"]] == [bob]
    second = feed(client, reader, limit=1, after=first["next"])
    assert [(item["rating_id"], item["chips_taken"]) for item in second["items"]] == [(alice, 20)]
    assert all(item["final"] for item in first["items"] + second["items"])
    caught_up = feed(client, reader, limit=1, after=second["next"])
    assert caught_up == {"items": [], "next": second["next"]}  # poll again from there
    closed(client, dealer, carol, 30)
    later = feed(client, reader, after=second["next"])
    assert [item["rating_id"] for item in later["items"]] == [carol]
    everything = feed(client, reader, limit=10)
    assert [item["rating_id"] for item in everything["items"]] == [bob, alice, carol]
    slip = client.get(f"/api/v1/ratings/{alice}/slip", headers=reader).json
    assert everything["items"][1] == slip
    assert client.get("/api/v1/ratings", headers=dealer).status_code == 403
    for wrong in ("nonsense", "b2xkZXN0Omxhc3Q6MA"):  # not a cursor; a "last" one, not a next
        refused = client.get("/api/v1/ratings", query_string={"after": wrong}, headers=reader)
        assert refused.status_code == 422, refused.json
        assert refused.json["field"] == "after"


def test_a_closed_rating_is_fed_again_when_a_pit_boss_corrects_it(app, client, as_role, table, players):
    """The player-tracking system keeps the newest slip of each rating: a
    correction after the seat-out must reach it, at the feed's end."""
    dealer, reader = as_role["dealer"], as_role["compliance"]
    alice = opened(client, dealer, table, ALICE, 1)
    bob = opened(client, dealer, table, BOB, 2)
    closed(client, dealer, alice, 20)
    closed(client, dealer, bob, 10)
    seen = feed(client, reader)
    assert [item["rating_id"] for item in seen["items"]] == [alice, bob]
    walk = {"reason": "she took a stack we missed", "chips_taken": 45}
    corrected = client.post(f"/api/v1/ratings/{alice}/corrections", json=walk, headers=as_role["pit_boss"])
    assert corrected.status_code == 201, corrected.json
    again = feed(client, reader, after=seen["next"])
    assert [(item["rating_id"], item["chips_taken"]) for item in again["items"]] == [(alice, 45)]
    assert feed(client, reader, after=again["next"])["items"] == []


def test_an_open_rating_s_late_buy_in_feeds_nothing_until_its_seat_out(app, client, as_role, table, players):
    dealer, reader = as_role["dealer"], as_role["compliance"]
    alice = opened(client, dealer, table, ALICE, 1)
    rating = client.get(f"/api/v1/ratings/{alice}", headers=dealer).json
    late = {"reason": "missed", "buy_in": {"kind": "chips", "amount": 500, "at": rating["seated_at"]}}
    assert (
        client.post(
            f"/api/v1/ratings/{alice}/corrections", json=late, headers=as_role["pit_boss"]
        ).status_code
        == 201
    )
    assert feed(client, reader)["items"] == []
    closed(client, dealer, alice, 0)
    assert [item["rating_id"] for item in feed(client, reader)["items"]] == [alice]
