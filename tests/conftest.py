"""Shared test helpers and Hypothesis settings."""

from __future__ import annotations

import os

import pytest
from hypothesis import HealthCheck, settings

from service.redis_server import EmbeddedRedis

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
