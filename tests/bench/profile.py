"""``python -m tests.bench bench-profile``: where a settled round's time goes.

In one process, on a temporary SQLite database (or an empty scratch
database given by ``--database``, as ``bench-load``), it posts six-seat rounds
with every bet through the Flask app (the test client: the whole request
path without the network or gunicorn) and reports the CPU time a round
takes, then the same rounds under cProfile: the share of each layer (the
rules engine, SQLAlchemy, Flask, JSON, SQLite itself) and the service's own
functions by cumulative time. CPU time, not wall time, so what else the
machine runs matters less.
"""

from __future__ import annotations

import cProfile
import pstats
import random
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

import click

from service.accounts.auth import create_user
from service.accounts.roles import Role
from service.api.app import create_app
from service.config.environment import SessionlessRounds
from service.config.settings import Settings
from service.rounds.samples import random_round
from service.store.migrate import upgrade
from service.store.work import unit_of_work
from tests.bench.scratch import cheap_password_hashing, finish, scratch, shown_database

PASSWORD = "bench-profile password"
WARM_UP = 200  # rounds posted first, untimed; no more than the rounds timed
SHOWN = 25
HERE = "tests/bench/profile.py"  # this file, as the profiler names it


@click.command("bench-profile")
@click.option(
    "--database",
    "database_url",
    metavar="URL",
    help="An empty scratch database instead of a temporary SQLite one (as bench-load).",
)
@click.option("--rounds", type=click.IntRange(min=10), default=1_000, show_default=True)
@click.option("--json", "as_json", is_flag=True, help="Print the figures as JSON.")
def bench_profile(database_url: str | None, rounds: int, as_json: bool) -> None:
    """CPU time per settled round in one process, and where it goes."""
    with scratch(database_url, "bench-profile") as (url, instance):
        # As many as the rounds timed at most: the tests time a few rounds
        # to check the figures' shape, and 200 first was most of their time.
        warm_up = min(WARM_UP, rounds)
        post = _poster(url, instance, rounds + warm_up)
        for _ in range(warm_up):
            post()
        start = time.process_time()
        for _ in range(rounds // 2):
            post()
        plain = (time.process_time() - start) / (rounds // 2)
        profiler = cProfile.Profile(time.process_time)
        profiler.enable()
        for _ in range(rounds - rounds // 2):
            post()
        profiler.disable()
    result = {
        "database": shown_database(url, database_url is None),
        "rounds": rounds,
        "cpu_ms_per_round": round(plain * 1000, 3),
        **_breakdown(profiler),
    }
    finish(result, as_json, _print, None)


def _print(result: dict[str, Any]) -> None:
    rounds = result["rounds"]
    click.echo(
        f"bench-profile on {result['database']}: {result['cpu_ms_per_round']} ms of CPU a round "
        f"({rounds // 2} rounds, no profiler)"
    )
    click.echo("under cProfile, the share of each layer (own time):")
    for layer, share in result["layers"].items():
        click.echo(f"  {share:6.1%}  {layer}")
    click.echo("the service's own functions (cumulative time, profiled):")
    for line in result["functions"]:
        click.echo(f"  {line['share']:6.1%}  {line['calls_per_round']:5.1f} calls  {line['function']}")


def _poster(url: str, folder: Path, count: int) -> Callable[[], None]:
    """A function posting the next of ``count`` random rounds."""
    upgrade(url)
    with cheap_password_hashing():
        # The profile is of a round: its table has no session (no tray).
        sessionless = SessionlessRounds.ALLOW
        app = create_app(Settings(instance=folder, database_url=url, rounds_without_session=sessionless))
        with unit_of_work(app.extensions["breakpoker"]["databases"]) as db:
            create_user(db, "dealer", Role.DEALER, PASSWORD)
            create_user(db, "admin", Role.ADMIN, PASSWORD)
        client = app.test_client()
        tokens = {
            name: client.post("/api/v1/auth/login", json={"name": name, "password": PASSWORD}).json["token"]  # type: ignore[index]
            for name in ("dealer", "admin")
        }
    table = client.post("/api/v1/tables", json={"name": "BP-P"}, headers=_bearer(tokens["admin"])).json
    assert table is not None
    rng = random.Random(3)
    bodies = iter([random_round(rng, f"p{number}") for number in range(count)])
    path = f"/api/v1/tables/{table['id']}/rounds"

    def post() -> None:
        body = next(bodies)
        headers = {**_bearer(tokens["dealer"]), "Idempotency-Key": body["round_id"]}
        answer = client.post(path, json=body, headers=headers)
        if answer.status_code != 201:
            raise click.ClickException(f"a round was refused: {answer.status_code} {answer.json}")

    return post


def _bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def _layer(file: str, function: str) -> str:
    if file.startswith("~"):
        return "SQLite and other C calls" if "sqlite3" in function else "built-ins"
    if "site-packages/" in file:
        return file.split("site-packages/")[1].split("/")[0]
    if "/service/engine/" in file:
        return "service.engine (the rules)"
    if "/service/" in file or file.endswith(HERE):  # the posting function: the request's own code
        return "service (the use cases and the API)"
    return f"standard library ({Path(file).name})"


def _own_name(file: str) -> str | None:
    """A function of the service (named from ``service/``) or this bench's
    posting function, whose cumulative time is the whole request."""
    if "/service/" in file:
        return file.split("/service/")[1]
    return HERE if file.endswith(HERE) else None


def _breakdown(profiler: cProfile.Profile) -> dict[str, Any]:
    stats = pstats.Stats(profiler)
    own: Counter[str] = Counter()
    functions = []
    rounds = 0
    for (file, line, function), (_calls, total_calls, own_time, cumulative, _callers) in stats.stats.items():  # type: ignore[attr-defined]
        own[_layer(file, function)] += own_time
        name = _own_name(file)
        if name is not None:
            functions.append((cumulative, total_calls, f"{name}:{line}({function})"))
        if function == "post" and file.endswith(HERE):
            rounds = total_calls
    total = sum(own.values()) or 1.0
    whole = max((cumulative for cumulative, _, _ in functions), default=1.0)
    return {
        "layers": {layer: round(seconds / total, 4) for layer, seconds in own.most_common(12)},
        "functions": [
            {
                "function": name,
                "share": round(cumulative / whole, 4),
                "calls_per_round": calls / max(rounds, 1),
            }
            for cumulative, calls, name in sorted(functions, reverse=True)[:SHOWN]
        ],
    }
