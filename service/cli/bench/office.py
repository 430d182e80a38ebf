"""``breakpoker bench-office``: speed of the back office, end to end, on a
database of its own.

In a temporary instance folder (removed at the end) and a temporary SQLite
database, or an empty scratch database given with ``--database``, it times:
migrating; entering six-seat rounds; sealing and verifying the audit chain;
counting the rounds into the shift aggregates; an approved void and
correction; a day and a month-to-date report; game recall; re-settling every
round; and a compliance export of the whole period.

The bench calls the use cases directly, in the worker's and the API's
transactions, without HTTP, Redis or the outbox dispatcher: the figures are
those of the back office's own work.
"""

from __future__ import annotations

import copy
import json
import random
import time
import tracemalloc
from collections.abc import Callable
from dataclasses import dataclass
from datetime import date, timedelta
from pathlib import Path
from typing import Any, TypeVar

import click
from sqlalchemy import func, select
from sqlalchemy.orm import Session, sessionmaker

from service.accounts.auth import create_user
from service.audit.chain import SEAL_BATCH, seal_batch
from service.cli.scratch import cheap_password_hashing, finish, scratch, shown_database
from service.compliance.audit_verify import verify_chain
from service.compliance.export_build import build_export
from service.compliance.exports import get_export, request_export
from service.engine.cards import DECK, codes
from service.reports.periods import table_scope
from service.reports.table_reports import report
from service.review.exceptions import decide, get_exception, request_correction, request_void
from service.rounds.aggregates import aggregate_round
from service.rounds.entering import enter_round
from service.rounds.resettle import resettle, stored_rounds
from service.rounds.showing import recall
from service.store.db import make_engine, session_factory, unit_of_work, utc_now
from service.store.migrate import upgrade
from service.store.models import AuditEvent, GameTable, RoundRecord, User
from service.tables.tables import create_table

SEATS = 6
BETS = {"main": 1000, "dealer_break_bonus": 500, "break_bonus": 100}
ROUND_BATCH = 500  # rounds entered per transaction
COUNT_BATCH = 500  # rounds counted into the aggregates per transaction
RECALLED = 500  # games of game recall
SPREAD_DAYS = 3  # the rounds are spread over the last three days (four gaming days), up to now
PASSWORD = "bench-office password"
HASHING_NOTE = (
    "the bench's users' passwords are hashed with argon2 at its smallest cost "
    "(time_cost 1, memory_cost 8 KiB) instead of the production cost"
)
STEPS = 9
T = TypeVar("T")


@dataclass(frozen=True)
class Figure:
    key: str
    what: str
    count: int
    seconds: float
    unit: str | None  # what the rate counts per second; None: the time is the figure

    @property
    def rate(self) -> float | None:
        if self.unit is None or self.seconds <= 0:
            return None
        return self.count / self.seconds

    def to_json(self) -> dict[str, Any]:
        return {
            "what": self.what,
            "count": self.count,
            "seconds": round(self.seconds, 6),
            "milliseconds": round(self.seconds * 1000, 3),
            "rate": None if self.rate is None else round(self.rate, 1),
            "unit": None if self.unit is None else f"{self.unit}/s",
        }


@click.command("bench-office")
@click.option(
    "--rounds", type=click.IntRange(min=2), default=5_000, show_default=True, help="Six-seat rounds entered."
)
@click.option(
    "--database",
    "database_url",
    metavar="URL",
    help="An empty scratch database (e.g. postgresql://user@host/scratch) instead of a temporary "
    "SQLite one; refused if it has tables. Its tables are dropped again at the end.",
)
@click.option("--seed", default=1, show_default=True, help="Seed of the random deals.")
@click.option("--json", "as_json", is_flag=True, help="Print the figures as JSON.")
def bench_office(rounds: int, database_url: str | None, seed: int, as_json: bool) -> None:
    """Time the back office end to end on a database of its own: migrate,
    enter ROUNDS six-seat rounds, seal and verify the audit chain, count the
    aggregates, approve a void and a correction, a day and a month-to-date
    report, game recall, re-settle every round and a compliance export.
    Exit status 1 if the chain is not intact or any round does not
    re-settle to what was stored."""
    with scratch(database_url, "bench-office") as (url, instance), cheap_password_hashing():
        result = _Bench(url, instance, rounds, seed).run()
    result["database"] = shown_database(url, temporary=not database_url)
    finish(result, as_json, _print, None if result["ok"] else _failure(result))


# --- the bench ---------------------------------------------------------------


def _progress(message: str) -> None:
    click.echo(f"bench-office: {message}", err=True)


def _deal(rng: random.Random, number: int) -> dict[str, Any]:
    """A random valid six-seat round: 49 distinct cards of the 53, every seat
    set by the house way and placing all three bets."""
    cards = codes(rng.sample(DECK, 7 * (SEATS + 1)))
    seats = [
        {"seat": seat, "cards": cards[7 * seat : 7 * seat + 7], "setting": "house_way", "bets": dict(BETS)}
        for seat in range(1, SEATS + 1)
    ]
    return {"round_id": f"bench-{number}", "dealer": cards[:7], "seats": seats}


class _Bench:
    def __init__(self, url: str, instance: Path, rounds: int, seed: int) -> None:
        self.url = url
        self.instance = instance
        self.rounds = rounds
        self.seed = seed
        self.figures: list[Figure] = []
        self.step = 0
        self.users: dict[str, int] = {}
        self.table_id = 0

    def _begin(self, message: str) -> None:
        self.step += 1
        _progress(f"[{self.step}/{STEPS}] {message}")

    def _timed(self, key: str, what: str, count: int, unit: str | None, work: Callable[[], T]) -> T:
        start = time.perf_counter()
        value = work()
        self.figures.append(Figure(key, what, count, time.perf_counter() - start, unit))
        return value

    def _add(self, key: str, what: str, count: int, seconds: float, unit: str | None) -> None:
        self.figures.append(Figure(key, what, count, seconds, unit))

    def run(self) -> dict[str, Any]:
        self._begin("migrating, creating 5 users and a table")
        self._timed("migrate", "migrate to head", 1, None, lambda: upgrade(self.url))
        engine = make_engine(self.url)
        try:
            sessions = session_factory(engine)
            self._timed("setup", "create 5 users and 1 table", 6, None, lambda: self._setup(sessions))
            return self._run(sessions)
        finally:
            engine.dispose()

    def _setup(self, sessions: sessionmaker[Session]) -> None:
        with unit_of_work(sessions) as session:
            for name, role in (
                ("dealer", "dealer"),
                ("pit_boss", "pit_boss"),
                ("pit_boss2", "pit_boss"),
                ("compliance", "compliance"),
                ("admin", "admin"),
            ):
                self.users[name] = create_user(session, name, role, PASSWORD).id
            admin = session.get_one(User, self.users["admin"])
            self.table_id = create_table(session, admin, "BP-BENCH").id

    def _run(self, sessions: sessionmaker[Session]) -> dict[str, Any]:
        self._enter(sessions)
        with sessions() as session:
            first_day, last_day = session.execute(
                select(func.min(RoundRecord.gaming_day), func.max(RoundRecord.gaming_day))
            ).one()
            # Reported: the busiest gaming day. The last one can hold only the
            # round about to be voided (just after the day's start).
            busiest = session.scalar(
                select(RoundRecord.gaming_day)
                .group_by(RoundRecord.gaming_day)
                .order_by(func.count().desc(), RoundRecord.gaming_day.desc())
                .limit(1)
            )
        chain = self._seal_and_verify(sessions)
        self._count(sessions)
        self._exceptions(sessions)
        assert busiest is not None  # rounds were just entered
        reports = self._reports(sessions, busiest)
        self._recall(sessions)
        checked, mismatched, examples = self._resettle(sessions)
        export = self._export(sessions, first_day, last_day)
        ok = bool(chain["intact"]) and mismatched == 0
        return {
            "rounds": self.rounds,
            "seats_per_round": SEATS,
            "seed": self.seed,
            "password_hashing": HASHING_NOTE,
            "gaming_days": {"first": first_day.isoformat(), "last": last_day.isoformat()},
            "figures": {figure.key: figure.to_json() for figure in self.figures},
            "chain": chain,
            "resettle": {"checked": checked, "mismatched": mismatched, "examples": examples},
            "reports": reports,
            "export": export,
            "ok": ok,
        }

    # 2. entering rounds
    def _enter(self, sessions: sessionmaker[Session]) -> None:
        self._begin(f"entering {self.rounds:,} six-seat rounds, {ROUND_BATCH} a transaction")
        rng = random.Random(self.seed)
        deals = [_deal(rng, number) for number in range(self.rounds)]
        # Spread over the last few days up to now, so the audit events (which
        # occur now) fall in the exported period's window.
        last = utc_now()
        first = last - timedelta(days=SPREAD_DAYS)
        step = (last - first) / self.rounds
        times = [first + step * (number + 1) for number in range(self.rounds)]

        def work() -> None:
            for start in range(0, self.rounds, ROUND_BATCH):
                with unit_of_work(sessions) as session:
                    table = session.get_one(GameTable, self.table_id)
                    dealer = session.get_one(User, self.users["dealer"])
                    for number in range(start, min(start + ROUND_BATCH, self.rounds)):
                        enter_round(session, table, dealer, deals[number], f"bench-{number}", times[number])

        self._timed(
            "enter_rounds", f"enter rounds ({ROUND_BATCH} a transaction)", self.rounds, "rounds", work
        )

    # 3. the audit chain
    def _seal_and_verify(self, sessions: sessionmaker[Session]) -> dict[str, Any]:
        self._begin("sealing the audit chain, then verifying it")
        start = time.perf_counter()
        links = _seal_all(sessions)
        self._add(
            "seal_chain",
            f"seal the audit chain ({SEAL_BATCH:,} a transaction)",
            links,
            time.perf_counter() - start,
            "links",
        )
        with sessions() as session:
            start = time.perf_counter()
            verified = verify_chain(session)
            seconds = time.perf_counter() - start
        state = "intact" if verified.intact else "BROKEN"
        self._add("verify_chain", f"verify the audit chain: {state}", verified.checked, seconds, "links")
        return {
            "intact": verified.intact,
            "sealed": links,
            "checked": verified.checked,
            "broken": None if verified.broken is None else verified.to_json()["broken"],
        }

    # 4. the aggregates
    def _count(self, sessions: sessionmaker[Session]) -> None:
        self._begin(f"counting every round into the aggregates, {COUNT_BATCH} a transaction")
        with sessions() as session:
            ids = list(session.scalars(select(RoundRecord.id).order_by(RoundRecord.id)))

        def work() -> int:
            counted = 0
            for start in range(0, len(ids), COUNT_BATCH):
                with unit_of_work(sessions) as session:
                    counted += sum(
                        aggregate_round(session, round_id) for round_id in ids[start : start + COUNT_BATCH]
                    )
            return counted

        counted = self._timed(
            "aggregate",
            f"count rounds into the aggregates ({COUNT_BATCH} a transaction)",
            len(ids),
            "rounds",
            work,
        )
        if counted != len(ids):
            raise click.ClickException(f"only {counted} of {len(ids)} rounds were counted")

    # 5. a void and a correction
    def _exceptions(self, sessions: sessionmaker[Session]) -> None:
        self._begin("approving a void and a correction, and recounting them")
        with sessions() as session:
            last_two = list(session.scalars(select(RoundRecord.id).order_by(RoundRecord.id.desc()).limit(2)))
        voided, corrected = last_two

        def work() -> int:
            now = utc_now()
            with unit_of_work(sessions) as session:
                asker = session.get_one(User, self.users["pit_boss"])
                record = session.get_one(RoundRecord, voided)
                void_id = request_void(session, record, asker, "bench: misdeal", now).id
                record = session.get_one(RoundRecord, corrected)
                body = copy.deepcopy(record.entered)
                body["seats"][0]["bets"]["main"] = 2 * BETS["main"]
                correction_id = request_correction(
                    session, record, asker, "bench: wrong main bet", body, now
                ).id
            replacement = None
            with unit_of_work(sessions) as session:
                approver = session.get_one(User, self.users["pit_boss2"])
                for exception_id in (void_id, correction_id):
                    decision = decide(session, get_exception(session, exception_id), approver, True, "", now)
                    replacement = decision.replacement_id or replacement
            assert replacement is not None
            with unit_of_work(sessions) as session:
                return sum(
                    aggregate_round(session, round_id) for round_id in (voided, corrected, replacement)
                )

        recounted = self._timed(
            "void_and_correction", "approve a void and a correction, recount them", 2, None, work
        )
        if recounted != 3:
            raise click.ClickException(f"the void and correction changed {recounted} of 3 rounds' totals")
        # Their events go into the chain too (untimed), so the export has it whole.
        _seal_all(sessions)

    # 6. reports
    def _reports(self, sessions: sessionmaker[Session], day: date) -> dict[str, Any]:
        self._begin(f"a day report and a month-to-date report of {day.isoformat()}")
        found: dict[str, Any] = {}
        for kind, key, what in (
            ("day", "report_day", "day report (count: its rounds)"),
            ("mtd", "report_mtd", "month-to-date report (count: its rounds)"),
        ):
            with sessions() as session:
                start = time.perf_counter()
                shown = report(session, self.instance, table_scope(session, self.table_id), kind, day, None)
                seconds = time.perf_counter() - start
            self._add(key, what, shown["rounds"], seconds, None)
            found[kind] = {
                "rounds": shown["rounds"],
                "pending_rounds": shown["pending_rounds"],
                "theoretical_pending": shown["theoretical_pending"],
            }
        return found

    # 7. game recall
    def _recall(self, sessions: sessionmaker[Session]) -> None:
        last = min(RECALLED, self.rounds)
        self._begin(f"game recall of the last {last}")
        with sessions() as session:
            table = session.get_one(GameTable, self.table_id)
            start = time.perf_counter()
            games = recall(session, table, last)
            seconds = time.perf_counter() - start
        self._add("recall", f"game recall, last {last}", len(games), seconds, None)

    # 8. re-settlement
    def _resettle(self, sessions: sessionmaker[Session]) -> tuple[int, int, list[dict[str, Any]]]:
        self._begin("re-settling every stored round (recall --verify-all)")
        checked = mismatched = 0
        examples: list[dict[str, Any]] = []
        with sessions() as session:
            start = time.perf_counter()
            for record in stored_rounds(session):
                mismatches = resettle(session, record)
                checked += 1
                if mismatches:
                    mismatched += 1
                    if len(examples) < 5:
                        examples.append(
                            {"id": record.id, "mismatches": [m.to_json() for m in mismatches[:3]]}
                        )
            seconds = time.perf_counter() - start
        self._add("resettle", f"re-settle every round: {mismatched} mismatched", checked, seconds, "rounds")
        return checked, mismatched, examples

    # 9. the compliance export
    def _export(self, sessions: sessionmaker[Session], first_day: date, last_day: date) -> dict[str, Any]:
        self._begin(f"a compliance export of {first_day.isoformat()} to {last_day.isoformat()}")
        with unit_of_work(sessions) as session:
            user = session.get_one(User, self.users["compliance"])
            export_id = request_export(session, user, first_day, last_day, None).id
        tracemalloc.start()
        try:
            start = time.perf_counter()
            build_export(sessions, export_id, self.instance)
            seconds = time.perf_counter() - start
            peak = tracemalloc.get_traced_memory()[1]
        finally:
            tracemalloc.stop()
        with sessions() as session:
            export = get_export(session, export_id)
            rows, size = export.done, export.size or 0
        self._add("export", "compliance export, whole period (under tracemalloc)", rows, seconds, "rows")
        return {"rows": rows, "zip_bytes": size, "tracemalloc_peak_bytes": peak}


def _seal_all(sessions: sessionmaker[Session]) -> int:
    """Seal every event there is, a batch a transaction, as the audit job does."""
    with sessions() as session:
        newest = session.scalar(select(func.max(AuditEvent.id))) or 0
    links = 0
    while True:
        with unit_of_work(sessions) as session:
            sealed, _ = seal_batch(session, newest)
        if not sealed:
            return links
        links += sealed


# --- the output --------------------------------------------------------------


def _print(result: dict[str, Any]) -> None:
    click.echo(
        f"bench-office: {result['rounds']:,} six-seat rounds on {result['database']}, gaming days "
        f"{result['gaming_days']['first']} to {result['gaming_days']['last']}, seed {result['seed']}"
    )
    click.echo(f"note: {result['password_hashing']}")
    click.echo()
    click.echo(f"{'what':<56} {'count':>8} {'seconds':>9} {'rate':>16}")
    for figure in result["figures"].values():
        if figure["rate"] is None:
            rate = f"{figure['milliseconds']:,.1f} ms"
        else:
            rate = f"{figure['rate']:,.0f} {figure['unit']}"
        click.echo(f"{figure['what']:<56} {figure['count']:>8,} {figure['seconds']:>9.3f} {rate:>16}")
    export = result["export"]
    click.echo()
    click.echo(
        f"export: {export['rows']:,} rows, ZIP {export['zip_bytes'] / 2**20:,.2f} MiB, "
        f"tracemalloc peak {export['tracemalloc_peak_bytes'] / 2**20:,.2f} MiB during the build"
    )
    day, mtd = result["reports"]["day"], result["reports"]["mtd"]
    click.echo(
        f"reports: day {day['rounds']:,} rounds, month to date {mtd['rounds']:,} rounds, "
        f"{day['pending_rounds'] + mtd['pending_rounds']} pending; theoretical figures "
        f"{'pending (no par sheet computed)' if day['theoretical_pending'] else 'shown'}"
    )
    chain = result["chain"]
    resettled = result["resettle"]
    click.echo(
        f"audit chain: {'intact' if chain['intact'] else 'BROKEN'}, {chain['checked']:,} links checked; "
        f"re-settlement: {resettled['mismatched']} of {resettled['checked']:,} rounds mismatched"
    )


def _failure(result: dict[str, Any]) -> str:
    problems = []
    if not result["chain"]["intact"]:
        problems.append(f"the audit chain is broken: {json.dumps(result['chain']['broken'])}")
    if result["resettle"]["mismatched"]:
        problems.append(
            f"{result['resettle']['mismatched']} round(s) do not re-settle to what was stored: "
            f"{json.dumps(result['resettle']['examples'])}"
        )
    return "bench-office FAILED: " + "; ".join(problems)
