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
the template day's shift aggregates are copied to the new day, since the
same rounds sum to the same totals. The real sealer then seals the chain.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import timedelta
from time import perf_counter
from typing import Any, cast

from sqlalchemy import Connection, Table, func, insert, select, text, update

from service.audit.canonical import canonical_of
from service.audit.chain import seal_batch
from service.audit.event_mac import key_for, mac_of
from service.audit.kinds import EventKind
from service.cli.bench.scale_floor import Floor, Template, close_tables, open_tables, service_day
from service.jobs.queues import JobKind
from service.rounds.entering import request_digest
from service.rounds.storing import round_ref_of, settled_payload
from service.store.db import unit_of_work, utc_now
from service.store.models import (
    DEFAULT_SHIFT_STARTS,
    AggregatedRound,
    AuditEvent,
    AuditEventMac,
    OutboxEntry,
    RoundRecord,
    SeatRecord,
    ShiftAggregate,
)
from service.tables.gaming_day import place

INSERT_CHUNK = 5_000  # rows a bulk INSERT statement list
_ROUNDS, _SEATS, _EVENTS, _MACS, _OUTBOX, _AGGREGATED, _SHIFTS = (
    cast(Table, model.__table__)
    for model in (
        RoundRecord,
        SeatRecord,
        AuditEvent,
        AuditEventMac,
        OutboxEntry,
        AggregatedRound,
        ShiftAggregate,
    )
)
#: the tables whose ids the bulk INSERTs give (PostgreSQL's sequences are moved past them)
_NUMBERED = (_ROUNDS, _SEATS, _EVENTS, _OUTBOX, _SHIFTS)
#: the jobs a round entered queues, in the order it queues them
_ROUND_JOBS = (JobKind.SEAL, JobKind.AGGREGATE, JobKind.EXPECTED_VALUES)


def take_template(floor: Floor) -> Template:
    """The first day's rounds, seats, events and aggregates as stored."""
    day = floor.shape.first_day
    with floor.sessions() as session:
        connection = session.connection()
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
    return Template(
        day,
        [{k: v for k, v in row.items() if k != "id"} for row in rounds],
        [seats[record_id] for record_id in ids],
        [events[f"round:{record_id}"] for record_id in ids],
        aggregates,
    )


def replicate_day(floor: Floor, index: int) -> int:
    """The template's rounds stored again as gaming day ``index``, with
    their seats, events, MACs, jobs (dispatched) and counted markers, and
    the day's shift aggregates; how many rows were inserted."""
    template = floor.template
    assert template is not None  # taken after the first day
    shift = timedelta(days=index)
    new_day = template.day + shift
    old_text, new_text = f"{template.day:%Y%m%d}", f"{new_day:%Y%m%d}"
    now = utc_now()
    with unit_of_work(floor.sessions) as session:
        key = key_for(session)
        connection = session.connection()
        next_id = {table.name: _next_id(connection, table) for table in _NUMBERED}
        rows: dict[str, list[dict[str, Any]]] = {table.name: [] for table in (*_NUMBERED, _MACS, _AGGREGATED)}
        seat_id, job_id = next_id[_SEATS.name], next_id[_OUTBOX.name]
        for number, (columns, seats, (actor, version)) in enumerate(
            zip(template.rounds, template.seats, template.events, strict=True)
        ):
            record_id, event_id = next_id[_ROUNDS.name] + number, next_id[_EVENTS.name] + number
            new_round_id = columns["entered"]["round_id"].replace(old_text, new_text)
            body = {**columns["entered"], "round_id": new_round_id}
            at = columns["entered_at"] + shift
            when = place(at, "UTC", DEFAULT_SHIFT_STARTS)
            if (when.gaming_day, when.shift) != (new_day, columns["shift"]):
                raise AssertionError(
                    f"a copied round falls in {when}, not {new_day} shift {columns['shift']}"
                )
            stored = {
                **columns,
                "id": record_id,
                "round_ref": round_ref_of(new_round_id),
                "entered": body,
                "entered_at": at,
                "gaming_day": new_day,
                "idempotency_key": new_round_id,
                "request_digest": request_digest(columns["table_id"], body),
                "settlement": {**columns["settlement"], "round_id": new_round_id},
            }
            rows[_ROUNDS.name].append(stored)
            for seat in seats:
                rows[_SEATS.name].append({**seat, "id": seat_id, "round_id": record_id})
                seat_id += 1
            payload = settled_payload(RoundRecord(**stored), version, stored["request_digest"])
            event = {
                "id": event_id,
                "kind": EventKind.ROUND_SETTLED.value,
                "subject": f"round:{record_id}",
                "actor_id": actor,
                "table_id": columns["table_id"],
                "occurred_at": at,
                "payload": payload,
            }
            rows[_EVENTS.name].append(event)
            document = canonical_of(
                event_id, event["kind"], event["subject"], actor, event["table_id"], at, payload
            )
            rows[_MACS.name].append({"event_id": event_id, "mac": mac_of(key, document)})
            for job, ref in zip(_ROUND_JOBS, (event_id, record_id, record_id), strict=True):
                rows[_OUTBOX.name].append(
                    {
                        "id": job_id,
                        "job": job.value,
                        "ref": ref,
                        "created_at": now,
                        "dispatched_at": now,
                        "request_id": None,
                    }
                )
                job_id += 1
            rows[_AGGREGATED.name].append({"round_id": record_id, "aggregated_at": now, "removed_at": None})
        rows[_SHIFTS.name] = [
            {**row, "id": next_id[_SHIFTS.name] + number, "gaming_day": row["gaming_day"] + shift}
            for number, row in enumerate(template.aggregates)
        ]
        for table in (_ROUNDS, _SEATS, _EVENTS, _MACS, _OUTBOX, _AGGREGATED, _SHIFTS):
            _insert(connection, table, rows[table.name])
        _move_sequences(connection)
    floor.days = max(floor.days, index + 1)
    return sum(len(found) for found in rows.values())


def _next_id(connection: Connection, table: Table) -> int:
    return int(connection.execute(select(func.max(table.c.id))).scalar() or 0) + 1


def _insert(connection: Connection, table: Table, rows: Sequence[dict[str, Any]]) -> None:
    # executemany: SQLite's in one transaction; psycopg's as multi-row
    # INSERTs (SQLAlchemy's insertmanyvalues), a thousand rows a statement.
    for start in range(0, len(rows), INSERT_CHUNK):
        connection.execute(insert(table), list(rows[start : start + INSERT_CHUNK]))


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


def dispatch_all(floor: Floor) -> None:
    """The outbox rows marked sent, as the dispatcher marks them once Redis
    took them (the bench runs no dispatcher: the jobs ran in process)."""
    with unit_of_work(floor.sessions) as session:
        session.execute(
            update(OutboxEntry).where(OutboxEntry.dispatched_at.is_(None)).values(dispatched_at=utc_now())
        )


def seal_all(floor: Floor) -> int:
    """Every event sealed, a batch a transaction, as the audit job does."""
    with floor.sessions() as session:
        newest = session.scalar(select(func.max(AuditEvent.id))) or 0
    links = 0
    while True:
        with unit_of_work(floor.sessions) as session:
            sealed, _ = seal_batch(session, newest)
        if not sealed:
            return links
        links += sealed


def grow_to(floor: Floor, days: int, progress: Callable[[str], None], *, copy: bool = True) -> dict[str, Any]:
    """Store gaming days until there are ``days``: the first (and every
    one, unless ``copy``) through the use cases, the rest copied; then the
    outbox dispatched and the chain sealed. What it took."""
    start = perf_counter()
    copied = 0
    while floor.days < days:
        index = floor.days
        began = perf_counter()
        if index == 0 or not copy:
            service_day(floor, index)
            if index == 0:
                floor.template = take_template(floor)
            how = "through the use cases"
        else:
            open_tables(floor, index)
            copied += replicate_day(floor, index)
            close_tables(floor, index)
            how = "copied"
        progress(f"gaming day {index + 1} of {days} ({how}) in {perf_counter() - began:.1f} s")
    loaded = perf_counter() - start
    dispatch_all(floor)
    sealing = perf_counter()
    links = seal_all(floor)
    sealed = perf_counter() - sealing
    progress(f"sealed {links:,} events in {sealed:.1f} s")
    return {
        "seconds": loaded + sealed,
        "days_seconds": loaded,
        "rows_copied": copied,
        "seal_seconds": sealed,
        "links_sealed": links,
    }
