"""The export reads a seat's gaming day and foul, and the rounds' and the
audit trail's times, as the driver gives them (SQLite: text, 0 or 1) and
makes them cells as their column types would have read them: the same
cells, on SQLite and on PostgreSQL."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from zoneinfo import ZoneInfo

import pytest
from sqlalchemy import create_engine, select

from service.audit.canonical import canonical_event
from service.compliance.export_cells import cell, plain_text
from service.compliance.export_chain import chain_lines
from service.compliance.export_values import as_stored, instant_cells, loaded, stored_cells
from service.store.db import UTCDateTime
from service.store.models import AuditEvent, AuditSeal, RoundRecord, SeatRecord
from tests.bench.scratch import seal_all
from tests.support.app import databases
from tests.support.rounds_data import enter, round_body

pytestmark = pytest.mark.store


def test_a_stored_day_and_foul_are_the_cells_their_types_read(app, client, as_role, table):
    fouled = round_body("f1")["seats"]
    fouled[1]["setting"] = {"low": ["Kh", "Ks"], "high": ["8h", "8s", "Ac"]}  # low above high
    enter(client, as_role["dealer"], table, "f1", seats=fouled)
    enter(client, as_role["dealer"], table, "f2")
    columns = (RoundRecord.gaming_day, SeatRecord.fouled)
    with databases(app)() as db:
        readers = [stored_cells(column, db) for column in columns]
        rows = db.execute(
            select(*columns, *(as_stored(column).label(f"stored_{column.key}") for column in columns)).join(
                RoundRecord, RoundRecord.id == SeatRecord.round_id
            )
        ).all()
    assert len(rows) > 2
    assert {row[1] for row in rows} == {True, False}
    for day, foul, stored_day, stored_foul in rows:
        shown = [read(stored) for read, stored in zip(readers, (stored_day, stored_foul), strict=True)]
        assert shown == [plain_text(day), plain_text(foul)] == [cell(day), cell(foul)]
        assert shown == [day.isoformat(), "true" if foul else "false"]


def test_stored_times_are_the_cells_their_types_read(app, client, as_role, table):
    enter(client, as_role["dealer"], table, "t1")
    enter(client, as_role["dealer"], table, "t2")
    seal_all(databases(app))
    columns = (RoundRecord.entered_at, AuditEvent.occurred_at, AuditSeal.sealed_at)
    with databases(app)() as db:
        for column in columns:
            read = instant_cells(column, db)
            rows = db.execute(select(column, as_stored(column).label("stored"))).all()
            assert rows
            assert [read(stored) for _, stored in rows] == [moment.isoformat() for moment, _ in rows]


class Bound:
    """What instant_cells asks of a session: its engine's dialect."""

    def __init__(self, url: str) -> None:
        self.engine = create_engine(url)

    def get_bind(self):
        return self.engine


@pytest.mark.parametrize(
    ("url", "values"),
    [
        (
            "sqlite://",
            [
                "2026-01-02 03:04:05.000000",
                "2026-01-02 03:04:05.123400",
                "2026-01-02 03:04:05",
                "2026-01-02T03:04:05+05:30",  # text SQLite holds however it came
                "2026-01-02",
                None,
            ],
        ),
        (
            "postgresql+psycopg://",
            [
                datetime(2026, 1, 2, 3, 4, 5, tzinfo=UTC),
                datetime(2026, 1, 2, 3, 4, 5, 6, tzinfo=ZoneInfo("America/Los_Angeles")),
                datetime(2026, 1, 2, 3, 4, 5),
                None,
            ],
        ),
    ],
)
def test_a_time_is_read_as_utc_datetime_reads_it(url, values):
    bound = Bound(url)
    dialect = bound.engine.dialect
    typed = UTCDateTime().dialect_impl(dialect).result_processor(dialect, None)
    read = instant_cells(AuditEvent.occurred_at, bound)
    for value in values:
        moment = typed(value)
        assert read(value) == (None if moment is None else moment.isoformat())
    for broken in ("no time", "2026-13-01 00:00:00.000000"):
        if url == "sqlite://":
            with pytest.raises(ValueError, match=r"isoformat|month"):
                typed(broken)
            with pytest.raises(ValueError, match=r"isoformat|month"):
                read(broken)


def test_only_a_utc_datetime_column_is_read_as_a_time():
    with pytest.raises(TypeError, match="not a UTCDateTime"):
        instant_cells(RoundRecord.gaming_day, Bound("sqlite://"))


@pytest.mark.parametrize(
    "event",
    [
        (7, "round_settled", "round:3", 1, 2, '{"a":[1,2,{"b":null}],"z":"é"}'),
        (8, "login", 'user:"x"\\\n\u2028', None, None, '{"why":"tab\\there","n":-5}'),
        (9, "note", "note", True, 3, '{"big":18446744073709551616}'),  # a flag where an id was
        (10, "note", "note", 4, 5, '"just text"'),
    ],
)
def test_a_chain_line_is_the_encoders_text_of_its_document(event):
    event_id, kind, subject, actor_id, table_id, payload = event
    row = (event_id + 100, "a" * 64, "b" * 64, "2026-01-02 03:04:05.000000")
    row += (event_id, kind, subject, actor_id, table_id, "2026-01-02 03:04:05.123400", payload)
    line = chain_lines(Bound("sqlite://"))(row)
    document = {
        "seq": event_id + 100,
        "event_id": event_id,
        "previous_hash": "a" * 64,
        "hash": "b" * 64,
        "sealed_at": "2026-01-02T03:04:05+00:00",
        "event": canonical_event(
            event_id, kind, subject, actor_id, table_id, "2026-01-02T03:04:05.123400+00:00", loaded(payload)
        ),
    }
    assert line == json.dumps(document, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    assert json.loads(line) == document
