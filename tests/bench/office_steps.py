"""The steps ``python -m tests.bench bench-office`` times after the setup, in order:
entering rounds, sealing and verifying the audit chain, counting the
aggregates, a void and a correction, two reports, game recall,
re-settling every round and a compliance export. Each calls the use
cases in the worker's and the API's transactions, and adds its figures."""

from __future__ import annotations

import copy
import random
import time
import tracemalloc
from dataclasses import dataclass
from datetime import date, timedelta
from pathlib import Path
from typing import Any

import click
from sqlalchemy import func, select

from service.audit.chain import SEAL_BATCH
from service.compliance.audit_verify import verify_chain
from service.compliance.export_build import build_export
from service.compliance.exports import get_export, request_export
from service.engine.cards import DECK, codes
from service.reports.periods import table_scope
from service.reports.table_reports import report
from service.review.decisions import decide
from service.review.exceptions import get_exception, request_correction, request_void
from service.rounds.aggregates import aggregate_round
from service.rounds.entering import enter_round
from service.rounds.recall import recall
from service.rounds.resettle import resettle, stored_rounds
from service.store.db import Databases, utc_now
from service.store.models import GameTable, RoundRecord, User
from service.store.work import unit_of_work
from tests.bench.office_figures import Figures
from tests.bench.scratch import seal_all

SEATS = 6
BETS = {"main": 1000, "dealer_break_bonus": 500, "break_bonus": 100}
ROUND_BATCH = 500  # rounds entered per transaction
COUNT_BATCH = 500  # rounds counted into the aggregates per transaction
RECALLED = 500  # games of game recall
SPREAD_DAYS = 3  # the rounds are spread over the last three days (four gaming days), up to now


@dataclass(frozen=True)
class Office:
    """The bench's back office: its database, instance folder, users (by
    name) and table, and the figures the steps add to."""

    databases: Databases
    instance: Path
    users: dict[str, int]
    table_id: int
    figures: Figures


def random_deal(rng: random.Random, number: int) -> dict[str, Any]:
    """A random valid six-seat round: 49 distinct cards of the 53, every seat
    set by the house way and placing all three bets."""
    cards = codes(rng.sample(DECK, 7 * (SEATS + 1)))
    seats = [
        {"seat": seat, "cards": cards[7 * seat : 7 * seat + 7], "setting": "house_way", "bets": dict(BETS)}
        for seat in range(1, SEATS + 1)
    ]
    return {"round_id": f"bench-{number}", "dealer": cards[:7], "seats": seats}


# 2. entering rounds
def enter_rounds(office: Office, rounds: int, seed: int) -> None:
    office.figures.begin(f"entering {rounds:,} six-seat rounds, {ROUND_BATCH} a transaction")
    rng = random.Random(seed)
    deals = [random_deal(rng, number) for number in range(rounds)]
    # Spread over the last few days up to now, so the audit events (which
    # occur now) fall in the exported period's window.
    last = utc_now()
    first = last - timedelta(days=SPREAD_DAYS)
    step = (last - first) / rounds
    times = [first + step * (number + 1) for number in range(rounds)]

    def work() -> None:
        for start in range(0, rounds, ROUND_BATCH):
            with unit_of_work(office.databases) as db:
                table = db.get_one(GameTable, office.table_id)
                dealer = db.get_one(User, office.users["dealer"])
                for number in range(start, min(start + ROUND_BATCH, rounds)):
                    enter_round(
                        db,
                        table,
                        dealer,
                        deals[number],
                        f"bench-{number}",
                        times[number],
                        sessionless=True,
                    )

    office.figures.timed(
        "enter_rounds", f"enter rounds ({ROUND_BATCH} a transaction)", rounds, "rounds", work
    )


def gaming_days(office: Office) -> tuple[date, date, date]:
    """The first and last gaming days of the rounds, and the busiest."""
    with office.databases() as db:
        first_day, last_day = db.execute(
            select(func.min(RoundRecord.gaming_day), func.max(RoundRecord.gaming_day))
        ).one()
        # Reported: the busiest gaming day. The last one can hold only the
        # round about to be voided (just after the day's start).
        busiest = db.scalar(
            select(RoundRecord.gaming_day)
            .group_by(RoundRecord.gaming_day)
            .order_by(func.count().desc(), RoundRecord.gaming_day.desc())
            .limit(1)
        )
    assert busiest is not None  # rounds were just entered
    return first_day, last_day, busiest


# 3. the audit chain
def seal_and_verify(office: Office) -> dict[str, Any]:
    office.figures.begin("sealing the audit chain, then verifying it")
    start = time.perf_counter()
    links = seal_all(office.databases)
    office.figures.add(
        "seal_chain",
        f"seal the audit chain ({SEAL_BATCH:,} a transaction)",
        links,
        time.perf_counter() - start,
        "links",
    )
    with office.databases() as db:
        start = time.perf_counter()
        verified = verify_chain(db)
        seconds = time.perf_counter() - start
    state = "intact" if verified.intact else "BROKEN"
    office.figures.add("verify_chain", f"verify the audit chain: {state}", verified.checked, seconds, "links")
    return {
        "intact": verified.intact,
        "sealed": links,
        "checked": verified.checked,
        "broken": None if verified.broken is None else verified.to_json()["broken"],
    }


# 4. the aggregates
def count_rounds(office: Office) -> None:
    office.figures.begin(f"counting every round into the aggregates, {COUNT_BATCH} a transaction")
    with office.databases() as db:
        ids = list(db.scalars(select(RoundRecord.id).order_by(RoundRecord.id)))

    def work() -> int:
        counted = 0
        for start in range(0, len(ids), COUNT_BATCH):
            with unit_of_work(office.databases) as db:
                counted += sum(aggregate_round(db, round_id) for round_id in ids[start : start + COUNT_BATCH])
        return counted

    counted = office.figures.timed(
        "aggregate",
        f"count rounds into the aggregates ({COUNT_BATCH} a transaction)",
        len(ids),
        "rounds",
        work,
    )
    if counted != len(ids):
        raise click.ClickException(f"only {counted} of {len(ids)} rounds were counted")


# 5. a void and a correction
def void_and_correct(office: Office) -> None:
    office.figures.begin("approving a void and a correction, and recounting them")
    databases = office.databases
    with databases() as db:
        last_two = list(db.scalars(select(RoundRecord.id).order_by(RoundRecord.id.desc()).limit(2)))
    voided, corrected = last_two

    def work() -> int:
        now = utc_now()
        with unit_of_work(databases) as db:
            asker = db.get_one(User, office.users["pit_boss"])
            record = db.get_one(RoundRecord, voided)
            void_id = request_void(db, record, asker, "bench: misdeal", now).id
            record = db.get_one(RoundRecord, corrected)
            body = copy.deepcopy(record.entered)
            body["seats"][0]["bets"]["main"] = 2 * BETS["main"]
            correction_id = request_correction(db, record, asker, "bench: wrong main bet", body, now).id
        replacement = None
        with unit_of_work(databases) as db:
            approver = db.get_one(User, office.users["pit_boss2"])
            for exception_id in (void_id, correction_id):
                decision = decide(db, get_exception(db, exception_id), approver, True, "", now)
                replacement = decision.replacement_id or replacement
        assert replacement is not None
        with unit_of_work(databases) as db:
            return sum(aggregate_round(db, round_id) for round_id in (voided, corrected, replacement))

    recounted = office.figures.timed(
        "void_and_correction", "approve a void and a correction, recount them", 2, None, work
    )
    if recounted != 3:
        raise click.ClickException(f"the void and correction changed {recounted} of 3 rounds' totals")
    # Their events go into the chain too (untimed), so the export has it whole.
    seal_all(databases)


# 6. reports
def reports(office: Office, day: date) -> dict[str, Any]:
    office.figures.begin(f"a day report and a month-to-date report of {day.isoformat()}")
    found: dict[str, Any] = {}
    for kind, key, what in (
        ("day", "report_day", "day report (count: its rounds)"),
        ("mtd", "report_mtd", "month-to-date report (count: its rounds)"),
    ):
        with office.databases() as db:
            start = time.perf_counter()
            shown = report(db, office.instance, table_scope(db, office.table_id), kind, day, None)
            seconds = time.perf_counter() - start
        office.figures.add(key, what, shown["rounds"], seconds, None)
        found[kind] = {
            "rounds": shown["rounds"],
            "pending_rounds": shown["pending_rounds"],
            "theoretical_pending": shown["theoretical_pending"],
        }
    return found


# 7. game recall
def recall_games(office: Office, rounds: int) -> None:
    last = min(RECALLED, rounds)
    office.figures.begin(f"game recall of the last {last}")
    with office.databases() as db:
        table = db.get_one(GameTable, office.table_id)
        start = time.perf_counter()
        games = recall(db, table, last)
        seconds = time.perf_counter() - start
    office.figures.add("recall", f"game recall, last {last}", len(games), seconds, None)


# 8. re-settlement
def resettle_all(office: Office) -> tuple[int, int, list[dict[str, Any]]]:
    office.figures.begin("re-settling every stored round (recall --verify-all)")
    checked = mismatched = 0
    examples: list[dict[str, Any]] = []
    with office.databases() as db:
        start = time.perf_counter()
        for record in stored_rounds(db):
            mismatches = resettle(db, record)
            checked += 1
            if mismatches:
                mismatched += 1
                if len(examples) < 5:
                    examples.append({"id": record.id, "mismatches": [m.to_json() for m in mismatches[:3]]})
        seconds = time.perf_counter() - start
    office.figures.add(
        "resettle", f"re-settle every round: {mismatched} mismatched", checked, seconds, "rounds"
    )
    return checked, mismatched, examples


# 9. the compliance export
def export_period(office: Office, first_day: date, last_day: date) -> dict[str, Any]:
    office.figures.begin(f"a compliance export of {first_day.isoformat()} to {last_day.isoformat()}")
    with unit_of_work(office.databases) as db:
        user = db.get_one(User, office.users["compliance"])
        export_id = request_export(db, user, first_day, last_day, None).id
    tracemalloc.start()
    try:
        start = time.perf_counter()
        build_export(office.databases, export_id, office.instance)
        seconds = time.perf_counter() - start
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    with office.databases() as db:
        export = get_export(db, export_id)
        rows, size = export.done, export.size or 0
    office.figures.add("export", "compliance export, whole period (under tracemalloc)", rows, seconds, "rows")
    return {"rows": rows, "zip_bytes": size, "tracemalloc_peak_bytes": peak}
