"""Corrections: a pit boss asks, a second pit boss decides; the settled round
is never changed, every change and the money per seat are shown, and a
correction settles under the round's own configuration."""

from __future__ import annotations

import copy

import pytest

from tests.review.review_support import corrected_body, events
from tests.support.app import edit
from tests.support.rounds_data import enter, round_body

pytestmark = pytest.mark.store


def test_a_correction_shows_every_change_and_the_money_per_seat(app, client, as_role, boss2, game):
    body = corrected_body()
    body["seats"][2]["setting"] = {
        "low": ["8d", "6s"],
        "high": ["Qc", "Kc", "Ad"],
    }  # as the house way sets it
    asked = client.post(
        f"/api/v1/rounds/{game['id']}/corrections",
        json={"reason": "seat 1 bet 30, keyed 10", "round": body},
        headers=as_role["pit_boss"],
    )
    assert asked.status_code == 201, asked.json
    changes = asked.json["changes"]
    assert changes["fields"] == [
        {"field": "seats.1.bets.main", "before": 1000, "after": 3000},
        {
            "field": "seats.3.setting",
            "before": "house_way",
            "after": {"low": ["8d", "6s"], "high": ["Ad", "Kc", "Qc"]},  # as the engine writes it
        },
    ]
    by_seat = {seat["seat"]: seat for seat in changes["seats"]}
    assert by_seat[1]["bets"]["main"] == {"before": -1000, "after": -3000, "difference": -2000}
    assert (by_seat[1]["net_before"], by_seat[1]["net_after"], by_seat[1]["difference"]) == (
        -1600,
        -3600,
        -2000,
    )
    assert by_seat[2]["difference"] == 0
    assert by_seat[3]["difference"] == 0
    assert changes["house_net"] == {
        "before": game["house_net"],
        "after": game["house_net"] + 2000,
        "difference": 2000,
    }
    # Nothing changes until a second pit boss approves.
    assert client.get(f"/api/v1/rounds/{game['id']}", headers=as_role["dealer"]).json["status"] == "settled"

    approved = client.post(f"/api/v1/exceptions/{asked.json['id']}/approve", json={}, headers=boss2)
    assert approved.status_code == 200, approved.json
    new = approved.json["round_after"]
    assert (new["revision"], new["supersedes"], new["status"]) == (1, game["id"], "settled")
    assert new["round_id"] == "g1"
    assert new["house_net"] == game["house_net"] + 2000
    assert new["seats"][0]["main"]["net"] == -3000
    # The round as played: same dealer, time, gaming day and shift.
    for same in ("entered_by", "entered_at", "gaming_day", "shift", "config_version", "utc_offset_minutes"):
        assert new[same] == game[same]
    original = client.get(f"/api/v1/rounds/{game['id']}", headers=as_role["dealer"]).json
    assert (original["status"], original["superseded_by"]) == ("superseded", new["id"])
    assert original["seats"] == game["seats"]  # the settled round itself never changes
    (event,) = events(app, "correction_approved")
    assert event["replacement"] == new["id"]
    assert events(app, "correction_requested")[0]["changes"] == changes


def test_a_corrected_round_can_be_corrected_again_and_voided(client, as_role, boss2, game):
    first = client.post(
        f"/api/v1/rounds/{game['id']}/corrections",
        json={"reason": "bet", "round": corrected_body()},
        headers=as_role["pit_boss"],
    ).json
    new = client.post(f"/api/v1/exceptions/{first['id']}/approve", json={}, headers=boss2).json["round_after"]
    stale = client.post(
        f"/api/v1/rounds/{game['id']}/corrections",
        json={"reason": "again", "round": round_body("g1")},
        headers=as_role["pit_boss"],
    )
    assert stale.status_code == 409
    assert stale.json["code"] == "round_not_current"
    second = client.post(
        f"/api/v1/rounds/{new['id']}/corrections",
        json={"reason": "back to 10", "round": round_body("g1")},
        headers=boss2,
    )
    assert second.status_code == 201, second.json
    newest = client.post(
        f"/api/v1/exceptions/{second.json['id']}/approve", json={}, headers=as_role["pit_boss"]
    ).json["round_after"]
    assert newest["revision"] == 2
    assert newest["house_net"] == game["house_net"]
    void = client.post(f"/api/v1/rounds/{newest['id']}/void", json={"reason": "misdeal"}, headers=boss2).json
    assert (
        client.post(
            f"/api/v1/exceptions/{void['id']}/approve", json={}, headers=as_role["pit_boss"]
        ).status_code
        == 200
    )


def test_a_correction_settles_under_the_rounds_own_configuration(client, as_role, boss2, table):
    # Seat 1 sets its low above its high: a foul, reset by the house way under version 1.
    fouled = round_body("f1")
    fouled["seats"][1]["setting"] = {"low": ["Kh", "Ks"], "high": ["8h", "8s", "Ac"]}
    game = enter(client, as_role["dealer"], table, "f1", seats=fouled["seats"])
    assert game["seats"][1]["fouled"]
    assert game["seats"][1]["main"]["net"] == 1000
    changed = edit(
        client,
        f"/api/v1/tables/{table['id']}/config",
        json={"config": {"foul_policy": "forfeit"}},
        headers=as_role["admin"],
    )
    assert changed.status_code == 200
    body = copy.deepcopy(fouled)
    body["seats"][0]["bets"]["main"] = 2000
    asked = client.post(
        f"/api/v1/rounds/{game['id']}/corrections",
        json={"reason": "bet", "round": body},
        headers=as_role["pit_boss"],
    ).json
    new = client.post(f"/api/v1/exceptions/{asked['id']}/approve", json={}, headers=boss2).json["round_after"]
    assert new["config_version"] == 1
    assert new["seats"][1]["main"]["net"] == 1000  # not forfeited: version 2 came later


@pytest.mark.parametrize(
    ("change", "status", "field"),
    [
        (lambda body: body, 422, "round"),  # changes nothing
        (lambda body: {**body, "round_id": "other"}, 422, "round.round_id"),
        (
            lambda body: {**body, "dealer": ["Qs", "Qh", "As", "9d", "7c", "4h", "Ah"]},
            422,
            "round.seats[0].cards",
        ),
        (lambda body: {**body, "config": {}}, 422, "round.config"),
        (lambda body: {**body, "seats": []}, 422, "round.seats"),
        (lambda body: ["not", "a", "round"], 422, "round"),
    ],
    ids=["no change", "other round id", "card twice", "config", "no seats", "not an object"],
)
def test_bad_corrections_name_the_field(client, as_role, game, change, status, field):
    response = client.post(
        f"/api/v1/rounds/{game['id']}/corrections",
        json={"reason": "fix", "round": change(round_body("g1"))},
        headers=as_role["pit_boss"],
    )
    assert response.status_code == status, response.json
    assert response.json["field"].startswith(field), response.json


def test_the_round_id_may_be_left_out_of_a_correction(client, as_role, game):
    body = corrected_body()
    del body["round_id"]
    response = client.post(
        f"/api/v1/rounds/{game['id']}/corrections",
        json={"reason": "bet", "round": body},
        headers=as_role["pit_boss"],
    )
    assert response.status_code == 201, response.json
    assert response.json["corrected"]["round_id"] == "g1"


# What counts
