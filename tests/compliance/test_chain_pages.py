"""The chain walk reads its links a keyset page at a time (on PostgreSQL
by the driver, each event's time taken to UTC by the query): a chain of
many pages verifies, an edit in a later page is named at its link with its
field, links that take the named checks in the middle of pages (each
stops the page asked for ahead, on PostgreSQL) are followed by the rest,
and an event's time verifies and an edited one is named whatever the
session's time zone and whether or not the time has microseconds."""

from __future__ import annotations

import json
from datetime import timedelta

import pytest
from sqlalchemy import delete, select, text, update

import service.compliance.chain_rows
from service.audit.chain import chain_head
from service.audit.events import record_event
from service.audit.kinds import EventKind
from service.compliance.audit_verify import verify_chain
from service.compliance.chain_rows import LinkRows
from service.store.db import utc_now
from service.store.models import AuditEvent, AuditSeal
from service.store.work import unit_of_work
from tests.compliance.chain_support import (  # noqa: F401 (chain: the fixture, used by name)
    chain,
    engine_of,
    seal_all,
    seal_of,
    store_payload_text,
    stored_payloads,
)
from tests.support.app import databases
from tests.support.tamper import drop_triggers

pytestmark = [pytest.mark.store, pytest.mark.usefixtures("chain")]


@pytest.fixture
def short_pages(monkeypatch):
    """Three links a page: the chain's dozen links take several pages."""
    monkeypatch.setattr(service.compliance.chain_rows, "PAGE", 3)


def walk(app, zone: str | None = None):
    with databases(app)() as db:
        if zone is not None and db.get_bind().dialect.name == "postgresql":
            db.execute(text(f"SET LOCAL TIME ZONE '{zone}'"))
        return verify_chain(db)


def test_a_chain_of_many_pages_is_walked_whole(app, short_pages):
    with databases(app)() as db:
        links = chain_head(db).seq
        rows = list(LinkRows(db, 2, links - 1))
    assert links > 3 * 3
    report = walk(app)
    assert (report.intact, report.checked, report.last_seq) == (True, links, links)
    assert [row[0] for row in rows] == list(range(2, links))
    assert all(row[0] and row[5] == row[1] for row in rows)  # each seal with its event


def test_an_edit_in_a_later_page_is_named_with_its_field(app, short_pages):
    drop_triggers(engine_of(app))
    target = seal_of(app, "round_settled", 4)
    assert target.seq > 3  # past the first page
    with unit_of_work(databases(app)) as db:
        event = db.get_one(AuditEvent, target.event_id)
        sealed_net = event.payload["house_net"]
        db.execute(
            update(AuditEvent)
            .where(AuditEvent.id == target.event_id)
            .values(payload={**event.payload, "house_net": sealed_net - 100})
        )
    broken = walk(app).broken
    assert broken is not None
    assert (broken.seq, broken.event_id, broken.problem) == (target.seq, target.event_id, "event_edited")
    assert [(d.field, d.sealed, d.current) for d in broken.differences] == [
        ("payload.house_net", sealed_net, sealed_net - 100)
    ]


def test_a_link_deleted_in_a_later_page_is_named_by_what_the_checks_ask(app, short_pages):
    """The deleted link's check counts the events between its neighbours,
    a statement of its own, while the next page is asked for already."""
    drop_triggers(engine_of(app))
    target = seal_of(app, "round_settled", 4)
    with unit_of_work(databases(app)) as db:
        db.execute(delete(AuditSeal).where(AuditSeal.seq == target.seq))
        db.execute(delete(AuditEvent).where(AuditEvent.id == target.event_id))
    broken = walk(app).broken
    assert target.seq > 3  # past the first page
    assert broken is not None
    assert (broken.seq, broken.problem) == (target.seq, "link_missing")
    assert "its event was deleted too" in broken.message


def test_links_that_take_the_named_checks_mid_page_are_followed_by_the_rest(app, short_pages):
    """Every other payload in another text of its value (as an earlier
    release wrote it): those links fail the one quick test, so the walk runs
    its checks, statements of their own among them, with the next page
    already asked for; the chain still verifies whole, and the session is
    usable after."""
    drop_triggers(engine_of(app))
    rewritten = sorted(stored_payloads(app).items())[::2]
    for event_id, payload_text in rewritten:
        store_payload_text(app, event_id, json.dumps(json.loads(payload_text), indent=1))
    with databases(app)() as db:
        links = chain_head(db).seq
        report = verify_chain(db)
        assert db.scalar(select(AuditEvent.id).order_by(AuditEvent.id).limit(1)) is not None
    assert len(rewritten) > 3
    assert (report.intact, report.checked, report.last_seq) == (True, links, links)


@pytest.mark.parametrize("zone", [None, "UTC", "Asia/Kolkata", "America/St_Johns"])
@pytest.mark.parametrize("microseconds", [0, 1, 123400])
def test_a_time_verifies_and_an_edited_one_is_named_in_any_zone(app, short_pages, zone, microseconds):
    at = utc_now().replace(microsecond=microseconds)
    with unit_of_work(databases(app)) as db:
        event_id = record_event(db, EventKind.LOGIN, "user:1", {}, at=at)
    seal_all(app)
    report = walk(app, zone)
    assert report.intact, report.broken
    drop_triggers(engine_of(app))
    with unit_of_work(databases(app)) as db:
        db.execute(
            update(AuditEvent)
            .where(AuditEvent.id == event_id)
            .values(occurred_at=at + timedelta(microseconds=1))
        )
        stored = db.scalar(select(AuditEvent.occurred_at).where(AuditEvent.id == event_id))
    broken = walk(app, zone).broken
    assert broken is not None
    assert (broken.event_id, broken.problem) == (event_id, "event_edited")
    assert [(d.field, d.sealed, d.current) for d in broken.differences] == [
        ("occurred_at", at.isoformat(), stored.isoformat())
    ]
