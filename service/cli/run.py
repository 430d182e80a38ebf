"""``breakpoker run``: the embedded Redis, a worker and the API together,
stopped together on Ctrl-C. A child that dies is started again."""

from __future__ import annotations

import contextlib
import errno
import fcntl
import os
import shutil
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path
from types import FrameType
from typing import IO

import click

from service.accounts.auth import ensure_admin
from service.accounts.roles import Role
from service.accounts.user_admin import list_users
from service.audit.keys import ensure_keys
from service.cli.run_summary import Summary
from service.config.redis_server import EmbeddedRedis
from service.config.settings import Settings
from service.jobs.queues import QUEUES, QUICK_QUEUES
from service.store.db import database_factory, make_engine
from service.store.migrate import upgrade
from service.store.work import unit_of_work

QUICK = ",".join(QUICK_QUEUES)  # the queues that must never wait behind a long job (served in-process)
LONG = ",".join(name for name in QUEUES if name not in QUICK_QUEUES)  # par sheets, verifications, exports

RESTART_PAUSE = 2.0
ANNOUNCE_WITHIN = 90.0  # seconds: the summary is printed by then even if the API is slow
SETTLE = 1.0  # seconds between everything up and the summary


def _lock_instance(instance: Path) -> IO[str]:
    """One ``run`` per instance folder: a second would start a second Redis
    on the same data and fight over the port."""
    handle = (instance / "run.lock").open("w")
    try:
        fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        handle.close()
        raise click.ClickException(f"another breakpoker run is using {instance}") from None
    return handle


def _check_port(host: str, port: int) -> None:
    """Refuse a port nobody can listen on, before anything starts: gunicorn
    would fail to bind it and be started again for ever, while the summary
    told of a service running there."""
    try:
        family, kind, proto, _, address = socket.getaddrinfo(
            host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE
        )[0]
    except socket.gaierror as error:
        raise click.ClickException(f"cannot listen on {host} port {port}: {error.strerror}") from None
    with socket.socket(family, kind, proto) as probe:
        # As gunicorn binds: a closed connection's TIME_WAIT is no obstacle.
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind(address)
        except OSError as error:
            if error.errno == errno.EADDRINUSE:
                raise click.ClickException(
                    f"port {port} is in use on {host} (another program listens there): stop it, "
                    "or choose another port (make run PORT=8080, breakpoker run --port 8080)"
                ) from None
            raise click.ClickException(f"cannot listen on {host} port {port}: {error.strerror}") from None


def _start(argv: list[str], env: dict[str, str]) -> subprocess.Popen[bytes]:
    # Its own process group, so stopping it stops its children too.
    return subprocess.Popen(argv, env=env, start_new_session=True)


def _signal_group(process: subprocess.Popen[bytes], number: int) -> None:
    with contextlib.suppress(ProcessLookupError):
        os.killpg(process.pid, number)


@click.command("run")
@click.option("--host", default="127.0.0.1", show_default=True)
@click.option("--port", default=8000, show_default=True, type=click.IntRange(1, 65535))
@click.option(
    "--workers",
    "worker_count",
    default=1,
    show_default=True,
    type=click.IntRange(1, 16),
    help="Workers on the audit and metrics queues (one more takes par sheets, verifications and exports).",
)
def run(host: str, port: int, worker_count: int) -> None:
    """Migrate, start Redis (unless REDIS_URL), the workers and the API."""
    settings = Settings.from_environment()
    settings.instance.mkdir(parents=True, exist_ok=True)
    lock = _lock_instance(settings.instance)
    _check_port(host, port)
    # The audit trail's keys, under the instance folder on the first start
    # (the API and the workers read the same files).
    ensure_keys(settings)
    click.echo(f"Keys:     {settings.event_key.parent} (public keys in {settings.public_keys})")
    password, admins = _migrate(settings)
    summary = Summary(host, port, password, admins, settings.redis, worker_count + 1)
    env = _environment(settings)

    redis = None if settings.redis_url else EmbeddedRedis(settings.instance)
    if redis is not None:
        redis.start()
        click.echo(f"Redis:    {redis.url} (embedded, data in {settings.instance})")
    children = _children(host, port, worker_count)
    running = {name: _start(argv, env) for name, argv in children.items()}
    announced = False
    announce_by = time.monotonic() + ANNOUNCE_WITHIN

    stopping = False

    def stop(_signal: int, _frame: FrameType | None) -> None:
        nonlocal stopping
        stopping = True

    for number in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
        signal.signal(number, stop)
    try:
        while not stopping:
            time.sleep(0.5)
            if not announced:
                announced = _announce(summary, announce_by)
            if redis is not None and not redis.running and not stopping:
                _restart_redis(redis)
            for name, process in running.items():
                if process.poll() is not None and not stopping:
                    click.echo(f"{name} exited with {process.returncode}; starting it again", err=True)
                    time.sleep(RESTART_PAUSE)
                    running[name] = _start(children[name], env)
    finally:
        _stop_children(running)
        if redis is not None:
            redis.stop()
        lock.close()
        if not announced and password is not None:
            # Stopped before the API answered: the password is not lost.
            click.echo(f"First admin: name admin, password {password} (shown only this once)")
        click.echo("stopped")


def _migrate(settings: Settings) -> tuple[str | None, tuple[str, ...]]:
    """Migrate to head and make sure an admin exists: the first admin's
    password when this run created it, and the active admins' names (the
    summary names them: one made by ``users create`` need not be "admin")."""
    upgrade(settings.migration_database)
    engine = make_engine(settings.database)
    with unit_of_work(database_factory(engine)) as db:
        password = ensure_admin(db)
        admins = tuple(user.name for user in list_users(db) if user.role == Role.ADMIN and user.active)
    engine.dispose()
    return password, admins


def _environment(settings: Settings) -> dict[str, str]:
    # Prometheus files of this run only: stale ones would be added in.
    metrics = settings.instance / "prometheus"
    shutil.rmtree(metrics, ignore_errors=True)
    metrics.mkdir()
    return {
        **os.environ,
        "PROMETHEUS_MULTIPROC_DIR": str(metrics),
        "BREAKPOKER_INSTANCE": str(settings.instance),
    }


def _children(host: str, port: int, worker_count: int) -> dict[str, list[str]]:
    """Each child's name and command line."""
    command = [sys.executable, "-m", "service.cli"]
    return {
        "dispatcher": [*command, "dispatcher"],
        # Sealing and counting never wait behind a par sheet or an export:
        # these workers serve only the quick queues, in-process, and one more
        # takes the long jobs, a forked work-horse each. It no longer takes
        # quick ones while it has none: a fork a quick job cost more CPU than
        # the API's requests (bench-service, issue 22).
        **{f"worker {n}": [*command, "worker", "--queues", QUICK] for n in range(1, worker_count + 1)},
        "long-job worker": [*command, "worker", "--queues", LONG],
        "api": [*command, "serve", "--host", host, "--port", str(port)],
    }


def _announce(summary: Summary, announce_by: float) -> bool:
    """Print the summary once the API answers, or at the deadline anyway;
    whether it is printed."""
    ready = summary.is_ready()
    if not (ready or time.monotonic() > announce_by):
        return False
    # After the children's start-up logs, so it is the last thing on
    # screen: their last lines follow their signing on closely.
    time.sleep(SETTLE)
    summary.print(ready=ready)
    return True


def _restart_redis(redis: EmbeddedRedis) -> None:
    click.echo("Redis exited; starting it again", err=True)
    redis.stop()
    try:
        redis.start()
    except RuntimeError as error:
        # Killed again while starting, or slow to come up: the next turn
        # tries again; the API settles rounds meanwhile.
        click.echo(f"Redis did not start ({error}); trying again", err=True)
        redis.stop()
        time.sleep(RESTART_PAUSE)


def _stop_children(running: dict[str, subprocess.Popen[bytes]]) -> None:
    for process in running.values():
        _signal_group(process, signal.SIGTERM)
    for process in running.values():
        with contextlib.suppress(subprocess.TimeoutExpired):
            process.wait(timeout=20)
        # Whatever the child left behind (a work-horse, the scheduler).
        _signal_group(process, signal.SIGKILL)
