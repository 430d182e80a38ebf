"""The records that are never updated or deleted can no longer be replaced
or emptied either; and verifications of the audit trail run as jobs.

- SQLite: ``INSERT OR REPLACE`` (and ``REPLACE``) deletes the stored row
  it conflicts with without firing its DELETE triggers (recursive triggers
  are off unless a connection turns them on). A trigger on INSERT refuses a
  row that any unique key of a stored one matches: the statement fails
  before the conflict is resolved. A plain duplicate INSERT is refused by
  it too, as the unique key would have.
- PostgreSQL: ``TRUNCATE`` fires no row trigger; a statement trigger on
  TRUNCATE refuses it (``INSERT ... ON CONFLICT DO UPDATE`` is an UPDATE,
  refused already).
- ``audit_verifications``: a verification asked for through the API, its
  progress and its report, built by a worker like an export.

Revision ID: 0007
Revises: 0006
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None

SETTLED = "settled rounds are never updated or deleted"
AUDIT = "the audit trail is append-only"
#: table -> what its triggers say, and the function PostgreSQL's use
#: (migrations 0002, 0003)
GUARDED = {
    "rounds": (SETTLED, "refuse_settled_change"),
    "round_seats": (SETTLED, "refuse_settled_change"),
    "audit_events": (AUDIT, "refuse_audit_change"),
    "audit_seals": (AUDIT, "refuse_audit_change"),
    "round_exceptions": (AUDIT, "refuse_audit_change"),
    "exception_decisions": (AUDIT, "refuse_audit_change"),
    "variance_notes": (AUDIT, "refuse_audit_change"),
}
#: table -> every unique key of it (a REPLACE deletes each row one matches).
#: A unique key added to one of these tables must be added here too.
UNIQUE_KEYS = {
    "rounds": (("id",), ("idempotency_key",), ("table_id", "round_ref")),
    "round_seats": (("id",), ("round_id", "seat")),
    "audit_events": (("id",),),
    "audit_seals": (("seq",), ("event_id",)),
    "round_exceptions": (("id",),),
    "exception_decisions": (("id",), ("exception_id",)),
    "variance_notes": (("id",),),
}
#: partial unique indexes: the condition both rows must meet
PARTIAL_KEYS = {"exception_decisions": ((("round_id",), "approved"),)}


def upgrade() -> None:
    op.create_table(
        "audit_verifications",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("requested_by", sa.Integer(), nullable=False),
        sa.Column("requested_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("first_seq", sa.Integer(), nullable=True),
        sa.Column("last_seq", sa.Integer(), nullable=True),
        sa.Column("status", sa.String(length=20), nullable=False),
        sa.Column("done", sa.BigInteger(), nullable=False),
        sa.Column("total", sa.BigInteger(), nullable=False),
        sa.Column("intact", sa.Boolean(), nullable=True),
        sa.Column("report", sa.JSON(), nullable=True),
        sa.Column("error", sa.String(length=1000), nullable=True),
        sa.Column("finished_at", sa.DateTime(timezone=True), nullable=True),
        sa.ForeignKeyConstraint(
            ["requested_by"], ["users.id"], name=op.f("fk_audit_verifications_requested_by_users")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_audit_verifications")),
    )
    postgresql = op.get_bind().dialect.name == "postgresql"
    for table, (message, function) in GUARDED.items():
        if postgresql:
            op.execute(
                f"CREATE TRIGGER {table}_no_truncate BEFORE TRUNCATE ON {table} "
                f"FOR EACH STATEMENT EXECUTE FUNCTION {function}()"
            )
        else:
            op.execute(
                f"CREATE TRIGGER {table}_no_replace BEFORE INSERT ON {table} WHEN {_matches(table)} "
                f"BEGIN SELECT RAISE(ABORT, '{message}: a stored row is never replaced'); END"
            )


def _matches(table: str) -> str:
    """SQL true when a stored row has a unique key of the new one."""
    found = []
    for key in UNIQUE_KEYS[table]:
        same = " AND ".join(f"{column} = NEW.{column}" for column in key)
        found.append(f"EXISTS (SELECT 1 FROM {table} WHERE {same})")
    for key, condition in PARTIAL_KEYS.get(table, ()):
        same = " AND ".join(f"{column} = NEW.{column}" for column in key)
        found.append(f"(NEW.{condition} AND EXISTS (SELECT 1 FROM {table} WHERE {same} AND {condition}))")
    return " OR ".join(found)


def downgrade() -> None:
    postgresql = op.get_bind().dialect.name == "postgresql"
    for table in GUARDED:
        if postgresql:
            op.execute(f"DROP TRIGGER {table}_no_truncate ON {table}")
        else:
            op.execute(f"DROP TRIGGER {table}_no_replace")
    op.drop_table("audit_verifications")
