"""A store test's PostgreSQL database emptied back to the migrated head in
place, rather than dropped and copied again from the head's template.

A copy takes a third of a second (the catalogs are copied too), and the
store tests run on PostgreSQL nine hundred times a run. The reset takes
every row out with the triggers off (the append-only guards would refuse
it: ``session_replication_role`` is a superuser's, as the tests' server
user is), puts back the rows the migrations seeded and sets every
sequence back. It is done only when the schema is the head's exactly:
a test that dropped a trigger, changed a grant or ran a downgrade leaves
a fingerprint that differs, and its database is copied again instead."""

from __future__ import annotations

import json
from dataclasses import dataclass

from sqlalchemy import Connection, create_engine, text
from sqlalchemy.engine import make_url
from sqlalchemy.exc import DBAPIError, OperationalError

# The schema as the catalogs describe it: tables, columns and their
# defaults, constraints, indexes, triggers (and whether they are on),
# functions, row security, grants and the migration the database is at.
_FINGERPRINT = text(
    """
    SELECT md5(string_agg(item, E'\\n' ORDER BY item)) FROM (
        SELECT concat_ws(' ', 'rel', c.relname, c.relkind, c.relacl, c.relrowsecurity, c.relforcerowsecurity)
            AS item
        FROM pg_class c WHERE c.relnamespace = 'public'::regnamespace
        UNION ALL
        SELECT concat_ws(
            ' ', 'col', a.attrelid::regclass, a.attname, format_type(a.atttypid, a.atttypmod),
            a.attnotnull, pg_get_expr(d.adbin, d.adrelid), a.attacl
        )
        FROM pg_attribute a
        JOIN pg_class c ON c.oid = a.attrelid AND c.relnamespace = 'public'::regnamespace
        LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
        WHERE a.attnum > 0 AND NOT a.attisdropped
        UNION ALL
        SELECT concat_ws(' ', 'con', conrelid::regclass, conname, pg_get_constraintdef(oid))
        FROM pg_constraint WHERE connamespace = 'public'::regnamespace
        UNION ALL
        SELECT concat_ws(' ', 'idx', pg_get_indexdef(indexrelid)) FROM pg_index i
        JOIN pg_class c ON c.oid = i.indexrelid AND c.relnamespace = 'public'::regnamespace
        UNION ALL
        SELECT concat_ws(' ', 'trg', tgrelid::regclass, tgname, tgenabled, pg_get_triggerdef(oid))
        FROM pg_trigger WHERE NOT tgisinternal
        UNION ALL
        SELECT concat_ws(' ', 'fn', p.oid::regprocedure, md5(p.prosrc), p.proacl)
        FROM pg_proc p WHERE p.pronamespace = 'public'::regnamespace
        UNION ALL
        SELECT concat_ws(' ', 'pol', polrelid::regclass, polname) FROM pg_policy
        UNION ALL
        SELECT concat_ws(' ', 'ns', nspname, nspacl) FROM pg_namespace
        WHERE nspname NOT LIKE 'pg_%' AND nspname <> 'information_schema'
        UNION ALL
        SELECT concat_ws(' ', 'db', datacl) FROM pg_database WHERE datname = current_database()
        UNION ALL
        SELECT concat_ws(' ', 'set', array_to_string(setconfig, ',')) FROM pg_db_role_setting
        WHERE setdatabase = (SELECT oid FROM pg_database WHERE datname = current_database())
        UNION ALL
        SELECT concat_ws(' ', 'ext', extname, extversion) FROM pg_extension
        UNION ALL
        SELECT concat_ws(' ', 'at', version_num) FROM alembic_version
    ) AS schema
    """
)
_TABLES = text(
    "SELECT tablename FROM pg_tables WHERE schemaname = 'public' AND tablename <> 'alembic_version'"
)
_SEQUENCES = text(
    "SELECT sequencename, coalesce(last_value, start_value), last_value IS NOT NULL"
    " FROM pg_sequences WHERE schemaname = 'public'"
)
_FILLED = "SELECT name FROM ({}) AS filled(name)"
_SET_SEQUENCES = text(
    "SELECT setval(quote_ident(s.name)::regclass, s.value, s.called)"
    " FROM json_to_recordset(CAST(:sequences AS json)) AS s(name text, value bigint, called boolean)"
)
_OTHERS = text(
    "SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
    " WHERE datname = current_database() AND pid <> pg_backend_pid()"
)


@dataclass(frozen=True)
class Head:
    """What a freshly migrated database holds: its schema's fingerprint,
    the rows of the tables the migrations seeded (as JSON) and every
    sequence's state."""

    fingerprint: str
    tables: tuple[str, ...]
    rows: tuple[tuple[str, str], ...]
    sequences: tuple[dict[str, object], ...]  # JSON objects for json_to_recordset


#: by database URL: the head as it was when that database was last made
_HEADS: dict[str, Head] = {}


def psycopg_engine(url: str):
    """An engine on the database ``url`` names, by psycopg (3) whatever
    driver the URL names."""
    return create_engine(make_url(url).set(drivername="postgresql+psycopg"))


def _read_head(connection: Connection) -> Head:
    tables = tuple(sorted(connection.scalars(_TABLES)))
    rows = []
    for table in tables:
        found = connection.scalar(text(f'SELECT json_agg(t) FROM "{table}" AS t'))
        if found:
            rows.append((table, json.dumps(found)))
    return Head(
        fingerprint=str(connection.scalar(_FINGERPRINT)),
        tables=tables,
        rows=tuple(rows),
        sequences=tuple(
            {"name": str(name), "value": int(value), "called": bool(called)}
            for name, value, called in connection.execute(_SEQUENCES)
        ),
    )


def note_head(url: str) -> None:
    """Remember what the database ``url`` names holds, just made as a copy
    of the migrated head: what a reset puts back."""
    engine = psycopg_engine(url)
    try:
        with engine.connect() as connection:
            _HEADS[url] = _read_head(connection)
    finally:
        engine.dispose()


def reset_to_head(url: str) -> bool:
    """Empty the database ``url`` names back to its head in place; False
    (nothing done) when it cannot be: never noted, gone, or its schema
    changed since (or dropped: a test of an unmigrated database)."""
    head = _HEADS.get(url)
    if head is None:
        return False
    engine = psycopg_engine(url)
    try:
        with engine.connect() as connection:
            connection.execute(_OTHERS)  # a finished test's pool or worker
            connection.commit()
            try:
                found = connection.scalar(_FINGERPRINT)
            except DBAPIError:  # not the head's schema at all: no alembic_version, say
                return False
        if found != head.fingerprint:
            return False
        with engine.begin() as connection:
            emptied = _put_back(connection, head)
        if emptied:
            # The emptied files cut back to nothing, as a fresh copy's are: a
            # table's rows then lie in the order they were written, which
            # a query without ORDER BY shows (as on a fresh copy; a row
            # written where a deleted one was would show first).
            with engine.connect().execution_options(isolation_level="AUTOCOMMIT") as connection:
                connection.exec_driver_sql("VACUUM " + ", ".join(f'"{table}"' for table in emptied))
        return True
    except OperationalError:  # gone, or not reachable: the copy makes it afresh
        return False
    finally:
        engine.dispose()


def _put_back(connection: Connection, head: Head) -> list[str]:
    """The rows out, the head's back, the sequences set; the tables that
    had rows."""
    connection.execute(text("SET LOCAL session_replication_role = replica"))
    any_row = (f"(SELECT '{table}' FROM \"{table}\" LIMIT 1)" for table in head.tables)
    filled = list(connection.scalars(text(_FILLED.format(" UNION ALL ".join(any_row)))))
    if filled:
        connection.exec_driver_sql("; ".join(f'DELETE FROM "{table}"' for table in filled))
    for table, rows in head.rows:
        connection.execute(
            text(f'INSERT INTO "{table}" SELECT * FROM json_populate_recordset(NULL::"{table}", :rows)'),
            {"rows": rows},
        )
    connection.execute(_SET_SEQUENCES, {"sequences": json.dumps(head.sequences)})
    return filled
