"""The triggers that make a migration's tables append-only: no UPDATE,
DELETE or TRUNCATE, and on SQLite no INSERT OR REPLACE (which deletes the
row a unique key matches). Shared by the migrations that add record
tables; what each one creates is fixed by its arguments, so an old
migration runs as it always did.

PostgreSQL's triggers call ``refuse_audit_change()``, migration 0003's."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from alembic import op

UniqueKeys = Mapping[str, Sequence[Sequence[str]]]


def _matches(table: str, unique_keys: UniqueKeys) -> str:
    found = []
    for key in unique_keys[table]:
        same = " AND ".join(f"{column} = NEW.{column}" for column in key)
        found.append(f"EXISTS (SELECT 1 FROM {table} WHERE {same})")
    return " OR ".join(found)


def _sqlite_guards(unique_keys: UniqueKeys, message: str) -> None:
    for table in unique_keys:
        for action in ("UPDATE", "DELETE"):
            op.execute(
                f"CREATE TRIGGER {table}_no_{action.lower()} BEFORE {action} ON {table} "
                f"BEGIN SELECT RAISE(ABORT, '{message}'); END"
            )
        op.execute(
            f"CREATE TRIGGER {table}_no_replace BEFORE INSERT ON {table} WHEN {_matches(table, unique_keys)} "
            f"BEGIN SELECT RAISE(ABORT, '{message}: a stored row is never replaced'); END"
        )


def _postgresql_guards(tables: Sequence[str]) -> None:
    for table in tables:
        op.execute(
            f"CREATE TRIGGER {table}_no_truncate BEFORE TRUNCATE ON {table} "
            "FOR EACH STATEMENT EXECUTE FUNCTION refuse_audit_change()"
        )
        for action in ("UPDATE", "DELETE"):
            op.execute(
                f"CREATE TRIGGER {table}_no_{action.lower()} BEFORE {action} ON {table} "
                "FOR EACH ROW EXECUTE FUNCTION refuse_audit_change()"
            )


def add_guards(unique_keys: UniqueKeys, message: str) -> None:
    """Guard every table of ``unique_keys`` (table -> each of its unique
    keys, as column names), refusing a change with ``message``."""
    if op.get_bind().dialect.name == "postgresql":
        _postgresql_guards(tuple(unique_keys))
    else:
        _sqlite_guards(unique_keys, message)


def drop_guards(tables: Sequence[str]) -> None:
    """The triggers ``add_guards`` made, dropped (a downgrade)."""
    postgresql = op.get_bind().dialect.name == "postgresql"
    for table in tables:
        actions = ("update", "delete", "truncate") if postgresql else ("update", "delete", "replace")
        for action in actions:
            op.execute(f"DROP TRIGGER {table}_no_{action}" + (f" ON {table}" if postgresql else ""))
