"""``breakpoker run`` as a process for its tests: its environment, started
and stopped, its summary and printed steps read, its processes found,
and the API and the Redis socket asked."""

from __future__ import annotations

import contextlib
import json
import os
import queue
import re
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.request
from pathlib import Path

from service.cli.run_summary import RULE


def call(base, path, body=None, token=None, key=None):
    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    if key:
        headers["Idempotency-Key"] = key
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(base + path, data=data, headers=headers)
    with urllib.request.urlopen(request, timeout=10) as response:
        return response.read().decode()


def run_environment(instance):
    env = {
        k: v
        for k, v in os.environ.items()
        if k not in ("DATABASE_URL", "REDIS_URL", "PROMETHEUS_MULTIPROC_DIR")
    }
    env["BREAKPOKER_INSTANCE"] = str(instance)
    return env


def start(instance, port):
    env = run_environment(instance)
    process = subprocess.Popen(
        [sys.executable, "-m", "service.cli", "run", "--port", str(port)],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,  # the children's logs too: the summary must come after them
        text=True,
    )
    # Read as it comes, so the children never block on a full pipe.
    process.lines = queue.Queue()
    process.reader = threading.Thread(target=lambda: [process.lines.put(line) for line in process.stdout])
    process.reader.start()
    base = f"http://127.0.0.1:{port}"
    for _ in range(300):
        try:
            if json.loads(call(base, "/readyz"))["status"] == "ready":
                return process, base
        except OSError:
            time.sleep(0.1)
    process.kill()
    raise AssertionError("breakpoker run did not come up")


def summary_of(process, seconds=60):
    """The block ``run`` prints once everything is up: its lines between the
    rules. The API's and both workers' start-up lines come before it."""
    lines = []
    deadline = time.monotonic() + seconds
    while len([line for line in lines if line == RULE]) < 2:
        try:
            lines.append(process.lines.get(timeout=max(0.0, deadline - time.monotonic())).rstrip("\n"))
        except queue.Empty:
            raise AssertionError(f"no summary block in {lines}") from None
    first = lines.index(RULE)
    before = "\n".join(lines[:first])
    assert "Booting worker with pid" in before  # gunicorn's
    assert before.count("*** Listening on") == 2  # the quick-queue worker's and the long-job worker's
    return lines[first:]


def stop(process):
    process.send_signal(signal.SIGINT)
    process.wait(timeout=60)
    assert process.returncode == 0
    process.reader.join(timeout=10)
    return _rest(process.lines)


def _rest(lines):
    rest = []
    with contextlib.suppress(queue.Empty):
        while True:
            rest.append(lines.get_nowait())
    return "".join(rest)


def printed_commands(block):
    """The block's numbered ``breakpoker`` commands, from the verb on."""
    found = [re.match(r"\s+\d\. \S*breakpoker (.+)$", line) for line in block]
    return [match.group(1).split() for match in found if match]


def printed_step(block, starting):
    """A numbered step of words, its lines joined."""
    text = " ".join(" ".join(block).split())
    return re.search(rf"\d\. ({starting}.*?)(?= \d\. | Ctrl-C)", text).group(1)


def processes_of(instance):
    """Processes whose environment names the instance folder (the run's
    children) or whose command line does (its Redis)."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit() or int(entry.name) == os.getpid():
            continue
        try:
            environment = (entry / "environ").read_bytes()
            command = (entry / "cmdline").read_bytes()
        except OSError:
            continue
        if f"BREAKPOKER_INSTANCE={instance}\0".encode() in environment or str(instance).encode() in command:
            found.append(command.replace(b"\0", b" ").decode(errors="replace"))
    return found


def wait_for(check, seconds=30):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if check():
            return
        time.sleep(0.2)
    raise AssertionError("timed out")


def redis_answers(path) -> bool:
    with socket.socket(socket.AF_UNIX) as probe:
        try:
            probe.connect(str(path))
        except OSError:
            return False
        return True
