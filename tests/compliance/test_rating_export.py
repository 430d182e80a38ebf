"""A compliance export carries the period's rated play: the ratings open
in its window at its tables, their steps and buy-ins whole, and the rated
seats of its rounds, each file counted in the manifest; a period with no
play, or a table without, carries none (the ratings are the period's,
not the register)."""

from __future__ import annotations

import csv
import io
import json
import zipfile

import pytest

from service.compliance.export_build import build_export
from service.store.models import Export
from tests.compliance.exports_support import new_table, period
from tests.compliance.rated_day import play_rated_day
from tests.support.app import databases

pytestmark = pytest.mark.store
RATED_FILES = ("ratings.csv", "rating_events.csv", "buy_ins.csv", "rated_seats.csv")


def exported(app, client, admin, settings, body):
    """The archive built for the export ``body`` asks for."""
    asked = client.post("/api/v1/compliance/exports", json=body, headers=admin)
    assert asked.status_code == 202, asked.json
    assert build_export(databases(app), asked.json["id"], settings.instance)
    with databases(app)() as db:
        file_name = db.get_one(Export, asked.json["id"]).file_name
    return zipfile.ZipFile(settings.instance / "exports" / file_name)


def rows(archive, name):
    return list(csv.DictReader(io.StringIO(archive.read(name).decode(), newline="")))


def test_the_period_s_rated_play_is_exported_with_the_manifest_s_counts(
    app, client, as_role, settings, table
):
    day = play_rated_day(app, client, as_role, table)
    archive = exported(app, client, as_role["admin"], settings, period())

    ratings = rows(archive, "ratings.csv")
    assert [(r["rating_id"], r["club_number"], r["seat"], r["started"], r["reason"]) for r in ratings] == [
        (str(day.ann), "R1", "1", "tablet", ""),
        (str(day.bo), "R2", "3", "missed", "dealer missed it"),
    ]
    assert (ratings[0]["table"], ratings[0]["started_by"], ratings[1]["started_by"]) == (
        "BP-1",
        "dealer",
        "pit_boss",
    )
    steps = rows(archive, "rating_events.csv")
    assert [(s["kind"], s["chips_taken"], s["recorded_by"]) for s in steps] == [
        ("pause", "", "dealer"),
        ("resume", "", "dealer"),
        ("seat_out", "7500", "dealer"),
    ]
    buy_ins = rows(archive, "buy_ins.csv")
    assert [(b["rating_id"], b["club_number"], b["kind"], b["amount"]) for b in buy_ins] == [
        (str(day.ann), "R1", "cash", "10000")
    ]
    rated = rows(archive, "rated_seats.csv")
    assert [(r["record_id"], r["seat"], r["rating_id"], r["club_number"]) for r in rated] == [
        (str(day.first), "3", str(day.bo), "R2"),
        (str(day.second), "1", str(day.ann), "R1"),
        (str(day.second), "3", str(day.bo), "R2"),
    ]

    manifest = json.loads(archive.read("manifest.json"))
    files = {entry["name"]: entry for entry in manifest["files"]}
    assert [files[name]["rows"] for name in RATED_FILES] == [2, 3, 1, 3]
    assert [files[name]["columns"] for name in RATED_FILES] == [
        list(found[0]) for found in (ratings, steps, buy_ins, rated)
    ]
    cut = manifest["as_of"]
    assert (cut["rating_id"], cut["rating_event_id"], cut["buy_in_id"]) == (
        day.bo,
        int(steps[-1]["event_id"]),
        int(buy_ins[0]["buy_in_id"]),
    )


def test_a_period_or_a_table_without_play_exports_no_rating(app, client, as_role, settings, table):
    play_rated_day(app, client, as_role, table)
    admin = as_role["admin"]
    other = new_table(client, admin, "BP-9")
    for body in ({"from": "2020-01-01", "to": "2020-01-01"}, {**period(), "tables": [other["id"]]}):
        archive = exported(app, client, admin, settings, body)
        manifest = json.loads(archive.read("manifest.json"))
        assert [entry["rows"] for entry in manifest["files"] if entry["name"] in RATED_FILES] == [0, 0, 0, 0]
        assert rows(archive, "ratings.csv") == []
