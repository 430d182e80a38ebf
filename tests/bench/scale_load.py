"""``bench-scale``'s database grown a gaming day at a time.

The first gaming day goes through the service's own use cases: each table
opened with its tray counted, a fill and a credit signed at every step,
rounds entered (:func:`service.rounds.entering.enter_round`), the table
closed, its drop box counted and its figures kept, every round counted into
the aggregates, the outbox dispatched and the chain sealed. That day is the
template. Each later day keeps going through the use cases for the table
accounting (a few hundred rows a day), but its rounds are the template's
copied in bulk: the same cards and bets a day later, with their own ids,
round ids, idempotency keys, times and gaming day, and everything derived
from those computed again by the service's functions (the request digest,
the ``round_settled`` payload, its canonical JSON and MAC, the placement);
the template day's shift aggregates and expected-win totals are copied to
the new day, since the same rounds sum to the same totals. The real sealer then seals the chain.
"""

from __future__ import annotations

from collections import Counter
from datetime import date, timedelta
from types import SimpleNamespace
from typing import Any, cast

from sqlalchemy import Connection, Table, func, select, text

from service.audit.canonical import canonical_of
from service.audit.event_mac import key_for, mac_of
from service.audit.kinds import EventKind
from service.jobs.queues import JobKind
from service.rounds.entering import request_digest
from service.rounds.round_counts import count_inserted
from service.rounds.storing import round_ref_of, settled_payload
from service.store.db import utc_now
from service.store.models import (
    DEFAULT_SHIFT_STARTS,
    AggregatedRound,
    AuditEvent,
    AuditEventMac,
    OutboxEntry,
    RoundRecord,
    SeatRecord,
    ShiftAggregate,
    ShiftExpectedValues,
)
from service.store.work import unit_of_work
from service.tables.gaming_day import place
from tests.bench.scale_floor import Floor, Template

INSERT_CHUNK = 1_000  # rounds (with their seats, events and jobs) an executemany
_ROUNDS, _SEATS, _EVENTS, _MACS, _OUTBOX, _AGGREGATED, _SHIFTS, _VALUE_SUMS = (
    cast(Table, model.__table__)
    for model in (
        RoundRecord,
        SeatRecord,
        AuditEvent,
        AuditEventMac,
        OutboxEntry,
        AggregatedRound,
        ShiftAggregate,
        ShiftExpectedValues,
    )
)
#: the tables whose ids the bulk INSERTs give (PostgreSQL's sequences are moved past them)
_NUMBERED = (_ROUNDS, _SEATS, _EVENTS, _OUTBOX, _SHIFTS, _VALUE_SUMS)
#: the jobs a round entered queues, in the order it queues them
_ROUND_JOBS = (JobKind.AGGREGATE, JobKind.EXPECTED_VALUES, JobKind.HIDDEN_INFORMATION, JobKind.SEAL)


def take_template(floor: Floor) -> Template:
    """The first day's rounds, seats, events and aggregates as stored."""
    day = floor.shape.first_day
    with floor.databases() as db:
        connection = db.connection()
        rows = connection.execute(
            select(_ROUNDS).where(_ROUNDS.c.gaming_day == day).order_by(_ROUNDS.c.id)
        ).mappings()
        rounds = [dict(row) for row in rows]
        ids = [row["id"] for row in rounds]
        seats: dict[int, list[dict[str, Any]]] = {record_id: [] for record_id in ids}
        for row in connection.execute(
            select(_SEATS).where(_SEATS.c.round_id.between(ids[0], ids[-1])).order_by(_SEATS.c.id)
        ).mappings():
            seats[row["round_id"]].append({k: v for k, v in row.items() if k not in ("id", "round_id")})
        events: dict[str, tuple[int, int]] = {}
        settled = select(_EVENTS.c.subject, _EVENTS.c.actor_id, _EVENTS.c.payload).where(
            _EVENTS.c.kind == EventKind.ROUND_SETTLED
        )
        for event in connection.execute(settled).mappings():
            events[str(event["subject"])] = (int(event["actor_id"]), int(event["payload"]["config_version"]))
        shifts = connection.execute(
            select(_SHIFTS).where(_SHIFTS.c.gaming_day == day).order_by(_SHIFTS.c.id)
        ).mappings()
        aggregates = [{k: v for k, v in row.items() if k != "id"} for row in shifts]
        sums = connection.execute(
            select(_VALUE_SUMS).where(_VALUE_SUMS.c.gaming_day == day).order_by(_VALUE_SUMS.c.id)
        ).mappings()
        value_sums = [{k: v for k, v in row.items() if k != "id"} for row in sums]
    return Template(
        day,
        [{k: v for k, v in row.items() if k != "id"} for row in rounds],
        [seats[record_id] for record_id in ids],
        [events[f"round:{record_id}"] for record_id in ids],
        aggregates,
        value_sums,
    )


class _Writer:
    """Rows of one table, INSERTed with the driver's executemany a chunk at
    a time. Each value goes through its column type's own bind processor,
    as SQLAlchemy's ``insert()`` would send it (JSON as the JSON type
    serialises it, times as UTCDateTime stores them), without compiling
    the statement's parameters again for every row: that and the JSON of
    the seats were most of a copied day's time."""

    def __init__(self, connection: Connection, table: Table) -> None:
        dialect = connection.dialect
        quote = dialect.identifier_preparer.quote
        mark = "?" if dialect.paramstyle == "qmark" else "%s"
        self.names = [column.name for column in table.columns]
        self.processors = [
            column.type.dialect_impl(dialect).bind_processor(dialect) for column in table.columns
        ]
        self.sql = (
            f"INSERT INTO {quote(table.name)} ({', '.join(quote(name) for name in self.names)}) "
            f"VALUES ({', '.join([mark] * len(self.names))})"
        )
        self.connection = connection
        self.rows: list[tuple[Any, ...]] = []
        self.written = 0

    def values(self, row: dict[str, Any], skip: int = 0) -> tuple[Any, ...]:
        """A row's values as sent, but its first ``skip`` columns."""
        pairs = zip(self.names[skip:], self.processors[skip:], strict=True)
        return tuple(row[name] if process is None else process(row[name]) for name, process in pairs)

    def add(self, row: dict[str, Any]) -> None:
        self.add_sent(self.values(row))

    def add_sent(self, values: tuple[Any, ...]) -> None:
        self.rows.append(values)

    def flush(self) -> None:
        if self.rows:
            self.connection.exec_driver_sql(self.sql, self.rows)
            self.written += len(self.rows)
            self.rows = []


def replicate_day(floor: Floor, index: int) -> int:
    """The template's rounds stored again as gaming day ``index``, with
    their seats, events, MACs, jobs (dispatched) and counted markers, and
    the day's shift aggregates and expected-win totals; how many rows were inserted."""
    template = floor.template
    assert template is not None  # taken after the first day
    shift = timedelta(days=index)
    now = utc_now()
    with unit_of_work(floor.databases) as db:
        key = key_for(db)
        connection = db.connection()
        writers = {table.name: _Writer(connection, table) for table in (*_NUMBERED, _MACS, _AGGREGATED)}
        next_id = {table.name: _next_id(connection, table) for table in _NUMBERED}
        # A seat's columns but its id and round are the same every day: sent once.
        seats = writers[_SEATS.name]
        assert seats.names[:2] == ["id", "round_id"]
        same_seats = template.sent_seats.get(connection.dialect.name)
        if same_seats is None:
            same_seats = [[seats.values(seat, skip=2) for seat in each] for each in template.seats]
            template.sent_seats[connection.dialect.name] = same_seats
        seat_id, job_id = next_id[_SEATS.name], next_id[_OUTBOX.name]
        for number, columns in enumerate(template.rounds):
            record_id, event_id = next_id[_ROUNDS.name] + number, next_id[_EVENTS.name] + number
            stored = _copied_round(columns, template.day, shift)
            stored["id"] = record_id
            writers[_ROUNDS.name].add(stored)
            for values in same_seats[number]:
                seats.add_sent((seat_id, record_id, *values))
                seat_id += 1
            actor, version = template.events[number]
            _add_event(writers, key, event_id, actor, version, stored)
            for job, ref in zip(_ROUND_JOBS, (record_id, record_id, record_id, event_id), strict=True):
                outbox = {"job": job.value, "ref": ref, "created_at": now, "dispatched_at": now}
                writers[_OUTBOX.name].add({"id": job_id, **outbox, "request_id": None})
                job_id += 1
            writers[_AGGREGATED.name].add({"round_id": record_id, "aggregated_at": now, "removed_at": None})
            if (number + 1) % INSERT_CHUNK == 0:
                for writer in writers.values():  # the rounds first: the seats' foreign key
                    writer.flush()
        for table, rows in ((_SHIFTS, template.aggregates), (_VALUE_SUMS, template.value_sums)):
            for number, row in enumerate(rows):
                writers[table.name].add(
                    {**row, "id": next_id[table.name] + number, "gaming_day": row["gaming_day"] + shift}
                )
        for writer in writers.values():
            writer.flush()
        _count_copies(connection, template.rounds, shift)
        _move_sequences(connection)
    floor.days = max(floor.days, index + 1)
    return sum(writer.written for writer in writers.values())


def _count_copies(connection: Connection, rounds: list[dict[str, Any]], shift: timedelta) -> None:
    """The copied records counted for the round list, as storing each would."""
    copies = Counter((row["table_id"], row["gaming_day"] + shift, row["shift"]) for row in rounds)
    for (table_id, day, shift_number), added in copies.items():
        count_inserted(connection, table_id, day, shift_number, added)


def _copied_round(columns: dict[str, Any], day: date, shift: timedelta) -> dict[str, Any]:
    """A template round's columns moved ``shift`` later: its round id (and
    so its idempotency key, ref, body, settlement and digest), its time and
    its gaming day; its placement checked against the service's."""
    new_day = day + shift
    new_round_id = columns["entered"]["round_id"].replace(f"{day:%Y%m%d}", f"{new_day:%Y%m%d}")
    body = {**columns["entered"], "round_id": new_round_id}
    at = columns["entered_at"] + shift
    when = place(at, "UTC", DEFAULT_SHIFT_STARTS)
    if (when.gaming_day, when.shift) != (new_day, columns["shift"]):
        raise AssertionError(f"a copied round falls in {when}, not {new_day} shift {columns['shift']}")
    return {
        **columns,
        "round_ref": round_ref_of(new_round_id),
        "entered": body,
        "entered_at": at,
        "gaming_day": new_day,
        "idempotency_key": new_round_id,
        "request_digest": request_digest(columns["table_id"], body),
        "settlement": {**columns["settlement"], "round_id": new_round_id},
    }


def _add_event(
    writers: dict[str, _Writer], key: bytes, event_id: int, actor: int, version: int, stored: dict[str, Any]
) -> None:
    """The round's ``round_settled`` event and its MAC, as record_event writes them."""
    # The record's attributes on a plain object: the payload reads only
    # those, and an ORM instance took longer to build than the payload.
    record = cast(RoundRecord, SimpleNamespace(**stored))
    payload = settled_payload(record, version, stored["request_digest"])
    at, table_id, kind, subject = (
        stored["entered_at"],
        stored["table_id"],
        EventKind.ROUND_SETTLED.value,
        f"round:{stored['id']}",
    )
    event = {"id": event_id, "kind": kind, "subject": subject, "actor_id": actor, "table_id": table_id}
    writers[_EVENTS.name].add({**event, "occurred_at": at, "payload": payload})
    document = canonical_of(event_id, kind, subject, actor, table_id, at, payload)
    writers[_MACS.name].add({"event_id": event_id, "mac": mac_of(key, document)})


def _next_id(connection: Connection, table: Table) -> int:
    return int(connection.execute(select(func.max(table.c.id))).scalar() or 0) + 1


def _move_sequences(connection: Connection) -> None:
    """On PostgreSQL, each id sequence past the ids just given by hand, so
    the service's next INSERT takes the next one."""
    if connection.dialect.name != "postgresql":
        return
    for table in _NUMBERED:
        name = table.name
        connection.execute(
            text(f"SELECT setval(pg_get_serial_sequence('{name}', 'id'), (SELECT max(id) FROM {name}))")
        )
