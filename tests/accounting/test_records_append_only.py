"""The accounting records are append-only in the database itself: a count,
a slip, a signature or a drop count is never updated, deleted, replaced or
emptied; a session is closed once and never reopened; the slip number
only steps up by one."""

from __future__ import annotations

import pytest
from sqlalchemy import delete, select, update

from service.store.models import DropCount, InventoryCount, SlipNumber, TableSession
from tests.support.accounting import close_table, count_drop, full_slip, ok, open_table, request_slip
from tests.support.app import databases
from tests.support.append_only import never_replaced, never_updated_or_deleted, refused

pytestmark = pytest.mark.store
APPEND_ONLY = {
    "inventory_counts": "total",
    "slips": "total",
    "slip_signatures": "reason",
    "drop_counts": "total",
}


@pytest.fixture
def records(client, table):
    """A closed, counted session with a received fill and a slip still waiting."""
    opened = ok(open_table(client, table["id"]), 201)
    full_slip(client, table["id"])
    ok(close_table(client, table["id"], lines={"10000": 1_110_000}))
    ok(count_drop(client, opened["id"]), 201)
    ok(open_table(client, table["id"], lines={"10000": 1_110_000}), 201)
    ok(request_slip(client, table["id"]), 201)
    return opened


@pytest.mark.parametrize("name", APPEND_ONLY)
def test_a_record_is_never_updated_or_deleted(app, records, name):
    never_updated_or_deleted(app, name, APPEND_ONLY[name])


@pytest.mark.parametrize("name", APPEND_ONLY)
def test_a_record_is_never_replaced(app, records, name):
    never_replaced(app, name)


def test_a_closed_session_is_never_reopened_nor_moved(app, records):
    refused(app, update(TableSession).where(TableSession.id == records["id"]).values(closed_at=None))
    refused(app, update(TableSession).where(TableSession.id == records["id"]).values(number=7))
    refused(app, delete(TableSession))


def test_an_open_session_is_closed_once_and_nothing_else_changes(app, records):
    with databases(app)() as db:
        open_id = db.scalar(select(TableSession.id).where(TableSession.closed_at.is_(None)))
    refused(app, update(TableSession).where(TableSession.id == open_id).values(shift=3))


def test_the_slip_number_only_steps_up_by_one(app, records):
    refused(app, update(SlipNumber).values(last=SlipNumber.last + 2))
    refused(app, update(SlipNumber).values(last=0))
    refused(app, delete(SlipNumber))


def test_a_refused_change_leaves_the_figures_as_counted(app, client, records):
    with databases(app)() as db:
        before = db.scalar(select(DropCount.total))
        counts = db.scalars(select(InventoryCount.total)).all()
    refused(app, update(DropCount).values(total=0))
    with databases(app)() as db:
        assert db.scalar(select(DropCount.total)) == before
        assert db.scalars(select(InventoryCount.total)).all() == counts
