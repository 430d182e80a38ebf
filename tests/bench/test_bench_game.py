"""``python -m tests.bench bench``: the house way's, ``settle``'s and the
par sheet's speed."""

from __future__ import annotations

import subprocess
import sys

import click
import pytest
from click.testing import CliRunner

from service.cli import main


def test_bench_prints_its_figures():
    # In a process of its own: bench tunes the garbage collector as settle does.
    done = subprocess.run(
        # The par sheet's figure is left out: it is the same computation as
        # `analyze --fresh` (tests/analysis), half a minute of both cores.
        [sys.executable, "-m", "tests.bench", "bench", "--hands", "2000", "--rounds", "50", "--no-par-sheet"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert "house way, cold cache" in done.stdout
    assert "house way, warm cache" in done.stdout
    assert done.stdout.count("seats/s") == 2


def test_bench_s_par_sheet_figure_times_a_fresh_analyze(monkeypatch, capsys):
    from tests.bench import game

    ran: list[list[str]] = []

    def fake_run(command, **_options):
        ran.append(command)
        return subprocess.CompletedProcess(command, 0, stdout=b'{"seconds": 1.5}')

    monkeypatch.setattr(game.subprocess, "run", fake_run)
    game._par_sheet_figure()
    assert ran == [[sys.executable, "-m", "service.cli", "analyze", "--fresh", "--json", "--no-strategy"]]
    assert "1.5 s computing" in capsys.readouterr().out
    # The options it passes are analyze's own.
    shown = CliRunner().invoke(main, ["analyze", "--help"]).output
    assert "--fresh" in shown
    assert "--no-strategy" in shown


def test_bench_s_par_sheet_figure_fails_when_analyze_does(monkeypatch):
    from tests.bench import game

    failed = subprocess.CompletedProcess(["analyze"], 1, stdout=b"")
    monkeypatch.setattr(game.subprocess, "run", lambda command, **_: failed)
    with pytest.raises(click.ClickException, match="analyze failed"):
        game._par_sheet_figure()
