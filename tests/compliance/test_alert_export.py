"""Game protection's alerts in a compliance export: ``alerts.csv`` and
``alert_acknowledgements.csv`` (the cut's ``alert_id``; an acknowledgement
cut by its event), counted in the manifest and checked offline with it;
then each row, edited by SQL or deleted after the export, named by the
verification with the value the export and the sealed event still hold."""

from __future__ import annotations

import json
import zipfile

import pytest
from sqlalchemy import delete, text, update

import service.compliance.export_build
from service.audit.chain import seal_batch
from service.compliance.accounting_verify import check_accounting
from service.compliance.export_build import build_export
from service.compliance.export_queries import take_cut
from service.store.models import Alert, AlertAcknowledgement, Export
from service.store.work import unit_of_work
from tests.compliance.exports_support import csv_rows, new_table, request
from tests.compliance.test_export_signature import public_key_file, verify_export
from tests.support.alerts import raise_one
from tests.support.app import databases

pytestmark = pytest.mark.store


def acknowledge(client, boss, alert_id, note):
    answer = client.post(f"/api/v1/alerts/{alert_id}/acknowledgement", json={"note": note}, headers=boss)
    assert answer.status_code == 201, answer.json


@pytest.fixture
def alerts(app, client, as_role, table):
    """Three alerts, sealed: the first at the table acknowledged with a note
    a spreadsheet would run, the second at the table open, the third of
    no table (a device's); their ids."""
    first = raise_one(app, "deck:1", table["id"], summary="=cmd a repeated deck")
    second = raise_one(app, "deck:2", table["id"])
    third = raise_one(app, "deck:3", None)
    acknowledge(client, as_role["pit_boss"], first, "video pulled; =1+1 nothing seen")
    seal(app)
    return first, second, third


def seal(app):
    with unit_of_work(databases(app)) as db:
        seal_batch(db, 10**9)


def exported(app, client, as_role, settings, **body):
    asked = request(client, as_role["admin"], **body)
    assert asked.status_code == 202, asked.json
    assert build_export(databases(app), asked.json["id"], settings.instance)
    with databases(app)() as db:
        file_name = db.get_one(Export, asked.json["id"]).file_name
    return settings.instance / "exports" / file_name


def problems(app):
    with databases(app)() as db:
        report = check_accounting(db)
    return [(p.table, p.id, p.subject, p.problem, p.differences) for p in report.problems]


def without_trigger(app, table, action):
    """The table's append-only trigger for ``action`` dropped, as a forger would."""
    engine = app.extensions["breakpoker"]["engine"]
    with engine.begin() as connection:
        on = f" ON {table}" if engine.dialect.name == "postgresql" else ""
        connection.execute(text(f"DROP TRIGGER {table}_no_{action}{on}"))


def test_the_alerts_are_exported_counted_and_verify(app, client, as_role, settings, tmp_path, alerts):
    first, second, third = alerts
    path = exported(app, client, as_role, settings)
    archive = zipfile.ZipFile(path)
    rows = csv_rows(archive, "alerts.csv")
    assert [(r["alert_id"], r["kind"], r["severity"], r["natural_key"], r["table"]) for r in rows] == [
        (str(first), "repeated_deck", "critical", "repeated_deck:deck:1", "BP-1"),
        (str(second), "repeated_deck", "critical", "repeated_deck:deck:2", "BP-1"),
        (str(third), "repeated_deck", "critical", "repeated_deck:deck:3", ""),
    ]
    assert rows[0]["summary"] == "'=cmd a repeated deck"  # the formula guard
    assert (rows[0]["figure"], rows[0]["threshold"], rows[0]["device_id"]) == ("2", "1", "shoe-7")
    assert (rows[0]["decks"], rows[0]["rounds"], rows[2]["table_id"]) == ("[]", "[]", "")
    (acknowledged,) = csv_rows(archive, "alert_acknowledgements.csv")
    assert (acknowledged["alert_id"], acknowledged["note"], acknowledged["acknowledged_by"]) == (
        str(first),
        "video pulled;' =1+1 nothing seen",
        "pit_boss",
    )
    manifest = json.loads(archive.read("manifest.json"))
    counted = {entry["name"]: entry["rows"] for entry in manifest["files"]}
    assert (counted["alerts.csv"], counted["alert_acknowledgements.csv"]) == (3, 1)
    assert manifest["as_of"]["alert_id"] == third
    shown = verify_export(path, public_key_file(settings, tmp_path))
    assert shown.exit_code == 0, shown.output
    assert "ok: alerts.csv:" in shown.output
    assert "ok: alert_acknowledgements.csv:" in shown.output
    assert problems(app) == []


def test_an_export_of_a_table_has_its_alerts_only(app, client, as_role, settings, alerts):
    first, second, _ = alerts
    other = new_table(client, as_role["admin"], "BP-2")
    raise_one(app, "deck:9", other["id"])
    archive = zipfile.ZipFile(exported(app, client, as_role, settings, tables=[other["id"]]))
    assert [r["natural_key"] for r in csv_rows(archive, "alerts.csv")] == ["repeated_deck:deck:9"]
    assert csv_rows(archive, "alert_acknowledgements.csv") == []
    archive = zipfile.ZipFile(exported(app, client, as_role, settings, tables=[alerts_table(app, first)]))
    assert [r["alert_id"] for r in csv_rows(archive, "alerts.csv")] == [str(first), str(second)]
    assert [r["alert_id"] for r in csv_rows(archive, "alert_acknowledgements.csv")] == [str(first)]


def alerts_table(app, alert_id):
    with databases(app)() as db:
        return db.get_one(Alert, alert_id).table_id


def test_an_acknowledgement_after_the_cut_is_left_out(app, client, as_role, settings, alerts, monkeypatch):
    _, second, _ = alerts
    with databases(app)() as db:
        cut = take_cut(db)
    acknowledge(client, as_role["pit_boss"], second, "late")
    monkeypatch.setattr(service.compliance.export_build, "take_cut", lambda _db: cut)
    archive = zipfile.ZipFile(exported(app, client, as_role, settings))
    assert str(second) in {r["alert_id"] for r in csv_rows(archive, "alerts.csv")}
    assert str(second) not in {r["alert_id"] for r in csv_rows(archive, "alert_acknowledgements.csv")}


def test_a_note_edited_after_the_export_is_named(app, client, as_role, settings, alerts):
    first, _, _ = alerts
    (row,) = csv_rows(zipfile.ZipFile(exported(app, client, as_role, settings)), "alert_acknowledgements.csv")
    without_trigger(app, "alert_acknowledgements", "update")
    with unit_of_work(databases(app)) as db:
        db.execute(update(AlertAcknowledgement).values(note="nothing to see"))
    ((table, row_id, subject, problem, (difference,)),) = problems(app)
    assert (table, row_id, subject, problem) == (
        "alert_acknowledgements",
        first,
        f"alert:{first}",
        "record_edited",
    )
    assert (difference.field, difference.stored, difference.sealed) == (
        "note",
        "nothing to see",
        "video pulled; =1+1 nothing seen",
    )
    assert row["note"] == "video pulled;' =1+1 nothing seen"  # the export holds the sealed note


def test_a_figure_edited_after_the_export_is_named(app, client, as_role, settings, alerts):
    _, second, _ = alerts
    rows = csv_rows(zipfile.ZipFile(exported(app, client, as_role, settings)), "alerts.csv")
    without_trigger(app, "alerts", "update")
    with unit_of_work(databases(app)) as db:
        db.execute(update(Alert).where(Alert.id == second).values(figure="1"))
    ((table, row_id, subject, problem, (difference,)),) = problems(app)
    assert (table, row_id, subject, problem) == ("alerts", second, f"alert:{second}", "record_edited")
    assert (difference.field, difference.stored, difference.sealed) == ("figure", "1", "2")
    assert rows[1]["figure"] == difference.sealed


@pytest.mark.parametrize("gone", ["alert", "acknowledgement"])
def test_a_row_deleted_after_the_export_is_named(app, client, as_role, settings, alerts, gone):
    first, second, _ = alerts
    exported(app, client, as_role, settings)
    table, model, key, row_id = (
        ("alerts", Alert, Alert.id, second)
        if gone == "alert"
        else ("alert_acknowledgements", AlertAcknowledgement, AlertAcknowledgement.alert_id, first)
    )
    without_trigger(app, table, "delete")
    with unit_of_work(databases(app)) as db:
        db.execute(delete(model).where(key == row_id))
    assert [(t, i, s, p) for t, i, s, p, _ in problems(app)] == [
        (table, row_id, f"alert:{row_id}", "record_missing")
    ]
