"""Least privilege on PostgreSQL: the rights of the role the API and the
workers connect as (``breakpoker db grant-app-role``).

The migrations run as the owner role (MIGRATE_DATABASE_URL), which owns
every table; the app role owns nothing. It may read and write rows (the
service updates users, tokens, the outbox, jobs and its counters; the record
tables refuse an UPDATE or DELETE by their append-only triggers whoever
asks), and use the sequences. It gets no TRUNCATE, TRIGGER or REFERENCES,
and, owning no table, cannot ALTER one, so neither DISABLE TRIGGER nor DROP
is open to it: a forger with the app's password cannot switch the
append-only triggers off or empty a table. It reads the migration revision
and cannot change it. Default privileges give it the same rights on the
tables later migrations add, so granting once is enough, though doing it
again after each upgrade (as the image's migrate step does) is harmless.

``session_figures`` is the one derived table the app role may rewrite:
the workers' session figures job keeps it
(:func:`service.accounting.figures.figure_session`, its only writer), and
the API and the workers connect as this one role, so no grant can let the
job write it and refuse the API. The table is narrowed to what the job
does instead: insert a row, and rewrite its figures; never delete one, nor
move it to another session, table, gaming day or shift (the columns of
``SESSION_FIGURES_FIXED``, written once). A figure forged through the
app's role (or by the owner) is caught after the fact: every verification
derives each row again from its session's records and names the rows that
differ (:mod:`service.compliance.figures_check`). A trigger refusing rows
that do not match a recount was left out on purpose: the recount is the
verification's to make, not a write's.

``rating_figures`` (each rating's figures, kept by the workers' job) is
derived state with the app role's full row rights: nothing there is a
record, every row can be deleted and rebuilt from the rated seats, the
rounds and their stored values (docs/rated-play.md), and no verification
derives it again yet."""

from __future__ import annotations

import re

from sqlalchemy import Connection, text
from sqlalchemy.engine import make_url

from service.errors import ErrorCode, ServiceError
from service.store.accounting_models import SESSION_FIGURES_FIXED, SessionFigures
from service.store.db import make_engine

# An unquoted PostgreSQL name: what `CREATE ROLE name` takes as it is.
_ROLE = re.compile(r"[a-z_][a-z0-9_]{0,62}")
ROW_RIGHTS = "SELECT, INSERT, UPDATE, DELETE"
#: the columns of a session's figures the job rewrites (quoted: "drop" is a keyword)
FIGURES_KEPT = tuple(
    f'"{column.name}"'
    for column in SessionFigures.__table__.columns
    if column.name not in SESSION_FIGURES_FIXED
)
SEQUENCE_RIGHTS = "USAGE, SELECT"


class RoleRefused(ServiceError):
    """A role name or database the grant cannot be given for."""

    status = 400


def app_role_of(url: str) -> str:
    """The user a database URL connects as (the app role, by default)."""
    user = make_url(url).username
    if not user:
        raise RoleRefused(ErrorCode.ROLE_MISSING, "role: DATABASE_URL names no user; give the role", "role")
    return user


def statements(role: str, owner: str) -> list[str]:
    """What ``grant_app_role`` runs, in order.

    >>> statements("bp_app", "bp_owner")[0]
    'GRANT USAGE ON SCHEMA public TO bp_app'
    """
    for field, name in (("role", role), ("owner", owner)):
        if not _ROLE.fullmatch(name):
            raise RoleRefused(
                ErrorCode.ROLE_INVALID,
                f"{field}: {name!r} is not a role name (lower-case letters, digits, _)",
                field,
            )
    if role == owner:
        raise RoleRefused(
            ErrorCode.ROLE_IS_OWNER, f"role: {role} owns the tables; the app needs a role of its own", "role"
        )
    return [
        f"GRANT USAGE ON SCHEMA public TO {role}",
        f"REVOKE ALL ON ALL TABLES IN SCHEMA public FROM {role}",
        f"GRANT {ROW_RIGHTS} ON ALL TABLES IN SCHEMA public TO {role}",
        f"REVOKE INSERT, UPDATE, DELETE ON alembic_version FROM {role}",
        f"REVOKE UPDATE, DELETE ON session_figures FROM {role}",
        f"GRANT UPDATE ({', '.join(FIGURES_KEPT)}) ON session_figures TO {role}",
        f"GRANT {SEQUENCE_RIGHTS} ON ALL SEQUENCES IN SCHEMA public TO {role}",
        f"ALTER DEFAULT PRIVILEGES FOR ROLE {owner} IN SCHEMA public GRANT {ROW_RIGHTS} ON TABLES TO {role}",
        f"ALTER DEFAULT PRIVILEGES FOR ROLE {owner} IN SCHEMA public "
        f"GRANT {SEQUENCE_RIGHTS} ON SEQUENCES TO {role}",
    ]


def grant_app_role(url: str, role: str) -> str:
    """Give ``role`` the app's rights on the migrated database at ``url``
    (connected as the owner role); the owner's name."""
    engine = make_engine(url)
    try:
        if engine.dialect.name != "postgresql":
            raise RoleRefused(
                ErrorCode.ROLE_NOT_POSTGRESQL, "database: roles are PostgreSQL's; SQLite has none", "database"
            )
        with engine.begin() as connection:
            owner = _owner_of_tables(connection)
            if not _role_exists(connection, role):
                raise RoleRefused(
                    ErrorCode.ROLE_UNKNOWN, f"role: {role} does not exist (CREATE ROLE it first)", "role"
                )
            for statement in statements(role, owner):
                connection.exec_driver_sql(statement)
        return owner
    finally:
        engine.dispose()


def _owner_of_tables(connection: Connection) -> str:
    owner = connection.scalar(
        text("SELECT tableowner FROM pg_tables WHERE schemaname = 'public' AND tablename = 'alembic_version'")
    )
    if owner is None:
        raise RoleRefused(
            ErrorCode.DATABASE_NOT_MIGRATED,
            "database: not migrated; run `breakpoker db upgrade` first",
            "database",
        )
    return str(owner)


def _role_exists(connection: Connection, role: str) -> bool:
    return connection.scalar(text("SELECT 1 FROM pg_roles WHERE rolname = :role"), {"role": role}) is not None
