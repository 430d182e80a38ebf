"""Every void and correction request and its decision is matched to the
sealed event that carries it, as the rounds and the slips are: an approved
void written by SQL (the rows without their events), which takes a round
out of the totals and moves the cards-against-chips check, is named by
its exception; voids and corrections made through the API verify clean."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner
from sqlalchemy import func, select, text, update

from service.audit.chain import seal_batch
from service.cli import main
from service.rounds.status import ExceptionKind, RoundStatus
from service.store.db import utc_now
from service.store.models import AuditEvent, ExceptionDecision, RoundException, User
from service.store.work import unit_of_work
from tests.support.app import databases, sign_in
from tests.support.rounds_data import correct, enter, round_body, void_approved
from tests.support.verifying import cli_env

pytestmark = pytest.mark.store


def verify(settings, *options: str):
    return CliRunner().invoke(main, ["audit", "verify", *options], env=cli_env(settings))


def seal_all(app) -> None:
    with unit_of_work(databases(app)) as db:
        seal_batch(db, db.scalar(select(func.max(AuditEvent.id))), limit=10_000)


@pytest.fixture
def reviewed(app, client, as_role, table):
    """Four rounds: one voided, one corrected, one whose void was
    rejected, all through the API and sealed; the fourth untouched."""
    boss, boss2 = as_role["pit_boss"], sign_in(client, "pit_boss2")
    games = [enter(client, as_role["dealer"], table, f"v{number}") for number in range(4)]
    void_approved(client, boss, boss2, games[0]["id"])
    corrected = round_body("v1")
    corrected["seats"][0]["bets"]["main"] = 3000
    correct(client, boss, boss2, games[1]["id"], corrected)
    asked = client.post(f"/api/v1/rounds/{games[2]['id']}/void", json={"reason": "misdeal?"}, headers=boss)
    assert asked.status_code == 201, asked.json
    rejected = client.post(
        f"/api/v1/exceptions/{asked.json['id']}/reject", json={"note": "dealt right"}, headers=boss2
    )
    assert rejected.status_code == 200, rejected.json
    seal_all(app)
    return {"games": games, "rejected": asked.json["id"]}


def test_voids_and_corrections_through_the_api_verify_clean(settings, reviewed):
    result = verify(settings)
    assert result.exit_code == 0, result.output
    accounting = json.loads(verify(settings, "--json").stdout)["accounting"]
    # Three requests and their three decisions, each against its event.
    assert (accounting["intact"], accounting["checked"], accounting["events"]) == (True, 6, 6)


def test_an_approved_void_written_by_sql_is_named(app, client, settings, reviewed):
    """The rows an approved void stores, without the events the service
    writes with them: the round no longer counts, and nothing seals that."""
    game = reviewed["games"][3]
    with unit_of_work(databases(app)) as db:
        users = {row.name: row.id for row in db.execute(select(User.name, User.id))}
        now = utc_now()
        forged = RoundException(
            round_id=game["id"],
            kind=ExceptionKind.VOID,
            reason="misdeal",
            requested_by=users["pit_boss"],
            requested_at=now,
        )
        db.add(forged)
        db.flush()
        db.add(
            ExceptionDecision(
                exception_id=forged.id,
                round_id=game["id"],
                approved=True,
                decided_by=users["pit_boss2"],
                decided_at=now,
                note="",
            )
        )
        exception_id = forged.id
    shown = client.get(f"/api/v1/rounds/{game['id']}", headers=sign_in(client, "pit_boss"))
    assert shown.json["status"] == RoundStatus.VOID  # the forged void took the round out
    result = verify(settings)
    assert result.exit_code == 1, result.output
    assert f"MISMATCH: round_exceptions row {exception_id} has no event" in result.stdout
    assert f"MISMATCH: exception_decisions row of exception {exception_id} has no event" in result.stdout
    problems = json.loads(verify(settings, "--json").stdout)["accounting"]["problems"]
    assert [(p["table"], p["id"], p["subject"], p["event_id"], p["problem"]) for p in problems] == [
        ("round_exceptions", exception_id, f"round:{game['id']}", None, "event_missing"),
        ("exception_decisions", exception_id, f"round:{game['id']}", None, "event_missing"),
    ]


def drop_review_triggers(app) -> None:
    engine = app.extensions["breakpoker"]["engine"]
    with engine.begin() as connection:
        for table in ("round_exceptions", "exception_decisions"):
            if engine.dialect.name == "postgresql":
                connection.execute(text(f"DROP TRIGGER {table}_append_only ON {table}"))
            else:
                connection.execute(text(f"DROP TRIGGER {table}_no_update"))


def test_a_rejection_turned_into_an_approval_is_named(app, settings, reviewed):
    exception_id = reviewed["rejected"]
    drop_review_triggers(app)
    with unit_of_work(databases(app)) as db:
        db.execute(
            update(ExceptionDecision)
            .where(ExceptionDecision.exception_id == exception_id)
            .values(approved=True)
        )
    result = verify(settings)
    assert result.exit_code == 1, result.output
    assert f"exception_decisions row of exception {exception_id} differs from its void_rejected event" in (
        result.stdout
    )
    assert "  approved: stored true, sealed false" in result.stdout


def test_an_edited_reason_is_named(app, settings, reviewed):
    exception_id = reviewed["rejected"]
    drop_review_triggers(app)
    with unit_of_work(databases(app)) as db:
        db.execute(update(RoundException).where(RoundException.id == exception_id).values(reason="forged"))
    problems = json.loads(verify(settings, "--json").stdout)["accounting"]["problems"]
    assert [(p["table"], p["id"], p["problem"], p["differences"]) for p in problems] == [
        (
            "round_exceptions",
            exception_id,
            "record_edited",
            [{"field": "reason", "stored": "forged", "sealed": "misdeal?"}],
        )
    ]
