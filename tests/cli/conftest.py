"""The command line's shared fixtures."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from service.cli import main


@pytest.fixture
def runner(tmp_path, monkeypatch):
    """A CLI runner on a fresh instance folder (its SQLite database
    migrated) with the first admin made, as ``make run`` leaves it."""
    monkeypatch.setenv("BREAKPOKER_INSTANCE", str(tmp_path))
    monkeypatch.delenv("DATABASE_URL", raising=False)
    runner = CliRunner()
    assert runner.invoke(main, ["db", "upgrade"]).exit_code == 0
    assert runner.invoke(main, ["users", "ensure-admin"]).exit_code == 0
    return runner
