"""The benchmarks: not the product, so not in the shipped package. Run from
the checkout's top folder as ``python -m tests.bench <command>`` (``make
bench``, ``make bench-scale``); the commands and their options are the ones
``breakpoker`` had: ``bench`` (the rules core, ``settle`` and the par sheet),
``bench-office`` (the back office end to end), ``bench-expected`` (the
expected-values job), ``bench-protection-cost`` (a round's
protection work), ``bench-profile`` (where a round's CPU goes),
``bench-strategy`` (the strategy table and the calculator), ``bench-rated``
(rated play at a year's scale), ``bench-alerts`` (the pit's alerts at a
year's scale), ``bench-load``
(the HTTP stack), ``bench-service`` (the whole service as ``breakpoker run``
starts it) and ``bench-scale`` (the back office against the rounds stored).
They print figures; no test times anything. Their tests are the
``test_bench_*.py`` beside them.

Each command's module is imported only when that command runs, as
``breakpoker``'s are.

Modules:

- ``__main__.py``: ``python -m tests.bench``; ``scratch.py``: the
  benchmarks' scratch database
- ``game.py``: ``bench``, the house way, ``settle`` and the par sheet
- ``office.py``: ``bench-office``; ``office_steps.py``: what it times;
  ``office_figures.py``: its figures
- ``load.py``: ``bench-load``; ``load_servers.py``: the servers it drives;
  ``load_figures.py``: its figures; ``loadgen.py``: the load generator;
  ``ceiling.py``: the stack's ceiling
- ``service_load.py``: ``bench-service``, the whole service as ``make
  run`` starts it; ``lag.py``: how far sealing and counting fall behind;
  ``cpu.py``: each process's CPU; ``service_figures.py``: its figures
- ``profile.py``: ``bench-profile``, where a round's time goes
- ``strategy.py``: ``bench-strategy``, the strategy table and calculator
- ``expected.py``: ``bench-expected``, the expected-values job per round
- ``protection_cost.py``: ``bench-protection-cost``, a six-seat round's
  whole protection work and each part; ``protection_rounds.py``: its
  rounds dealt from decks, the luck job's constants, the parts timed
- ``rated.py``: ``bench-rated``, the floor's rated-play report and a heavy
  player's lifetime figures on a year of 1M rounds; ``rated_fill.py``: the
  floor's rows it reads, written in bulk; ``rated_player.py``: the heavy
  player's ratings and rounds
- ``alerts.py``: ``bench-alerts``, the pit's alert list and one alert
  with its rounds on a year of 1M rounds; ``alerts_fill.py``: the rounds,
  decks, alerts and acknowledgements it reads, written in bulk;
  ``timed_gets.py``: the GETs both time, the first of each a warm-up
- ``scale.py``: ``bench-scale`` (``make bench-scale``, not in ``make
  bench``); ``scale_floor.py``: its floor and days through the use cases;
  ``scale_load.py``: the later days copied in bulk; ``scale_grow.py``:
  the days grown, the outbox marked sent, the chain sealed;
  ``scale_steps.py``: what it times; ``scale_chart.py``: its log-log chart"""

from __future__ import annotations

import click

from service.cli import BadSettings, LazyGroup
from service.config.environment import SettingsError, read_environment

#: command name -> (module, attribute)
COMMANDS = {
    "bench": ("tests.bench.game", "bench"),
    "bench-alerts": ("tests.bench.alerts", "bench_alerts"),
    "bench-expected": ("tests.bench.expected", "bench_expected"),
    "bench-load": ("tests.bench.load", "bench_load"),
    "bench-office": ("tests.bench.office", "bench_office"),
    "bench-profile": ("tests.bench.profile", "bench_profile"),
    "bench-protection-cost": ("tests.bench.protection_cost", "bench_protection_cost"),
    "bench-rated": ("tests.bench.rated", "bench_rated"),
    "bench-scale": ("tests.bench.scale", "bench_scale"),
    "bench-service": ("tests.bench.service_load", "bench_service"),
    "bench-strategy": ("tests.bench.strategy", "bench_strategy"),
}


class BenchGroup(LazyGroup):
    """The benchmarks, each imported when first asked for, as ``breakpoker``'s commands are."""

    lazy = COMMANDS


@click.group(cls=BenchGroup, context_settings={"help_option_names": ["-h", "--help"]})
def main() -> None:
    """Break Poker's benchmarks: they print figures of the service's speed."""
    # As `breakpoker` does: every variable checked before a bench starts.
    try:
        read_environment()
    except SettingsError as error:
        raise BadSettings(str(error)) from None
