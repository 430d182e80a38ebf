"""Each session's figures (``session_figures``: the reports' win, drop,
hold and cards-against-chips check) are derived again from the session's
records by every verification, and each row that differs is named by its
session; a row the job has not rewritten yet (a recount, a void since) is
no difference."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner
from sqlalchemy import func, insert, select, update

from service.accounting.figures import figure_session
from service.audit.chain import seal_batch
from service.cli import main
from service.store.db import utc_now
from service.store.models import AuditEvent, DropCount, SessionFigures, TableSession
from service.store.work import unit_of_work
from tests.support.accounting import CREDIT, DROP, FILL, close_table, count_drop, full_slip, ok, open_table
from tests.support.app import databases, sign_in
from tests.support.rounds_data import enter, void_approved
from tests.support.verifying import cli_env

pytestmark = pytest.mark.store
RECOUNT = {"10000": 600000}  # 6,000.00


def verify(settings, *options: str):
    return CliRunner().invoke(main, ["audit", "verify", *options], env=cli_env(settings))


def report_of(settings) -> dict:
    return json.loads(verify(settings, "--json").stdout)


def figure_and_seal(app, session_id: int) -> None:
    """What the session figures and audit jobs do, in this process."""
    with unit_of_work(databases(app)) as db:
        figure_session(db, session_id, utc_now())
    with unit_of_work(databases(app)) as db:
        seal_batch(db, db.scalar(select(func.max(AuditEvent.id))), limit=10_000)


def stored_row(app, session_id: int) -> SessionFigures:
    with databases(app)() as db:
        row = db.get_one(SessionFigures, session_id)
        db.expunge(row)
        return row


@pytest.fixture
def figured(app, client, as_role, table):
    """A session with a fill, a credit and three rounds, one of them voided,
    closed, counted, and its figures kept."""
    opened = ok(open_table(client, table["id"]), 201)
    full_slip(client, table["id"], "fill", FILL)
    full_slip(client, table["id"], "credit", CREDIT)
    games = [enter(client, as_role["dealer"], table, f"f{number}") for number in range(3)]
    void_approved(client, as_role["pit_boss"], sign_in(client, "pit_boss2"), games[2]["id"])
    ok(close_table(client, table["id"]))
    ok(count_drop(client, opened["id"], DROP), 201)
    figure_and_seal(app, opened["id"])
    row = stored_row(app, opened["id"])
    assert (row.rounds, row.rounds_net) == (2, games[0]["house_net"] + games[1]["house_net"])
    return {"id": opened["id"], "games": games, "row": row}


def edit(app, session_id: int, **values) -> None:
    """What an insider does: no trigger guards the figures."""
    with unit_of_work(databases(app)) as db:
        db.execute(update(SessionFigures).where(SessionFigures.session_id == session_id).values(**values))


def test_untouched_figures_verify_clean(settings, figured):
    result = verify(settings)
    assert result.exit_code == 0, result.output
    assert "session figures: 1 session(s) agree with their records" in result.stdout
    figures = report_of(settings)["totals"]["session_figures"]
    assert figures == {"intact": True, "checked": 1, "differing": 0, "differences": []}


def test_a_win_edited_by_sql_is_named(app, client, settings, table, figured):
    row = figured["row"]
    edit(app, figured["id"], win=row.win + 50000)
    result = verify(settings)
    assert result.exit_code == 1, result.output
    assert (
        f"MISMATCH: the figures of table session {figured['id']}, table BP-1 (id {table['id']}), gaming day "
        f"{row.gaming_day.isoformat()}, shift {row.shift}: win stored {row.win + 50000}, recounted {row.win}"
    ) in result.stdout
    assert "MISMATCH: the figures of 1 of 1 session(s) differ from their records" in result.stdout
    report = report_of(settings)
    assert report["intact"] is False
    assert report["totals"]["intact"] is False
    assert report["totals"]["session_figures"]["differences"] == [
        {
            "session_id": figured["id"],
            "table_id": table["id"],
            "table": "BP-1",
            "gaming_day": row.gaming_day.isoformat(),
            "shift": row.shift,
            "column": "win",
            "stored": row.win + 50000,
            "recounted": row.win,
        }
    ]


FIGURES = ("opener", "closer", "fills", "credits", "drop", "rounds", "rounds_net")


def test_every_figure_is_derived_again(app, settings, figured):
    # Each figure moved by its own amount, all in one verification (two
    # seconds each): each must be named alone, with its own figures.
    row = figured["row"]
    moved = {column: getattr(row, column) + by for by, column in enumerate(FIGURES, 1)}
    edit(app, figured["id"], **moved)
    differences = report_of(settings)["totals"]["session_figures"]["differences"]
    assert sorted((d["column"], d["stored"], d["recounted"]) for d in differences) == sorted(
        (column, moved[column], getattr(row, column)) for column in FIGURES
    )


def test_a_void_taken_back_out_of_the_row_is_named(app, settings, figured):
    """The row made to say no void was reflected yet, with the voided
    round's net back in: the recount as of no decision holds, but the
    marker no longer names the void the row was derived after."""
    row, voided = figured["row"], figured["games"][2]
    edit(app, figured["id"], rounds=3, rounds_net=row.rounds_net + voided["house_net"], last_decision_id=0)
    # As of no decision the three rounds counted: the row agrees with that
    # state, one the job rewrites (out of step), and no figure was forged.
    assert report_of(settings)["totals"]["session_figures"]["intact"] is True
    edit(app, figured["id"], rounds=2, rounds_net=row.rounds_net + 7, last_decision_id=row.last_decision_id)
    differences = report_of(settings)["totals"]["session_figures"]["differences"]
    assert [d["column"] for d in differences] == ["rounds_net"]


def test_a_row_the_job_has_not_rewritten_yet_is_no_difference(app, client, as_role, settings, figured):
    """A recount of the drop and a void since the row was kept: the row
    still agrees with what it names; once the job runs, with the new."""
    ok(count_drop(client, figured["id"], RECOUNT, ("count2", "count"), reason="box recounted"), 201)
    void_approved(client, as_role["pit_boss"], sign_in(client, "pit_boss2"), figured["games"][0]["id"])
    with unit_of_work(databases(app)) as db:
        seal_batch(db, db.scalar(select(func.max(AuditEvent.id))), limit=10_000)
    assert report_of(settings)["totals"]["session_figures"]["intact"] is True
    figure_and_seal(app, figured["id"])
    row = stored_row(app, figured["id"])
    assert (row.drop, row.rounds) == (600000, 1)
    result = verify(settings)
    assert result.exit_code == 0, result.output


def test_another_session_s_drop_count_is_named(app, client, settings, table, figured):
    other = ok(open_table(client, table["id"]), 201)["id"]
    ok(close_table(client, table["id"]))
    counted = ok(count_drop(client, other, RECOUNT), 201)
    edit(app, figured["id"], drop_count_id=counted["id"], drop=600000)
    differences = report_of(settings)["totals"]["session_figures"]["differences"]
    found = {d["column"]: (d["stored"], d["recounted"]) for d in differences}
    row = figured["row"]
    assert found == {"drop": (600000, row.drop), "drop_count_id": (counted["id"], row.drop_count_id)}


def test_a_row_for_a_session_not_counted_is_named(app, client, settings, table, figured):
    """A row inserted for a session closed but not counted: it has no
    recount, and every column differs."""
    other = ok(open_table(client, table["id"]), 201)["id"]
    ok(close_table(client, table["id"]))
    row = figured["row"]
    with unit_of_work(databases(app)) as db:
        gaming_day, shift = db.execute(
            select(TableSession.gaming_day, TableSession.shift).where(TableSession.id == other)
        ).one()
        drop_count_id = db.scalar(select(DropCount.id).where(DropCount.session_id == figured["id"]))
        columns = {c.name: getattr(row, c.name) for c in SessionFigures.__table__.columns}
        columns |= {"session_id": other, "gaming_day": gaming_day, "shift": shift}
        columns |= {"drop_count_id": drop_count_id}
        db.execute(insert(SessionFigures).values(**columns))
    report = report_of(settings)["totals"]["session_figures"]
    assert (report["checked"], report["differing"]) == (2, 1)
    named = {(d["session_id"], d["column"], d["recounted"]) for d in report["differences"]}
    assert (other, "win", None) in named
    assert (other, "gaming_day", None) in named
