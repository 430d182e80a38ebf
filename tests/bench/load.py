"""``python -m tests.bench bench-load``: the API under load, as production runs it.

On a database of its own (a temporary SQLite one, or an empty scratch
database given with ``--database``), it starts the API exactly as the image
does (``ops/entrypoint.sh api``: gunicorn with ``ops/gunicorn.conf.py``,
Prometheus multiprocess files, JSON logs) with an embedded Redis, and drives
``POST /tables/{id}/rounds`` with six-seat rounds carrying every bet from a
load generator on loopback (``tests/bench/loadgen.py``):

1. at a fixed offered rate (open loop: each request timed from when it was
   due, so queueing shows);
2. at saturation (closed loop on many connections);
3. for where the ceiling goes before any round, the service's own answer
   of a constant (``GET /healthz``: its request ids, access log, metrics
   and headers) and a signed-in read of one table, at saturation;

then, under the same gunicorn settings, a bare Flask endpoint answering a
constant (``tests/bench/ceiling.py``): the ceiling of the stack. Last, every
round answered 201 must be stored exactly once.

The load generator shares the machine's cores with the server (the
figures say how many); ``load_servers.py`` starts and stops the servers,
``load_figures.py`` holds a phase's figures and prints them.
"""

from __future__ import annotations

import json
import os
import random
import secrets
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import click
from sqlalchemy import func, select

from service.accounts.auth import create_user, login
from service.accounts.roles import Role
from service.cli.serve import CHECKOUT_CONFIG
from service.config.redis_server import EmbeddedRedis
from service.config.settings import Settings
from service.rounds.samples import random_round
from service.store.db import database_factory, make_engine
from service.store.migrate import upgrade
from service.store.models import RoundRecord
from service.store.work import unit_of_work
from service.tables.tables import create_table
from tests.bench.load_figures import (
    Phase,
    phase_line,
    print_result,
    progress,
    share_of_ceiling,
    throughput_share,
)
from tests.bench.load_servers import gunicorn_settings, server
from tests.bench.loadgen import Prepared, Request, closed_loop, open_loop, repeated
from tests.bench.scratch import cheap_password_hashing, finish, scratch, scratch_databases, shown_database

ENTRYPOINT = CHECKOUT_CONFIG.parent / "entrypoint.sh"
CHECKOUT = Path(__file__).resolve().parents[2]  # where gunicorn finds tests.bench.ceiling
PASSWORD = "bench-load password"
DEALS = 2_000  # distinct deals; each request gets a round id of its own
WARM_UP_SECONDS = 3.0
SATURATION_WARM_UP_SECONDS = 1.0
AIM_P99_MS = 50.0
AIM_RATE = 100.0


@click.command("bench-load")
@click.option(
    "--database",
    "database_url",
    metavar="URL",
    help="An empty scratch database (postgresql://user@host/scratch) instead of a temporary SQLite "
    "one; refused if it has tables. Its tables are dropped again at the end.",
)
@click.option(
    "--stored",
    "stored_url",
    metavar="URL",
    help="A database `bench-scale --keep` left, rounds and all: the load goes to a table of its own "
    "beside them, to time entering rounds with those already stored. Nothing is dropped.",
)
# Under a second only for the tests, which check the command's shape and
# counts, not its figures.
@click.option("--seconds", type=click.FloatRange(min=0.25), default=10, show_default=True, help="Per phase.")
@click.option(
    "--rate", type=click.FloatRange(min=1), default=AIM_RATE, show_default=True, help="Fixed rate, rounds/s."
)
@click.option(
    "--connections", type=click.IntRange(1, 512), default=32, show_default=True, help="At saturation."
)
@click.option("--workers", type=click.IntRange(1, 64), help="Gunicorn workers  [default: the config's]")
@click.option("--json", "as_json", is_flag=True, help="Print the figures as JSON.")
def bench_load(
    database_url: str | None,
    stored_url: str | None,
    seconds: float,
    rate: float,
    connections: int,
    workers: int | None,
    as_json: bool,
) -> None:
    """Drive the API with six-seat rounds at a fixed rate and at saturation,
    against a bare endpoint's ceiling under the same gunicorn settings.
    Exit status 1 if any answer is not the expected one or a round is lost
    or stored twice."""
    if database_url and stored_url:
        raise click.UsageError("--database and --stored name two databases; give one")
    with scratch(database_url or stored_url, "bench-load", stored=bool(stored_url)) as (url, instance):
        result = LoadBench(url, instance, seconds, rate, connections, workers).run()
    result["database"] = shown_database(url, temporary=not (database_url or stored_url))
    failure = None if result["ok"] else "bench-load: FAILED: " + "; ".join(result["problems"])
    finish(result, as_json, print_result, failure)


class LoadBench:
    def __init__(
        self, url: str, instance: Path, seconds: float, rate: float, connections: int, workers: int | None
    ) -> None:
        self.url = url
        self.instance = instance
        self.seconds = seconds
        self.rate = rate
        self.connections = connections
        self.workers = workers
        self.numbers = iter(range(1 << 62))
        self.warmed = 0
        self.table_id = 0
        self.rounds_before = 0

    def run(self) -> dict[str, Any]:
        progress(f"migrating {shown_database(self.url, False)} and creating a dealer and a table")
        upgrade(self.url)
        token, table_id = self._setup()
        self.table_id = table_id
        templates = self._templates(table_id, token)
        redis = EmbeddedRedis(self.instance / "redis")
        redis.start()
        try:
            env = self._environment(redis.url)
            with server(self._api_command(), env, self.instance / "api.log") as port:
                # Not reported: every worker's caches filled first.
                warm_up = min(WARM_UP_SECONDS, self.seconds)
                warm = closed_loop("127.0.0.1", port, self._rounds(templates), warm_up, 8)
                self.warmed = warm.ok(201)
                fixed = Phase(
                    "rounds at a fixed rate",
                    self.rate,
                    64,
                    open_loop("127.0.0.1", port, self._rounds(templates), self.rate, self.seconds),
                    201,
                )
                progress(phase_line(fixed))
                saturated = Phase(
                    "rounds at saturation",
                    None,
                    self.connections,
                    closed_loop("127.0.0.1", port, self._rounds(templates), self.seconds, self.connections),
                    201,
                )
                progress(phase_line(saturated))
                # Where the ceiling goes before any round: the service's own
                # answer of a constant (its middleware: request ids, access
                # log, metrics, headers), then a signed-in read of one row.
                signed_in = (("Authorization", f"Bearer {token}"),)
                stack = [
                    self._saturate(port, "API constant at saturation", Request("GET", "/api/v1/healthz")),
                    self._saturate(
                        port,
                        "API signed-in read at saturation",
                        Request("GET", f"/api/v1/tables/{table_id}", signed_in),
                    ),
                ]
            ceiling_command = [sys.executable, "-m", "gunicorn", "--config", str(CHECKOUT_CONFIG)]
            ceiling_command += ["--pythonpath", str(CHECKOUT), *self._worker_option()]
            ceiling_command += ["tests.bench.ceiling:create_app()"]
            with server(ceiling_command, env, self.instance / "ceiling.log") as port:
                ceiling = self._saturate(port, "bare endpoint at saturation", Request("GET", "/constant"))
        finally:
            redis.stop()
        return self._verdict(fixed, saturated, stack, ceiling)

    def _saturate(self, port: int, name: str, request: Request) -> Phase:
        """``request`` over and over at saturation, after a second's warm-up
        (no longer than the phase)."""
        warm_up = min(SATURATION_WARM_UP_SECONDS, self.seconds)
        closed_loop("127.0.0.1", port, repeated(request), warm_up, self.connections)
        looped = closed_loop("127.0.0.1", port, repeated(request), self.seconds, self.connections)
        phase = Phase(name, None, self.connections, looped, 200)
        progress(phase_line(phase))
        return phase

    def _setup(self) -> tuple[str, int]:
        """A dealer, an admin and a table of the bench's own (named apart
        from a stored database's), signed in; the rounds already stored."""
        engine = make_engine(self.url)
        suffix = secrets.token_hex(3)
        try:
            databases = scratch_databases(engine, self.url, self.instance)
            with cheap_password_hashing():
                with unit_of_work(databases) as db:
                    self.rounds_before = db.scalar(select(func.count()).select_from(RoundRecord)) or 0
                    dealer = create_user(db, f"bench-dealer-{suffix}", Role.DEALER, PASSWORD)
                    admin = create_user(db, f"bench-admin-{suffix}", Role.ADMIN, PASSWORD)
                    table_id = create_table(db, admin, f"BP-LOAD-{suffix}").id
                with unit_of_work(databases) as db:
                    token = login(db, dealer.name, PASSWORD, Settings()).token
            return token, table_id
        finally:
            engine.dispose()

    def _templates(self, table_id: int, token: str) -> list[tuple[bytes, bytes]]:
        """Request heads and bodies with a place for the round id."""
        rng = random.Random(7)
        found = []
        for _ in range(DEALS):
            body = json.dumps(random_round(rng, "@ID@"), separators=(",", ":")).encode()
            head = (
                f"POST /api/v1/tables/{table_id}/rounds HTTP/1.1\r\nHost: bench\r\n"
                f"Connection: keep-alive\r\nAuthorization: Bearer {token}\r\n"
                "Content-Type: application/json\r\nIdempotency-Key: @ID@\r\n"
            ).encode()
            found.append((head, body))
        return found

    def _rounds(self, templates: list[tuple[bytes, bytes]]) -> Iterator[Prepared]:
        for number in self.numbers:
            head, body = templates[number % len(templates)]
            round_id = f"load-{number}".encode()
            body_now = body.replace(b"@ID@", round_id)
            length = f"Content-Length: {len(body_now)}\r\n\r\n".encode()
            yield Prepared(head.replace(b"@ID@", round_id) + length + body_now)

    def _environment(self, redis_url: str) -> dict[str, str]:
        return {
            **os.environ,
            "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}",
            "DATABASE_URL": self.url,
            "REDIS_URL": redis_url,
            "BREAKPOKER_INSTANCE": str(self.instance),
            "PROMETHEUS_MULTIPROC_DIR": str(self.instance / "prometheus"),
            "BREAKPOKER_BIND": "127.0.0.1:0",  # replaced per server
            # The bench measures rounds, not the tray: its table has no session.
            "BREAKPOKER_ROUNDS_WITHOUT_SESSION": "allow",
        }

    def _worker_option(self) -> list[str]:
        return [] if self.workers is None else ["--workers", str(self.workers)]

    def _api_command(self) -> list[str]:
        return ["sh", str(ENTRYPOINT), "api", *self._worker_option()]

    def _verdict(self, fixed: Phase, saturated: Phase, stack: list[Phase], ceiling: Phase) -> dict[str, Any]:
        engine = make_engine(self.url)
        try:
            with database_factory(engine)() as db:
                ours = select(func.count()).where(RoundRecord.table_id == self.table_id)
                stored = db.scalar(ours) or 0
        finally:
            engine.dispose()
        # The warm-up's rounds are stored too; every 201 of every phase is one round.
        answered = sum(phase.result.ok(201) for phase in (fixed, saturated)) + self.warmed
        problems = []
        phases = [fixed, saturated, *stack, ceiling]
        for phase in phases:
            unexpected = phase.to_json()["unexpected"]
            if unexpected:
                problems.append(f"{phase.name}: {unexpected} answers were not {phase.expected}")
        if stored != answered:
            problems.append(f"{stored} rounds stored for {answered} answered 201")
        share = throughput_share(saturated, ceiling)
        # The former aim of 40 % of the bare endpoint is withdrawn (issue 22):
        # the service's own signed-in read is the ceiling that matters.
        share_of_read = throughput_share(saturated, stack[1])
        p99 = fixed.result.percentile(0.99) * 1000
        return {
            "cpus": os.cpu_count(),
            "rounds_stored_before": self.rounds_before,
            "gunicorn": gunicorn_settings(self.workers),
            "phases": [
                {**phase.to_json(), "share_of_ceiling": share_of_ceiling(phase, ceiling)} for phase in phases
            ],
            "share_of_ceiling": round(share, 4),
            "share_of_signed_in_read": round(share_of_read, 4),
            "aims": {"p99_ms_at_rate": AIM_P99_MS, "rate": self.rate, "p99_met": p99 < AIM_P99_MS},
            "stored_rounds": stored,
            "answered_201": answered,
            "ok": not problems,
            "problems": problems,
        }
