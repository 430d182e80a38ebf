"""``breakpoker bench-service``: a short run of the whole service (``breakpoker
run``: gunicorn, the dispatcher, the workers, the embedded Redis) at a tiny
rate, checked for its shape and for what it promises: every round answered
201 stored once, sealed and counted, and the lag sampled as it went."""

from __future__ import annotations

import json
import subprocess
import sys


def test_bench_service_drives_the_whole_service_and_sees_everything_sealed_and_counted():
    done = subprocess.run(
        [sys.executable, "-m", "service.cli", "bench-service", "--seconds", "2", "--rate", "10",
         "--workers", "2", "--drain-seconds", "120", "--json"],
        capture_output=True,
        text=True,
        timeout=420,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr[-3000:]
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
