"""The player-tracking system's file: every line checked before anything
is written (a bad one refused naming its line and field), then each
player enrolled, renamed or left as it is; the same file twice changes
nothing the second time."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from sqlalchemy import func, select

from service.errors import ErrorCode, Invalid
from service.players.importing import ImportCounts, ImportRow, apply_rows, read_rows
from service.players.players import enrol_player, find_player
from service.store.models import AuditEvent, User
from service.store.work import unit_of_work
from tests.support.app import databases

pytestmark = pytest.mark.store
NOW = datetime(2026, 12, 7, 10, 0, tzinfo=UTC)


def test_a_file_is_read_with_its_line_numbers():
    text = 'name,club_number\nAnn Lee,A1\n\n"Lee, Bo",B2\n  Cy  ,C3\n'
    assert read_rows(text.splitlines(keepends=True)) == [
        ImportRow(2, "A1", "Ann Lee"),
        ImportRow(4, "B2", "Lee, Bo"),
        ImportRow(5, "C3", "Cy"),
    ]
    assert read_rows(["club_number,name\n"]) == []


@pytest.mark.parametrize(
    ("text", "field", "message"),
    [
        ("", "header", "line 1: the header must name the columns club_number,name"),
        ("A1,Ann\n", "header", "line 1: the header must name"),
        ("club_number,name,email\nA1,Ann,a@b\n", "header", "line 1: the header must name"),
        ("club_number,name\nA1,Ann\na2,Bo\n", "club_number", "line 3: club_number must be 1 to 20 capital"),
        ("club_number,name\nA1,Ann\nA2,\n", "name", "line 3: name must be 1 to 120 printable"),
        ("club_number,name\nA1,Ann\nA2,Bo,x\n", "csv", "line 3: 3 cells where the header names 2"),
        (
            "club_number,name\nA1,Ann\nA2,Bo\nA1,Ann\n",
            "club_number",
            "line 4: club number A1 is on line 2 too",
        ),
        ('club_number,name\nA1,"Ann\n', "csv", "line 2: not CSV"),
    ],
)
def test_a_bad_line_is_refused_naming_its_line_and_field(text, field, message):
    with pytest.raises(Invalid) as refused:
        read_rows(text.splitlines(keepends=True))
    assert (refused.value.code, refused.value.field) == (ErrorCode.INVALID_FIELD, field)
    assert refused.value.message.startswith(message), refused.value.message


def apply(app, rows, progress=None):
    with unit_of_work(databases(app)) as db:
        admin = db.scalar(select(User).where(User.name == "admin"))
        return apply_rows(db, admin, rows, NOW, progress)


def test_players_are_enrolled_renamed_or_left_and_a_rerun_changes_nothing(app, monkeypatch):
    monkeypatch.setattr("service.players.importing.CHUNK", 2)
    with unit_of_work(databases(app)) as db:
        enrol_player(db, db.scalar(select(User).where(User.name == "pit_boss")), "B2", "Bo Chan")
        enrol_player(db, db.scalar(select(User).where(User.name == "pit_boss")), "C3", "Cy Leeds")
    rows = [ImportRow(2, "A1", "Ann Lee"), ImportRow(3, "B2", "Bo Lee"), ImportRow(4, "C3", "Cy Leeds")]
    seen: list[tuple[int, int]] = []
    counts = apply(app, rows, lambda done, total: seen.append((done, total)))
    assert counts == ImportCounts(enrolled=1, renamed=1, unchanged=1)
    assert seen == [(2, 3), (3, 3)]  # a chunk at a time
    with databases(app)() as db:
        assert find_player(db, "A1").name.name == "Ann Lee"
        assert [name.name for name in find_player(db, "B2").names] == ["Bo Chan", "Bo Lee"]
        events = db.scalar(
            select(func.count()).select_from(AuditEvent).where(AuditEvent.subject.like("player:%"))
        )
    assert events == 2 + 2
    assert apply(app, rows) == ImportCounts(enrolled=0, renamed=0, unchanged=3)
    with databases(app)() as db:
        again = db.scalar(
            select(func.count()).select_from(AuditEvent).where(AuditEvent.subject.like("player:%"))
        )
    assert again == events
