"""Comp redemptions in a compliance export and its verification: every
redemption up to the cut in comp_redemptions.csv (the register as a
whole, whatever the period), counted in the manifest; each row matched to
its sealed ``comp_redeemed`` event, so a redemption changed, inserted by
SQL or deleted is named."""

from __future__ import annotations

import csv
import io
import json
import zipfile
from fractions import Fraction

import pytest
from sqlalchemy import delete, select, text, update
from sqlalchemy.exc import DatabaseError

from service.compliance.accounting_verify import check_accounting
from service.compliance.export_build import build_export
from service.store.db import utc_now
from service.store.models import CompRedemption, Export, Player, User
from service.store.work import unit_of_work
from tests.compliance.exports_support import period
from tests.support.app import PASSWORD, databases
from tests.support.comps import closed_rating, figured, redeem
from tests.support.players import enrolled

pytestmark = pytest.mark.store
SIGNED = {"name": "pit_boss2", "password": PASSWORD}


@pytest.fixture
def redeemed(app, client, as_role, table):
    """A player's rating earning 1000, a redemption of 600 and one of 700
    past the balance, signed by a second pit boss; their ids."""
    player = enrolled(app, "K1")
    figured(app, closed_rating(client, as_role["dealer"], table["id"], "K1"), Fraction(5000))
    first = redeem(client, as_role["pit_boss"], "K1", 600)
    second = redeem(client, as_role["pit_boss"], "K1", 700, reason="a room", cosigner=SIGNED)
    assert (first.status_code, second.status_code) == (201, 201), (first.json, second.json)
    return {"player": player["id"], "ids": [first.json["id"], second.json["id"]]}


def problems(app):
    with databases(app)() as db:
        report = check_accounting(db)
    return [(p.table, p.id, p.subject, p.problem, p.differences) for p in report.problems]


def without_trigger(app, action):
    """The table's append-only trigger for ``action`` dropped, as a forger would."""
    engine = app.extensions["breakpoker"]["engine"]
    with engine.begin() as connection:
        on = " ON comp_redemptions" if engine.dialect.name == "postgresql" else ""
        connection.execute(text(f"DROP TRIGGER comp_redemptions_no_{action}{on}"))


def test_the_redemptions_are_exported_with_the_manifest_s_count(app, client, as_role, settings, redeemed):
    asked = client.post("/api/v1/compliance/exports", json=period(), headers=as_role["admin"])
    assert asked.status_code == 202, asked.json
    assert build_export(databases(app), asked.json["id"], settings.instance)
    with databases(app)() as db:
        file_name = db.get_one(Export, asked.json["id"]).file_name
    archive = zipfile.ZipFile(settings.instance / "exports" / file_name)
    text_rows = archive.read("comp_redemptions.csv").decode()
    found = list(csv.DictReader(io.StringIO(text_rows, newline="")))
    assert [
        (
            row["redemption_id"],
            row["club_number"],
            row["currency"],
            row["amount"],
            row["balance_before"],
            row["reason"],
            row["redeemed_by"],
            row["cosigned_by"],
        )
        for row in found
    ] == [
        (str(redeemed["ids"][0]), "K1", "USD", "600", "1000", "dinner for two", "pit_boss", ""),
        (str(redeemed["ids"][1]), "K1", "USD", "700", "400", "a room", "pit_boss", "pit_boss2"),
    ]
    manifest = json.loads(archive.read("manifest.json"))
    (entry,) = [entry for entry in manifest["files"] if entry["name"] == "comp_redemptions.csv"]
    assert entry["rows"] == 2
    assert manifest["as_of"]["comp_redemption_id"] == redeemed["ids"][1]


def test_redemptions_through_the_service_verify_clean(app, redeemed):
    with databases(app)() as db:
        report = check_accounting(db)
    # 1 player, 1 name, 1 rating, its seat-out, 2 redemptions; 5 events (an enrolment its two rows).
    assert (report.intact, report.checked, report.events) == (True, 6, 5)


def test_a_redemption_s_amount_changed_is_named(app, redeemed):
    without_trigger(app, "update")
    first = redeemed["ids"][0]
    with unit_of_work(databases(app)) as db:
        db.execute(update(CompRedemption).where(CompRedemption.id == first).values(amount=6))
    ((table, row_id, subject, problem, (difference,)),) = problems(app)
    assert (table, row_id, subject, problem) == (
        "comp_redemptions",
        first,
        f"player:{redeemed['player']}",
        "record_edited",
    )
    assert (difference.field, difference.stored, difference.sealed) == ("amount", 6, 600)


def test_a_redemption_s_signer_changed_is_named(app, redeemed):
    without_trigger(app, "update")
    with unit_of_work(databases(app)) as db:
        boss = db.scalar(select(User.id).where(User.name == "pit_boss"))
        db.execute(update(CompRedemption).values(cosigned_by=boss))
    found = problems(app)
    assert [(row_id, problem) for _, row_id, _, problem, _ in found] == [
        (redeemed["ids"][0], "record_edited"),
        (redeemed["ids"][1], "record_edited"),
    ]
    assert [difference.field for *_, (difference,) in found] == ["cosigned_by", "cosigned_by"]


def test_a_redemption_inserted_by_sql_is_named(app, redeemed):
    with unit_of_work(databases(app)) as db:
        boss = db.scalar(select(User.id).where(User.name == "pit_boss"))
        player = db.scalar(select(Player.id).where(Player.club_number == "K1"))
        forged = CompRedemption(
            player_id=player,
            currency="USD",
            minor_unit=2,
            amount=5_000,
            balance=0,
            reason="forged",
            redeemed_by=boss,
            cosigned_by=None,
            at=utc_now(),
        )
        db.add(forged)
        db.flush()
        forged_id = forged.id
    assert problems(app) == [("comp_redemptions", forged_id, f"player:{player}", "event_missing", ())]


def test_a_redemption_deleted_is_named(app, redeemed):
    without_trigger(app, "delete")
    second = redeemed["ids"][1]
    with unit_of_work(databases(app)) as db:
        db.execute(delete(CompRedemption).where(CompRedemption.id == second))
    assert [(table, row_id, problem) for table, row_id, _, problem, _ in problems(app)] == [
        ("comp_redemptions", second, "record_missing")
    ]


def test_the_database_refuses_to_change_a_redemption(app, redeemed):
    for change in (update(CompRedemption).values(amount=1), delete(CompRedemption)):
        with unit_of_work(databases(app)) as db, pytest.raises(DatabaseError, match=r"append-only"):
            db.execute(change)
    with databases(app)() as db:
        assert db.scalars(select(CompRedemption.amount).order_by(CompRedemption.id)).all() == [600, 700]
