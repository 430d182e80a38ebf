"""``breakpoker audit record``: one slip or one table session against the
sealed events that carry its records, as ``recall --verify`` checks one
round (``audit verify`` checks every record)."""

from __future__ import annotations

import json

import click

from service.cli.audit import show_accounting
from service.compliance.accounting_verify import check_subject
from service.config.settings import Settings
from service.store.db import database_factory, make_engine


@click.command("record")
@click.option("--slip", "slip", type=click.IntRange(min=1), help="A fill or credit, by its number.")
@click.option("--session", "session_id", type=click.IntRange(min=1), help="A table session, by its id.")
@click.option("--json", "as_json", is_flag=True, help="Print the report as JSON.")
def audit_record(slip: int | None, session_id: int | None, as_json: bool) -> None:
    """Compare a slip (--slip NUMBER: the slip and its signatures) or a
    table session (--session ID: the session, its tray counts, drop counts
    and check notes) with the sealed events that carry them, naming each
    field that differs. Exit status 0: all agree; 1: anything differs."""
    if (slip is None) == (session_id is None):
        raise click.UsageError("give one of --slip or --session")
    subject = f"slip:{slip}" if slip is not None else f"session:{session_id}"
    engine = make_engine(Settings.from_environment().database)
    try:
        with database_factory(engine)() as db:
            report = check_subject(db, subject)
    finally:
        engine.dispose()
    if report.checked == 0 and report.events == 0:
        raise click.ClickException(f"no record and no event of {subject}")
    if as_json:
        click.echo(json.dumps({"subject": subject, **report.to_json()}, indent=1, ensure_ascii=False))
    else:
        show_accounting(report)
    if not report.intact:
        raise SystemExit(1)
