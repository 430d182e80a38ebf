"""Running the image's roles here, without Docker: ops/entrypoint.sh with the
environment compose would give it (a real Redis, SQLite for PostgreSQL)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

from tests.ops.paths import ENTRYPOINT

VENV_BIN = str(Path(sys.executable).parent)  # where `breakpoker` and `python` are


def role_env(tmp_path: Path, redis_url: str, port: int, **extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("PROMETHEUS_MULTIPROC_DIR", "WEB_CONCURRENCY")}
    env.update(
        PATH=f"{VENV_BIN}{os.pathsep}{env.get('PATH', '')}",
        DATABASE_URL=f"sqlite:///{tmp_path / 'breakpoker.sqlite3'}",
        REDIS_URL=redis_url,
        BREAKPOKER_INSTANCE=str(tmp_path / "instance"),
        BREAKPOKER_BIND=f"127.0.0.1:{port}",
        PROMETHEUS_MULTIPROC_DIR=str(tmp_path / "prometheus"),
        # These tests deal at a table they have just made, with no session.
        BREAKPOKER_ROUNDS_WITHOUT_SESSION="allow",
        **extra,
    )
    return env


def run_role(
    env: dict[str, str], *arguments: str, stdin: str | None = None
) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [str(ENTRYPOINT), *arguments], env=env, input=stdin, capture_output=True, text=True, timeout=120
    )


def call(base: str, path: str, body=None, headers=None):
    """(status, headers, JSON body) of one request; errors are answers too."""
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(
        base + path, data=data, headers={"Content-Type": "application/json", **(headers or {})}
    )
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return response.status, response.headers, json.loads(response.read() or b"null")
    except urllib.error.HTTPError as error:
        return error.code, error.headers, json.loads(error.read() or b"null")


def wait_until_ready(base: str, process: subprocess.Popen, seconds: float = 60) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise AssertionError(f"the server exited with {process.returncode}")
        try:
            if call(base, "/readyz")[0] == 200:
                return
        except OSError:
            pass
        time.sleep(0.1)
    raise AssertionError("the server did not come up")
