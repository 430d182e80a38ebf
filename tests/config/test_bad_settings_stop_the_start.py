"""A bad environment variable stops every long-running start (``breakpoker
run``, ``serve``, ``worker``, ``dispatcher``, and the app factory under
gunicorn as the image runs it) with the message naming it: a non-zero exit
and no traceback, before anything is started or migrated."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from tests.ops.paths import GUNICORN_CONF

CLI = [sys.executable, "-m", "service.cli"]
GUNICORN = [sys.executable, "-m", "gunicorn", "--config", str(GUNICORN_CONF)]
MESSAGE = "BREAKPOKER_TOKEN_MINUTES='12h': not a whole number (allowed: a whole number of minutes, 1 to 10080"


def start(tmp_path, argv, **env):
    clean = {
        k: v
        for k, v in os.environ.items()
        if not k.startswith("BREAKPOKER_") and k not in ("DATABASE_URL", "REDIS_URL", "WEB_CONCURRENCY")
    }
    return subprocess.run(
        argv,
        env={**clean, "BREAKPOKER_INSTANCE": str(tmp_path / "instance"), **env},
        capture_output=True,
        text=True,
        timeout=60,
    )


@pytest.mark.parametrize(
    "argv",
    [
        [*CLI, "run", "--port", "1"],
        [*CLI, "serve", "--port", "1"],
        [*CLI, "worker"],
        [*CLI, "dispatcher"],
        [*CLI, "audit", "verify", "--every", "60"],
        GUNICORN,
    ],
    ids=["run", "serve", "worker", "dispatcher", "verifier", "gunicorn"],
)
def test_a_bad_variable_stops_the_start_with_its_message(tmp_path, argv):
    done = start(tmp_path, argv, BREAKPOKER_TOKEN_MINUTES="12h")
    assert done.returncode == 78, done.stderr  # EX_CONFIG
    assert MESSAGE in done.stderr
    assert "Traceback" not in done.stderr + done.stdout
    assert not (tmp_path / "instance").exists()  # nothing was migrated or started


def test_a_variable_of_the_server_stops_gunicorn_before_it_forks(tmp_path):
    done = start(tmp_path, GUNICORN, BREAKPOKER_THREADS="four", BREAKPOKER_LOGIN_WINDOW_SECONDS="-5")
    assert done.returncode == 78, done.stderr
    assert "BREAKPOKER_LOGIN_WINDOW_SECONDS='-5': out of range" in done.stderr
    assert "BREAKPOKER_THREADS='four': not a whole number" in done.stderr
    assert "Traceback" not in done.stderr
    assert "Booting worker" not in done.stderr


def test_the_verifier_s_interval_is_checked_before_its_option(tmp_path):
    # The entrypoint hands BREAKPOKER_VERIFY_SECONDS to --every: the message
    # names the variable, not the option.
    done = start(tmp_path, [*CLI, "audit", "verify", "--every", "1h"], BREAKPOKER_VERIFY_SECONDS="1h")
    assert done.returncode == 78, done.stderr
    assert "BREAKPOKER_VERIFY_SECONDS='1h': not a whole number" in done.stderr
