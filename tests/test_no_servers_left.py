"""The suite's own guard (``no_redis_outlives_the_suite``) finds a Redis
server a test left running, and no longer once it is stopped."""

from __future__ import annotations

from pathlib import Path

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


def test_a_server_is_claimed_by_its_folder_not_by_where_its_program_is(tmp_path):
    # A lone run also claims the project folder, whose .venv holds the
    # redis-server program every run of the project starts: a run going on
    # beside it must keep its servers.
    server = EmbeddedRedis(tmp_path / "another-run")
    server.start()
    try:
        # Redis writes its title over its arguments: "PROGRAM unixsocket:SOCKET".
        title = Path(f"/proc/{server.process.pid}/cmdline").read_bytes().replace(b"\0", b" ").decode()
        program = Path(title.split()[0])
        assert program.name == "redis-server"
        assert redis_servers_under(program.parent.parent) == {}
        assert list(redis_servers_under(tmp_path)) == [server.process.pid]
    finally:
        server.stop()
