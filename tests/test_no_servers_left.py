"""The suite's own guard (``no_redis_outlives_the_suite``) finds a Redis
server a test left running, and no longer once it is stopped."""

from __future__ import annotations

from service.config.redis_server import EmbeddedRedis
from tests.conftest import redis_servers_under


def test_a_server_left_running_is_found_until_it_is_stopped(tmp_path):
    server = EmbeddedRedis(tmp_path / "left")
    server.start()
    try:
        found = redis_servers_under(tmp_path)
        assert [server.process.pid] == list(found)
        assert str(tmp_path / "left" / "redis.sock") in found[server.process.pid]
    finally:
        server.stop()
    assert redis_servers_under(tmp_path) == {}


def test_a_server_of_a_folder_that_only_starts_alike_is_not_claimed(tmp_path):
    # Base folders pytest-4 and pytest-47: a run in the first must not take
    # (and kill) the servers of another run in the second.
    server = EmbeddedRedis(tmp_path / "run-47")
    server.start()
    try:
        assert redis_servers_under(tmp_path / "run-4") == {}
        assert list(redis_servers_under(tmp_path / "run-47")) == [server.process.pid]
    finally:
        server.stop()
