"""Every route that stamps a time takes it from the app's clock (which the
tests move), never from the wall: a round, a void and its decision, and
the day a report reads when none is named."""

from __future__ import annotations

from datetime import UTC, datetime

from tests.api.conftest import sign_in
from tests.api.rounds_data import enter

# Before the 06:00 start of the gaming day: the day before's third shift.
MOMENT = datetime(2026, 3, 1, 5, 30, tzinfo=UTC)
STAMP = "2026-03-01T05:30:00"


def test_a_round_a_void_and_its_decision_are_stamped_by_the_app_s_clock(app, client, table):
    app.extensions["breakpoker"]["clock"] = lambda: MOMENT
    # Signed in by the same clock: a token lives 12 hours of it.
    as_role = {name: sign_in(client, name) for name in ("dealer", "pit_boss", "pit_boss2")}
    entered = enter(client, as_role["dealer"], table, "clocked")
    assert entered["entered_at"].startswith(STAMP)
    assert (entered["gaming_day"], entered["shift"]) == ("2026-02-28", 3)

    void = {"reason": "misdeal"}
    asked = client.post(f"/api/v1/rounds/{entered['id']}/void", json=void, headers=as_role["pit_boss"])
    assert asked.status_code == 201, asked.json
    assert asked.json["requested_at"].startswith(STAMP)
    approve = f"/api/v1/exceptions/{asked.json['id']}/approve"
    decided = client.post(approve, json={}, headers=as_role["pit_boss2"])
    assert decided.status_code == 200, decided.json
    assert decided.json["decided_at"].startswith(STAMP)


def test_a_report_without_a_day_reads_the_clock_s_gaming_day(app, client, as_role, table):
    app.extensions["breakpoker"]["clock"] = lambda: MOMENT
    report = client.get(f"/api/v1/reports/tables/{table['id']}?period=day", headers=as_role["pit_boss"])
    assert report.status_code == 200, report.json
    assert report.json["day"] == "2026-02-28"
    assert report.json["generated_at"].startswith(STAMP)
