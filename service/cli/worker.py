"""``breakpoker worker`` and ``breakpoker jobs``: the background work."""

from __future__ import annotations

import json
import signal
import threading

import click

from service.audit.lifecycle import running
from service.config.environment import read_environment
from service.config.redis_server import connect
from service.config.settings import Settings
from service.jobs.queues import QUEUES
from service.observability.logs import configure_logging
from service.ops.job_status import job_status, requeue_failed
from service.store.db import database_factory, make_engine
from workers.worker import run_dispatcher, run_worker


@click.command("worker")
@click.option("--burst", is_flag=True, help="Work until nothing is left, then exit.")
@click.option(
    "--heartbeat-grace",
    type=click.IntRange(1, 3600),
    help="Seconds before a dead worker's job is retried  [default: BREAKPOKER_HEARTBEAT_GRACE, or 60]",
)
@click.option("--monitoring-interval", default=30, show_default=True, help="Seconds between job heartbeats.")
@click.option(
    "--maintenance-interval", default=60, show_default=True, help="Seconds between registry clean-ups."
)
@click.option(
    "--queues",
    "queue_names",
    default=",".join(QUEUES),
    show_default=True,
    help="The queues to serve, in priority order, separated by commas.",
)
@click.option(
    "--in-process/--fork",
    "in_process",
    default=None,
    help="Run each job in the worker's process, or fork a work-horse a job  "
    "[default: in-process when every queue is a quick one (audit, metrics, values)]",
)
def worker(
    burst: bool,
    heartbeat_grace: int | None,
    monitoring_interval: int,
    maintenance_interval: int,
    queue_names: str,
    in_process: bool | None,
) -> None:
    """Run an RQ worker (Redis from REDIS_URL or the embedded one). With
    --burst it also dispatches the outbox."""
    configure_logging()
    settings = Settings.from_environment()
    grace = heartbeat_grace or read_environment().heartbeat_grace
    names = tuple(name.strip() for name in queue_names.split(","))
    unknown = [name for name in names if name not in QUEUES]
    if unknown or not names:
        raise click.BadParameter(f"{', '.join(unknown) or 'none given'}: the queues are {', '.join(QUEUES)}")

    def work() -> None:
        run_worker(
            settings,
            burst=burst,
            heartbeat_grace=grace,
            job_monitoring_interval=monitoring_interval,
            maintenance_interval=maintenance_interval,
            queues=names,
            in_process=in_process,
        )

    if burst:
        # A one-off catch-up run, not a service: it records no start and stop
        # (a stop recorded after it would be an event no burst seals).
        work()
        return
    with running(settings.database, "worker", queues=list(names)):
        work()


@click.command("dispatcher")
def dispatcher() -> None:
    """Move outbox rows onto the queues as they come (Redis may come and go)."""
    configure_logging()
    stop = threading.Event()
    signal.signal(signal.SIGTERM, lambda *_: stop.set())
    signal.signal(signal.SIGINT, lambda *_: stop.set())
    settings = Settings.from_environment()
    with running(settings.database, "dispatcher"):
        run_dispatcher(settings, stop)


@click.group("jobs")
def jobs() -> None:
    """Queues, failed jobs and the outbox backlog."""


@jobs.command("status")
def status() -> None:
    """Print queue depths, failed jobs and the outbox backlog as JSON."""
    settings = Settings.from_environment()
    engine = make_engine(settings.database)
    try:
        with database_factory(engine)() as db:
            click.echo(json.dumps(job_status(db, connect(settings.redis, timeout=2.0)), indent=1))
    finally:
        engine.dispose()


@jobs.command("requeue")
@click.argument("job_ids", nargs=-1)
@click.option("--all", "everything", is_flag=True, help="Every failed job.")
def requeue(job_ids: tuple[str, ...], everything: bool) -> None:
    """Put failed jobs (by id, or --all) back on their queues."""
    if not job_ids and not everything:
        raise click.UsageError("name job ids or give --all")
    done = requeue_failed(connect(Settings.from_environment().redis), None if everything else list(job_ids))
    click.echo(f"requeued {len(done)} job(s): {' '.join(done)}" if done else "no failed job matched")
