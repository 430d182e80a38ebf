"""Every route that stamps a time takes it from the app's clock (which the
tests move), never from the wall: a round, a void and its decision, and
the day a report reads when none is named; tables, configurations,
exports, verifications and sign-outs; and the events of them all."""

from __future__ import annotations

from datetime import UTC, datetime

from sqlalchemy import select

from service.audit.kinds import EventKind
from service.store.models import AuditEvent, AuditVerification, ConfigVersion, Export, GameTable, Token
from tests.support.app import databases, edit, sign_in
from tests.support.rounds_data import enter

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


def test_tables_exports_verifications_and_sign_out_follow_the_clock_with_their_events(app, client):
    app.extensions["breakpoker"]["clock"] = lambda: MOMENT
    admin, compliance = sign_in(client, "admin"), sign_in(client, "compliance")
    table = client.post("/api/v1/tables", json={"name": "BP-CLOCK"}, headers=admin).json
    url = f"/api/v1/tables/{table['id']}"
    assert (
        edit(client, f"{url}/schedule", json={"timezone": "Europe/Malta"}, headers=admin).status_code == 200
    )
    changed = edit(client, f"{url}/config", json={"config": {"seats": 5}}, headers=admin)
    assert changed.status_code == 200, changed.json
    export = {"from": "2026-02-27", "to": "2026-02-28"}
    assert client.post("/api/v1/compliance/exports", json=export, headers=compliance).status_code == 202
    assert (
        client.post("/api/v1/compliance/audit/verifications", json={}, headers=compliance).status_code == 202
    )
    assert client.post("/api/v1/auth/logout", headers=compliance).status_code == 204
    with databases(app)() as db:
        stamped = {
            "table": db.get_one(GameTable, table["id"]).created_at,
            **{f"config {v.version}": v.created_at for v in db.scalars(select(ConfigVersion))},
            "export": db.scalars(select(Export)).one().requested_at,
            "verification": db.scalars(select(AuditVerification)).one().requested_at,
            "sign-out": db.scalars(select(Token).where(Token.revoked_at.is_not(None))).one().revoked_at,
        }
        events = {
            event.kind: event.occurred_at
            for event in db.scalars(select(AuditEvent).where(AuditEvent.kind != EventKind.USER_CREATED))
        }
    assert set(events) >= {
        EventKind.LOGIN,
        EventKind.TABLE_CREATED,
        EventKind.SCHEDULE_CHANGED,
        EventKind.CONFIG_CHANGED,
        EventKind.EXPORT_REQUESTED,
        EventKind.LOGOUT,
    }
    moments = {name: moment.replace(tzinfo=UTC) for name, moment in {**stamped, **events}.items()}
    assert moments == dict.fromkeys(moments, MOMENT)
