"""The chain walk reads an event's time as SQLite's text (service.store.
stored_instant) instead of through the column's type: any other text of
the sealed instant still verifies, and text that is no time is named, not
a crash. SQLite only: PostgreSQL's timestamptz keeps no text and refuses
text that is no time."""

from __future__ import annotations

import pytest
from sqlalchemy import text

from service.audit.events import record_event
from service.audit.kinds import EventKind
from service.store.db import utc_now
from service.store.work import unit_of_work
from tests.compliance.chain_support import (  # noqa: F401 (chain: the fixture, used by name)
    chain,
    engine_of,
    reports,
    seal_all,
    seal_of,
)
from tests.support.app import databases
from tests.support.tamper import drop_triggers

pytestmark = pytest.mark.usefixtures("chain")


def store_time_text(app, event_id: int, stored: str) -> None:
    with unit_of_work(databases(app)) as db:
        db.execute(
            text("UPDATE audit_events SET occurred_at = :at WHERE id = :id"), {"at": stored, "id": event_id}
        )


def stored_time_text(app, event_id: int) -> str:
    with databases(app)() as db:
        return db.scalar(text("SELECT occurred_at FROM audit_events WHERE id = :id"), {"id": event_id})


@pytest.mark.parametrize(
    "rewrite",
    [
        lambda stored: stored[:19],  # the zero microseconds left out
        lambda stored: stored.replace(" ", "T") + "+00:00",  # ISO 8601 with its zone
    ],
    ids=["no microseconds", "iso with zone"],
)
def test_a_time_stored_in_another_text_of_the_same_instant_still_verifies(
    app, client, as_role, settings, rewrite
):
    with unit_of_work(databases(app)) as db:
        event_id = record_event(db, EventKind.LOGIN, "user:1", {}, at=utc_now().replace(microsecond=0))
    seal_all(app)
    on_the_second = stored_time_text(app, event_id)
    assert on_the_second.endswith(".000000")  # as SQLAlchemy writes it
    assert reports(app, client, as_role, settings)["intact"]
    drop_triggers(engine_of(app))
    store_time_text(app, event_id, rewrite(on_the_second))
    assert reports(app, client, as_role, settings)["intact"]


def test_a_time_that_is_no_time_is_named(app, client, as_role, settings):
    drop_triggers(engine_of(app))
    target = seal_of(app, "login", 1)
    store_time_text(app, target.event_id, "not a time")
    broken = reports(app, client, as_role, settings)["broken"]
    assert (broken["seq"], broken["problem"]) == (target.seq, "event_edited")
    assert [(d["field"], d["current"]) for d in broken["differences"]] == [("occurred_at", "not a time")]
