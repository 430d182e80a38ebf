"""The floor's open ratings in one call (each with its live slip, paused
ones too, a seated-out one gone) and a player's ratings a keyset page at
a time with their slips (live or final), the latest first; who may read
them is the role matrix's, a club number not enrolled is 404."""

from __future__ import annotations

import re

import pytest

from tests.players.conftest import ALICE, BOB
from tests.support.players import seat, step

pytestmark = pytest.mark.store


def opened(client, headers, table_id, club, seat_number):
    response = seat(client, headers, table_id, club, seat_number)
    assert response.status_code == 201, response.json
    return response.json


def test_the_floor_s_open_ratings_come_by_table_and_seat_with_live_slips(
    client, as_role, table, second_table, players
):
    dealer, pit = as_role["dealer"], as_role["pit_boss"]
    bob = opened(client, dealer, second_table["id"], BOB, 1)
    alice = opened(client, dealer, table["id"], ALICE, 4)
    assert step(client, dealer, bob["id"], "pauses").status_code == 201
    answer = client.get("/api/v1/ratings/open", headers=pit)
    assert answer.status_code == 200, answer.json
    seats = [(each["rating"]["id"], each["rating"]["state"], each["rating"]["name"]) for each in answer.json]
    assert seats == [(alice["id"], "open", "Alice Archer"), (bob["id"], "paused", "Bob Baker")]
    slip = answer.json[0]["slip"]
    assert (slip["rating_id"], slip["final"], slip["chips_check"]) == (alice["id"], False, None)
    assert step(client, pit, alice["id"], "seat-out", {"chips_taken": 0}).status_code == 200
    left = client.get("/api/v1/ratings/open", headers=as_role["compliance"]).json
    assert [each["rating"]["id"] for each in left] == [bob["id"]]


def test_a_player_s_ratings_page_latest_first_with_their_slips(client, as_role, table, players):
    dealer, pit = as_role["dealer"], as_role["pit_boss"]
    first = opened(client, dealer, table["id"], ALICE, 2)
    assert step(client, dealer, first["id"], "seat-out", {"chips_taken": 0}).status_code == 200
    second = opened(client, dealer, table["id"], ALICE, 3)
    opened(client, dealer, table["id"], BOB, 1)  # another player's: not listed
    page = client.get(f"/api/v1/players/{ALICE}/ratings?limit=1", headers=pit)
    assert page.status_code == 200, page.json
    assert [(s["rating_id"], s["final"]) for s in page.json] == [(second["id"], False)]
    assert "comps" in page.json[0]["figures"]
    following = re.search(r'<([^>]*)>; rel="next"', page.headers["Link"]).group(1)
    rest = client.get(following, headers=pit)
    assert [(s["rating_id"], s["final"], s["chips_check"]) for s in rest.json] == [(first["id"], True, 0)]
    oldest = client.get(f"/api/v1/players/{ALICE}/ratings?order=oldest", headers=pit).json
    assert [s["rating_id"] for s in oldest] == [first["id"], second["id"]]


def test_a_club_number_not_enrolled_has_no_ratings_to_list(client, as_role, players):
    answer = client.get("/api/v1/players/C9999/ratings", headers=as_role["admin"])
    assert (answer.status_code, answer.json["code"]) == (404, "player_not_found")
    assert client.get(f"/api/v1/players/{ALICE}/ratings", headers=as_role["dealer"]).status_code == 403
