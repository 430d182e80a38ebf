"""Alerts called as a job would, without the API: raised once per
finding (a job run twice raises nothing more), acknowledged once with a
note by a pit boss, each with its audit event; the rows append-only; and
the repeated deck check over decks posted through the API."""

from __future__ import annotations

import pytest
from sqlalchemy import select

from service.audit.kinds import EventKind
from service.errors import Conflict, Invalid, NotFound
from service.protection.alerts import acknowledge, raise_alert
from service.protection.listing import alert_page, alert_view
from service.protection.repeated_decks import check_deck_order, unchecked_decks
from service.protection.values import AlertKind, AlertState, Finding, Severity
from service.store.db import utc_now
from service.store.models import AuditEvent, User
from service.store.paging import Order
from service.store.work import unit_of_work
from tests.support.app import databases, user_id
from tests.support.append_only import never_replaced, never_updated_or_deleted
from tests.support.decks import deck_body, post_deck, shuffled

pytestmark = pytest.mark.store


def finding(key: str = "deck:9", table_id: int | None = None) -> Finding:
    return Finding(
        AlertKind.REPEATED_DECK, Severity.CRITICAL, key, "seen twice", "2", "1", table_id, device_id="shoe-7"
    )


def events(app, kind: EventKind) -> list[AuditEvent]:
    with databases(app)() as db:
        return list(db.scalars(select(AuditEvent).where(AuditEvent.kind == kind).order_by(AuditEvent.id)))


def test_a_finding_raised_twice_is_one_alert_with_one_event(app, table):
    with unit_of_work(databases(app)) as db:
        first = raise_alert(db, finding(table_id=table["id"]), utc_now())
        assert first is not None
        raised = first.id
        assert raise_alert(db, finding(table_id=table["id"]), utc_now()) is None
    with unit_of_work(databases(app)) as db:
        assert raise_alert(db, finding(table_id=table["id"]), utc_now()) is None  # another transaction
        assert raise_alert(db, finding("deck:10"), utc_now()) is not None  # another finding
    (event,) = events(app, EventKind.ALERT_RAISED)[:1]
    assert len(events(app, EventKind.ALERT_RAISED)) == 2
    assert event.subject == f"alert:{raised}"
    assert event.payload["kind"] == "repeated_deck"
    assert (event.payload["figure"], event.payload["threshold"]) == ("2", "1")
    with databases(app)() as db:
        shown = alert_view(db, raised)
    assert (shown["state"], shown["table_name"], shown["device_id"]) == (AlertState.OPEN, "BP-1", "shoe-7")


def test_an_alert_is_acknowledged_once_with_a_note(app, table):
    boss_id = user_id(app, "pit_boss")
    with unit_of_work(databases(app)) as db:
        alert = raise_alert(db, finding(table_id=table["id"]), utc_now())
        assert alert is not None
        alert_id = alert.id
    with unit_of_work(databases(app)) as db:
        boss = db.get_one(User, boss_id)
        with pytest.raises(Invalid) as blank:
            acknowledge(db, alert_id, boss, "   ", utc_now())
        assert blank.value.field == "note"
        with pytest.raises(NotFound):
            acknowledge(db, alert_id + 1, boss, "seen", utc_now())
        acknowledge(db, alert_id, boss, " pulled the video: a shuffler fault ", utc_now())
    with unit_of_work(databases(app)) as db:
        with pytest.raises(Conflict) as again:
            acknowledge(db, alert_id, db.get_one(User, boss_id), "again", utc_now())
        assert again.value.field == "alert_id"
    with databases(app)() as db:
        shown = alert_view(db, alert_id)
        opened = alert_page(db, "open", Order.NEWEST, 10, None)
        done = alert_page(db, "acknowledged", Order.NEWEST, 10, None)
    assert shown["state"] is AlertState.ACKNOWLEDGED
    acknowledgement = shown["acknowledgement"]
    assert acknowledgement is not None
    assert (acknowledgement["note"], acknowledgement["by"]) == (
        "pulled the video: a shuffler fault",
        "pit_boss",
    )
    assert (opened.items, [each["id"] for each in done.items]) == ([], [alert_id])
    (event,) = events(app, EventKind.ALERT_ACKNOWLEDGED)
    assert (event.subject, event.payload["note"]) == (
        f"alert:{alert_id}",
        "pulled the video: a shuffler fault",
    )


def test_alerts_and_acknowledgements_are_append_only(app, table):
    with unit_of_work(databases(app)) as db:
        alert = raise_alert(db, finding(table_id=table["id"]), utc_now())
        assert alert is not None
        acknowledge(db, alert.id, db.get_one(User, user_id(app, "pit_boss")), "seen", utc_now())
    never_updated_or_deleted(app, "alerts", "summary")
    never_replaced(app, "alerts")
    never_updated_or_deleted(app, "alert_acknowledgements", "note")
    never_replaced(app, "alert_acknowledgements")


def test_a_repeated_order_is_one_critical_alert_naming_both_decks(app, client, as_role, table):
    cards = shuffled(3)
    device = as_role["device"]
    first = post_deck(client, device, table["id"], deck_body(cards, sequence=1)).json["id"]
    post_deck(client, device, table["id"], deck_body(shuffled(4), sequence=2))
    assert post_deck(client, device, table["id"], deck_body(cards, sequence=1)).status_code == 200  # a replay
    later = post_deck(client, device, table["id"], deck_body(cards, sequence=3, device_id="shoe-8")).json[
        "id"
    ]
    with databases(app)() as db:
        assert unchecked_decks(db) == [first, first + 1, later]
    with unit_of_work(databases(app)) as db:
        raised = [check_deck_order(db, feed_id, utc_now()) for feed_id in (first, first + 1, later)]
    with unit_of_work(databases(app)) as db:
        assert check_deck_order(db, later, utc_now()) == 0  # checked before
        assert unchecked_decks(db) == []
    # The first deck's check saw the repeat (raced in before it ran): the
    # later deck's own check raised nothing more.
    assert sum(raised) == 1
    with databases(app)() as db:
        (alert,) = alert_page(db, "all", Order.NEWEST, 10, None).items
    assert (alert["kind"], alert["severity"], alert["decks"]) == (
        AlertKind.REPEATED_DECK,
        Severity.CRITICAL,
        [first, later],
    )
    assert (alert["table_id"], alert["device_id"], alert["figure"], alert["threshold"]) == (
        table["id"],
        "shoe-8",
        "2",
        "1",
    )
