"""``breakpoker audit verify``: walk the audit hash chain."""

from __future__ import annotations

import json

import click
from sqlalchemy.exc import SQLAlchemyError

from service.audit_verify import ChainReport, as_text, record_verification, verify_chain
from service.db import make_engine, session_factory, unit_of_work
from service.settings import Settings


@click.group("audit")
def audit() -> None:
    """The audit trail and its hash chain."""


@audit.command("verify")
@click.option("--from", "first", type=click.IntRange(min=1), help="First sequence number to check.")
@click.option("--to", "last", type=click.IntRange(min=1), help="Last sequence number to check.")
@click.option("--json", "as_json", is_flag=True, help="Print the report as JSON.")
def verify(first: int | None, last: int | None, as_json: bool) -> None:
    """Check every link of the hash chain (or links --from..--to) and name
    the first broken one. Exit status 0: intact; 1: broken."""
    if first is not None and last is not None and last < first:
        raise click.UsageError(f"--to ({last}) is before --from ({first})")
    engine = make_engine(Settings.from_environment().database)
    sessions = session_factory(engine)
    try:
        with sessions() as session:
            report = verify_chain(session, first, last)
        try:
            # The verification itself goes on the record.
            with unit_of_work(sessions) as session:
                record_verification(session, report, actor_id=None, via="cli")
        except SQLAlchemyError as error:
            click.echo(f"warning: the verification could not be recorded: {error}", err=True)
    finally:
        engine.dispose()
    if as_json:
        click.echo(json.dumps(report.to_json(), indent=1, ensure_ascii=False))
    else:
        show(report)
    if not report.intact:
        raise SystemExit(1)


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
