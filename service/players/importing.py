"""The player-tracking system's file of players, applied all or nothing
(``breakpoker players import``).

A CSV file in UTF-8 (a byte-order mark is allowed), its header naming the
columns ``club_number`` and ``name`` (in either order, no other), then a
player a line. A club number not enrolled is enrolled; one enrolled under
another name is renamed; one with the same name is left as it is, so the
same file read twice changes nothing the second time.

**Decision: all or nothing.** Every line is checked before anything is
written, and the first bad one (a malformed club number or name, a club
number twice, a line of the wrong width) refuses the file naming its line
and field: the casino fixes the file and runs it again, rather than
chasing which half of it went in."""

from __future__ import annotations

import csv
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from datetime import datetime
from itertools import islice

from sqlalchemy import func, select

from service.errors import ErrorCode, Invalid, ServiceError
from service.players.club_numbers import check_club_number, check_name
from service.players.players import enrol_player, rename_player
from service.store.db import Db
from service.store.models import Player, PlayerName, User

COLUMNS = ("club_number", "name")
CHUNK = 500  # club numbers looked up at once
Progress = Callable[[int, int], None]


@dataclass(frozen=True, slots=True)
class ImportRow:
    line: int  # in the file, the header being line 1
    club_number: str
    name: str


@dataclass(frozen=True, slots=True)
class ImportCounts:
    enrolled: int
    renamed: int
    unchanged: int


def refused(line: int, field: str, message: str) -> Invalid:
    return Invalid(ErrorCode.INVALID_FIELD, f"line {line}: {message}", field)


def read_rows(lines: Iterable[str]) -> list[ImportRow]:
    """Every player of the file, checked; the first bad line refused (422)
    naming its line number and field."""
    reader = csv.reader(lines, strict=True)
    try:
        header = next(reader, None)
        if header is None or sorted(column.strip() for column in header) != sorted(COLUMNS):
            raise refused(
                1, "header", f"the header must name the columns {','.join(COLUMNS)}, not {header!r}"
            )
        at = {column.strip(): index for index, column in enumerate(header)}
        rows: list[ImportRow] = []
        first_line: dict[str, int] = {}
        for cells in reader:
            line = reader.line_num
            if not cells:
                continue  # a blank line
            rows.append(_row(line, cells, at, first_line))
    except csv.Error as error:
        raise refused(reader.line_num, "csv", f"not CSV: {error}") from None
    return rows


def _row(line: int, cells: Sequence[str], at: dict[str, int], first_line: dict[str, int]) -> ImportRow:
    if len(cells) != len(COLUMNS):
        raise refused(line, "csv", f"{len(cells)} cells where the header names {len(COLUMNS)}")
    try:
        number = check_club_number(cells[at["club_number"]])
        name = check_name(cells[at["name"]])
    except ServiceError as error:
        raise refused(line, error.field or "csv", error.message) from None
    if number in first_line:
        raise refused(line, "club_number", f"club number {number} is on line {first_line[number]} too")
    first_line[number] = line
    return ImportRow(line, number, name)


def apply_rows(
    db: Db, user: User, rows: Sequence[ImportRow], now: datetime, progress: Progress | None = None
) -> ImportCounts:
    """Enrol, rename or leave each player, in the caller's transaction (a
    refusal raises, and the caller's unit of work writes nothing)."""
    enrolled = renamed = unchanged = 0
    for done, chunk in enumerate(_chunks(rows), start=1):
        names = current_names(db, [row.club_number for row in chunk])
        for row in chunk:
            known = names.get(row.club_number)
            if known == row.name:
                unchanged += 1
            elif known is None:
                enrol_player(db, user, row.club_number, row.name, now)
                enrolled += 1
            else:
                rename_player(db, user, row.club_number, row.name, now)
                renamed += 1
        if progress is not None:
            progress(min(done * CHUNK, len(rows)), len(rows))
    return ImportCounts(enrolled, renamed, unchanged)


def current_names(db: Db, club_numbers: Sequence[str]) -> dict[str, str]:
    """The name now of each of these club numbers that is enrolled."""
    newest = (
        select(PlayerName.player_id, func.max(PlayerName.version).label("version"))
        .join(Player, Player.id == PlayerName.player_id)
        .where(Player.club_number.in_(club_numbers))
        .group_by(PlayerName.player_id)
        .subquery()
    )
    rows = db.execute(
        select(Player.club_number, PlayerName.name)
        .join(PlayerName, PlayerName.player_id == Player.id)
        .join(newest, (newest.c.player_id == PlayerName.player_id) & (newest.c.version == PlayerName.version))
    )
    return {row.club_number: row.name for row in rows}


def _chunks(rows: Sequence[ImportRow]) -> Iterator[list[ImportRow]]:
    found = iter(rows)
    while chunk := list(islice(found, CHUNK)):
        yield chunk
