"""``breakpoker run`` (what ``make run`` starts): the embedded Redis, a worker
and the API come up together, the worker's counters reach /metrics through
gunicorn's processes, Ctrl-C stops everything, and a restart keeps the data.
The next steps it prints, followed as printed, settle a round; a port in
use stops it before anything starts; it names the admins there are."""

from __future__ import annotations

import json
import os
import re
import signal
import socket
import subprocess
import sys

from service.analysis.cache import store_par_sheet
from service.cli.run_summary import RULE
from tests.cli.run_process import (
    call,
    printed_commands,
    printed_step,
    processes_of,
    redis_answers,
    run_environment,
    start,
    stop,
    summary_of,
    wait_for,
)
from tests.network import free_port
from tests.par_sheets import default_sheet


def test_run_starts_everything_and_survives_a_restart(tmp_path):
    from tests.support.rounds_data import round_body

    # The default rules' par sheet, cached as its job leaves it: the long-job
    # worker would otherwise compute it for BP-1 (the run's sheet again, half
    # a minute of both cores) while the test runs.
    store_par_sheet(default_sheet(), tmp_path)
    port = free_port()
    process, base = start(tmp_path, port)
    try:
        block = summary_of(process)
        first_admin = next(line for line in block if line.startswith("  First admin:"))
        password = first_admin.split()[-1]
        assert f"  Dealer tablet:  http://127.0.0.1:{port}/dealer" in block
        assert "  New password:   " in "\n".join(block)
        assert any(line.endswith("tables create BP-1") for line in block)
        token = json.loads(call(base, "/api/v1/auth/login", {"name": "admin", "password": password}))["token"]
        # The block's next steps, as printed: the users and the table made
        # by its commands (each password typed), ...
        commands = printed_commands(block)
        assert [command[:2] for command in commands] == [["users", "create"]] * 2 + [["tables", "create"]]
        for command in commands:
            extra = ["--password-stdin"] if command[0] == "users" else []
            subprocess.run(
                [sys.executable, "-m", "service.cli", *command, *extra],
                input="long enough!\n",
                env={**os.environ, "BREAKPOKER_INSTANCE": str(tmp_path)},
                check=True,
                capture_output=True,
                text=True,
            )
        (table,) = json.loads(call(base, "/api/v1/tables", token=token))
        assert not table["takes_rounds"]  # the tablet would say "No open table"
        # ... the table opened at the pit page by the pit boss just made, the
        # dealer signing too (what the page sends), ...
        opening = printed_step(block, "Open ")
        pit_boss, dealer = re.match(r"Open BP-1 at \S+/pit as (\w+): .* (\w+) signs too", opening).groups()
        assert commands[1][2:] == [pit_boss, "--role", "pit_boss"]
        assert commands[0][2:] == [dealer, "--role", "dealer"]
        pit_token = json.loads(
            call(base, "/api/v1/auth/login", {"name": pit_boss, "password": "long enough!"})
        )["token"]
        opener = {"lines": {"2500": 125000}, "cosigner": {"name": dealer, "password": "long enough!"}}
        call(base, f"/api/v1/tables/{table['id']}/sessions", opener, pit_token)
        # ... and the round dealt at the tablet by the dealer.
        assert printed_step(block, "Sign in").startswith(f"Sign in at {base}/dealer as {dealer}, pick BP-1")
        dealer_token = json.loads(
            call(base, "/api/v1/auth/login", {"name": dealer, "password": "long enough!"})
        )["token"]
        call(base, "/api/v1/tables/1/rounds", round_body("r1"), dealer_token, key="k1")
        # Settled in the API, counted by the worker, summed across processes.
        wait_for(lambda: "breakpoker_rounds_settled_total 1.0" in call(base, "/metrics"))
        wait_for(lambda: json.loads(call(base, "/api/v1/ops/jobs", token=token))["outbox"]["waiting"] == 0)
        # Requests served by both gunicorn workers add up.
        for _ in range(10):
            call(base, "/healthz")
        counted = 'breakpoker_http_requests_total{endpoint="/healthz",method="GET",status="200"} 10.0'
        wait_for(lambda: counted in call(base, "/metrics"))

        # One worker serves only the quick queues; another only the long jobs.
        workers = subprocess.run(
            ["pgrep", "-af", "service.cli worker"], capture_output=True, text=True
        ).stdout
        assert "worker --queues audit,metrics,values" in workers
        assert "worker --queues analysis,verify,exports" in workers

        # A second run on the same instance is refused, not a second Redis.
        second = subprocess.run(
            [sys.executable, "-m", "service.cli", "run", "--port", str(free_port())],
            env={**os.environ, "BREAKPOKER_INSTANCE": str(tmp_path)},
            capture_output=True,
            text=True,
            timeout=60,
        )
        assert second.returncode == 1
        assert "another breakpoker run is using" in second.stderr

        # Redis killed outright is started again, and work flows again.
        found = subprocess.run(["pgrep", "-f", f"{tmp_path}/redis.sock"], capture_output=True, text=True)
        os.kill(int(found.stdout.split()[0]), signal.SIGKILL)
        call(base, "/api/v1/tables/1/rounds", round_body("r2"), dealer_token, key="k2")
        wait_for(lambda: "breakpoker_rounds_settled_total 2.0" in call(base, "/metrics"), seconds=60)
    finally:
        output = stop(process)
    assert "stopped" in output
    assert not (tmp_path / "redis.sock").exists() or not redis_answers(tmp_path / "redis.sock")

    process, base = start(tmp_path, port)
    try:
        again = summary_of(process)
        assert "  Admin:          admin (made before this run; its password is not shown)" in again
        assert not any(line.startswith("  First admin:") for line in again)
        token = json.loads(call(base, "/api/v1/auth/login", {"name": "admin", "password": password}))["token"]
        assert json.loads(call(base, "/api/v1/rounds/1", token=token))["round_id"] == "r1"
    finally:
        stop(process)


def test_a_port_in_use_stops_run_naming_it_before_anything_starts(tmp_path):
    with socket.socket() as holder:
        holder.bind(("127.0.0.1", 0))
        holder.listen()
        port = holder.getsockname()[1]
        process = subprocess.Popen(
            [sys.executable, "-m", "service.cli", "run", "--port", str(port)],
            env=run_environment(tmp_path),
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        try:
            out, err = process.communicate(timeout=45)
        except subprocess.TimeoutExpired:
            process.send_signal(signal.SIGINT)
            out, err = process.communicate(timeout=60)
            raise AssertionError(f"run went on with port {port} in use:\n{out[-3000:]}") from None
    assert process.returncode == 1
    assert f"port {port}" in err
    assert "in use" in err
    assert RULE not in out
    assert processes_of(tmp_path) == []


def test_the_block_names_an_admin_made_before_the_first_run(tmp_path):
    made_first = (["db", "upgrade"], ["users", "create", "boss", "--role", "admin", "--password-stdin"])
    for command in made_first:
        subprocess.run(
            [sys.executable, "-m", "service.cli", *command],
            input="long enough!\n",
            env=run_environment(tmp_path),
            check=True,
            capture_output=True,
            text=True,
        )
    process, base = start(tmp_path, free_port())
    try:
        block = summary_of(process)
        signed_in = call(base, "/api/v1/auth/login", {"name": "boss", "password": "long enough!"})
        token = json.loads(signed_in)["token"]
        assert [user["name"] for user in json.loads(call(base, "/api/v1/users", token=token))] == ["boss"]
    finally:
        stop(process)
    text = "\n".join(block)
    assert "  Admin:          boss (made before this run; its password is not shown)" in text
    assert "users set-password boss" in text
    assert "First admin" not in text
    assert "password  " not in text  # no password it did not make
