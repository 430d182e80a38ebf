"""``breakpoker serve`` answers over real HTTP (gunicorn, a real port)."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time
import urllib.request


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def test_serve_answers_health_and_login(tmp_path):
    env = {**os.environ, "BREAKPOKER_INSTANCE": str(tmp_path)}
    env.pop("DATABASE_URL", None)
    command = [sys.executable, "-m", "service.cli"]
    subprocess.run([*command, "db", "upgrade"], env=env, check=True, capture_output=True)
    created = subprocess.run(
        [*command, "users", "ensure-admin"], env=env, check=True, capture_output=True, text=True
    )
    password = created.stdout.split("password ")[1].split()[0]
    port = free_port()
    server = subprocess.Popen(
        [*command, "serve", "--port", str(port), "--workers", "1"],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    base = f"http://127.0.0.1:{port}"
    try:
        for _ in range(100):
            try:
                with urllib.request.urlopen(f"{base}/readyz", timeout=1) as response:
                    assert json.load(response) == {"status": "ready"}
                break
            except OSError:
                time.sleep(0.1)
        else:
            raise AssertionError("the server did not come up")
        request = urllib.request.Request(
            f"{base}/api/v1/auth/login",
            data=json.dumps({"name": "admin", "password": password}).encode(),
            headers={"Content-Type": "application/json"},
        )
        with urllib.request.urlopen(request, timeout=5) as response:
            assert json.load(response)["role"] == "admin"
    finally:
        server.terminate()
        server.wait(timeout=10)
