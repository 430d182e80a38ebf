"""A pit boss's correction racing the dealer at the same rating: a missed
seat-out and the dealer's seat-out at once close it once; a late buy-in
and a missed seat-out before it at once never leave the buy-in after the
seat-out. Each locks the rating's claim first, so the second sees the
first (never a 500)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from sqlalchemy import select

from service.store.models import BuyIn, RatingCorrection, RatingEvent
from tests.players.conftest import ALICE
from tests.support.app import databases, sign_in
from tests.support.at_once import at_once
from tests.support.players import seat, step

pytestmark = pytest.mark.store


def ago(minutes: float) -> str:
    return (datetime.now(UTC) - timedelta(minutes=minutes)).isoformat()


@pytest.fixture
def rating(client, table, players):
    started = seat(
        client, sign_in(client, "pit_boss"), table["id"], ALICE, 1, seated_at=ago(30), reason="busy"
    )
    assert started.status_code == 201, started.json
    return started.json["id"]


def test_a_missed_seat_out_and_the_dealer_s_at_once_close_the_rating_once(app, client, rating):
    dealer, boss = sign_in(client, "dealer"), sign_in(client, "pit_boss")

    def send(who):
        if who == "dealer":
            return step(app.test_client(), dealer, rating, "seat-out", {"chips_taken": 100})
        body = {"reason": "left", "seat_out": {"at": ago(10), "chips_taken": 200}}
        return app.test_client().post(f"/api/v1/ratings/{rating}/corrections", json=body, headers=boss)

    answers = at_once(send, [("dealer",), ("boss",)])
    assert sorted(answer.status_code for answer in answers)[1] == 409, [answer.json for answer in answers]
    assert (answers[1].json["code"], answers[1].json["field"]) == ("rating_closed", "rating_id")
    with databases(app)() as db:
        outs = db.scalars(select(RatingEvent.chips_taken).where(RatingEvent.kind == "seat_out")).all()
        corrections = db.scalars(select(RatingCorrection.kind)).all()
    assert len(outs) == 1
    assert corrections == ([] if outs == [100] else ["seat_out"])


def test_a_late_buy_in_and_a_missed_seat_out_before_it_at_once(app, client, rating):
    boss = sign_in(client, "pit_boss")
    bodies = [
        {"reason": "missed", "buy_in": {"kind": "chips", "amount": 500, "at": ago(5)}},
        {"reason": "left", "seat_out": {"at": ago(10), "chips_taken": 0}},
    ]

    def send(body):
        return app.test_client().post(f"/api/v1/ratings/{rating}/corrections", json=body, headers=boss)

    answers = at_once(send, [(body,) for body in bodies])
    # Either may win: the seat-out first leaves the buy-in after the rating
    # (422 at buy_in.at); the buy-in first leaves the seat-out before it
    # (409 at seat_out.at).
    won = [answer for answer in answers if answer.status_code == 201]
    lost = [answer for answer in answers if answer.status_code != 201]
    assert len(won) == len(lost) == 1, [answer.json for answer in answers]
    assert (lost[0].status_code, lost[0].json["field"]) in {(422, "buy_in.at"), (409, "seat_out.at")}
    with databases(app)() as db:
        bought = db.scalars(select(BuyIn.at)).all()
        outs = db.scalars(select(RatingEvent.at).where(RatingEvent.kind == "seat_out")).all()
    assert len(bought) + len(outs) == 1  # never both: the buy-in would be after the seat-out
