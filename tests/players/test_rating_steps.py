"""A rating's pauses, resumes, seat-out and buy-ins: each an append-only
record with its audit event; a pause of a paused rating, a resume of one
not paused, a seat-out twice or before any seat-in, a buy-in on a closed
rating and a negative, zero or fractional amount are refused naming the
field, with nothing written."""

from __future__ import annotations

from datetime import timedelta

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlalchemy import func, select

from service.store.db import utc_now
from service.store.models import AuditEvent, BuyIn, RatingEvent
from tests.players.conftest import ALICE, BOB
from tests.support.app import databases
from tests.support.players import seat, step

pytestmark = pytest.mark.store


@pytest.fixture
def rating(client, as_role, table, players):
    opened = seat(client, as_role["dealer"], table["id"], ALICE, 3)
    assert opened.status_code == 201, opened.json
    return opened.json


def written(app):
    with databases(app)() as db:
        return (
            db.scalar(select(func.count()).select_from(RatingEvent)),
            db.scalar(select(func.count()).select_from(BuyIn)),
        )


def refused(response, status, code, field):
    assert response.status_code == status, response.json
    assert (response.json["code"], response.json["field"]) == (code, field)


def test_a_rating_s_life_is_recorded_with_its_events(app, client, as_role, table, rating):
    dealer = as_role["dealer"]
    assert step(client, dealer, rating["id"], "pauses", {"reason": "smoke"}).json["state"] == "paused"
    assert step(client, dealer, rating["id"], "resumes").json["state"] == "open"
    bought = step(client, dealer, rating["id"], "buy-ins", {"kind": "cash", "amount": 50_000})
    assert bought.status_code == 201, bought.json
    assert [(b["kind"], b["amount"]) for b in bought.json["buy_ins"]] == [("cash", 50_000)]
    closed = step(client, as_role["pit_boss"], rating["id"], "seat-out", {"chips_taken": 72_500})
    assert closed.status_code == 200, closed.json
    shown = closed.json
    assert (shown["state"], shown["chips_taken"]) == ("closed", 72_500)
    assert [s["kind"] for s in shown["steps"]] == ["pause", "resume", "seat_out"]
    assert shown["steps"][0]["reason"] == "smoke"
    assert shown["seated_out_at"] == shown["steps"][2]["at"]
    assert client.get(f"/api/v1/tables/{table['id']}/ratings", headers=dealer).json == []
    with databases(app)() as db:
        kinds = db.scalars(
            select(AuditEvent.kind)
            .where(AuditEvent.subject == f"rating:{rating['id']}")
            .order_by(AuditEvent.id)
        ).all()
    assert kinds == ["rating_opened", "rating_paused", "rating_resumed", "buy_in_recorded", "rating_closed"]


def test_a_pause_of_a_paused_rating_and_a_resume_of_an_open_one_are_refused(app, client, as_role, rating):
    dealer = as_role["dealer"]
    refused(step(client, dealer, rating["id"], "resumes"), 409, "rating_not_paused", "rating_id")
    assert step(client, dealer, rating["id"], "pauses").status_code == 201
    refused(step(client, dealer, rating["id"], "pauses"), 409, "rating_paused", "rating_id")
    assert written(app) == (1, 0)


def test_a_seat_out_twice_or_before_seat_in_is_refused(app, client, as_role, table, rating):
    dealer = as_role["dealer"]
    refused(
        step(client, dealer, rating["id"] + 1, "seat-out", {"chips_taken": 0}),
        404,
        "rating_not_found",
        "rating_id",
    )
    assert step(client, dealer, rating["id"], "seat-out", {"chips_taken": 0}).status_code == 200
    refused(
        step(client, dealer, rating["id"], "seat-out", {"chips_taken": 0}), 409, "rating_closed", "rating_id"
    )
    refused(step(client, dealer, rating["id"], "pauses"), 409, "rating_closed", "rating_id")
    refused(
        step(client, dealer, rating["id"], "buy-ins", {"kind": "chips", "amount": 100}),
        409,
        "rating_closed",
        "rating_id",
    )
    assert written(app) == (1, 0)
    # The seat is free again.
    assert seat(client, dealer, table["id"], BOB, 3).status_code == 201


@pytest.mark.parametrize("chips", [-1, 1.5, "100", None, True])
def test_chips_taken_must_be_whole_minor_units(app, client, as_role, rating, chips):
    response = step(client, as_role["dealer"], rating["id"], "seat-out", {"chips_taken": chips})
    assert response.status_code == 422, response.json
    assert response.json["field"] == "chips_taken"
    assert written(app) == (0, 0)


# A refusal writes nothing: the rating fixture is the same for every example.
@settings(max_examples=15, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    amount=st.one_of(
        st.integers(max_value=0),
        st.floats(allow_nan=False, allow_infinity=False).filter(lambda x: not x.is_integer()),
        st.just(10.0),
        st.text(max_size=5),
        st.booleans(),
    )
)
def test_a_negative_zero_or_fractional_buy_in_is_refused_naming_amount(app, client, as_role, rating, amount):
    response = step(client, as_role["dealer"], rating["id"], "buy-ins", {"kind": "cash", "amount": amount})
    assert response.status_code == 422, response.json
    assert response.json["field"] == "amount"
    assert written(app) == (0, 0)


def test_a_buy_in_of_an_unknown_kind_is_refused(app, client, as_role, rating):
    response = step(client, as_role["dealer"], rating["id"], "buy-ins", {"kind": "marker", "amount": 100})
    assert (response.status_code, response.json["field"]) == (422, "kind")


def test_a_step_before_the_last_one_is_refused_and_the_slip_still_answers(
    app, client, as_role, table, players
):
    """A clock set back between two steps: a resume dated before its pause
    would make the time played negative; it is refused like a step before
    the seat-in, and the live slip is read to the last step at least."""
    moment = [utc_now()]
    app.extensions["breakpoker"]["clock"] = lambda: moment[0]
    rating = seat(client, as_role["dealer"], table["id"], ALICE, 3).json
    moment[0] += timedelta(minutes=10)
    assert step(client, as_role["dealer"], rating["id"], "pauses").status_code == 201
    moment[0] -= timedelta(minutes=5)
    before = written(app)
    refused(step(client, as_role["dealer"], rating["id"], "resumes"), 409, "conflict", "rating_id")
    assert written(app) == before
    shown = client.get(f"/api/v1/ratings/{rating['id']}/slip", headers=as_role["pit_boss"])
    assert shown.status_code == 200, shown.json
    assert shown.json["seconds_played"] == 600  # seated 10 minutes before the pause, paused since
    moment[0] += timedelta(minutes=10)
    assert step(client, as_role["dealer"], rating["id"], "resumes").status_code == 201
