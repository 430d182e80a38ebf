"""``python -m tests.bench bench-service``: a short run of the whole service (``breakpoker
run``: gunicorn, the dispatcher, the workers, the embedded Redis) at a tiny
rate, checked for its shape and for what it promises: every round answered
201 stored once, sealed and counted, and the lag sampled as it went."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import threading

from service.analysis.cache import store_par_sheet
from tests.bench.service_load import ServiceBench, _wait_for
from tests.par_sheets import default_sheet


def test_bench_service_drives_the_whole_service_and_sees_everything_sealed_and_counted(tmp_path):
    # Not the default rules' par sheet from cold either (the run's sheet
    # again, half a minute of both cores): the table's job finds it cached.
    store_par_sheet(default_sheet(), tmp_path)
    done = subprocess.run(
        [sys.executable, "-m", "tests.bench", "bench-service", "--seconds", "2", "--rate", "10",
         "--workers", "2", "--drain-seconds", "120", "--par-sheets-from", str(tmp_path), "--json"],
        capture_output=True,
        text=True,
        timeout=420,
        # Not the strategy table's build from cold (minutes of a core): the
        # bench would wait for it before the rates.
        env={**os.environ, "BREAKPOKER_STRATEGY_TABLES": "manual"},
    )  # fmt: skip
    assert done.returncode == 0, done.stderr[-3000:]
    # There from the start (0.0 s), where computing it takes seconds of both cores.
    waited = re.search(r"the table's par sheet computed in ([\d.]+) s", done.stderr)
    assert waited is not None, done.stderr[-3000:]
    assert float(waited[1]) < 2
    result = json.loads(done.stdout)
    assert result["ok"] is True, result["problems"]
    [phase] = result["phases"]
    assert phase["api"]["offered_per_second"] == 10
    assert phase["api"]["statuses"] == {"201": 20}
    assert phase["samples"] >= 3  # every half second of the load and its drain
    assert len(phase["timeline"]) == phase["samples"]
    for figure in ("seal_lag_seconds", "count_lag_seconds", "events_behind", "rounds_behind"):
        assert 0 <= phase[figure]["p99"] <= phase[figure]["max"]
    assert phase["drain_seconds"] is not None
    # The warm-up's rounds too; nothing left unsealed or uncounted (else not ok).
    assert result["stored_rounds"] == result["answered_201"] > 20


def test_the_bench_waits_for_the_strategy_table_only_where_the_service_builds_it(tmp_path, monkeypatch):
    bench = ServiceBench("sqlite://", tmp_path, 1, (1.0,), None)
    monkeypatch.delenv("BREAKPOKER_STRATEGY_TABLES", raising=False)
    assert bench._builds_strategy_tables()  # the service's default
    monkeypatch.setenv("BREAKPOKER_STRATEGY_TABLES", "manual")
    assert not bench._builds_strategy_tables()


def test_waiting_for_a_file_the_worker_writes(tmp_path):
    written = tmp_path / "optimal.json"
    assert _wait_for(written, 0.6) is None
    threading.Timer(0.3, written.write_text, args=("{}",)).start()
    waited = _wait_for(written, 5)
    assert waited is not None
    assert 0.3 <= waited < 5
