"""Playing a DBA who edits rows directly: the append-only and immutability
triggers dropped, then plain SQL against the tables."""

from __future__ import annotations

import copy
from collections.abc import Iterable

from sqlalchemy import Engine, select, text, update

from service.audit.canonical import canonical
from service.audit.event_mac import key_for, mac_of
from service.engine.round_json import round_from_json
from service.engine.settlement import settle_round
from service.rounds.entering import request_digest
from service.rounds.settlement_json import settlement_json
from service.rounds.storing import seat_rows
from service.store.db import Db, database_factory, make_engine
from service.store.models import AuditEvent, AuditEventMac, ConfigVersion, RoundRecord, SeatRecord
from service.store.work import unit_of_work
from service.tables.tables import config_of

APPEND_ONLY = ("audit_events", "audit_seals")  # migration 0003
IMMUTABLE = ("rounds", "round_seats")  # migration 0002


def drop_triggers(engine: Engine) -> None:
    """Every trigger of migrations 0002 and 0003 on these tables, and those
    of 0007 refusing a replacing INSERT (SQLite) or a TRUNCATE (PostgreSQL)."""
    with engine.begin() as connection:
        if engine.dialect.name == "postgresql":
            for table in APPEND_ONLY:
                connection.execute(text(f"DROP TRIGGER {table}_append_only ON {table}"))
            for table in IMMUTABLE:
                connection.execute(text(f"DROP TRIGGER {table}_immutable ON {table}"))
            for table in (*APPEND_ONLY, *IMMUTABLE):
                connection.execute(text(f"DROP TRIGGER {table}_no_truncate ON {table}"))
            return
        for table in (*APPEND_ONLY, *IMMUTABLE):
            for action in ("update", "delete", "replace"):
                connection.execute(text(f"DROP TRIGGER {table}_no_{action}"))


def execute_without_foreign_keys(url: str, statement: str, **parameters: object) -> None:
    """Run one statement with foreign keys not enforced (deleting a sealed
    event under its seal)."""
    engine = make_engine(url)
    try:
        with engine.connect() as connection:
            if engine.dialect.name == "postgresql":
                connection.execute(
                    text("ALTER TABLE audit_seals DROP CONSTRAINT fk_audit_seals_event_id_audit_events")
                )
            else:
                # Outside a transaction, or SQLite ignores it.
                connection.exec_driver_sql("PRAGMA foreign_keys = OFF")
            connection.execute(text(statement), parameters)
            connection.commit()
    finally:
        engine.dispose()


def rewrite_round(engine: Engine, round_id: int, seat: int, main: int) -> int:
    """What the issue describes: raise a seat's main bet in a stored round,
    re-settle it with the engine, and rewrite the round's body as entered,
    settlement, house net, seats and request digest together, so the round
    agrees with itself (drop the triggers first). The new house net."""
    with unit_of_work(database_factory(engine)) as db:
        record = db.get_one(RoundRecord, round_id)
        entered = copy.deepcopy(record.entered)
        for entry in entered["seats"]:
            if entry["seat"] == seat:
                entry["bets"]["main"] = main
        round_ = round_from_json(entered)
        settled = settle_round(round_, config_of(db.get_one(ConfigVersion, record.config_id)))
        db.execute(
            update(RoundRecord)
            .where(RoundRecord.id == round_id)
            .values(
                entered=entered,
                settlement=settlement_json(settled),
                house_net=settled.house_net,
                request_digest=request_digest(record.table_id, entered),
            )
        )
        for row in seat_rows(round_, settled):
            db.execute(
                update(SeatRecord)
                .where(SeatRecord.round_id == round_id, SeatRecord.seat == row["seat"])
                .values(**row)
            )
        return settled.house_net


#: migration 0011's tables of table accounting records
ACCOUNTING = (
    "table_sessions",
    "inventory_counts",
    "slips",
    "slip_signatures",
    "drop_counts",
    "check_notes",
)


def drop_accounting_triggers(engine: Engine) -> None:
    """Every trigger of migration 0011 on the accounting records: their
    rows can then be updated, deleted or replaced like any others."""
    postgresql = engine.dialect.name == "postgresql"
    actions = ("update", "delete", "truncate") if postgresql else ("update", "delete", "replace")
    with engine.begin() as connection:
        for table in ACCOUNTING:
            for action in actions:
                on = f" ON {table}" if postgresql else ""
                connection.execute(text(f"DROP TRIGGER {table}_no_{action}{on}"))


def authenticate(db: Db, event_ids: Iterable[int]) -> None:
    """MACs for events a test wrote straight into the table as the service
    would have (an id gap, bulk copies for speed): the sealer seals them."""
    key = key_for(db)
    events = db.scalars(select(AuditEvent).where(AuditEvent.id.in_(list(event_ids)))).all()
    db.add_all(AuditEventMac(event_id=event.id, mac=mac_of(key, canonical(event))) for event in events)
    db.flush()
