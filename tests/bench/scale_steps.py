"""What ``bench-scale`` times at each size, each through the use case an
API route or a worker job calls: the reports of a shift, a day, the month
and the year to date for a table and for the floor; game recall; the round
list's first, middle and last page; the cards-against-chips check of a
day; a month's export; the whole chain verified; a day re-settled; and one
more round entered through the API. Reads are repeated (median and range);
the long ones run once."""

from __future__ import annotations

import random
import resource
import statistics
import time
from collections.abc import Callable
from datetime import date, timedelta
from pathlib import Path
from typing import Any

from sqlalchemy import func, select, text
from sqlalchemy.engine import make_url

from service.accounting.check import check_session
from service.accounting.views import session_json
from service.api.app import create_app
from service.compliance.audit_verify import verify_chain
from service.compliance.export_build import build_export
from service.compliance.exports import get_export, request_export
from service.config.environment import SessionlessRounds
from service.config.settings import Settings
from service.reports.periods import Scope, floor_scope, table_scope
from service.reports.table_reports import report
from service.rounds.aggregates import aggregate_round
from service.rounds.recall import recall
from service.rounds.resettle import resettle
from service.rounds.round_counts import counted_rounds
from service.rounds.samples import random_round
from service.rounds.showing import keyset_rounds, round_page
from service.store.db import Db
from service.store.models import GameTable, RoundRecord, TableSession, User
from service.store.paging import Keyset, Order, Step
from service.store.work import unit_of_work
from tests.bench.scale_floor import PASSWORD, Floor
from tests.bench.scale_grow import dispatch_all
from tests.bench.scratch import seal_all

PER_PAGE = 50  # the round list's default page
RECALLED = 10  # game recall's default
PERIODS = ("shift", "day", "mtd", "ytd")
RESETTLE_BATCH = 500


def timing(seconds: list[float], count: int | None = None) -> dict[str, Any]:
    """A step's figures: the median and range of its runs, in seconds."""
    return {
        "median": statistics.median(seconds),
        "min": min(seconds),
        "max": max(seconds),
        "runs": len(seconds),
        "count": count,
    }


def _repeat(floor: Floor, repeats: int, work: Callable[[Db], int]) -> dict[str, Any]:
    """``work`` in a new session each run (nothing cached between runs)."""
    seconds, count = [], 0
    for _ in range(repeats):
        with floor.databases() as db:
            start = time.perf_counter()
            count = work(db)
            seconds.append(time.perf_counter() - start)
    return timing(seconds, count)


def reads(floor: Floor, repeats: int) -> dict[str, dict[str, Any]]:
    """The repeated reads on the last gaming day stored."""
    day = floor.shape.first_day + timedelta(days=floor.days - 1)
    table_id = floor.tables[0]
    found: dict[str, dict[str, Any]] = {}
    for where, scope_of in (
        ("table", lambda db: table_scope(db, table_id)),
        ("floor", lambda db: floor_scope(db)),
    ):
        for kind in PERIODS:
            found[f"report_{kind}_{where}"] = _repeat(
                floor, repeats, _reporter(floor.instance, scope_of, kind, day)
            )
    found["recall"] = _repeat(floor, repeats, lambda db: len(recall(db, _table(db, table_id), RECALLED)))
    with floor.databases() as db:
        # Where a client that followed the cursors halfway would be.
        ids = select(RoundRecord.id).where(RoundRecord.table_id == table_id)
        total = db.scalar(select(func.count()).select_from(ids.subquery())) or 0
        middle = db.scalar(ids.order_by(RoundRecord.id).offset(total // 2).limit(1)) or 0
    for page, at in (("first", None), ("middle", Keyset(Step.AFTER, middle)), ("last", Keyset(Step.LAST))):
        found[f"page_{page}"] = _repeat(floor, repeats, _pager(table_id, at))
    found["check_day"] = _repeat(floor, repeats, lambda db: _check_day(db, day))
    return found


def _table(db: Db, table_id: int) -> GameTable:
    return db.get_one(GameTable, table_id)


def _reporter(instance: Path, scope_of: Callable[[Db], Scope], kind: str, day: date) -> Callable[[Db], int]:
    def work(db: Db) -> int:
        shown = report(db, instance, scope_of(db), kind, day, 2 if kind == "shift" else None)
        return int(shown["rounds"])

    return work


def _pager(table_id: int, at: Keyset | None) -> Callable[[Db], int]:
    def work(db: Db) -> int:
        table = _table(db, table_id)
        found = keyset_rounds(db, table, None, None, None, Order.OLDEST, PER_PAGE, at)
        total = counted_rounds(db, table.id, None, None, None)
        page = round_page(db, found.items, total, 1 if at is None else None, PER_PAGE, Order.OLDEST)
        return len(page["items"])

    return work


def _check_day(db: Db, day: date) -> int:
    """Cards against chips for a gaming day's sessions, as ``GET /checks?day=`` shows them."""
    statement = (
        select(TableSession)
        .where(TableSession.gaming_day == day)
        .order_by(TableSession.table_id, TableSession.number)
    )
    shown = [
        session_json(db, check_session(db, found, 0), _table(db, found.table_id).name)
        for found in db.scalars(statement)
    ]
    return len(shown)


def export_month(floor: Floor, whole_floor: bool) -> dict[str, Any]:
    """The first month's export (the first table's, or the floor's): its
    rate at full speed (tracemalloc slowed it about eightfold) and the
    process's peak resident memory while it ran, above what it held before."""
    first = floor.shape.first_day.replace(day=1)
    last = (first + timedelta(days=32)).replace(day=1) - timedelta(days=1)
    with unit_of_work(floor.databases) as db:
        user = db.get_one(User, floor.users["compliance"])
        tables = None if whole_floor else [floor.tables[0]]
        export_id = request_export(db, user, first, last, tables).id
    before = reset_peak_memory()
    start = time.perf_counter()
    build_export(floor.databases, export_id, floor.instance)
    seconds = time.perf_counter() - start
    peak = peak_memory()
    with floor.databases() as db:
        rows = get_export(db, export_id).done
    return {
        **timing([seconds], rows),
        "scope": "floor" if whole_floor else "one table",
        "rows_per_second": rows / seconds,
        "rss_before_bytes": before,
        "peak_rss_bytes": peak,
    }


def reset_peak_memory() -> int:
    """Start the process's peak resident memory (Linux's VmHWM) again from
    what it holds now, which is returned."""
    Path("/proc/self/clear_refs").write_text("5")
    return _status_bytes("VmRSS")


def peak_memory() -> int:
    """The process's peak resident memory since the last reset."""
    return _status_bytes("VmHWM")


def _status_bytes(field: str) -> int:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith(f"{field}:"):
            return int(line.split()[1]) * 1024
    raise LookupError(f"{field} not in /proc/self/status")


def verify_all(floor: Floor) -> dict[str, Any]:
    with floor.databases() as db:
        start = time.perf_counter()
        verified = verify_chain(db)
        seconds = time.perf_counter() - start
    return {
        **timing([seconds], verified.checked),
        "events_per_second": verified.checked / seconds,
        "intact": verified.intact,
    }


def resettle_day(floor: Floor) -> dict[str, Any]:
    """Every round of the last gaming day stored, re-settled and checked
    against its sealed event (``recall --verify``'s work)."""
    day = floor.shape.first_day + timedelta(days=floor.days - 1)
    mismatched = 0
    with floor.databases() as db:
        start = time.perf_counter()
        ids = list(
            db.scalars(select(RoundRecord.id).where(RoundRecord.gaming_day == day).order_by(RoundRecord.id))
        )
        for first in range(0, len(ids), RESETTLE_BATCH):
            chunk = ids[first : first + RESETTLE_BATCH]
            for record in db.scalars(
                select(RoundRecord).where(RoundRecord.id.in_(chunk)).order_by(RoundRecord.id)
            ):
                mismatched += bool(resettle(db, record))
            db.expunge_all()
        seconds = time.perf_counter() - start
    return {**timing([seconds], len(ids)), "rounds_per_second": len(ids) / seconds, "mismatched": mismatched}


def enter_through_api(floor: Floor, url: str, rounds: int, warm_up: int, tag: str) -> dict[str, Any]:
    """One more round at a time through the Flask app (its test client: the
    whole request path but the network and gunicorn), at the first table,
    which has no open session then; afterwards the rounds are counted and
    sealed as the workers would (untimed)."""
    settings = Settings(
        instance=floor.instance, database_url=url, rounds_without_session=SessionlessRounds.ALLOW
    )
    app = create_app(settings)
    client = app.test_client()
    login = client.post("/api/v1/auth/login", json={"name": floor.dealers[0], "password": PASSWORD})
    headers = {"Authorization": f"Bearer {login.json['token']}"}  # type: ignore[index]
    path = f"/api/v1/tables/{floor.tables[0]}/rounds"
    rng = random.Random(tag)
    seconds, entered = [], []
    for number in range(warm_up + rounds):
        body = random_round(rng, f"api-{tag}-{number}")
        start = time.perf_counter()
        answer = client.post(path, json=body, headers={**headers, "Idempotency-Key": body["round_id"]})
        elapsed = time.perf_counter() - start
        if answer.status_code != 201:
            raise RuntimeError(f"a round was refused: {answer.status_code} {answer.json}")
        entered.append(int(answer.json["id"]))  # type: ignore[index]
        if number >= warm_up:
            seconds.append(elapsed)
    app.extensions["breakpoker"]["engine"].dispose()
    with unit_of_work(floor.databases) as db:
        for record_id in entered:
            aggregate_round(db, record_id)
    dispatch_all(floor)
    seal_all(floor.databases)
    ordered = sorted(seconds)
    return {
        **timing(seconds, len(seconds)),
        "p50": statistics.median(ordered),
        "p99": ordered[min(len(ordered) - 1, round(0.99 * (len(ordered) - 1)))],
        "how": "Flask test client, one process, no network",
    }


def database_bytes(floor: Floor, url: str) -> int:
    parsed = make_url(url)
    if parsed.get_backend_name() == "sqlite":
        path = Path(parsed.database or "")
        return sum(
            part.stat().st_size for part in (path, path.with_name(f"{path.name}-wal")) if part.exists()
        )
    with floor.databases() as db:
        return int(db.scalar(text("SELECT pg_database_size(current_database())")) or 0)


def peak_memory_bytes() -> int:
    """This process's peak resident memory (ru_maxrss is in KiB on Linux)."""
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024
