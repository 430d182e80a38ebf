"""The money at the tables (issue 18): table sessions with their opener and
closer counts, fills and credits with their signatures and gapless numbers,
drop counts, the figures the workers keep, and the notes on a check.

Every record but the figures is append-only, like the audit trail: no
UPDATE, DELETE, REPLACE or TRUNCATE. Two updates are the records' own: a
session is closed once (``closed_at`` from empty to a time, nothing else
changed), and the slip number only steps up by one.

The tables have no session yet: they are marked closed, and take rounds
only once a session is opened (or where rounds without one are allowed).

Revision ID: 0011
Revises: 0010
Create Date: 2026-12-02 18:00:00.000000
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0011"
down_revision = "0010"
branch_labels = None
depends_on = None

MESSAGE = "the table accounting records are append-only"
APPEND_ONLY = ("inventory_counts", "slips", "slip_signatures", "drop_counts", "check_notes")
#: every unique key of each append-only table (a REPLACE deletes the row it matches)
UNIQUE_KEYS = {
    "inventory_counts": (("id",), ("session_id", "kind")),
    "slips": (("id",), ("number",)),
    "slip_signatures": (("id",), ("slip_id", "step")),
    "drop_counts": (("id",), ("supersedes_id",)),
    "check_notes": (("id",),),
}
SESSION_CLOSED_ONCE = (
    "OLD.closed_at IS NOT NULL OR NEW.closed_at IS NULL OR NEW.id != OLD.id OR NEW.table_id != OLD.table_id "
    "OR NEW.number != OLD.number OR NEW.gaming_day != OLD.gaming_day OR NEW.shift != OLD.shift "
    "OR NEW.opened_at != OLD.opened_at"
)
NUMBER_STEPS_UP = "NEW.id != OLD.id OR NEW.last != OLD.last + 1"


def _user(column: str, table: str) -> sa.ForeignKeyConstraint:
    return sa.ForeignKeyConstraint([column], ["users.id"], name=op.f(f"fk_{table}_{column}_users"))


def _of(column: str, table: str, target: str) -> sa.ForeignKeyConstraint:
    return sa.ForeignKeyConstraint([column], [f"{target}.id"], name=op.f(f"fk_{table}_{column}_{target}"))


def _lines() -> list[sa.Column[object]]:
    return [
        sa.Column("lines", sa.JSON(), nullable=False),
        sa.Column("total", sa.BigInteger(), nullable=False),
    ]


def upgrade() -> None:
    op.create_table(
        "table_sessions",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("table_id", sa.Integer(), nullable=False),
        sa.Column("number", sa.Integer(), nullable=False),
        sa.Column("gaming_day", sa.Date(), nullable=False),
        sa.Column("shift", sa.Integer(), nullable=False),
        sa.Column("opened_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("closed_at", sa.DateTime(timezone=True), nullable=True),
        _of("table_id", "table_sessions", "game_tables"),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_table_sessions")),
        sa.UniqueConstraint("table_id", "number", name=op.f("uq_table_sessions_table_id")),
    )
    op.create_index(op.f("ix_table_sessions_table_id"), "table_sessions", ["table_id"])
    op.create_index(op.f("ix_table_sessions_gaming_day"), "table_sessions", ["gaming_day"])
    op.create_index(
        "uq_table_sessions_open",
        "table_sessions",
        ["table_id"],
        unique=True,
        sqlite_where=sa.text("closed_at IS NULL"),
        postgresql_where=sa.text("closed_at IS NULL"),
    )
    op.create_table(
        "inventory_counts",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("session_id", sa.Integer(), nullable=False),
        sa.Column("table_id", sa.Integer(), nullable=False),
        sa.Column("kind", sa.String(length=10), nullable=False),
        *_lines(),
        sa.Column("dealer_id", sa.Integer(), nullable=False),
        sa.Column("pit_boss_id", sa.Integer(), nullable=False),
        sa.Column("counted_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("difference", sa.BigInteger(), nullable=False),
        sa.Column("explanation", sa.String(length=2000), nullable=True),
        _of("session_id", "inventory_counts", "table_sessions"),
        _of("table_id", "inventory_counts", "game_tables"),
        _user("dealer_id", "inventory_counts"),
        _user("pit_boss_id", "inventory_counts"),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_inventory_counts")),
        sa.UniqueConstraint("session_id", "kind", name=op.f("uq_inventory_counts_session_id")),
    )
    op.create_index(op.f("ix_inventory_counts_session_id"), "inventory_counts", ["session_id"])
    op.create_table(
        "slip_numbers",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("last", sa.BigInteger(), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_slip_numbers")),
    )
    op.execute("INSERT INTO slip_numbers (id, last) VALUES (1, 0)")
    op.create_table(
        "slips",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("number", sa.BigInteger(), nullable=False),
        sa.Column("kind", sa.String(length=10), nullable=False),
        sa.Column("table_id", sa.Integer(), nullable=False),
        sa.Column("session_id", sa.Integer(), nullable=False),
        *_lines(),
        sa.Column("requested_by", sa.Integer(), nullable=False),
        sa.Column("requested_at", sa.DateTime(timezone=True), nullable=False),
        _of("table_id", "slips", "game_tables"),
        _of("session_id", "slips", "table_sessions"),
        _user("requested_by", "slips"),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_slips")),
        sa.UniqueConstraint("number", name=op.f("uq_slips_number")),
    )
    op.create_index(op.f("ix_slips_table_id"), "slips", ["table_id"])
    op.create_index(op.f("ix_slips_session_id"), "slips", ["session_id"])
    op.create_table(
        "slip_signatures",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("slip_id", sa.Integer(), nullable=False),
        sa.Column("step", sa.String(length=10), nullable=False),
        sa.Column("signed_by", sa.Integer(), nullable=False),
        sa.Column("cosigned_by", sa.Integer(), nullable=True),
        sa.Column("reason", sa.String(length=500), nullable=True),
        sa.Column("signed_at", sa.DateTime(timezone=True), nullable=False),
        _of("slip_id", "slip_signatures", "slips"),
        _user("signed_by", "slip_signatures"),
        _user("cosigned_by", "slip_signatures"),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_slip_signatures")),
        sa.UniqueConstraint("slip_id", "step", name=op.f("uq_slip_signatures_slip_id")),
    )
    op.create_index(op.f("ix_slip_signatures_slip_id"), "slip_signatures", ["slip_id"])
    op.create_table(
        "drop_counts",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("session_id", sa.Integer(), nullable=False),
        sa.Column("table_id", sa.Integer(), nullable=False),
        *_lines(),
        sa.Column("counters", sa.JSON(), nullable=False),
        sa.Column("counted_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("supersedes_id", sa.Integer(), nullable=True),
        sa.Column("reason", sa.String(length=500), nullable=True),
        _of("session_id", "drop_counts", "table_sessions"),
        _of("table_id", "drop_counts", "game_tables"),
        _of("supersedes_id", "drop_counts", "drop_counts"),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_drop_counts")),
        sa.UniqueConstraint("supersedes_id", name=op.f("uq_drop_counts_supersedes_id")),
    )
    op.create_index(op.f("ix_drop_counts_session_id"), "drop_counts", ["session_id"])
    op.create_table(
        "session_figures",
        sa.Column("session_id", sa.Integer(), autoincrement=False, nullable=False),
        sa.Column("table_id", sa.Integer(), nullable=False),
        sa.Column("gaming_day", sa.Date(), nullable=False),
        sa.Column("shift", sa.Integer(), nullable=False),
        sa.Column("opener", sa.BigInteger(), nullable=False),
        sa.Column("closer", sa.BigInteger(), nullable=False),
        sa.Column("fills", sa.BigInteger(), nullable=False),
        sa.Column("credits", sa.BigInteger(), nullable=False),
        sa.Column("drop", sa.BigInteger(), nullable=False),
        sa.Column("win", sa.BigInteger(), nullable=False),
        sa.Column("drop_count_id", sa.Integer(), nullable=False),
        sa.Column("figured_at", sa.DateTime(timezone=True), nullable=False),
        _of("session_id", "session_figures", "table_sessions"),
        _of("table_id", "session_figures", "game_tables"),
        _of("drop_count_id", "session_figures", "drop_counts"),
        sa.PrimaryKeyConstraint("session_id", name=op.f("pk_session_figures")),
    )
    op.create_index(op.f("ix_session_figures_gaming_day"), "session_figures", ["gaming_day"])
    op.create_table(
        "check_notes",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("session_id", sa.Integer(), nullable=False),
        sa.Column("note", sa.String(length=2000), nullable=False),
        sa.Column("written_by", sa.Integer(), nullable=False),
        sa.Column("written_at", sa.DateTime(timezone=True), nullable=False),
        _of("session_id", "check_notes", "table_sessions"),
        _user("written_by", "check_notes"),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_check_notes")),
    )
    op.create_index(op.f("ix_check_notes_session_id"), "check_notes", ["session_id"])
    op.execute("UPDATE game_tables SET status = 'closed'")
    if op.get_bind().dialect.name == "postgresql":
        _postgresql_guards()
    else:
        _sqlite_guards()


def _sqlite_guards() -> None:
    for table in APPEND_ONLY:
        for action in ("UPDATE", "DELETE"):
            op.execute(
                f"CREATE TRIGGER {table}_no_{action.lower()} BEFORE {action} ON {table} "
                f"BEGIN SELECT RAISE(ABORT, '{MESSAGE}'); END"
            )
        op.execute(
            f"CREATE TRIGGER {table}_no_replace BEFORE INSERT ON {table} WHEN {_matches(table)} "
            f"BEGIN SELECT RAISE(ABORT, '{MESSAGE}: a stored row is never replaced'); END"
        )
    for table, allowed in (("table_sessions", SESSION_CLOSED_ONCE), ("slip_numbers", NUMBER_STEPS_UP)):
        op.execute(
            f"CREATE TRIGGER {table}_no_update BEFORE UPDATE ON {table} WHEN {allowed} "
            f"BEGIN SELECT RAISE(ABORT, '{MESSAGE}'); END"
        )
        op.execute(
            f"CREATE TRIGGER {table}_no_delete BEFORE DELETE ON {table} "
            f"BEGIN SELECT RAISE(ABORT, '{MESSAGE}'); END"
        )
        op.execute(
            f"CREATE TRIGGER {table}_no_replace BEFORE INSERT ON {table} "
            f"WHEN EXISTS (SELECT 1 FROM {table} WHERE id = NEW.id) "
            f"BEGIN SELECT RAISE(ABORT, '{MESSAGE}: a stored row is never replaced'); END"
        )


def _matches(table: str) -> str:
    found = []
    for key in UNIQUE_KEYS[table]:
        same = " AND ".join(f"{column} = NEW.{column}" for column in key)
        found.append(f"EXISTS (SELECT 1 FROM {table} WHERE {same})")
    return " OR ".join(found)


def _postgresql_guards() -> None:
    # refuse_audit_change() is migration 0003's.
    for table in (*APPEND_ONLY, "table_sessions", "slip_numbers"):
        op.execute(
            f"CREATE TRIGGER {table}_no_truncate BEFORE TRUNCATE ON {table} "
            "FOR EACH STATEMENT EXECUTE FUNCTION refuse_audit_change()"
        )
        op.execute(
            f"CREATE TRIGGER {table}_no_delete BEFORE DELETE ON {table} "
            "FOR EACH ROW EXECUTE FUNCTION refuse_audit_change()"
        )
    for table in APPEND_ONLY:
        op.execute(
            f"CREATE TRIGGER {table}_no_update BEFORE UPDATE ON {table} "
            "FOR EACH ROW EXECUTE FUNCTION refuse_audit_change()"
        )
    for table, allowed in (("table_sessions", SESSION_CLOSED_ONCE), ("slip_numbers", NUMBER_STEPS_UP)):
        op.execute(
            f"CREATE TRIGGER {table}_no_update BEFORE UPDATE ON {table} "
            f"FOR EACH ROW WHEN ({allowed.replace('!=', 'IS DISTINCT FROM')}) "
            "EXECUTE FUNCTION refuse_audit_change()"
        )


def downgrade() -> None:
    postgresql = op.get_bind().dialect.name == "postgresql"
    for table in (*APPEND_ONLY, "table_sessions", "slip_numbers"):
        actions = ("update", "delete", "truncate") if postgresql else ("update", "delete", "replace")
        for action in actions:
            op.execute(f"DROP TRIGGER {table}_no_{action}" + (f" ON {table}" if postgresql else ""))
    for table in (
        "check_notes",
        "session_figures",
        "drop_counts",
        "slip_signatures",
        "slips",
        "slip_numbers",
        "inventory_counts",
        "table_sessions",
    ):
        op.drop_table(table)
    op.execute("UPDATE game_tables SET status = 'open'")
