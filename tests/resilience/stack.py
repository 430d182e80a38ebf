"""The whole service as ``make run`` starts it (``breakpoker run``: the
embedded Redis, the dispatcher, the workers and the API under gunicorn with
ops/gunicorn.conf.py), on a database of the test's choosing, with ways to
hurt each part of it."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

import psutil
from sqlalchemy import func, select

from service.analysis.cache import store_par_sheet
from service.audit.event_mac import keyed_databases
from service.cli.run_summary import RULE
from service.config.settings import Settings
from service.store.db import make_engine
from service.store.models import AuditEvent, AuditSeal, OutboxEntry, RoundRecord
from tests.network import free_port
from tests.par_sheets import default_sheet

ADMIN_PASSWORD_LINE = "  First admin:    name  admin    password  "


class Stack:
    def __init__(self, instance: Path, database_url: str, **env: str) -> None:
        self.instance = instance
        instance.mkdir(parents=True, exist_ok=True)
        # The default rules' par sheet, as its job would leave it: computing
        # it (seconds of both cores) on every new table would only slow the
        # faults down, and a stop waits for a long job to finish.
        store_par_sheet(default_sheet(), instance)
        self.database_url = database_url
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.env = {
            **{k: v for k, v in os.environ.items() if k not in ("REDIS_URL", "PROMETHEUS_MULTIPROC_DIR")},
            "BREAKPOKER_INSTANCE": str(instance),
            "DATABASE_URL": database_url,
            # A killed worker's job is taken up again after 2 s, not RQ's 60.
            "BREAKPOKER_HEARTBEAT_GRACE": "2",
            "BREAKPOKER_ROUNDS_WITHOUT_SESSION": "allow",
            "BREAKPOKER_RETRY_SECONDS": "1,1,2,2,5",
            # Work lost with a Redis is looked for every 2 s, not every 30.
            "BREAKPOKER_SWEEP_SECONDS": "2",
            "BREAKPOKER_SWEEP_GRACE_SECONDS": "3",
            **env,
        }
        self.process: subprocess.Popen[str] | None = None
        self.engine = make_engine(database_url)
        # Events this process writes (the test's users) carry the MAC of the
        # stack's own key, which `breakpoker run` then finds in its folder.
        settings = Settings(instance=instance, database_url=database_url)
        self.databases = keyed_databases(self.engine, settings)

    # ---- life ----------------------------------------------------------------

    def start(self) -> str:
        """Start it; the first admin's password."""
        log = (self.instance / "run.log").open("a")
        self.process = subprocess.Popen(
            [sys.executable, "-m", "service.cli", "run", "--port", str(self.port)],
            env=self.env,
            stdout=subprocess.PIPE,
            stderr=log,
            text=True,
        )
        assert self.process.stdout is not None
        password = ""
        rules = 0
        deadline = time.monotonic() + 60
        while rules < 2 and time.monotonic() < deadline:  # to the end of run's summary block
            line = self.process.stdout.readline().rstrip("\n")
            if line.startswith(ADMIN_PASSWORD_LINE):
                password = line.split()[-1]
            if line == RULE:
                rules += 1
        self.wait_ready()
        return password

    def wait_ready(self, timeout: float = 60) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            try:
                if self.get("/readyz")[0] == 200:
                    return
            except OSError:
                pass
            time.sleep(0.1)
        raise AssertionError(f"the API did not come up: {(self.instance / 'run.log').read_text()[-3000:]}")

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(signal.SIGINT)
            try:
                self.process.wait(timeout=60)
            except subprocess.TimeoutExpired:
                for child in psutil.Process(self.process.pid).children(recursive=True):
                    child.kill()
                self.process.kill()
        self.engine.dispose()

    # ---- the parts -------------------------------------------------------------

    def children(self) -> list[psutil.Process]:
        assert self.process is not None
        return psutil.Process(self.process.pid).children(recursive=True)

    def find(self, *words: str) -> list[psutil.Process]:
        """Processes of the stack whose command line holds every word."""
        found = []
        for child in self.children():
            try:
                line = " ".join(child.cmdline())
            except psutil.NoSuchProcess:
                continue
            if all(word in line for word in words):
                found.append(child)
        return found

    def redis(self, timeout: float = 15, other_than: list[int] | None = None) -> psutil.Process:
        """The Redis server (other than those named), once `run` has it (again) up."""
        deadline = time.monotonic() + timeout
        gone = set(other_than or ())
        while not (found := [p for p in self.find("redis-server") if p.pid not in gone]):
            if time.monotonic() > deadline:
                raise AssertionError("no redis-server is running")
            time.sleep(0.1)
        (server,) = found
        return server

    def api_workers(self) -> list[psutil.Process]:
        """Gunicorn's worker processes (the children of its master)."""
        (master,) = [p for p in self.find("gunicorn") if not _parent_runs(p, "gunicorn")]
        return master.children()

    def rq_workers(self) -> list[psutil.Process]:
        # The workers themselves, not the work-horses they fork.
        return [p for p in self.find("service.cli", "worker") if not _parent_runs(p, "service.cli")]

    # ---- HTTP ------------------------------------------------------------------

    def request(
        self,
        method: str,
        path: str,
        body: Any = None,
        headers: dict[str, str] | None = None,
        timeout: float = 15,
    ) -> tuple[int, Any]:
        data = None if body is None else json.dumps(body).encode()
        sent = {"Content-Type": "application/json", **(headers or {})}
        request = urllib.request.Request(self.base + path, data=data, headers=sent, method=method)
        try:
            with urllib.request.urlopen(request, timeout=timeout) as response:
                text = response.read()
                return response.status, json.loads(text) if text else None
        except urllib.error.HTTPError as error:
            text = error.read()
            try:
                return error.code, json.loads(text)
            except ValueError:
                return error.code, text.decode(errors="replace")

    def get(self, path: str, headers: dict[str, str] | None = None) -> tuple[int, Any]:
        return self.request("GET", path, headers=headers)

    def token(self, name: str, password: str) -> dict[str, str]:
        status, body = self.request("POST", "/api/v1/auth/login", {"name": name, "password": password})
        assert status == 200, body
        return {"Authorization": f"Bearer {body['token']}"}

    # ---- what the database says ------------------------------------------------

    def counts(self) -> dict[str, int]:
        with self.databases() as db:
            return {
                "rounds": db.scalar(select(func.count()).select_from(RoundRecord)) or 0,
                "events": db.scalar(select(func.count()).select_from(AuditEvent)) or 0,
                "seals": db.scalar(select(func.count()).select_from(AuditSeal)) or 0,
                "waiting": db.scalar(
                    select(func.count()).select_from(OutboxEntry).where(OutboxEntry.dispatched_at.is_(None))
                )
                or 0,
            }

    def wait_until_settled_down(self, timeout: float = 90) -> dict[str, int]:
        """Until every event is sealed and the outbox is empty (the workers caught up)."""
        deadline = time.monotonic() + timeout
        while True:
            counts = self.counts()
            if counts["seals"] == counts["events"] and counts["waiting"] == 0:
                return counts
            if time.monotonic() > deadline:
                raise AssertionError(f"the background work did not catch up: {counts}")
            time.sleep(0.5)


def _parent_runs(process: psutil.Process, word: str) -> bool:
    parent = process.parent()
    return parent is not None and word in " ".join(parent.cmdline())
