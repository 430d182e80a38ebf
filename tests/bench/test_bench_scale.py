"""``python -m tests.bench bench-scale``: its figures at a tiny size, and the days its
loader copies in bulk against the same days entered through the service."""

from __future__ import annotations

import contextlib
import json
import xml.etree.ElementTree as ElementTree
from collections.abc import Iterator
from datetime import date
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from sqlalchemy import Engine, MetaData, func, inspect, select, text

from service.compliance.audit_verify import verify_chain
from service.rounds.resettle import resettle, stored_rounds
from service.store.db import make_engine
from service.store.migrate import upgrade
from service.store.models import RoundRecord
from tests.bench import main
from tests.bench.scale_floor import Shape, setup_floor
from tests.bench.scale_grow import grow_to
from tests.bench.scratch import scratch, scratch_databases
from tests.postgres import scratch_database

TINY = ["--tables", "2", "--rounds-per-hour", "2", "--first-day", "2026-01-01"]
READS = {
    *(f"report_{kind}_{where}" for kind in ("shift", "day", "mtd", "ytd") for where in ("table", "floor")),
    "recall",
    "page_first",
    "page_middle",
    "page_last",
    "check_day",
}
LONG = {"export_month", "verify_chain", "resettle_day", "enter_round_api"}
SHAPE = Shape(tables=2, rounds_per_hour=2, first_day=date(2026, 3, 30))  # three days across a month's end
#: what the copies may differ in from the service's rows: the wall clock
#: of the run (and the chain hashes over the setup's events, stamped by it)
WALL_CLOCK = {
    "outbox": {"created_at", "dispatched_at"},
    "aggregated_rounds": {"aggregated_at"},
    "audit_seals": {"sealed_at", "hash", "previous_hash"},
    "session_figures": {"figured_at"},
}
COMPARED = (
    "rounds",
    "round_seats",
    "audit_events",
    "audit_seals",
    "outbox",
    "aggregated_rounds",
    "shift_aggregates",
    "shift_expected_values",
    "table_sessions",
    "inventory_counts",
    "slips",
    "slip_signatures",
    "drop_counts",
    "session_figures",
)


def test_bench_scale_times_every_step_at_each_size(tmp_path):
    out = tmp_path / "scale"
    result = CliRunner().invoke(
        main,
        [
            "bench-scale",
            "--sizes",
            "96,192",
            *TINY,
            "--repeats",
            "2",
            "--api-rounds",
            "3",
            "--json",
            "--out",
            str(out),
        ],
    )
    assert result.exit_code == 0, result.output
    document = json.loads(result.stdout)
    assert document["ok"] is True
    assert document["shape"]["rounds_per_day"] == 96
    first, second = document["sizes"]
    assert first["gaming_days"] == 1
    assert second["gaming_days"] == 2
    # 96 a day, and the rounds entered through the API at the first size
    assert first["rounds"] == 96
    assert second["rounds"] == 2 * 96 + 23
    for step in document["sizes"]:
        figures = step["figures"]
        assert set(figures) == READS | LONG
        for key in READS:
            assert figures[key]["runs"] == 2
            assert 0 < figures[key]["min"] <= figures[key]["median"] <= figures[key]["max"]
        assert figures["report_day_floor"]["count"] == 96  # the last day's rounds, both tables
        assert figures["report_ytd_table"]["count"] == 48 * step["gaming_days"]
        assert figures["check_day"]["count"] == 2  # a session a table
        assert figures["page_first"]["count"] == figures["page_last"]["count"] > 0
        assert figures["resettle_day"]["count"] == 96
        assert figures["resettle_day"]["mismatched"] == 0
        assert figures["verify_chain"]["intact"] is True
        assert figures["export_month"]["count"] > 0
        assert figures["export_month"]["peak_rss_bytes"] >= figures["export_month"]["rss_before_bytes"] > 0
        assert figures["enter_round_api"]["runs"] == 3
        assert step["database_bytes"] > 0
        assert step["peak_memory_bytes"] > 0
    assert second["load"]["rows_copied"] > 96 * 6
    assert json.loads((out / "scale-sqlite.json").read_text())["sizes"][1]["rounds"] == second["rounds"]
    svg = ElementTree.parse(out / "scale-sqlite.svg").getroot()
    assert len(svg.findall("{http://www.w3.org/2000/svg}polyline")) == len(READS | LONG)


def test_keep_leaves_the_rounds_in_the_database_given(tmp_path):
    """``--keep``: the grown database stays for a backup to be timed on it."""
    url = f"sqlite:///{tmp_path / 'kept.sqlite3'}"
    arguments = ["bench-scale", "--sizes", "96", *TINY, "--repeats", "1", "--api-rounds", "2", "--json"]
    result = CliRunner().invoke(main, [*arguments, "--database", url, "--keep"])
    assert result.exit_code == 0, result.output
    assert "kept its tables and rows" in result.stderr
    engine = make_engine(url)
    try:
        with engine.connect() as connection:
            # a day's 96, and the API's 20 warm-up and 2 timed rounds
            assert connection.scalar(select(func.count()).select_from(RoundRecord)) == 96 + 22
    finally:
        engine.dispose()


def test_keep_needs_a_database_of_its_own():
    result = CliRunner().invoke(main, ["bench-scale", "--sizes", "96", *TINY, "--keep"])
    assert result.exit_code == 2
    assert "--keep needs --database" in result.output


@pytest.mark.parametrize("keep", [False, True])
def test_scratch_drops_the_tables_unless_kept(tmp_path, keep):
    url = f"sqlite:///{tmp_path / 'scratch.sqlite3'}"
    with scratch(url, "bench-test", keep=keep) as (used, _instance):
        upgrade(used)
    engine = make_engine(url)
    try:
        assert ("rounds" in inspect(engine).get_table_names()) is keep
    finally:
        engine.dispose()


@pytest.mark.store
def test_copied_days_are_the_rows_the_service_writes(database, tmp_path):
    """Three days (two copied) equal the same three days entered through
    the use cases and their jobs, row for row but the wall clock; every
    round re-settles to what was stored, the chain verifies, and the
    copied aggregates are those the service counted."""
    with _databases(database, tmp_path) as (copied_url, entered_url):
        copied = _load(copied_url, tmp_path / "copied", copy=True)
        entered = _load(entered_url, tmp_path / "entered", copy=False)
    assert copied.keys() == entered.keys()
    for table in COMPARED:
        assert len(copied[table]) == len(entered[table]) > 0, table
        for number, (mine, theirs) in enumerate(zip(copied[table], entered[table], strict=True)):
            assert mine == theirs, f"{table} row {number}"


@pytest.mark.store
def test_a_grown_postgresql_database_has_the_planners_statistics(tmp_path):
    """Without them (the bulk copies outrun autovacuum) the export's event
    lookup ran for hours at 1M rounds: the planner took a table of no rows."""
    with scratch_database() as url:
        upgrade(url)
        engine = make_engine(url)
        try:
            floor = setup_floor(scratch_databases(engine, url, tmp_path), tmp_path, SHAPE)
            load = grow_to(floor, 2, lambda _message: None)
            assert load["analyze_seconds"] >= 0
            with engine.connect() as connection:
                estimated = connection.scalar(
                    text("SELECT reltuples FROM pg_class WHERE oid = 'rounds'::regclass")
                )
        finally:
            engine.dispose()
    assert estimated == 2 * SHAPE.rounds_per_day


@contextlib.contextmanager
def _databases(database: str, tmp_path: Path) -> Iterator[tuple[str, str]]:
    if database == "postgresql":
        with scratch_database() as first, scratch_database() as second:
            yield first, second
    else:
        yield f"sqlite:///{tmp_path / 'copied.sqlite3'}", f"sqlite:///{tmp_path / 'entered.sqlite3'}"


def _load(url: str, instance: Path, *, copy: bool) -> dict[str, list[dict[str, Any]]]:
    upgrade(url)
    engine = make_engine(url)
    try:
        databases = scratch_databases(engine, url, instance)
        floor = setup_floor(databases, instance, SHAPE)
        grow_to(floor, 3, lambda _message: None, copy=copy)
        with databases() as db:
            mismatched = [record.id for record in stored_rounds(db) if resettle(db, record)]
            assert mismatched == []
            verified = verify_chain(db)
            assert verified.intact
            assert verified.checked > 3 * SHAPE.rounds_per_day
        return _rows(engine, floor.setup_events)
    finally:
        engine.dispose()


def _rows(engine: Engine, setup_events: int) -> dict[str, list[dict[str, Any]]]:
    """Each compared table's rows in key order, but their wall-clock
    columns; events (and their seals' JSON) from the first gaming day on."""
    metadata = MetaData()
    metadata.reflect(engine, only=COMPARED)
    found = {}
    with engine.connect() as connection:
        for name in COMPARED:
            table = metadata.tables[name]
            query = select(table).order_by(*table.primary_key.columns)
            rows = []
            for row in connection.execute(query).mappings():
                kept = {key: value for key, value in row.items() if key not in WALL_CLOCK.get(name, set())}
                if name == "audit_events" and kept["id"] <= setup_events:
                    continue
                if name == "audit_seals" and kept["event_id"] <= setup_events:
                    kept["canonical"] = None  # the setup's events carry the run's clock
                rows.append(kept)
            found[name] = rows
    return found
