"""Shared test helpers and Hypothesis settings."""

from __future__ import annotations

import contextlib
import os
import signal
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

from service.config.redis_server import EmbeddedRedis

PROJECT = Path(__file__).resolve().parent.parent

settings.register_profile(
    "default",
    deadline=None,  # timing belongs in benchmarks, not in tests
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile("thorough", parent=settings.get_profile("default"), max_examples=2000)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "default"))


@pytest.fixture(scope="session")
def shared_redis(tmp_path_factory):
    """One real Redis server (the embedded one) for the tests that only use it."""
    server = EmbeddedRedis(tmp_path_factory.mktemp("redis"))
    server.start()
    yield server
    server.stop()


def redis_servers_under(*folders: Path) -> dict[int, str]:
    """Running redis-server processes whose socket or data is in one of the
    folders: pid to command line (redis-server shows its socket there)."""
    found = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            line = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
        except OSError:  # gone meanwhile
            continue
        if "redis-server" in line and any(str(folder) in line for folder in folders):
            found[int(entry.name)] = line.strip()
    return found


@pytest.fixture(scope="session", autouse=True)
def no_redis_outlives_the_suite(tmp_path_factory):
    """Every Redis server a test starts (embedded, or `breakpoker run`'s) is
    stopped by the end: set up first, so this check runs after every other
    session fixture has stopped its servers. Leftovers are killed and fail."""
    # Under pytest-xdist each worker has a base folder of its own; the
    # project folder is shared, so only a lone run can tell whose it is.
    alone = "PYTEST_XDIST_WORKER" not in os.environ
    folders = (tmp_path_factory.getbasetemp(), PROJECT) if alone else (tmp_path_factory.getbasetemp(),)
    before = set(redis_servers_under(*folders))
    yield
    left = {pid: line for pid, line in redis_servers_under(*folders).items() if pid not in before}
    for pid in left:
        with contextlib.suppress(ProcessLookupError):
            os.kill(pid, signal.SIGKILL)
    assert not left, f"redis-server processes outlived the tests: {sorted(left.values())}"
