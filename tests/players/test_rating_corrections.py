"""A pit boss's corrections of a rating (issue 42): the chips taken away
of a closed rating, a buy-in the dealer missed (at the time it happened)
and a seat-out the dealer missed (at a past time), each a new row with
its reason and its ``rating_corrected`` event, never an overwrite; the
rating and its slip show the corrected values; a refusal names its field
and writes nothing."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from sqlalchemy import func, select

from service.store.models import AuditEvent, BuyIn, RatingCorrection, RatingEvent
from tests.players.conftest import ALICE, BOB
from tests.support.app import databases
from tests.support.players import seat, step

pytestmark = pytest.mark.store


def ago(**delta: float) -> str:
    return (datetime.now(UTC) - timedelta(**delta)).isoformat()


def correct(client, headers, rating_id, body):
    return client.post(f"/api/v1/ratings/{rating_id}/corrections", json=body, headers=headers)


def refused(response, status, code, field):
    assert response.status_code == status, response.json
    assert (response.json["code"], response.json["field"]) == (code, field)


def written(app):
    """Corrections, buy-ins and rating events stored."""
    with databases(app)() as db:
        return tuple(
            db.scalar(select(func.count()).select_from(model))
            for model in (RatingCorrection, BuyIn, RatingEvent)
        )


def kinds(app, rating_id):
    with databases(app)() as db:
        return db.scalars(
            select(AuditEvent.kind).where(AuditEvent.subject == f"rating:{rating_id}").order_by(AuditEvent.id)
        ).all()


@pytest.fixture
def started(client, as_role, table, players):
    """Alice's rating at seat 2, started by the pit boss 30 minutes back."""
    opened = seat(
        client, as_role["pit_boss"], table["id"], ALICE, 2, seated_at=ago(minutes=30), reason="busy"
    )
    assert opened.status_code == 201, opened.json
    return opened.json


@pytest.fixture
def closed(client, as_role, started):
    out = step(client, as_role["dealer"], started["id"], "seat-out", {"chips_taken": 50_000})
    assert out.status_code == 200, out.json
    return out.json


def test_the_chips_taken_away_are_corrected_by_new_rows(app, client, as_role, closed):
    boss = as_role["pit_boss"]
    first = correct(
        client, boss, closed["id"], {"reason": "walked with a 500 plaque", "chips_taken": 100_000}
    )
    assert first.status_code == 201, first.json
    again = correct(client, boss, closed["id"], {"reason": "recounted: 900", "chips_taken": 90_000})
    shown = again.json
    assert shown["chips_taken"] == 90_000
    (seat_out,) = [each for each in shown["steps"] if each["kind"] == "seat_out"]
    assert seat_out["chips_taken"] == 50_000  # the dealer's estimate stays as recorded
    assert [(c["kind"], c["chips_taken"], c["reason"]) for c in shown["corrections"]] == [
        ("chips_taken", 100_000, "walked with a 500 plaque"),
        ("chips_taken", 90_000, "recounted: 900"),
    ]
    assert {c["recorded_by_name"] for c in shown["corrections"]} == {"pit_boss"}
    slip = client.get(f"/api/v1/ratings/{closed['id']}/slip", headers=boss).json
    assert (slip["chips_taken"], slip["chips_check"]) == (90_000, 90_000)  # no buy-in, no round
    assert len(slip["corrections"]) == 2
    assert kinds(app, closed["id"])[-2:] == ["rating_corrected", "rating_corrected"]
    assert client.get(f"/api/v1/ratings/{closed['id']}", headers=as_role["dealer"]).json == shown


def test_an_open_rating_s_chips_are_not_corrected(app, client, as_role, started):
    response = correct(client, as_role["pit_boss"], started["id"], {"reason": "x", "chips_taken": 5})
    refused(response, 409, "rating_open", "chips_taken")
    assert written(app) == (0, 0, 0)


def test_only_a_pit_boss_corrects_and_each_body_names_its_field(app, client, as_role, closed):
    boss, rating = as_role["pit_boss"], closed["id"]
    for role in ("dealer", "compliance", "admin", "cage"):
        refused(
            correct(client, as_role[role], rating, {"reason": "x", "chips_taken": 1}),
            403,
            "forbidden",
            "role",
        )
    refused(correct(client, boss, rating, {"chips_taken": 1}), 422, "invalid_field", "reason")
    refused(correct(client, boss, rating, {"reason": "x"}), 422, "missing_field", "chips_taken")
    both = {"reason": "x", "chips_taken": 1, "seat_out": {"at": ago(minutes=1), "chips_taken": 1}}
    refused(correct(client, boss, rating, both), 422, "invalid_field", "seat_out")
    refused(
        correct(client, boss, rating, {"reason": "x", "chips_taken": -1}),
        422,
        "invalid_field",
        "chips_taken",
    )
    bad = {"reason": "x", "buy_in": {"kind": "cash", "amount": 2.5, "at": ago(minutes=1)}}
    assert correct(client, boss, rating, bad).json["field"] == "buy_in.amount"
    refused(
        correct(client, boss, rating, {"reason": "   ", "chips_taken": 1}), 422, "missing_field", "reason"
    )
    refused(
        correct(client, boss, rating + 1, {"reason": "x", "chips_taken": 1}),
        404,
        "rating_not_found",
        "rating_id",
    )
    assert written(app) == (0, 0, 1)


def test_a_missed_buy_in_is_recorded_at_the_time_it_happened(app, client, as_role, closed):
    boss = as_role["pit_boss"]
    at = ago(minutes=20)
    body = {"reason": "chips from the bar", "buy_in": {"kind": "chips", "amount": 40_000, "at": at}}
    response = correct(client, boss, closed["id"], body)
    assert response.status_code == 201, response.json
    (bought,) = response.json["buy_ins"]
    assert (bought["kind"], bought["amount"], bought["at"][:19]) == ("chips", 40_000, at[:19])
    (made,) = response.json["corrections"]
    assert (made["kind"], made["buy_in_id"], made["chips_taken"]) == ("buy_in", bought["id"], None)
    assert response.json["chips_taken"] == 50_000  # a buy-in corrects no walk
    slip = client.get(f"/api/v1/ratings/{closed['id']}/slip", headers=boss).json
    assert (slip["chips_brought"], slip["chips_check"]) == (40_000, 10_000)
    assert kinds(app, closed["id"])[-2:] == ["buy_in_recorded", "rating_corrected"]


def test_a_missed_buy_in_outside_the_rating_is_refused(app, client, as_role, started):
    boss, rating = as_role["pit_boss"], started["id"]
    out = {"reason": "gone", "seat_out": {"at": ago(minutes=10), "chips_taken": 0}}
    assert correct(client, boss, rating, out).status_code == 201
    for at in (ago(minutes=40), ago(minutes=5)):  # before the seat-in, after the seat-out
        body = {"reason": "x", "buy_in": {"kind": "chips", "amount": 100, "at": at}}
        refused(correct(client, boss, rating, body), 422, "invalid_field", "buy_in.at")
    assert written(app) == (1, 0, 1)


def test_a_missed_buy_in_on_an_open_rating_is_not_in_the_future(app, client, as_role, started):
    body = {"reason": "x", "buy_in": {"kind": "chips", "amount": 100, "at": ago(minutes=-5)}}
    refused(correct(client, as_role["pit_boss"], started["id"], body), 422, "invalid_field", "buy_in.at")
    body["buy_in"]["at"] = ago(minutes=5)
    assert correct(client, as_role["pit_boss"], started["id"], body).status_code == 201
    assert written(app) == (1, 1, 0)


def test_a_missed_seat_out_closes_the_rating_at_its_time(app, client, as_role, table, started):
    boss, at = as_role["pit_boss"], ago(minutes=10)
    body = {"reason": "left without a word", "seat_out": {"at": at, "chips_taken": 20_000}}
    response = correct(client, boss, started["id"], body)
    assert response.status_code == 201, response.json
    shown = response.json
    assert (shown["state"], shown["chips_taken"], shown["seated_out_at"][:19]) == ("closed", 20_000, at[:19])
    (out,) = shown["steps"]
    (made,) = shown["corrections"]
    assert (made["kind"], made["rating_event_id"], made["chips_taken"]) == ("seat_out", out["id"], 20_000)
    assert out["reason"] == "left without a word"
    slip = client.get(f"/api/v1/ratings/{started['id']}/slip", headers=boss).json
    assert (slip["final"], slip["chips_check"]) == (True, 20_000)
    # The seat-in was 30 minutes before the fixture ran and the seat-out 10 minutes before
    # this test's own instant: the played time is their stored difference, however slow the run.
    played = datetime.fromisoformat(shown["seated_out_at"]) - datetime.fromisoformat(started["seated_at"])
    assert slip["seconds_played"] == int(played.total_seconds())
    assert 1199 <= slip["seconds_played"] <= 1200 + 60
    assert client.get(f"/api/v1/tables/{table['id']}/ratings", headers=boss).json == []
    assert seat(client, as_role["dealer"], table["id"], BOB, 2).status_code == 201  # the seat is free
    assert kinds(app, started["id"])[-2:] == ["rating_closed", "rating_corrected"]
    refused(correct(client, boss, started["id"], body), 409, "rating_closed", "rating_id")


def test_a_missed_seat_out_is_not_in_the_future_or_before_the_last_step(app, client, as_role, started):
    boss, rating = as_role["pit_boss"], started["id"]

    def seat_out(at):
        return correct(client, boss, rating, {"reason": "x", "seat_out": {"at": at, "chips_taken": 0}})

    refused(seat_out(ago(minutes=-1)), 422, "invalid_field", "seat_out.at")
    refused(seat_out(ago(minutes=31)), 422, "invalid_field", "seat_out.at")
    assert step(client, as_role["dealer"], rating, "pauses").status_code == 201
    refused(seat_out(ago(minutes=1)), 409, "conflict", "seat_out.at")
    assert written(app) == (0, 0, 1)
    bought_at = datetime.now(UTC)
    bought = {"reason": "x", "buy_in": {"kind": "chips", "amount": 100, "at": bought_at.isoformat()}}
    assert correct(client, boss, rating, bought).status_code == 201
    before_it = seat_out((bought_at - timedelta(microseconds=1)).isoformat())
    refused(before_it, 409, "conflict", "seat_out.at")
    assert "last buy-in" in before_it.json["message"]
    assert written(app) == (1, 1, 1)
    assert (
        correct(
            client, boss, rating, {"reason": "x", "seat_out": {"at": ago(seconds=0), "chips_taken": 0}}
        ).json["state"]
        == "closed"
    )


def test_a_missed_seat_out_before_a_rated_round_is_refused(app, client, as_role, table, players):
    from tests.support.rounds_data import enter

    boss, dealer = as_role["pit_boss"], as_role["dealer"]
    opened = seat(client, boss, table["id"], ALICE, 1, seated_at=ago(minutes=30), reason="busy").json
    enter(client, dealer, table, "r1")  # seat 1 plays: rated for Alice now
    body = {"reason": "x", "seat_out": {"at": ago(minutes=5), "chips_taken": 0}}
    response = correct(client, boss, opened["id"], body)
    refused(response, 409, "rated_after_seat_out", "seat_out.at")
    assert "seated_out_at" in response.json["message"]
    assert written(app) == (0, 0, 0)
    body["seat_out"]["at"] = ago(seconds=0)
    assert correct(client, boss, opened["id"], body).status_code == 201
