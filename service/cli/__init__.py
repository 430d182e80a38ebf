"""The ``breakpoker`` command line."""

from __future__ import annotations

import click

from service.cli.advise import advise_command
from service.cli.analyze import analyze
from service.cli.audit import audit
from service.cli.audit_keys import public_key, rotate_key, verify_export
from service.cli.audit_records import audit_record
from service.cli.bench.expected import bench_expected
from service.cli.bench.game import bench
from service.cli.bench.load import bench_load
from service.cli.bench.office import bench_office
from service.cli.bench.profile import bench_profile
from service.cli.bench.strategy import bench_strategy
from service.cli.db import db
from service.cli.demo.command import demo_day
from service.cli.house_way import house_way_command
from service.cli.recall import recall
from service.cli.run import run
from service.cli.serve import serve
from service.cli.settle import settle
from service.cli.shoe import shoe
from service.cli.strategy import strategy
from service.cli.tables import tables
from service.cli.users import users
from service.cli.worker import dispatcher, jobs, worker
from service.config.environment import EX_CONFIG, SettingsError, read_environment


class BadSettings(click.ClickException):
    exit_code = EX_CONFIG


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
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


main.add_command(house_way_command)
main.add_command(settle)
main.add_command(bench)
main.add_command(bench_office)
main.add_command(bench_load)
main.add_command(bench_profile)
main.add_command(bench_strategy)
main.add_command(bench_expected)
main.add_command(analyze)
main.add_command(advise_command)
main.add_command(strategy)
main.add_command(db)
main.add_command(users)
main.add_command(shoe)
main.add_command(tables)
main.add_command(serve)
main.add_command(worker)
main.add_command(dispatcher)
main.add_command(jobs)
main.add_command(run)
main.add_command(audit)
audit.add_command(audit_record)
audit.add_command(verify_export)
audit.add_command(public_key)
audit.add_command(rotate_key)
main.add_command(recall)
main.add_command(demo_day)
