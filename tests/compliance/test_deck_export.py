"""The compliance export carries the rounds dealt from a shoe's deck
(round_decks.csv): the deck as the device sent it and the cards changed."""

from __future__ import annotations

import json
import zipfile

import pytest

from service.compliance.export_build import build_export
from tests.compliance.exports_support import URL, csv_rows, period
from tests.support.app import databases
from tests.support.decks import dealing, deck_body, expose, post_deck
from tests.support.rounds_data import DEALER, round_body

pytestmark = pytest.mark.store


def test_an_export_carries_each_round_s_deck_and_its_changed_cards(app, client, as_role, table, settings):
    cards = dealing()
    feed = post_deck(client, as_role["device"], table["id"], deck_body(cards, sequence=9)).json
    assert expose(client, as_role["dealer"], table["id"], feed["id"]).status_code == 201
    body = round_body("r1", dealer=[*DEALER[:6], cards[49]], deck_id=feed["id"])
    entered = client.post(
        f"/api/v1/tables/{table['id']}/rounds",
        json=body,
        headers={**as_role["dealer"], "Idempotency-Key": "r1"},
    ).json
    by_hand = client.post(
        f"/api/v1/tables/{table['id']}/rounds",
        json=round_body("r2"),
        headers={**as_role["dealer"], "Idempotency-Key": "r2"},
    )
    assert by_hand.status_code == 201
    asked = client.post(URL, json=period(), headers=as_role["compliance"]).json
    assert build_export(databases(app), asked["id"], settings.instance) is True
    shown = client.get(f"{URL}/{asked['id']}", headers=as_role["compliance"]).json
    archive = zipfile.ZipFile(settings.instance / "exports" / shown["file"]["name"])
    (row,) = csv_rows(archive, "round_decks.csv")  # the round keyed by hand has none
    assert (int(row["record_id"]), row["round_id"], int(row["deck_id"])) == (entered["id"], "r1", feed["id"])
    assert (row["device_id"], int(row["sequence"]), row["cards"]) == ("shoe-7", 9, " ".join(cards))
    assert json.loads(row["deal_order"]) == table["deal_order"]
    assert json.loads(row["changed"]) == [
        {"hand": "dealer", "position": 7, "fed": "2s", "entered": cards[49]}
    ]
    manifest = json.loads(archive.read("manifest.json"))
    assert any(entry["name"] == "round_decks.csv" for entry in manifest["files"])
