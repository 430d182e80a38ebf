"""A compliance export carries the cash rules' records: the period's cash
ins and multiple transaction log at its tables, its player-days listed
for a report, and the identifications as records (who, when, which row),
never the document; each file counted in the manifest and its cut."""

from __future__ import annotations

import json

import pytest

from tests.compliance.cash_day import LOGGED, PASSING, UNLOGGED, play_cash_day
from tests.compliance.exports_support import new_table, period
from tests.compliance.test_rating_export import exported, rows
from tests.support.players import PASSPORT

pytestmark = pytest.mark.store
CASH_FILES = ("cash_ins.csv", "cash_log.csv", "report_days.csv", "identifications.csv")


@pytest.fixture
def cash_day(app, settings, client, as_role, table):
    return play_cash_day(app, settings, client, as_role, table)


def test_the_period_s_cash_records_are_exported_with_the_manifest_s_counts(
    app, client, as_role, settings, cash_day
):
    archive = exported(app, client, as_role["admin"], settings, period())

    cash_ins = rows(archive, "cash_ins.csv")
    assert [(c["buy_in_id"], c["club_number"], c["table"], c["currency"], c["amount"]) for c in cash_ins] == [
        (str(buy_in), "K1", "BP-1", "USD", str(amount))
        for buy_in, amount in zip(cash_day.buy_ins, (LOGGED, UNLOGGED, PASSING), strict=True)
    ]
    log = rows(archive, "cash_log.csv")
    assert [
        (e["club_number"], e["buy_in_id"], e["amount"], e["description"], e["recorded_by"]) for e in log
    ] == [
        ("K1", str(cash_day.buy_ins[0]), str(LOGGED), "", "dealer"),
        ("K1", str(cash_day.buy_ins[2]), str(PASSING), "", "dealer"),
        ("", "", "500000", "tall man, grey coat, no club card", "pit_boss"),
    ]
    assert log[-1]["entry_id"] == str(cash_day.patron)
    (day,) = rows(archive, "report_days.csv")
    assert (day["report_day_id"], day["club_number"], day["buy_in_id"], day["minor_unit"]) == (
        str(cash_day.report_day),
        "K1",
        str(cash_day.buy_ins[2]),
        "2",
    )
    assert day["gaming_day"] == cash_ins[0]["gaming_day"]
    (identification,) = rows(archive, "identifications.csv")
    assert identification == {
        "identification_id": str(cash_day.identification),
        "player_id": str(cash_day.player),
        "club_number": "K1",
        "version": "1",
        "recorded_by": "cage",
        "recorded_at_utc": identification["recorded_at_utc"],
    }

    manifest = json.loads(archive.read("manifest.json"))
    files = {entry["name"]: entry for entry in manifest["files"]}
    assert [files[name]["rows"] for name in CASH_FILES] == [3, 3, 1, 1]
    cut = manifest["as_of"]
    assert (cut["cash_log_entry_id"], cut["report_day_id"], cut["identification_id"]) == (
        cash_day.patron,
        cash_day.report_day,
        cash_day.identification,
    )


def test_no_file_holds_the_document(app, client, as_role, settings, cash_day):
    archive = exported(app, client, as_role["admin"], settings, period())
    secrets = [PASSPORT.number, PASSPORT.expiry.isoformat(), PASSPORT.date_of_birth.isoformat()]
    for member in archive.namelist():
        text = archive.read(member).decode(errors="replace")
        assert [secret for secret in secrets if secret in text] == [], member


def test_a_period_or_a_table_without_cash_exports_no_cash_record(app, client, as_role, settings, cash_day):
    admin = as_role["admin"]
    other = new_table(client, admin, "BP-9")
    for body in ({"from": "2020-01-01", "to": "2020-01-01"}, {**period(), "tables": [other["id"]]}):
        archive = exported(app, client, admin, settings, body)
        manifest = json.loads(archive.read("manifest.json"))
        counted = [entry["rows"] for entry in manifest["files"] if entry["name"] in CASH_FILES]
        # The identifications are the register's, whatever the period.
        assert counted == [0, 0, 0, 1]
