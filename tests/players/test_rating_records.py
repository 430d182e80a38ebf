"""The rated-play records are append-only in the database itself: a
rating, a pause, resume or seat-out, a buy-in, a round's rated seat and a
pit boss's correction are never updated, deleted, replaced or emptied. The seats' claims are derived
state and may change (a pause flips one, a seat-out deletes it)."""

from __future__ import annotations

import pytest
from sqlalchemy import func, select

from service.audit.chain import seal_batch
from service.store.models import AuditEvent
from service.store.work import unit_of_work
from tests.players.conftest import ALICE
from tests.support.app import databases
from tests.support.append_only import never_replaced, never_updated_or_deleted
from tests.support.players import seat, step
from tests.support.rounds_data import enter
from tests.support.verifying import verified

pytestmark = pytest.mark.store
#: each record table and a column to try changing
APPEND_ONLY = {
    "ratings": "seat",
    "rating_events": "kind",
    "buy_ins": "amount",
    "rated_seats": "rating_id",
    "rating_corrections": "reason",
}


@pytest.fixture
def records(client, as_role, table, players):
    """A rating with a pause, a resume, a buy-in, a rated round, its
    seat-out and a pit boss's correction of its walk."""
    dealer = as_role["dealer"]
    rating = seat(client, dealer, table["id"], ALICE, 1).json
    for what, body in (("pauses", None), ("resumes", None), ("buy-ins", {"kind": "chips", "amount": 500})):
        assert step(client, dealer, rating["id"], what, body).status_code == 201
    enter(client, dealer, table, "r1")
    assert step(client, dealer, rating["id"], "seat-out", {"chips_taken": 0}).status_code == 200
    walk = {"reason": "walked with 500", "chips_taken": 500}
    corrected = client.post(
        f"/api/v1/ratings/{rating['id']}/corrections", json=walk, headers=as_role["pit_boss"]
    )
    assert corrected.status_code == 201, corrected.json
    return rating


@pytest.mark.parametrize("name", APPEND_ONLY)
def test_a_record_is_never_updated_or_deleted(app, records, name):
    never_updated_or_deleted(app, name, APPEND_ONLY[name])


@pytest.mark.parametrize("name", APPEND_ONLY)
def test_a_record_is_never_replaced(app, records, name):
    never_replaced(app, name)


def test_rated_play_s_events_seal_into_a_chain_that_verifies_intact(app, client, as_role, records):
    with unit_of_work(databases(app)) as db:
        seal_batch(db, db.scalar(select(func.max(AuditEvent.id))), limit=10_000)
        kinds = db.scalars(
            select(AuditEvent.kind).where(AuditEvent.subject == f"rating:{records['id']}")
        ).all()
    assert sorted(kinds) == sorted(
        [
            "rating_opened",
            "rating_paused",
            "rating_resumed",
            "buy_in_recorded",
            "rating_closed",
            "rating_corrected",
        ]
    )
    report = verified(app, client, as_role["compliance"])["report"]
    assert report["intact"] is True, report
