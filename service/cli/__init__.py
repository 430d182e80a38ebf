"""The ``breakpoker`` command line.

Each command's module is imported only when that command runs: importing
them all (numba's loops, the demo) cost every worker, server and test
subprocess about a second of CPU before it did anything. The benchmarks are
not the product's commands: they live in ``tests/bench/`` (``python -m
tests.bench <command>``, ``make bench``), all but ``bench-protection``,
the simulation that shows the hidden-information test meets the rule
book's Decision (section 15), which compliance runs.

Modules:

- ``__main__.py``: ``python -m service.cli``
- ``run.py``: ``breakpoker run``; ``run_summary.py``: what it prints;
  ``serve.py``: the API under gunicorn; ``worker.py``: ``worker``,
  ``dispatcher`` and ``jobs``
- ``db.py``: the schema and the app role; ``users.py``, ``tables.py``:
  accounts and tables without the API; ``players.py``: the players'
  import from the player-tracking system's file
- ``settle.py``: rounds as JSON lines; ``batch_gc.py``: the collector's
  settings for batch work; ``recall.py``: a stored round re-settled;
  ``house_way.py``: how the house sets seven cards
- ``analyze.py``: the par sheet; ``strategy.py``: ``strategy build``;
  ``advise.py``: the hand calculator; ``config_source.py``: which
  configuration a command works on; ``progress.py``: the progress bar
- ``audit.py``: ``audit verify``; ``audit_records.py``: ``audit record``;
  ``audit_keys.py``: ``verify-export``, ``public-key``, ``rotate-key``
- ``shoe.py``: ``shoe simulate``; ``showdown.py``: poker-room showdowns
  from JSON lines
- ``protection_bench.py``: ``bench-protection``, the hidden-information
  test on simulated tables
- ``changes.py``: the unit of work of a command that changes records
- ``demo/``: ``demo-day``
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping

import click

from service.config.environment import EX_CONFIG, SettingsError, read_environment

#: command name -> (module, attribute); ``breakpoker --help`` imports them all
COMMANDS = {
    "advise": ("service.cli.advise", "advise_command"),
    "analyze": ("service.cli.analyze", "analyze"),
    "audit": ("service.cli.audit", "audit"),
    "bench-protection": ("service.cli.protection_bench", "bench_protection"),
    "db": ("service.cli.db", "db"),
    "demo-day": ("service.cli.demo.command", "demo_day"),
    "dispatcher": ("service.cli.worker", "dispatcher"),
    "house-way": ("service.cli.house_way", "house_way_command"),
    "jobs": ("service.cli.worker", "jobs"),
    "players": ("service.cli.players", "players"),
    "recall": ("service.cli.recall", "recall"),
    "run": ("service.cli.run", "run"),
    "serve": ("service.cli.serve", "serve"),
    "settle": ("service.cli.settle", "settle"),
    "shoe": ("service.cli.shoe", "shoe"),
    "showdown": ("service.cli.showdown", "showdown_command"),
    "strategy": ("service.cli.strategy", "strategy"),
    "tables": ("service.cli.tables", "tables"),
    "users": ("service.cli.users", "users"),
    "worker": ("service.cli.worker", "worker"),
}


class BadSettings(click.ClickException):
    exit_code = EX_CONFIG


class LazyGroup(click.Group):
    """A group whose commands are imported by name when first asked for
    (click's documented pattern for large command lines); ``lazy`` names
    them (the benchmarks' group in ``tests/bench/`` names its own)."""

    lazy: Mapping[str, tuple[str, str]] = COMMANDS

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted({*super().list_commands(ctx), *self.lazy})

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name in self.commands or cmd_name not in self.lazy:
            return super().get_command(ctx, cmd_name)
        module, attribute = self.lazy[cmd_name]
        command: click.Command = getattr(importlib.import_module(module), attribute)
        if cmd_name == "audit":
            # Its subcommands kept in modules of their own.
            from service.cli.audit_keys import public_key, rotate_key, verify_export
            from service.cli.audit_records import audit_record

            assert isinstance(command, click.Group)
            for subcommand in (audit_record, verify_export, public_key, rotate_key):
                command.add_command(subcommand)
        self.add_command(command, cmd_name)
        return command


@click.group(cls=LazyGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="breakpoker")
def main() -> None:
    """Break Poker table service: rules, settlement and back office."""
    # Before any command starts, or parses an option the image's entrypoint
    # filled from a variable: every variable is checked, and a bad one
    # stops the start naming it (no traceback).
    try:
        read_environment()
    except SettingsError as error:
        raise BadSettings(str(error)) from None
