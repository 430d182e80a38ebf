"""``breakpoker audit verify``: walk the audit hash chain."""

from __future__ import annotations

import json
import logging
import signal
import threading

import click
from sqlalchemy.exc import SQLAlchemyError
from sqlalchemy.orm import Session, sessionmaker

from service.audit_verify import ChainReport, as_text, record_verification, verify_chain
from service.db import make_engine, session_factory, unit_of_work
from service.logs import configure_logging
from service.settings import Settings

log = logging.getLogger(__name__)


@click.group("audit")
def audit() -> None:
    """The audit trail and its hash chain."""


@audit.command("verify")
@click.option("--from", "first", type=click.IntRange(min=1), help="First sequence number to check.")
@click.option("--to", "last", type=click.IntRange(min=1), help="Last sequence number to check.")
@click.option("--json", "as_json", is_flag=True, help="Print the report as JSON.")
@click.option(
    "--every",
    type=click.FloatRange(min=0.1),
    help="Verify again every SECONDS until stopped, logging each result as JSON (the verifier).",
)
def verify(first: int | None, last: int | None, as_json: bool, every: float | None) -> None:
    """Check every link of the hash chain (or links --from..--to) and name
    the first broken one. Exit status 0: intact; 1: broken."""
    if first is not None and last is not None and last < first:
        raise click.UsageError(f"--to ({last}) is before --from ({first})")
    engine = make_engine(Settings.from_environment().database)
    sessions = session_factory(engine)
    try:
        if every is not None:
            _verify_every(sessions, first, last, every)
            return
        report = _verify_once(sessions, first, last, via="cli")
    finally:
        engine.dispose()
    if as_json:
        click.echo(json.dumps(report.to_json(), indent=1, ensure_ascii=False))
    else:
        show(report)
    if not report.intact:
        raise SystemExit(1)


def _verify_once(
    sessions: sessionmaker[Session], first: int | None, last: int | None, via: str
) -> ChainReport:
    with sessions() as session:
        report = verify_chain(session, first, last)
    try:
        # The verification itself goes on the record (and on /metrics).
        with unit_of_work(sessions) as session:
            record_verification(session, report, actor_id=None, via=via)
    except SQLAlchemyError as error:
        click.echo(f"warning: the verification could not be recorded: {error}", err=True)
    return report


def _verify_every(sessions: sessionmaker[Session], first: int | None, last: int | None, every: float) -> None:
    """The verifier: a broken chain is logged (and alerted on from its
    recorded event), never a reason to stop; a database that is down is
    waited out. SIGTERM or Ctrl-C stops it."""
    configure_logging()
    stop = threading.Event()
    for number in (signal.SIGTERM, signal.SIGINT):
        signal.signal(number, lambda *_: stop.set())
    while not stop.is_set():
        try:
            report = _verify_once(sessions, first, last, via="verifier")
        except SQLAlchemyError:
            log.exception("the database failed; verifying again later")
        else:
            summary = {key: value for key, value in report.to_json().items() if key != "broken"}
            if report.broken is None:
                log.info("audit chain intact: %s links checked", report.checked, extra=summary)
            else:
                log.critical(
                    "audit chain BROKEN at seq %s: %s",
                    report.broken.seq,
                    report.broken.message,
                    extra={**summary, "broken": report.to_json()["broken"]},
                )
        stop.wait(every)


def show(report: ChainReport) -> None:
    waiting = f"; {report.pending} newer event(s) waiting for their seal" if report.pending else ""
    if report.broken is None:
        if report.checked == 0:
            click.echo(f"intact: no links to check{waiting}")
            return
        click.echo(
            f"intact: {report.checked} links checked (seq {report.first_seq}..{report.last_seq}) "
            f"from {report.anchor}, head hash {report.head}{waiting}"
        )
        return
    broken = report.broken
    click.secho(
        f"BROKEN: the audit chain is broken at seq {broken.seq}"
        + (f" (event {broken.event_id})" if broken.event_id is not None else "")
        + f": {broken.problem}",
        fg="red",
        bold=True,
    )
    click.secho(broken.message, fg="red")
    for difference in broken.differences:
        click.echo(
            f"  {difference.field}: sealed {as_text(difference.sealed)}, now {as_text(difference.current)}"
        )
    intact = f"seq {report.first_seq}..{broken.seq - 1}" if report.checked else "none before it"
    click.echo(f"{report.checked} link(s) intact before it ({intact}), checked from {report.anchor}")
