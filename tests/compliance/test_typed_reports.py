"""An export's manifest, its links and a verification's report are typed
values (TypedDicts): what the service builds has exactly their keys, and
the API answers with exactly what the service builds, the manifest as
written into the ZIP."""

from __future__ import annotations

import io
import json
import zipfile
from datetime import UTC, datetime, timedelta

import pytest
from sqlalchemy import func, select, update

from service.api.compliance.audit_routes import VerificationJson, verification_json
from service.api.compliance.export_routes import ExportJson, export_json
from service.audit.chain import CanonicalEvent, canonical, seal_batch, sealed_as_stored
from service.compliance.audit_verify import AuditReportJson
from service.compliance.chain_report import BrokenLinkJson, ChainReportJson, DifferenceJson
from service.compliance.export_build import build_export
from service.compliance.export_chain import ChainLine, chain_lines, chain_query
from service.compliance.export_manifest import Manifest, ManifestFile, Period, Schedule
from service.compliance.export_queries import CutJson, Scope, take_cut
from service.compliance.totals_check import TotalsReportJson
from service.store.models import AuditEvent, AuditSeal, AuditVerification, Export
from service.store.work import unit_of_work
from tests.support.app import databases
from tests.support.rounds_data import enter
from tests.support.tamper import drop_triggers
from tests.support.verifying import verified

pytestmark = pytest.mark.store

URL = "/api/v1/compliance/exports"


def keys(typed) -> set[str]:
    return set(typed.__required_keys__ | typed.__optional_keys__)


def as_json(value):
    return json.loads(json.dumps(value))


def seal_all(app) -> None:
    with unit_of_work(databases(app)) as db:
        seal_batch(db, db.scalar(select(func.max(AuditEvent.id))), limit=10_000)


@pytest.fixture
def played(app, client, as_role, table):
    """Two rounds at the table, every event sealed."""
    for ref in ("t1", "t2"):
        enter(client, as_role["dealer"], table, ref)
    seal_all(app)
    return table


def test_an_export_is_shown_as_built(app, client, as_role, settings, played):
    compliance = as_role["compliance"]
    today = datetime.now(UTC).date()
    body = {"from": (today - timedelta(days=1)).isoformat(), "to": (today + timedelta(days=1)).isoformat()}
    asked = client.post(URL, json=body, headers=compliance)
    assert asked.status_code == 202, asked.json
    assert set(asked.json["links"]) == {"self"}  # not built yet: nothing to download
    assert build_export(databases(app), asked.json["id"], settings.instance) is True
    shown = client.get(f"{URL}/{asked.json['id']}", headers=compliance).json
    with databases(app)() as db:
        export = db.get_one(Export, asked.json["id"])
        built = export_json(export, "compliance")
    assert set(built) == keys(ExportJson)
    assert set(built["links"]) == {"self", "download"}
    expected = as_json(built)
    expected["from"] = expected.pop("from_")
    assert shown == expected
    manifest = shown["manifest"]
    with zipfile.ZipFile(
        io.BytesIO(client.get(shown["links"]["download"], headers=compliance).data)
    ) as archive:
        assert json.loads(archive.read("manifest.json")) == manifest
    check_manifest_keys(manifest)
    listed = client.get(URL, headers=compliance).json["items"]
    assert listed[0]["manifest"] is None
    assert listed[0]["links"] == shown["links"]


def check_manifest_keys(manifest: Manifest) -> None:
    assert set(manifest) == keys(Manifest)
    assert manifest["tables"] == "all"
    assert set(manifest["period"]) == keys(Period)
    assert set(manifest["period"]["audit_window_utc"]) == {"from", "to"}
    assert set(manifest["as_of"]) == keys(CutJson)
    assert all(set(schedule) == keys(Schedule) for schedule in manifest["schedules"])
    assert all(set(file) == keys(ManifestFile) for file in manifest["files"])
    assert set(manifest["audit_chain_head"]) == {"seq", "hash"}


def test_a_chain_line_is_the_link_and_its_canonical_event(app, played):
    with databases(app)() as db:
        cut = take_cut(db)
        far = datetime(2000, 1, 1, tzinfo=UTC), datetime(2100, 1, 1, tzinfo=UTC)
        scope = Scope(far[0].date(), far[1].date(), None, *far, cut)
        rows = db.execute(chain_query(scope)).all()
        chain_line = chain_lines(db)
        texts = [chain_line(row) for row in rows]
        lines = [json.loads(text) for text in texts]
        assert len(lines) == cut.seal_seq > 0
        # Every event the service stored is taken as its stored text, proven by its link.
        taken = [sealed_as_stored(row[1], row[2], tuple(row[4:])) for row in rows]
        assert all(taken)
        assert all(text.startswith(f'{{"event":{event},') for text, event in zip(texts, taken, strict=True))
        for line in lines:
            assert set(line) == keys(ChainLine)
            assert set(line["event"]) == keys(CanonicalEvent)
            event = db.get_one(AuditEvent, line["event_id"])
            assert json.dumps(line["event"], sort_keys=True, separators=(",", ":"), ensure_ascii=False) == (
                canonical(event)
            )


def test_a_verification_is_shown_as_stored(app, client, as_role, played):
    drop_triggers(app.extensions["breakpoker"]["engine"])
    with unit_of_work(databases(app)) as db:
        seal = db.scalars(select(AuditSeal).order_by(AuditSeal.seq.desc()).limit(1)).one()
        event = db.get_one(AuditEvent, seal.event_id)
        edited = {**event.payload, "edited": True}
        db.execute(update(AuditEvent).where(AuditEvent.id == event.id).values(payload=edited))
    shown = verified(app, client, as_role["compliance"])
    with databases(app)() as db:
        stored = db.get_one(AuditVerification, shown["id"])
        built = verification_json(stored, "compliance")
    assert set(built) == keys(VerificationJson)
    expected = as_json(built)
    expected["from"] = expected.pop("from_")
    assert shown == expected
    report = shown["report"]
    assert set(report) == keys(AuditReportJson)
    assert set(report["chain"]) == keys(ChainReportJson)
    assert set(report["chain"]["broken"]) == keys(BrokenLinkJson)
    (difference,) = report["chain"]["broken"]["differences"]
    assert set(difference) == keys(DifferenceJson)
    assert (difference["field"], difference["sealed"], difference["current"]) == (
        "payload.edited",
        "(absent)",
        True,
    )
    assert set(report["totals"]) == keys(TotalsReportJson)
    assert set(shown["links"]) == {"self"}
