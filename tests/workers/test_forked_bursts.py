"""The tests' forked worker runs (tests/support/worker_fork.py) see the
test's environment, not the server process's, and answer as a command
started afresh would: its exit code and its output."""

from __future__ import annotations

import os

from tests.support.worker_fork import forkable, forked_cli


def test_a_forked_run_reads_the_environment_it_is_given(tmp_path):
    env = {**os.environ, "BREAKPOKER_HEARTBEAT_GRACE": "not a number"}
    done = forked_cli(["worker", "--burst"], env, timeout=60)
    assert done.returncode != 0
    assert "BREAKPOKER_HEARTBEAT_GRACE" in done.stderr + done.stdout


def test_a_forked_run_answers_with_the_commands_exit_code_and_output():
    done = forked_cli(["worker", "--burst", "--queues", "nope"], dict(os.environ), timeout=60)
    assert done.returncode == 2
    assert "nope: the queues are" in done.stderr


def test_a_variable_read_at_import_is_never_forked(tmp_path):
    assert forkable(dict(os.environ))
    assert not forkable({**os.environ, "PROMETHEUS_MULTIPROC_DIR": str(tmp_path)})
