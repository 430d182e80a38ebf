"""Game protection's records in the verification: each alert and
acknowledgement matched to its sealed event, so an alert or a note
edited in the database, or an acknowledgement inserted by SQL (an alert
silenced without an event), is named; untouched, the check finds
nothing."""

from __future__ import annotations

import pytest
from sqlalchemy import insert, text, update

from service.compliance.accounting_verify import check_accounting
from service.store.db import utc_now
from service.store.models import Alert, AlertAcknowledgement, User
from service.store.work import unit_of_work
from tests.support.alerts import raise_one
from tests.support.app import databases, user_id

pytestmark = pytest.mark.store


def problems(app):
    with databases(app)() as db:
        report = check_accounting(db)
    return [(p.table, p.id, p.subject, p.problem) for p in report.problems]


def without_trigger(app, table, action):
    """The table's append-only trigger for ``action`` dropped, as a forger would."""
    engine = app.extensions["breakpoker"]["engine"]
    with engine.begin() as connection:
        on = f" ON {table}" if engine.dialect.name == "postgresql" else ""
        connection.execute(text(f"DROP TRIGGER {table}_no_{action}{on}"))


@pytest.fixture
def alerts(app, client, as_role, table):
    """Two alerts, the first acknowledged by a pit boss; their ids."""
    first, second = raise_one(app, "deck:1", table["id"]), raise_one(app, "deck:2", table["id"])
    url = f"/api/v1/alerts/{first}/acknowledgement"
    assert client.post(url, json={"note": "video pulled"}, headers=as_role["pit_boss"]).status_code == 201
    return first, second


def test_the_alerts_and_their_acknowledgement_match_their_events(app, alerts):
    assert problems(app) == []


def test_a_note_edited_in_the_database_is_named(app, alerts):
    first, _ = alerts
    without_trigger(app, "alert_acknowledgements", "update")
    with unit_of_work(databases(app)) as db:
        db.execute(update(AlertAcknowledgement).values(note="nothing to see"))
    assert problems(app) == [("alert_acknowledgements", first, f"alert:{first}", "record_edited")]


def test_an_alert_silenced_by_sql_is_named(app, alerts):
    _, second = alerts
    with unit_of_work(databases(app)) as db:
        boss = db.get_one(User, user_id(app, "pit_boss"))
        row = {"alert_id": second, "note": "forged", "acknowledged_by": boss.id, "acknowledged_at": utc_now()}
        db.execute(insert(AlertAcknowledgement).values(row))
    assert problems(app) == [("alert_acknowledgements", second, f"alert:{second}", "event_missing")]


def test_an_alert_s_figure_edited_is_named(app, alerts):
    _, second = alerts
    without_trigger(app, "alerts", "update")
    with unit_of_work(databases(app)) as db:
        db.execute(update(Alert).where(Alert.id == second).values(figure="1"))
    assert problems(app) == [("alerts", second, f"alert:{second}", "record_edited")]
