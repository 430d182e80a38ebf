"""``breakpoker players``: the casino's players from its player-tracking
system's file, without the API (:mod:`service.players.importing`)."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from pathlib import Path

import click
from sqlalchemy import select

from service.accounts.roles import Role
from service.cli.changes import changing_records
from service.cli.progress import progress_bar
from service.players.importing import Progress, apply_rows, read_rows
from service.store.db import Db, utc_now
from service.store.models import User

#: a file this long shows a progress bar while it is applied
LONG_FILE = 2000
#: who may enrol and rename players, as over the API
WRITERS = (Role.PIT_BOSS, Role.ADMIN)


@click.group("players")
def players() -> None:
    """The casino's players, by club number."""


@players.command("import")
@click.argument("file", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option(
    "--by",
    "user_name",
    default="admin",
    show_default=True,
    help="The pit boss or admin recorded as the maker of each enrolment and change of name.",
)
def import_command(file: Path, user_name: str) -> None:
    """Enrol or rename the players of FILE, a CSV file with the header
    club_number,name: a club number not enrolled is enrolled, one under
    another name renamed, one with the same name left as it is (the file
    read again changes nothing). All or nothing: a bad line refuses the
    file, naming the line, and nothing is written."""
    try:
        # A refusal: exit 2 with its message, and nothing written.
        with file.open(encoding="utf-8-sig", newline="") as lines, changing_records() as db:
            user = _writer(db, user_name)
            rows = read_rows(lines)
            with _progress(len(rows)) as progress:
                counts = apply_rows(db, user, rows, utc_now(), progress)
    except UnicodeDecodeError as error:
        raise click.UsageError(f"{file} is not UTF-8 text: {error.reason} at byte {error.start}") from None
    click.echo(
        f"{file.name}: {counts.enrolled} enrolled, {counts.renamed} renamed, {counts.unchanged} unchanged"
    )


@contextlib.contextmanager
def _progress(rows: int) -> Iterator[Progress | None]:
    if rows < LONG_FILE:
        yield None
        return
    with progress_bar(f"Players: {rows:,} lines") as update:
        yield update


def _writer(db: Db, name: str) -> User:
    user = db.scalar(select(User).where(User.name == name))
    if user is None or user.role not in WRITERS or not user.active:
        raise click.UsageError(f"no active pit boss or admin named {name!r}: name one with --by")
    return user
