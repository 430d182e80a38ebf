"""The pit's alert list and one alert's rounds never scan the rounds
(issue 43: the list answers in 200 ms at 1M rounds, bench-alerts times
it): each statement they run is planned by SQLite's EXPLAIN QUERY PLAN,
and a round or a deck's round is only ever looked up by its key. Not
timed; the plan is SQLite's without statistics (the service runs no
ANALYZE), as in production."""

from __future__ import annotations

import pytest
from sqlalchemy import event

from service.protection.alerts import acknowledge, raise_alert
from service.protection.listing import alert_page, alert_view
from service.protection.values import AlertKind, Finding, Severity
from service.store.db import utc_now
from service.store.models import User
from service.store.paging import Order
from service.store.work import unit_of_work
from tests.support.app import databases, user_id

#: the tables a plan must never walk whole (a SCAN, with an index or without)
LARGE = ("rounds", "round_decks", "seats", "audit_events")


def raised(app, table_id, key):
    finding = Finding(
        AlertKind.HIDDEN_INFORMATION,
        Severity.WARNING,
        key,
        "settings that know the dealer's hand",
        "5.1",
        "4",
        table_id,
        seat=2,
        decks=(7, 8),
        rounds=(1, 2, 3),
    )
    with unit_of_work(databases(app)) as db:
        alert = raise_alert(db, finding, utc_now())
        assert alert is not None
        return alert.id


def plans(app, read):
    """Each statement ``read(db)`` runs, with its plan's lines."""
    engine = app.extensions["breakpoker"]["engine"]
    ran = []

    def seen(_connection, _cursor, statement, parameters, _context, _many):
        ran.append((statement, parameters))

    event.listen(engine, "before_cursor_execute", seen)
    try:
        with databases(app)() as db:
            read(db)
    finally:
        event.remove(engine, "before_cursor_execute", seen)
    with engine.connect() as connection:
        return [
            (
                statement,
                [
                    row[-1]
                    for row in connection.exec_driver_sql(f"EXPLAIN QUERY PLAN {statement}", parameters)
                ],
            )
            for statement, parameters in ran
            if statement.lstrip().upper().startswith("SELECT")
        ]


def walks(planned):
    return [(statement, line) for statement, lines in planned for line in lines if _scans_large(line)]


def _scans_large(line):
    words = line.split()
    return len(words) > 1 and words[0] == "SCAN" and words[1] in LARGE


@pytest.fixture
def alerts(app, table):
    """Three alerts, the first acknowledged; their ids."""
    ids = [raised(app, table["id"], f"seat:{n}") for n in range(3)]
    with unit_of_work(databases(app)) as db:
        acknowledge(db, ids[0], db.get_one(User, user_id(app, "pit_boss")), "seen", utc_now())
    return ids


@pytest.mark.parametrize("state", ["open", "acknowledged", "all"])
def test_a_page_of_alerts_reads_no_large_table_whole(app, alerts, state):
    planned = plans(app, lambda db: alert_page(db, state, Order.NEWEST, 2, None))
    assert planned, "the page ran no query"
    assert walks(planned) == []


def test_an_alert_s_rounds_are_looked_up_by_their_keys(app, alerts):
    planned = plans(app, lambda db: alert_view(db, alerts[1]))
    lines = [line for _, found in planned for line in found]
    assert any(line.startswith("SEARCH rounds") for line in lines), lines  # the rounds are read
    assert walks(planned) == []


def test_a_scan_of_the_rounds_is_seen(app, alerts):
    """The check can fail: a query by a column with no index walks them."""
    planned = plans(
        app, lambda db: db.connection().exec_driver_sql("SELECT id FROM rounds WHERE house_net = 5")
    )
    ((_, line),) = walks(planned)
    assert line.startswith("SCAN rounds"), line
