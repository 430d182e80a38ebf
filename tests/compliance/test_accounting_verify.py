"""The table accounting records against their sealed events: an untouched
day verifies intact; a slip's total, a tray count or a drop count edited in
the database (its append-only triggers dropped first), or a row inserted by
hand, is found and named by ``audit verify``, the API's verification and
the function alike."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner
from sqlalchemy import func, select, text, update

from service.audit.chain import seal_batch
from service.cli import main
from service.compliance.audit_verify import verify_records
from service.store.models import AuditEvent, DropCount, InventoryCount, Slip, SlipSignature
from service.store.work import unit_of_work
from tests.compliance.accounting_day import CLOSER, RECOUNT, play_day
from tests.support.accounting import ok, open_table, request_slip
from tests.support.app import databases
from tests.support.tamper import drop_accounting_triggers
from tests.support.verifying import cli_env, verified

pytestmark = pytest.mark.store


def seal_all(app) -> None:
    with unit_of_work(databases(app)) as db:
        newest = db.scalar(select(func.max(AuditEvent.id)))
        seal_batch(db, newest, limit=10_000)


@pytest.fixture
def day(app, client, table):
    played = play_day(client, table["id"])
    seal_all(app)
    return played


def engine_of(app):
    return app.extensions["breakpoker"]["engine"]


def edit(app, statement) -> None:
    """What a DBA does: the triggers dropped, a row changed."""
    engine = engine_of(app)
    drop_accounting_triggers(engine)
    with engine.begin() as connection:
        connection.execute(statement)


def accounting(app, client, as_role, settings) -> dict:
    """The accounting part of a verification, three ways that must agree:
    the function, the API's verification (its job run here), the CLI."""
    with databases(app)() as db:
        direct = verify_records(db).to_json()
    through_api = verified(app, client, as_role["compliance"])["report"]
    result = CliRunner().invoke(main, ["audit", "verify", "--json"], env=cli_env(settings))
    assert result.exit_code == (0 if direct["intact"] else 1), result.output
    for other in (through_api, json.loads(result.stdout)):
        assert other["accounting"] == direct["accounting"]
        assert other["intact"] == direct["intact"]
    return direct["accounting"]


def cli_text(settings) -> str:
    result = CliRunner().invoke(main, ["audit", "verify"], env=cli_env(settings))
    return result.output


def test_an_untouched_day_verifies_intact(app, client, as_role, settings, day):
    report = accounting(app, client, as_role, settings)
    # 1 session, 2 tray counts, 3 slips, 5 signatures (2 x issued and received,
    # 1 void), 2 drop counts, 1 note; an event each, and two for the session.
    assert report == {"intact": True, "checked": 14, "events": 13, "differing": 0, "problems": []}
    with databases(app)() as db:
        assert verify_records(db).intact
    assert "accounting: 14 stored record(s) agree with their 13 sealed event(s)" in cli_text(settings)


def test_a_slip_s_total_edited_is_found_and_named(app, client, as_role, settings, day):
    number, total = day["fill"]["number"], day["fill"]["total"]
    edit(app, update(Slip).where(Slip.number == number).values(total=total + 50000))
    report = accounting(app, client, as_role, settings)
    assert report["intact"] is False
    assert report["differing"] == 2  # against its event, and against its own lines
    problem, unsound = report["problems"]
    with databases(app)() as db:
        slip_id = db.scalar(select(Slip.id).where(Slip.number == number))
        event_id = db.scalar(
            select(AuditEvent.id).where(
                AuditEvent.kind == "slip_requested", AuditEvent.subject == f"slip:{number}"
            )
        )
    assert problem == {
        "table": "slips",
        "id": slip_id,
        "subject": f"slip:{number}",
        "event_id": event_id,
        "problem": "record_edited",
        "message": (
            f"slips row {slip_id} differs from its slip_requested event {event_id} (slip:{number}): total"
        ),
        "differences": [{"field": "total", "stored": total + 50000, "sealed": total}],
    }
    assert unsound == {
        "table": "slips",
        "id": slip_id,
        "subject": f"slip:{number}",
        "event_id": None,
        "problem": "total_mismatch",
        "message": f"slips row {slip_id}: total {total + 50000} is not the sum of its lines ({total})",
        "differences": [],
    }
    shown = cli_text(settings)
    assert f"MISMATCH: slips row {slip_id} differs from its slip_requested event" in shown
    assert f"total: stored {total + 50000}, sealed {total}" in shown
    assert f"MISMATCH: slips row {slip_id}: total {total + 50000} is not the sum of its lines" in shown


def test_a_tray_count_edited_is_found_with_the_denomination(app, client, as_role, settings, day):
    changed = {**CLOSER, "10000": CLOSER["10000"] + 10000}
    session_id = day["session"]["id"]
    edit(
        app,
        update(InventoryCount)
        .where(InventoryCount.session_id == session_id, InventoryCount.kind == "closer")
        .values(lines=changed, dealer_id=InventoryCount.pit_boss_id),
    )
    problem, unsound = accounting(app, client, as_role, settings)["problems"]
    assert (problem["table"], problem["subject"], problem["problem"]) == (
        "inventory_counts",
        f"session:{session_id}",
        "record_edited",
    )
    fields = {d["field"]: (d["stored"], d["sealed"]) for d in problem["differences"]}
    assert fields["lines.10000"] == (CLOSER["10000"] + 10000, CLOSER["10000"])
    assert set(fields) == {"lines.10000", "dealer_id"}
    assert "session_closed" in problem["message"]
    # The line changed, the total not: the row no longer adds up either.
    assert (unsound["table"], unsound["id"], unsound["problem"]) == (
        "inventory_counts",
        problem["id"],
        "total_mismatch",
    )
    total = sum(CLOSER.values())
    assert f"total {total} is not the sum of its lines ({total + 10000})" in unsound["message"]


def test_a_drop_count_edited_is_found(app, client, as_role, settings, day):
    recount = day["recount"]
    edit(app, update(DropCount).where(DropCount.id == recount["id"]).values(total=1, reason="none"))
    problem, unsound = accounting(app, client, as_role, settings)["problems"]
    assert (unsound["table"], unsound["id"], unsound["problem"]) == (
        "drop_counts",
        recount["id"],
        "total_mismatch",
    )
    assert (problem["table"], problem["id"], problem["problem"]) == (
        "drop_counts",
        recount["id"],
        "record_edited",
    )
    assert problem["differences"] == [
        {"field": "reason", "stored": "none", "sealed": "box recounted"},
        {"field": "total", "stored": 1, "sealed": sum(RECOUNT.values())},
    ]


class _LinesOfOld:
    """What read_lines could give before a denomination had one spelling:
    {"500": 500, "0500": 500} stored as one line, totalled as two."""

    total = 1000

    def to_json(self) -> dict[str, int]:
        return {"500": 500}


def test_a_count_its_event_agrees_with_is_still_summed(app, client, as_role, settings, day, monkeypatch):
    """A record written with a total its lines do not add up to, its event
    carrying the same: nothing differs from the seal, but the sum does."""
    monkeypatch.setattr("service.accounting.slips.read_lines", lambda *_args, **_kwargs: _LinesOfOld())
    ok(open_table(client, day["session"]["table_id"], CLOSER), 201)
    slip = ok(request_slip(client, day["session"]["table_id"], "fill", {"500": 500}), 201)
    seal_all(app)
    (problem,) = accounting(app, client, as_role, settings)["problems"]
    assert (problem["table"], problem["subject"], problem["problem"]) == (
        "slips",
        f"slip:{slip['number']}",
        "total_mismatch",
    )
    assert problem["message"].endswith("total 1000 is not the sum of its lines (500)")


@pytest.mark.parametrize(
    ("lines", "said"),
    [({"500": 500, "0500": 500}, "lines.0500 is not a denomination"), ({"500": "500"}, "lines.500 must be")],
    ids=["a denomination spelt twice", "an amount as text"],
)
def test_lines_that_are_no_count_are_named(app, client, as_role, settings, day, lines, said):
    number = day["credit"]["number"]
    edit(app, update(Slip).where(Slip.number == number).values(lines=lines, total=1000))
    report = accounting(app, client, as_role, settings)
    unsound = [p for p in report["problems"] if p["problem"] == "total_mismatch"]
    assert [p["subject"] for p in unsound] == [f"slip:{number}"]
    assert said in unsound[0]["message"]


def test_a_session_closed_again_is_found(app, client, as_role, settings, day):
    """A session row is written twice (opened, then closed): the close
    compared with its session_closed event."""
    session_id = day["session"]["id"]
    edit(
        app, text("UPDATE table_sessions SET closed_at = opened_at WHERE id = :id").bindparams(id=session_id)
    )
    (problem,) = accounting(app, client, as_role, settings)["problems"]
    assert (problem["table"], problem["id"]) == ("table_sessions", session_id)
    assert [d["field"] for d in problem["differences"]] == ["closed_at"]
    assert "session_closed" in problem["message"]


def test_a_row_with_no_event_and_an_event_with_no_row_are_named(app, client, as_role, settings, day):
    voided = day["voided"]["number"]
    with databases(app)() as db:
        slip_id = db.scalar(select(Slip.id).where(Slip.number == voided))
        signer = db.scalar(select(SlipSignature.signed_by).where(SlipSignature.slip_id == slip_id))
    edit(app, text("DELETE FROM slip_signatures WHERE slip_id = :id").bindparams(id=slip_id))
    with engine_of(app).begin() as connection:
        connection.execute(
            # An id of its own (SQLite would give the deleted one's again).
            text(
                "INSERT INTO slip_signatures (id, slip_id, step, signed_by, signed_at) "
                "VALUES (100, :slip, 'received', :user, CURRENT_TIMESTAMP)"
            ),
            {"slip": slip_id, "user": signer},
        )
    report = accounting(app, client, as_role, settings)
    found = {(p["table"], p["problem"], p["subject"]) for p in report["problems"]}
    assert found == {
        ("slip_signatures", "record_missing", f"slip:{voided}"),
        ("slip_signatures", "event_missing", f"slip:{voided}"),
    }
    missing = next(p for p in report["problems"] if p["problem"] == "event_missing")
    assert (missing["id"], missing["event_id"]) == (100, None)


def record(settings, *options: str):
    return CliRunner().invoke(main, ["audit", "record", *options], env=cli_env(settings))


def test_one_slip_or_session_is_checked_on_its_own(app, settings, day):
    fill, credit = day["fill"], day["credit"]
    edit(app, update(Slip).where(Slip.number == fill["number"]).values(total=1))
    edited = record(settings, "--slip", str(fill["number"]))
    assert edited.exit_code == 1, edited.output
    assert f"total: stored 1, sealed {fill['total']}" in edited.output
    untouched = record(settings, "--slip", str(credit["number"]), "--json")
    assert untouched.exit_code == 0, untouched.output
    shown = json.loads(untouched.stdout)
    # The slip and its issue and receipt, against their three events.
    assert shown == {
        "subject": f"slip:{credit['number']}",
        "intact": True,
        "checked": 3,
        "events": 3,
        "differing": 0,
        "problems": [],
    }
    session_id = day["session"]["id"]
    whole = record(settings, "--session", str(session_id))
    # The session, two tray counts, two drop counts and a note; five events.
    assert whole.exit_code == 0, whole.output
    assert "accounting: 6 stored record(s) agree with their 5 sealed event(s)" in whole.output


def test_a_record_that_is_not_there_is_refused(settings, day):
    missing = record(settings, "--slip", "999")
    assert missing.exit_code == 1
    assert "no record and no event of slip:999" in missing.output
    assert record(settings).exit_code == 2
    assert record(settings, "--slip", "1", "--session", "1").exit_code == 2
