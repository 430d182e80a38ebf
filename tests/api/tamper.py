"""Playing a DBA who edits rows directly: the append-only and immutability
triggers dropped, then plain SQL against the tables."""

from __future__ import annotations

from sqlalchemy import Engine, text

from service.db import make_engine

APPEND_ONLY = ("audit_events", "audit_seals")  # migration 0003
IMMUTABLE = ("rounds", "round_seats")  # migration 0002


def drop_triggers(engine: Engine) -> None:
    with engine.begin() as connection:
        if engine.dialect.name == "postgresql":
            for table in APPEND_ONLY:
                connection.execute(text(f"DROP TRIGGER {table}_append_only ON {table}"))
            for table in IMMUTABLE:
                connection.execute(text(f"DROP TRIGGER {table}_immutable ON {table}"))
            return
        for table in (*APPEND_ONLY, *IMMUTABLE):
            for action in ("update", "delete"):
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
