"""Helpers for the background-work tests: a real worker process, and checks
that recompute the chain and the aggregates from the rounds themselves."""

from __future__ import annotations

import os
import subprocess
import sys
from collections import Counter

from sqlalchemy import select

from service.audit.chain import GENESIS, link_hash
from service.rounds.aggregates import BETS
from service.rounds.status import counting
from service.store.models import AuditEvent, AuditSeal, RoundRecord, ShiftAggregate
from tests.support.app import sign_in
from tests.support.rounds_data import round_body
from tests.support.worker_fork import forkable, forked_cli

WORKER = [sys.executable, "-m", "service.cli", "worker"]


def worker_env(settings, **extra):
    env = {**os.environ, "DATABASE_URL": settings.database, "REDIS_URL": settings.redis, **extra}
    env["BREAKPOKER_INSTANCE"] = str(settings.instance)
    return env


def run_burst(settings, *options, **extra_env):
    """A burst of a real worker process on the test's database and Redis,
    forked from one that has imported the worker (tests/support/worker_fork.py)
    unless the test's environment must be there at import."""
    env = worker_env(settings, **extra_env)
    if forkable(env):
        done = forked_cli(["worker", "--burst", *options], env, timeout=120)
    else:
        done = subprocess.run(
            [*WORKER, "--burst", *options], env=env, capture_output=True, text=True, timeout=120
        )
    assert done.returncode == 0, done.stderr[-3000:]
    return done


def check_chain(db) -> int:
    """Every event sealed exactly once, links intact; the number of links."""
    events = {event.id: event for event in db.scalars(select(AuditEvent))}
    seals = db.scalars(select(AuditSeal).order_by(AuditSeal.seq)).all()
    assert sorted(seal.event_id for seal in seals) == sorted(events)
    previous = GENESIS
    for number, seal in enumerate(seals, start=1):
        assert seal.seq == number
        assert seal.previous_hash == previous
        assert seal.hash == link_hash(previous, events[seal.event_id])
        previous = seal.hash
    return len(seals)


def check_aggregates(db) -> Counter:
    """The aggregates equal a recount of the stored rounds that count (not
    voided, not superseded by a correction)."""
    expected: Counter = Counter()
    for record in db.scalars(select(RoundRecord).where(counting())):
        key = (record.table_id, record.gaming_day, record.shift, record.entered_by, record.config_id)
        expected[(*key, "rounds")] += 1
        expected[(*key, "seats")] += len(record.seats)
        for seat in record.seats:
            for bet in BETS:
                expected[(*key, f"{bet}_handle")] += getattr(seat, f"{bet}_stake")
                expected[(*key, f"{bet}_house_net")] -= getattr(seat, f"{bet}_net")
    actual: Counter = Counter()
    for row in db.scalars(select(ShiftAggregate)):
        key = (row.table_id, row.gaming_day, row.shift, row.dealer_id, row.config_id)
        for name in ("rounds", "seats", *(f"{bet}_{w}" for bet in BETS for w in ("handle", "house_net"))):
            actual[(*key, name)] += getattr(row, name)
    assert +actual == +expected or actual == expected
    return actual


def enter_rounds(client, count, start=0):
    admin = sign_in(client, "admin")
    tables = client.get("/api/v1/tables", headers=admin).json
    if not tables:
        tables = [client.post("/api/v1/tables", json={"name": "BP-1"}, headers=admin).json]
    dealer = sign_in(client, "dealer")
    for number in range(start, start + count):
        response = client.post(
            f"/api/v1/tables/{tables[0]['id']}/rounds",
            json=round_body(f"r{number}"),
            headers={**dealer, "Idempotency-Key": f"k{number}"},
        )
        assert response.status_code == 201, response.json


def databases_of(app):
    return app.extensions["breakpoker"]["databases"]
