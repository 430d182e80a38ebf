"""GETs timed through the app's test client, the first of each a warm-up:
the benches of the pit's reads at 1M rounds (``bench-rated``,
``bench-alerts``) time theirs this way."""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable
from typing import Any


def timed_gets(
    client: Any,
    headers: dict[str, str],
    paths: dict[str, str],
    repeat: int,
    check: Callable[[str, Any], None],
) -> dict[str, dict[str, Any]]:
    """Each path asked ``repeat`` + 1 times (the first warms the caches, not
    counted), each answer checked; per name its path, median, range and
    asks in milliseconds. A refusal stops the bench."""
    timed = {}
    for name, path in paths.items():
        seconds = []
        for number in range(repeat + 1):
            start = time.perf_counter()
            answer = client.get(path, headers=headers)
            elapsed = time.perf_counter() - start
            if answer.status_code != 200:
                raise RuntimeError(f"{path}: {answer.status_code} {answer.json}")
            if number:
                seconds.append(elapsed)
            check(name, answer.json)
        timed[name] = {
            "path": path,
            "median_ms": round(statistics.median(seconds) * 1000, 1),
            "min_ms": round(min(seconds) * 1000, 1),
            "max_ms": round(max(seconds) * 1000, 1),
            "asks": len(seconds),
        }
    return timed
