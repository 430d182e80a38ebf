"""``breakpoker serve`` answers over real HTTP (gunicorn, a real port), and
its logs (gunicorn's access and error logs) hold no password or token."""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
import time
import urllib.error
import urllib.request
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from tests.network import free_port

COMMAND = [sys.executable, "-m", "service.cli"]


def wait_until_ready(base: str) -> None:
    for _ in range(100):
        try:
            with urllib.request.urlopen(f"{base}/readyz", timeout=1) as response:
                assert json.load(response) == {"status": "ready"}
            return
        except OSError:
            time.sleep(0.1)
    raise AssertionError("the server did not come up")


@dataclass
class Served:
    base: str
    admin_password: str
    log: Path  # stdout and stderr: the access log and the error log


@contextmanager
def served(tmp_path: Path):
    env = {**os.environ, "BREAKPOKER_INSTANCE": str(tmp_path)}
    env.pop("DATABASE_URL", None)
    subprocess.run([*COMMAND, "db", "upgrade"], env=env, check=True, capture_output=True)
    created = subprocess.run(
        [*COMMAND, "users", "ensure-admin"], env=env, check=True, capture_output=True, text=True
    )
    password = created.stdout.split("password ")[1].split()[0]
    port = free_port()
    log = tmp_path / "serve.log"
    with log.open("wb") as output:
        server = subprocess.Popen(
            [*COMMAND, "serve", "--port", str(port), "--workers", "1"], env=env, stdout=output, stderr=output
        )
        base = f"http://127.0.0.1:{port}"
        try:
            wait_until_ready(base)
            yield Served(base, password, log)
        finally:
            server.terminate()
            server.wait(timeout=10)


def call(base: str, path: str, body: object = None, token: str | None = None) -> tuple[int, dict]:
    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(f"{base}{path}", data=data, headers=headers)
    try:
        with urllib.request.urlopen(request, timeout=5) as response:
            text = response.read()
            return response.status, json.loads(text) if text else {}
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read())


def test_serve_logs_no_password_or_token(tmp_path):
    with served(tmp_path) as server:
        _, signed_in = call(
            server.base, "/api/v1/auth/login", {"name": "admin", "password": server.admin_password}
        )
        token = signed_in["token"]
        assert call(server.base, "/api/v1/tables", {"name": "BP-1"}, token)[0] == 201
        assert call(server.base, "/api/v1/tables/1", token=token)[0] == 200
        assert (
            call(server.base, "/api/v1/auth/login", {"name": "admin", "password": "a wrong guess"})[0] == 401
        )
        assert call(server.base, "/api/v1/tables/1", token=token[:-1] + "x")[0] == 401
        assert call(server.base, "/api/v1/auth/logout", {}, token)[0] == 204
    logged = server.log.read_text()
    # The access lines were captured (the app's own, in JSON, with the request id).
    assert '"message": "POST /api/v1/auth/login 200"' in logged
    assert '"message": "GET /api/v1/tables/1 401"' in logged
    for secret in (server.admin_password, "a wrong guess", token, token[:-1] + "x"):
        assert secret not in logged
        assert hashlib.sha256(secret.encode()).hexdigest() not in logged
