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
