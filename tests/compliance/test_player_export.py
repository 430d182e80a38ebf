"""A compliance export carries the player register as of its cut, whatever
its period: every player with who enrolled them, every name each has had
(a change of name a row of its own), both in the manifest."""

from __future__ import annotations

import csv
import io
import json
import zipfile

import pytest

from service.compliance.export_build import build_export
from service.store.models import Export
from tests.support.app import databases

pytestmark = pytest.mark.store


def rows(archive, name):
    return list(csv.DictReader(io.StringIO(archive.read(name).decode(), newline="")))


def test_the_players_and_every_name_are_exported(app, client, as_role, settings):
    admin, boss = as_role["admin"], as_role["pit_boss"]
    for number, name in (("A1", "Ann Lee"), ("B2", "=Bo Chan")):
        made = client.post("/api/v1/players", json={"club_number": number, "name": name}, headers=admin)
        assert made.status_code == 201, made.json
    renamed = client.patch(
        "/api/v1/players/B2", json={"name": "Bo Lee"}, headers={**boss, "If-Match": made.headers["ETag"]}
    )
    assert renamed.status_code == 200, renamed.json
    # A period long past: the register goes whole all the same.
    asked = client.post(
        "/api/v1/compliance/exports", json={"from": "2020-01-01", "to": "2020-01-01"}, headers=admin
    )
    assert asked.status_code == 202, asked.json
    assert build_export(databases(app), asked.json["id"], settings.instance)
    with databases(app)() as db:
        file_name = db.get_one(Export, asked.json["id"]).file_name
    archive = zipfile.ZipFile(settings.instance / "exports" / file_name)

    players = rows(archive, "players.csv")
    assert [(p["club_number"], p["enrolled_by"]) for p in players] == [("A1", "admin"), ("B2", "admin")]
    assert players[0]["enrolled_at_utc"].startswith(made.json["enrolled_at"][:10])
    names = rows(archive, "player_names.csv")
    assert [(n["player_id"], n["club_number"], n["version"], n["name"], n["named_by"]) for n in names] == [
        (players[0]["player_id"], "A1", "1", "Ann Lee", "admin"),
        (players[1]["player_id"], "B2", "1", "'=Bo Chan", "admin"),  # a formula, guarded
        (players[1]["player_id"], "B2", "2", "Bo Lee", "pit_boss"),
    ]
    manifest = json.loads(archive.read("manifest.json"))
    files = {entry["name"]: entry for entry in manifest["files"]}
    assert (files["players.csv"]["rows"], files["player_names.csv"]["rows"]) == (2, 3)
    assert files["player_names.csv"]["columns"] == list(names[0])
    assert (manifest["as_of"]["player_id"], manifest["as_of"]["player_name_id"]) == (
        int(players[1]["player_id"]),
        int(names[2]["name_id"]),
    )
