"""Voids: a pit boss asks, a second pit boss decides; the settled round is
never changed, and it stops counting only once approved."""

from __future__ import annotations

import pytest

from tests.review.review_support import events

pytestmark = pytest.mark.store


def test_a_void_takes_effect_only_when_a_second_pit_boss_approves(app, client, as_role, boss2, game):
    asked = client.post(
        f"/api/v1/rounds/{game['id']}/void",
        json={"reason": "misdeal: seat 2 had 8 cards"},
        headers=as_role["pit_boss"],
    )
    assert asked.status_code == 201, asked.json
    exception = asked.json
    assert (exception["kind"], exception["state"], exception["requested_by"]) == (
        "void",
        "pending",
        "pit_boss",
    )
    assert exception["reason"] == "misdeal: seat 2 had 8 cards"
    stored = client.get(f"/api/v1/rounds/{game['id']}", headers=as_role["dealer"]).json
    assert stored["status"] == "settled"  # pending: nothing has happened yet
    assert stored["exceptions"][0]["state"] == "pending"

    # The requester cannot approve their own request, nor can other roles.
    own = client.post(f"/api/v1/exceptions/{exception['id']}/approve", json={}, headers=as_role["pit_boss"])
    assert own.status_code == 403, own.json
    assert own.json["code"] == "same_user"
    for role in ("dealer", "compliance", "admin"):
        refused = client.post(f"/api/v1/exceptions/{exception['id']}/approve", json={}, headers=as_role[role])
        assert refused.status_code == 403, (role, refused.json)
    assert client.get(f"/api/v1/rounds/{game['id']}", headers=as_role["dealer"]).json["status"] == "settled"

    approved = client.post(
        f"/api/v1/exceptions/{exception['id']}/approve", json={"note": "confirmed on camera"}, headers=boss2
    )
    assert approved.status_code == 200, approved.json
    assert (approved.json["state"], approved.json["decided_by"]) == ("approved", "pit_boss2")
    assert approved.json["round_after"]["status"] == "void"
    voided = client.get(f"/api/v1/rounds/{game['id']}", headers=as_role["dealer"]).json
    # Still stored and visible, marked void, with both users, times and the reason.
    assert voided["status"] == "void"
    assert voided["seats"] == game["seats"]
    assert voided["house_net"] == game["house_net"]
    (shown,) = voided["exceptions"]
    assert shown["requested_by"] == "pit_boss"
    assert shown["decided_by"] == "pit_boss2"
    assert shown["reason"] == "misdeal: seat 2 had 8 cards"
    assert shown["note"] == "confirmed on camera"
    assert shown["requested_at"].endswith("Z")
    assert shown["decided_at"] >= shown["requested_at"]

    again = client.post(f"/api/v1/exceptions/{exception['id']}/approve", json={}, headers=boss2)
    assert again.status_code == 409
    assert again.json["code"] == "already_decided"
    twice = client.post(f"/api/v1/rounds/{game['id']}/void", json={"reason": "again"}, headers=boss2)
    assert twice.status_code == 409
    assert twice.json["code"] == "round_not_current"
    assert [e["exception_id"] for e in events(app, "void_requested")] == [exception["id"]]
    assert [e["exception_id"] for e in events(app, "void_approved")] == [exception["id"]]


def test_a_dealer_cannot_void(client, as_role, game):
    response = client.post(
        f"/api/v1/rounds/{game['id']}/void", json={"reason": "x"}, headers=as_role["dealer"]
    )
    assert response.status_code == 403


def test_rejection_needs_a_note_and_leaves_the_round_counting(app, client, as_role, boss2, game):
    exception = client.post(
        f"/api/v1/rounds/{game['id']}/void", json={"reason": "player dispute"}, headers=as_role["pit_boss"]
    ).json
    pending = client.post(f"/api/v1/rounds/{game['id']}/void", json={"reason": "again"}, headers=boss2)
    assert pending.status_code == 409
    assert pending.json["code"] == "exception_pending"
    bare = client.post(f"/api/v1/exceptions/{exception['id']}/reject", json={}, headers=boss2)
    assert bare.status_code == 422
    assert bare.json["field"] == "note"
    rejected = client.post(
        f"/api/v1/exceptions/{exception['id']}/reject",
        json={"note": "video shows a fair deal"},
        headers=boss2,
    )
    assert rejected.status_code == 200
    assert rejected.json["state"] == "rejected"
    assert client.get(f"/api/v1/rounds/{game['id']}", headers=as_role["dealer"]).json["status"] == "settled"
    listed = client.get("/api/v1/exceptions?state=rejected", headers=as_role["compliance"]).json
    assert [item["id"] for item in listed] == [exception["id"]]
    assert client.get("/api/v1/exceptions?state=pending", headers=as_role["compliance"]).json == []
    # After a rejection a new request may be made.
    retry = client.post(f"/api/v1/rounds/{game['id']}/void", json={"reason": "new evidence"}, headers=boss2)
    assert retry.status_code == 201
    assert events(app, "void_rejected")[0]["note"] == "video shows a fair deal"


@pytest.mark.parametrize(
    ("body", "status", "field"),
    [
        ({}, 422, "reason"),
        ({"reason": ""}, 422, "reason"),
        ({"reason": "   "}, 422, "reason"),
        ({"reason": "bad\x00"}, 422, "reason"),
        ({"reason": "x" * 501}, 422, "reason"),
        ({"reason": "ok", "extra": 1}, 422, "extra"),
    ],
)
def test_bad_void_requests_name_the_field(client, as_role, game, body, status, field):
    response = client.post(f"/api/v1/rounds/{game['id']}/void", json=body, headers=as_role["pit_boss"])
    assert response.status_code == status, response.json
    assert response.json["field"] == field


def test_unknown_rounds_and_requests_are_404(client, as_role):
    assert (
        client.post("/api/v1/rounds/999/void", json={"reason": "x"}, headers=as_role["pit_boss"]).status_code
        == 404
    )
    assert (
        client.post("/api/v1/exceptions/999/approve", json={}, headers=as_role["pit_boss"]).status_code == 404
    )
    assert client.get("/api/v1/exceptions/999", headers=as_role["pit_boss"]).status_code == 404
