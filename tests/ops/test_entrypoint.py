"""ops/entrypoint.sh, run directly with a fake environment: each role runs
the command it should with the arguments and variables it should, refuses
to start without what it needs, and any other command runs as it is. A
stand-in `breakpoker` on PATH records how it was called."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
from http.server import BaseHTTPRequestHandler, HTTPServer

import pytest

from tests.network import free_port
from tests.ops.paths import ENTRYPOINT, GUNICORN_CONF

FAKE = f"""#!/bin/sh
exec {sys.executable} -c '
import json, os, sys
with open(os.environ["FAKE_CALLS"], "a") as calls:
    seen = {{k: os.environ.get(k) for k in ("PROMETHEUS_MULTIPROC_DIR", "BREAKPOKER_GUNICORN_CONFIG")}}
    calls.write(json.dumps({{"argv": sys.argv[1:], "env": seen}}) + "\\n")
sys.exit(int(os.environ.get("FAKE_FAIL_" + sys.argv[1], "0")))
' "$@"
"""


@pytest.fixture
def entrypoint(tmp_path):
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    (bin_dir / "breakpoker").write_text(FAKE)
    (bin_dir / "breakpoker").chmod(0o755)
    calls = tmp_path / "calls.jsonl"

    def run(*arguments, **env):
        base = {
            "PATH": f"{bin_dir}{os.pathsep}/usr/bin:/bin",
            "FAKE_CALLS": str(calls),
            "DATABASE_URL": "postgresql://breakpoker@postgres/breakpoker",
            "REDIS_URL": "redis://redis:6379/0",
        }
        base.update(env)
        for name in [name for name, value in base.items() if value is None]:
            del base[name]
        done = subprocess.run(
            ["/bin/sh", str(ENTRYPOINT), *arguments], env=base, capture_output=True, text=True, timeout=30
        )
        made = [json.loads(line) for line in calls.read_text().splitlines()] if calls.exists() else []
        calls.unlink(missing_ok=True)
        return done, made

    return run


def test_api_starts_serve_with_the_config_and_fresh_prometheus_files(entrypoint, tmp_path):
    metrics = tmp_path / "prometheus"
    metrics.mkdir()
    (metrics / "counter_123.db").write_text("from the last run")
    done, calls = entrypoint("api", PROMETHEUS_MULTIPROC_DIR=str(metrics))
    assert done.returncode == 0, done.stderr
    expected = {"PROMETHEUS_MULTIPROC_DIR": str(metrics), "BREAKPOKER_GUNICORN_CONFIG": str(GUNICORN_CONF)}
    assert calls == [{"argv": ["serve"], "env": expected}]
    assert metrics.is_dir()
    assert list(metrics.iterdir()) == []
    # No role is the API; arguments go on to serve.
    done, calls = entrypoint(BREAKPOKER_GUNICORN_CONFIG="/etc/other.conf.py")
    assert calls[0]["argv"] == ["serve"]
    assert calls[0]["env"]["BREAKPOKER_GUNICORN_CONFIG"] == "/etc/other.conf.py"
    assert calls[0]["env"]["PROMETHEUS_MULTIPROC_DIR"] == "/tmp/breakpoker-prometheus"
    assert entrypoint("api", "--workers", "3")[1][0]["argv"] == ["serve", "--workers", "3"]


def test_worker_dispatcher_and_verifier(entrypoint):
    assert entrypoint("worker")[1][0]["argv"] == ["worker"]
    _, calls = entrypoint("worker", "--burst", BREAKPOKER_WORKER_QUEUES="audit,metrics")
    assert calls[0]["argv"] == ["worker", "--queues", "audit,metrics", "--burst"]
    assert entrypoint("dispatcher")[1][0]["argv"] == ["dispatcher"]
    assert entrypoint("verifier")[1][0]["argv"] == ["audit", "verify", "--every", "3600"]
    assert entrypoint("verifier", BREAKPOKER_VERIFY_SECONDS="60")[1][0]["argv"] == [
        "audit", "verify", "--every", "60",
    ]  # fmt: skip


def test_migrate_upgrades_then_makes_the_first_admin_and_stops_on_a_failure(entrypoint):
    done, calls = entrypoint("migrate")
    assert done.returncode == 0
    assert [call["argv"] for call in calls] == [["db", "upgrade"], ["users", "ensure-admin"]]
    done, calls = entrypoint("migrate", FAKE_FAIL_db="3")
    assert done.returncode == 3
    assert [call["argv"] for call in calls] == [["db", "upgrade"]]
    # Migrated as the owner role: DATABASE_URL's role is granted its rights.
    done, calls = entrypoint("migrate", MIGRATE_DATABASE_URL="postgresql://owner@db/breakpoker")
    assert done.returncode == 0
    granted = [["db", "upgrade"], ["db", "grant-app-role"], ["users", "ensure-admin"]]
    assert [call["argv"] for call in calls] == granted
    # The command's own status is the container's.
    assert entrypoint("worker", FAKE_FAIL_worker="2")[0].returncode == 2


@pytest.mark.parametrize(
    ("role", "missing"),
    [("api", "DATABASE_URL"), ("api", "REDIS_URL"), ("worker", "REDIS_URL"), ("dispatcher", "DATABASE_URL"),
     ("migrate", "DATABASE_URL"), ("verifier", "DATABASE_URL")],
)  # fmt: skip
def test_a_role_refuses_to_start_without_its_settings(entrypoint, role, missing):
    done, calls = entrypoint(role, **{missing: None})
    assert done.returncode == 64
    assert f"entrypoint: {missing} must be set for '{role}'" in done.stderr
    assert calls == []
    assert entrypoint(role, **{missing: ""})[0].returncode == 64


def test_any_other_command_runs_as_it_is(entrypoint):
    done, calls = entrypoint("echo", "hello", "world", DATABASE_URL=None, REDIS_URL=None)
    assert (done.returncode, done.stdout, calls) == (0, "hello world\n", [])
    assert entrypoint("sh", "-c", "exit 7")[0].returncode == 7
    assert entrypoint("breakpoker", "users", "create", "dana")[1][0]["argv"] == ["users", "create", "dana"]


class _Health(BaseHTTPRequestHandler):
    def do_GET(self):
        self.send_response(200 if self.path == "/healthz" else 404)
        self.end_headers()

    def log_message(self, *_args):
        pass


def test_healthcheck_asks_the_api_on_its_own_port(entrypoint):
    python_dir = os.path.dirname(sys.executable)
    path = f"{python_dir}{os.pathsep}/usr/bin:/bin"
    nothing = free_port()
    assert entrypoint("healthcheck", PATH=path, BREAKPOKER_BIND=f"0.0.0.0:{nothing}")[0].returncode == 1
    server = HTTPServer(("127.0.0.1", 0), _Health)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        port = server.server_address[1]
        done, _ = entrypoint("healthcheck", PATH=path, BREAKPOKER_BIND=f"0.0.0.0:{port}")
        assert done.returncode == 0, done.stderr
    finally:
        server.shutdown()
        server.server_close()
