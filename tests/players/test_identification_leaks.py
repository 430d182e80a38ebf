"""A player's identification is never written where others read: not in
the logs (a request's, an error's), not in /metrics, not in the audit
trail, not in the compliance export."""

from __future__ import annotations

import io
import logging
import zipfile
from datetime import timedelta

import pytest
from sqlalchemy import select

from service.compliance.export_build import build_export
from service.compliance.exports import exports_folder
from service.observability.logs import JsonFormatter
from service.store.db import utc_now
from service.store.models import AuditEvent, Export
from tests.support.app import databases
from tests.support.players import enrolled

NUMBER = "LK55-0913-XQ"
BIRTH = "1969-07-21"
BODY = {"document_type": "national_id_card", "number": NUMBER, "expiry": "2033-03-03", "date_of_birth": BIRTH}
URL = "/api/v1/players/C9/identification"


def secrets_in(text: str) -> list[str]:
    return [secret for secret in (NUMBER, BIRTH, "2033-03-03") if secret in text]


@pytest.fixture
def logged(caplog):
    """Every log line of the requests, as the service writes them (JSON,
    with their extra fields)."""
    caplog.set_level(logging.DEBUG)
    formatter = JsonFormatter()
    return lambda: "\n".join(formatter.format(record) for record in caplog.records)


def test_neither_the_logs_nor_the_metrics_hold_it(app, client, as_role, logged):
    enrolled(app, "C9")
    assert client.post(URL, json=BODY, headers=as_role["cage"]).status_code == 201
    refused = client.post(URL, json={**BODY, "expiry": "2001-01-01"}, headers=as_role["cage"])
    assert refused.status_code == 422
    assert NUMBER not in refused.get_data(as_text=True)  # the refusal names the field, not the number
    read = client.get(URL, headers=as_role["compliance"])
    assert read.json["number"] == NUMBER
    text = logged()
    assert "/players/C9/identification" in text  # the requests were logged
    assert secrets_in(text) == []
    metrics = client.get("/metrics")
    assert metrics.status_code == 200
    assert secrets_in(metrics.get_data(as_text=True)) == []


def test_the_audit_trail_holds_none_of_it(app, client, as_role):
    enrolled(app, "C9")
    client.post(URL, json=BODY, headers=as_role["pit_boss"])
    client.get(URL, headers=as_role["compliance"])
    with databases(app)() as db:
        events = db.scalars(
            select(AuditEvent)
            .where(AuditEvent.subject.like("player:%"))
            .where(AuditEvent.kind != "player_enrolled")  # its name is the club's, not the document's
        ).all()
    assert {event.kind for event in events} == {"player_identified", "identification_read"}
    for event in events:
        # A recording names its row too, for the compliance verification: ids, no more.
        extra = {"identification_id", "player_id"} if event.kind == "player_identified" else set()
        assert set(event.payload) == {"club_number", "version", *extra}
        assert secrets_in(str(event.payload)) == []


def test_the_compliance_export_holds_none_of_it(app, settings, client, as_role):
    enrolled(app, "C9")
    client.post(URL, json=BODY, headers=as_role["cage"])
    client.get(URL, headers=as_role["compliance"])
    # The gaming days around now, wherever the day's start puts these events.
    today = utc_now().date()
    days = {"from": (today - timedelta(days=1)).isoformat(), "to": (today + timedelta(days=1)).isoformat()}
    export = client.post("/api/v1/compliance/exports", json=days, headers=as_role["compliance"])
    assert export.status_code == 202, export.json
    assert build_export(databases(app), export.json["id"], settings.instance)
    with databases(app)() as db:
        name = db.scalar(select(Export.file_name).where(Export.id == export.json["id"]))
    archive = zipfile.ZipFile(io.BytesIO((exports_folder(settings.instance) / name).read_bytes()))
    files = {member: archive.read(member).decode(errors="replace") for member in archive.namelist()}
    assert any("player_identified" in text for text in files.values())  # the events are exported
    assert {member: secrets_in(text) for member, text in files.items() if secrets_in(text)} == {}
