"""ops/gunicorn.conf.py: every name in it is a gunicorn setting and its
values load; and the app under gunicorn, started as the image starts it
(ops/entrypoint.sh api), with several workers: /metrics adds them up, every
log line is JSON, and a request's id reaches the log lines of its jobs."""

from __future__ import annotations

import gc
import json
import runpy
import socket
import subprocess
import time
import types
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from gunicorn.config import Config

from service.analysis.cache import store_par_sheet
from service.config.redis_server import EmbeddedRedis
from tests.network import free_port
from tests.ops.paths import ENTRYPOINT, GUNICORN_CONF
from tests.ops.services import call, role_env, run_role, wait_until_ready
from tests.par_sheets import default_sheet
from tests.support.rounds_data import round_body

HOOKS = {"child_exit", "on_exit", "post_fork", "post_worker_init", "when_ready"}


def load(monkeypatch, **env) -> Config:
    """The config file read as gunicorn reads it, each value set (and so
    checked) through gunicorn's own Config."""
    for name in ("WEB_CONCURRENCY", "BREAKPOKER_BIND", "BREAKPOKER_TIMEOUT", "BREAKPOKER_THREADS"):
        monkeypatch.delenv(name, raising=False)
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    names = runpy.run_path(str(GUNICORN_CONF))
    config = Config()
    public = {
        name: value
        for name, value in names.items()
        if not name.startswith("_") and not isinstance(value, types.ModuleType)
    }
    unknown = set(public) - set(config.settings)
    assert unknown == set(), f"not gunicorn settings (gunicorn would ignore them): {unknown}"
    for name, value in public.items():
        if name in config.settings:
            config.set(name, value)
    return config


def test_the_config_file_loads_with_its_defaults(monkeypatch):
    config = load(monkeypatch)
    assert config.wsgi_app == "service.api.app:create_app()"
    assert config.bind == ["127.0.0.1:8000"]
    assert config.worker_class_str == "gthread"
    assert config.threads == 4
    assert config.workers >= 2
    assert (config.timeout, config.graceful_timeout, config.keepalive) == (120, 30, 75)
    assert config.max_requests == 0
    assert config.preload_app is False
    assert config.accesslog is None
    assert config.control_socket_disable is True
    assert {name for name in HOOKS if callable(getattr(config, name))} == HOOKS
    formatter = config.logconfig_dict["formatters"]["json"]["()"]
    assert formatter.__name__ == "JsonFormatter"


def test_a_worker_freezes_what_it_has_built_before_it_serves(monkeypatch):
    # Unfrozen, every full collection walked the app's 170,000 objects with
    # all the worker's requests waiting: bench-load's p99 at 100 rounds/s
    # was 74-172 ms, 9-11 ms frozen.
    config = load(monkeypatch)
    gc.unfreeze()
    try:
        config.post_worker_init(types.SimpleNamespace())
        assert gc.get_freeze_count() > 10_000
        assert len(gc.get_objects()) < 1_000
    finally:
        gc.unfreeze()


def test_the_environment_sets_the_figures(monkeypatch):
    config = load(
        monkeypatch,
        WEB_CONCURRENCY="7",
        BREAKPOKER_BIND="0.0.0.0:9000",
        BREAKPOKER_TIMEOUT="45",
        BREAKPOKER_THREADS="2",
    )
    assert (config.workers, config.bind, config.timeout, config.threads) == (7, ["0.0.0.0:9000"], 45, 2)


@pytest.fixture
def redis(tmp_path):
    server = EmbeddedRedis(tmp_path / "redis")
    server.start()
    yield server
    server.stop()


# Which worker accepts a connection is the kernel's and the scheduler's
# choice: with the other test process busy, one worker took all 240 requests
# once. Run alone, after the parallel part (the Makefile's second phase).
@pytest.mark.alone
def test_the_api_under_gunicorn_with_three_workers(tmp_path, redis):
    port = free_port()
    env = role_env(tmp_path, redis.url, port, WEB_CONCURRENCY="3")
    # The default rules' par sheet, cached as its job leaves it: the burst
    # would otherwise compute it for BP-1 (the run's sheet again, half a
    # minute of both cores, in the part of the run that has the machine alone).
    store_par_sheet(default_sheet(), Path(env["BREAKPOKER_INSTANCE"]))
    (tmp_path / "prometheus").mkdir()
    (tmp_path / "prometheus" / "counter_999999.db").write_text("stale")  # from an earlier run

    migrated = run_role(env, "migrate")
    assert migrated.returncode == 0, migrated.stderr
    password = migrated.stdout.split("password ")[1].split()[0]
    created = run_role(env, "breakpoker", "users", "create", "dana", "--role", "dealer", "--password-stdin",
                       stdin="long enough!\n")  # fmt: skip
    assert created.returncode == 0, created.stderr

    log = (tmp_path / "api.log").open("w+")
    server = subprocess.Popen([str(ENTRYPOINT), "api"], env=env, stdout=log, stderr=subprocess.STDOUT)
    base = f"http://127.0.0.1:{port}"
    try:
        wait_until_ready(base, server)
        assert not (tmp_path / "prometheus" / "counter_999999.db").exists()
        # The entrypoint exec'd into gunicorn's master: three workers under it.
        # (The first to answer may be up before the master has forked the rest.)
        deadline = time.monotonic() + 15
        while True:
            children = subprocess.run(["pgrep", "-P", str(server.pid)], capture_output=True, text=True)
            if len(children.stdout.split()) >= 3 or time.monotonic() > deadline:
                break
            time.sleep(0.1)
        assert len(children.stdout.split()) == 3

        # Requests spread over the workers; /metrics adds every worker's count.
        sent = 0
        with ThreadPoolExecutor(12) as pool:
            # On a busy machine one worker can take many batches in a row.
            for _ in range(40):
                statuses = list(pool.map(lambda _: call(base, "/api/v1/tables")[0], range(24)))
                assert set(statuses) == {401}
                sent += len(statuses)
                if len(_pids(log, "/api/v1/tables")) >= 2:
                    break
        assert len(_pids(log, "/api/v1/tables")) >= 2
        with urllib.request.urlopen(f"{base}/metrics", timeout=10) as response:
            metrics = response.read().decode()
        counted = (
            f'breakpoker_http_requests_total{{endpoint="/api/v1/tables",method="GET",status="401"}} {sent}.0'
        )
        assert counted in metrics

        # A round entered under a request id: the API's line and its jobs' lines carry it.
        token = call(base, "/api/v1/auth/login", {"name": "admin", "password": password})[2]["token"]
        status, _, table = call(
            base, "/api/v1/tables", {"name": "BP-1"}, {"Authorization": f"Bearer {token}"}
        )
        assert status == 201
        dealer = call(base, "/api/v1/auth/login", {"name": "dana", "password": "long enough!"})[2]["token"]
        status, headers, _ = call(
            base,
            f"/api/v1/tables/{table['id']}/rounds",
            round_body("r1"),
            {"Authorization": f"Bearer {dealer}", "Idempotency-Key": "k1", "X-Request-ID": "e2e-round-1"},
        )
        assert status == 201
        assert headers["X-Request-ID"] == "e2e-round-1"
        assert any(
            line.get("request_id") == "e2e-round-1" and line.get("status") == 201 for line in _lines(log)
        )
    finally:
        server.terminate()
        server.wait(timeout=60)
    assert server.returncode == 0
    lines = _lines(log)  # every line JSON, gunicorn's own included
    assert any(line["logger"] == "gunicorn.error" and "Booting worker" in line["message"] for line in lines)

    burst = run_role(env, "worker", "--burst")
    assert burst.returncode == 0, burst.stderr
    jobs = [json.loads(line) for line in burst.stderr.splitlines()]
    done = {line["job_id"]: line for line in jobs if line.get("outcome") == "done"}
    assert done["aggregate-1"]["request_id"] == "e2e-round-1"
    # One seal job seals every event the dispatch found: its line names their requests.
    [seal] = [line for line in done.values() if line["job_id"].startswith("seal-") and
              "e2e-round-1" in (line["request_id"], *line.get("request_ids", ()))]  # fmt: skip
    assert seal["function"] == "workers.jobs.seal_audit"
    # RQ's own lines in the job's work-horse carry the id too.
    assert any(
        line["logger"].startswith("rq.")
        and line["request_id"] == "e2e-round-1"
        and "aggregate-1" in line["message"]
        for line in jobs
    )


def raw(port: int, request: bytes) -> tuple[int, dict[str, str], bytes]:
    """A request sent as bytes (what no HTTP client would send) and the
    answer's status, headers and body."""
    with socket.create_connection(("127.0.0.1", port), timeout=10) as connection:
        connection.sendall(request)
        answer = b""
        while chunk := connection.recv(65536):
            answer += chunk
    head, _, body = answer.partition(b"\r\n\r\n")
    status_line, *lines = head.decode("latin-1").split("\r\n")
    headers = {name.lower(): value.strip() for name, _, value in (line.partition(":") for line in lines)}
    return int(status_line.split()[1]), headers, body


GUNICORN_ERRORS = [
    # (what is sent, status, code, field)
    (b"GET /" + b"a" * 5000 + b" HTTP/1.1\r\nHost: x\r\n\r\n", 414, "uri_too_long", "request line"),
    (b"GET / HTTP/1.1\r\n" + b"".join(b"X-%d: y\r\n" % n for n in range(120)) + b"\r\n", 431,
     "request_header_fields_too_large", "headers"),
    (b"GET / HTTP/1.1\r\nX-Big: " + b"y" * 9000 + b"\r\n\r\n", 431, "request_header_fields_too_large",
     "headers"),
    (b"NOT HTTP AT ALL\r\n\r\n", 400, "bad_request", None),
    (b"GET / HTTP/1.1\r\nBad Header Name: x\r\n\r\n", 400, "bad_request", None),
]  # fmt: skip


def test_gunicorns_own_error_answers_are_problems(tmp_path, redis):
    """Gunicorn answers a request it cannot parse itself, before the app is
    called: in the API's JSON error shape too, not an HTML page."""
    port = free_port()
    env = role_env(tmp_path, redis.url, port, WEB_CONCURRENCY="1")
    assert run_role(env, "migrate").returncode == 0
    log = (tmp_path / "api.log").open("w+")
    server = subprocess.Popen([str(ENTRYPOINT), "api"], env=env, stdout=log, stderr=subprocess.STDOUT)
    try:
        wait_until_ready(f"http://127.0.0.1:{port}", server)
        for request, status, code, field in GUNICORN_ERRORS:
            answered, headers, body = raw(port, request)
            assert (answered, headers["content-type"]) == (status, "application/problem+json"), body[:300]
            assert int(headers["content-length"]) == len(body)
            error = json.loads(body)
            assert (error["status"], error["code"], error["field"]) == (status, code, field)
            assert error["message"]
        # And the app's own routing errors, through gunicorn.
        status, _, error = call(f"http://127.0.0.1:{port}", "/api/v1/rounds/api-r1")
        assert (status, error["code"], error["field"]) == (404, "invalid_id", "round_id")
    finally:
        server.terminate()
        server.wait(timeout=60)
    assert server.returncode == 0


def _lines(log) -> list[dict]:
    # Read through a file of its own: seeking the one the server writes to
    # would move the offset its processes share, and they would write over
    # the start of the log.
    text = Path(log.name).read_text()
    return [json.loads(line) for line in text.splitlines() if line.strip()]


def _pids(log, path: str) -> set[int]:
    return {line["pid"] for line in _lines(log) if line.get("path") == path}
