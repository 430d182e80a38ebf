"""What the chain verification tests share: a chain of events with an id gap
in the middle, sealing, the chain's report three ways (the function, the
API, the CLI) that must agree, and payloads stored as text."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner
from sqlalchemy import Text, cast, func, select, text

from service.audit.chain import seal_batch
from service.audit.events import queue_job
from service.cli import main
from service.compliance.audit_verify import verify_chain, verify_records
from service.store.db import utc_now
from service.store.models import AuditEvent, AuditSeal
from service.store.work import unit_of_work
from tests.support.app import databases, edit
from tests.support.background import check_chain
from tests.support.rounds_data import round_body
from tests.support.tamper import authenticate
from tests.support.verifying import cli_env, verified

GAP = 2  # event ids left free in the middle of the chain


def engine_of(app):
    return app.extensions["breakpoker"]["engine"]


def seal_all(app) -> int:
    with unit_of_work(databases(app)) as db:
        newest = db.scalar(select(func.max(AuditEvent.id)))
        sealed, _ = seal_batch(db, newest, limit=10_000)
    return sealed


def leave_an_id_gap(app) -> int:
    """An event whose id skips ``GAP`` ids, as PostgreSQL's sequences do
    after a rolled-back insert; the first free id."""
    with unit_of_work(databases(app)) as db:
        free = (db.scalar(select(func.max(AuditEvent.id))) or 0) + 1
        event = AuditEvent(
            id=free + GAP,
            kind="note",
            subject="test:gap",
            occurred_at=utc_now(),
            payload={"why": "ids after a rollback"},
        )
        db.add(event)
        db.flush()
        authenticate(db, [event.id])
        queue_job(db, "seal", event.id)
        if db.get_bind().dialect.name == "postgresql":
            db.execute(
                text("SELECT setval(pg_get_serial_sequence('audit_events', 'id'), :n)"), {"n": free + GAP}
            )
    return free


@pytest.fixture
def chain(app, client, as_role, table):
    """A sealed chain: users, sign-ins, a failed one, rounds, a pay-table change."""
    url = f"/api/v1/tables/{table['id']}"
    for number in range(3):
        response = client.post(
            f"{url}/rounds",
            json=round_body(f"r{number}"),
            headers={**as_role["dealer"], "Idempotency-Key": f"k{number}"},
        )
        assert response.status_code == 201, response.json
    free = leave_an_id_gap(app)
    pays = {**table["config"]["break_bonus_pays"], "five_aces": 900}
    changed = edit(
        client, f"{url}/config", json={"config": {"break_bonus_pays": pays}}, headers=as_role["admin"]
    )
    assert changed.status_code == 200, changed.json
    client.post("/api/v1/auth/login", json={"name": "dealer2", "password": "wrong-password"})
    for number in range(3, 6):
        client.post(
            f"{url}/rounds",
            json=round_body(f"r{number}"),
            headers={**as_role["pit_boss"], "Idempotency-Key": f"k{number}"},
        )
    links = seal_all(app)
    with databases(app)() as db:
        assert check_chain(db) == links
    return {"links": links, "free_id": free}


def seal_of(app, kind: str, nth: int = 0) -> AuditSeal:
    with databases(app)() as db:
        return db.scalars(
            select(AuditSeal)
            .join(AuditEvent, AuditEvent.id == AuditSeal.event_id)
            .where(AuditEvent.kind == kind)
            .order_by(AuditSeal.seq)
        ).all()[nth]


def reports(app, client, as_role, settings, *query: tuple[str, int]) -> dict:
    """The chain's report three ways, which must agree: the function, a
    verification through the API (its job run here), the CLI."""
    first = dict(query).get("from")
    last = dict(query).get("to")
    with databases(app)() as db:
        direct = verify_chain(db, first, last).to_json()
        whole = verify_records(db, first, last).to_json()
    through_api = verified(app, client, as_role["compliance"], **dict(query))["report"]
    options = [f"--{name}={value}" for name, value in query]
    result = CliRunner().invoke(main, ["audit", "verify", "--json", *options], env=cli_env(settings))
    assert result.exit_code == (0 if whole["intact"] else 1), result.output
    for other in (whole, through_api, json.loads(result.stdout)):
        # Each run adds an audit_verified event after the head: only pending differs.
        assert {**other["chain"], "pending": None} == {**direct, "pending": None}
        assert (other["rounds"], other["totals"]) == (whole["rounds"], whole["totals"])
    return direct


def cli_text(settings, *options: str):
    return CliRunner().invoke(main, ["audit", "verify", *options], env=cli_env(settings))


def stored_payloads(app) -> dict[int, str]:
    with databases(app)() as db:
        return dict(db.execute(select(AuditEvent.id, cast(AuditEvent.payload, Text))).all())


def store_payload_text(app, event_id: int, payload_text: str) -> None:
    """The payload column set to this very text, as an older release or SQL wrote it."""
    value = "CAST(:text AS json)" if engine_of(app).dialect.name == "postgresql" else ":text"
    with unit_of_work(databases(app)) as db:
        db.execute(
            text(f"UPDATE audit_events SET payload = {value} WHERE id = :id"),
            {"text": payload_text, "id": event_id},
        )
