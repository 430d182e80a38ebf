"""``breakpoker audit verify``: walk the audit hash chain, compare every
stored round with its sealed event, recount the totals and the sessions'
figures, and compare every table accounting record with its sealed event."""

from __future__ import annotations

import json
import logging
import signal
import threading

import click
from sqlalchemy.exc import SQLAlchemyError

from service.compliance.audit_verify import (
    AccountingReport,
    AuditReport,
    ChainReport,
    as_text,
    record_verification,
    verify_records,
)
from service.compliance.figures_check import FiguresReport
from service.compliance.signature_check import ExpectedHead
from service.compliance.totals_check import TotalsReport
from service.config.settings import Settings
from service.observability.logs import configure_logging
from service.rounds.sealed import RoundsReport
from service.store.db import Databases, database_factory, make_engine
from service.store.work import unit_of_work

log = logging.getLogger(__name__)


@click.group("audit")
def audit() -> None:
    """The audit trail and its hash chain."""


@audit.command("verify")
@click.option("--from", "first", type=click.IntRange(min=1), help="First sequence number to check.")
@click.option("--to", "last", type=click.IntRange(min=1), help="Last sequence number to check.")
@click.option("--json", "as_json", is_flag=True, help="Print the report as JSON.")
@click.option(
    "--expect-head",
    "expect",
    callback=lambda _context, _option, value: _expected(value),
    metavar="SEQ:HASH",
    help="A head recorded outside the database (the signed-heads log, an export's manifest) "
    "that the chain must reach, with that hash: links cut off the end are found.",
)
@click.option(
    "--every",
    type=click.FloatRange(min=0.1),
    help="Verify again every SECONDS until stopped, logging each result as JSON (the verifier).",
)
def verify(
    first: int | None, last: int | None, as_json: bool, expect: ExpectedHead | None, every: float | None
) -> None:
    """Check every link of the hash chain (or links --from..--to) and name
    the first broken one; check each signed head with the public keys and
    name the first seal whose signature fails (and that the chain reaches
    --expect-head); compare every stored round with its sealed
    round_settled event, recount the shift totals from the rounds, and
    compare every table session, tray count, slip, slip signature, drop
    count and check note with the sealed event that carries it.
    Exit status 0: all intact; 1: anything broken or different."""
    if first is not None and last is not None and last < first:
        raise click.UsageError(f"--to ({last}) is before --from ({first})")
    engine = make_engine(Settings.from_environment().database)
    databases = database_factory(engine)
    try:
        if every is not None:
            _verify_every(databases, first, last, every, expect)
            return
        report = _verify_once(databases, first, last, "cli", expect)
    finally:
        engine.dispose()
    if as_json:
        click.echo(json.dumps(report.to_json(), indent=1, ensure_ascii=False))
    else:
        show(report)
    if not report.intact:
        raise SystemExit(1)


def _expected(value: str | None) -> ExpectedHead | None:
    if value is None:
        return None
    try:
        return ExpectedHead.parse(value)
    except ValueError as error:
        raise click.BadParameter(str(error), param_hint="--expect-head") from None


def _verify_once(
    databases: Databases,
    first: int | None,
    last: int | None,
    via: str,
    expect: ExpectedHead | None = None,
) -> AuditReport:
    with databases() as db:
        report = verify_records(db, first, last, expect=expect)
    try:
        # The verification itself goes on the record (and on /metrics).
        with unit_of_work(databases) as db:
            record_verification(db, report, actor_id=None, via=via)
    except SQLAlchemyError as error:
        click.echo(f"warning: the verification could not be recorded: {error}", err=True)
    return report


def _verify_every(
    databases: Databases,
    first: int | None,
    last: int | None,
    every: float,
    expect: ExpectedHead | None = None,
) -> None:
    """The verifier: a broken chain is logged (and alerted on from its
    recorded event), never a reason to stop; a database that is down is
    waited out. SIGTERM or Ctrl-C stops it."""
    configure_logging()
    stop = threading.Event()
    for number in (signal.SIGTERM, signal.SIGINT):
        signal.signal(number, lambda *_: stop.set())
    while not stop.is_set():
        try:
            report = _verify_once(databases, first, last, "verifier", expect)
        except SQLAlchemyError:
            log.exception("the database failed; verifying again later")
        else:
            _log(report)
        stop.wait(every)


def _log(report: AuditReport) -> None:
    chain = report.chain
    summary = {key: value for key, value in chain.to_json().items() if key != "broken"}
    summary |= {
        "intact": report.intact,
        "rounds": report.rounds.to_json(),
        "totals": report.totals.to_json(),
        "accounting": report.accounting.to_json(),
    }
    if report.intact:
        log.info(
            "audit chain intact: %s links checked; %s rounds, %s totals and %s accounting records agree",
            chain.checked,
            report.rounds.checked,
            report.totals.checked,
            report.accounting.checked,
            extra=summary,
        )
    elif chain.broken is not None:
        log.critical(
            "audit chain BROKEN at seq %s: %s",
            chain.broken.seq,
            chain.broken.message,
            extra={**summary, "broken": chain.to_json()["broken"]},
        )
    else:
        log.critical(
            "audit trail BROKEN: %s round(s) differ from their sealed events, %s total(s) from a "
            "recount, %s accounting record(s) from their sealed events",
            report.rounds.differing,
            report.totals.problems,
            report.accounting.differing,
            extra=summary,
        )


def show(report: AuditReport) -> None:
    show_chain(report.chain)
    show_rounds(report.rounds)
    show_totals(report.totals)
    show_accounting(report.accounting)


def show_chain(report: ChainReport) -> None:
    waiting = f"; {report.pending} newer event(s) waiting for their seal" if report.pending else ""
    if report.broken is None:
        if report.checked == 0:
            click.echo(f"intact: no links to check{waiting}")
            return
        click.echo(
            f"intact: {report.checked} links checked (seq {report.first_seq}..{report.last_seq}) "
            f"from {report.anchor}, head hash {report.head}{waiting}"
        )
        click.echo(f"{report.signatures} signed head(s) hold, the last at seal {report.signed_seq}")
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


def show_rounds(report: RoundsReport) -> None:
    for problem in report.problems:
        named = "; ".join(
            f"{m.field} stored {as_text(m.stored)}, {m.against} {as_text(m.resettled)}"
            for m in problem.mismatches
        )
        click.secho(
            f"MISMATCH: round {problem.id} (table {problem.table_id}) differs from its sealed round_settled "
            f"event: {named}",
            fg="red",
        )
    unchecked = f"; the placement of {report.unchecked} not sealed" if report.unchecked else ""
    if report.intact:
        click.echo(
            f"rounds: {report.checked} stored round(s) agree with their sealed round_settled "
            f"events{unchecked}"
        )
        return
    more = f" (the first {len(report.problems)} named)" if report.differing > len(report.problems) else ""
    click.secho(
        f"MISMATCH: {report.differing} of {report.checked} stored round(s) differ from their sealed "
        f"round_settled events{more}{unchecked}",
        fg="red",
        bold=True,
    )


def show_totals(report: TotalsReport) -> None:
    for difference in report.differences:
        click.secho(
            f"MISMATCH: the shift totals of {difference.where()}: {difference.column} stored "
            f"{difference.stored}, recounted {difference.recounted}",
            fg="red",
        )
    for round_id in report.taken_out_counting:
        click.secho(
            f"MISMATCH: round {round_id} counts (no approved void or correction) but was taken out of "
            "the totals",
            fg="red",
        )
    if report.differing == 0 and not report.taken_out_counting:
        click.echo(f"totals: {report.checked} shift total(s) agree with a recount of the rounds")
    else:
        click.secho(
            f"MISMATCH: {report.differing} of {report.checked} shift total(s) differ from a recount of "
            "the rounds",
            fg="red",
            bold=True,
        )
    show_figures(report.figures)


def show_figures(report: FiguresReport) -> None:
    for difference in report.differences:
        click.secho(
            f"MISMATCH: the figures of {difference.where()}: {difference.column} stored "
            f"{as_text(difference.stored)}, recounted {as_text(difference.recounted)}",
            fg="red",
        )
    if report.intact:
        click.echo(f"session figures: {report.checked} session(s) agree with their records")
        return
    click.secho(
        f"MISMATCH: the figures of {report.differing} of {report.checked} session(s) differ from their "
        "records",
        fg="red",
        bold=True,
    )


def show_accounting(report: AccountingReport) -> None:
    for problem in report.problems:
        click.secho(f"MISMATCH: {problem.message}", fg="red")
        for difference in problem.differences:
            click.echo(
                f"  {difference.field}: stored {as_text(difference.stored)}, "
                f"sealed {as_text(difference.sealed)}"
            )
    if report.intact:
        click.echo(
            f"accounting: {report.checked} stored record(s) agree with their {report.events} sealed event(s)"
        )
        return
    more = f" (the first {len(report.problems)} named)" if report.differing > len(report.problems) else ""
    click.secho(
        f"MISMATCH: {report.differing} problem(s) in {report.checked} stored accounting record(s) against "
        f"their sealed events{more}",
        fg="red",
        bold=True,
    )
