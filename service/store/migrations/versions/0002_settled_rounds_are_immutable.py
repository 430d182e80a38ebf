"""Settled rounds are never updated or deleted: the database refuses it.

Voids and corrections are new records that reference the original, so no
code path needs to change a stored round; triggers make that a guarantee
rather than a habit, on SQLite and PostgreSQL alike.

Revision ID: 0002
Revises: 0001
"""

from __future__ import annotations

from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None

TABLES = ("rounds", "round_seats")
MESSAGE = "settled rounds are never updated or deleted"


def upgrade() -> None:
    if op.get_bind().dialect.name == "postgresql":
        op.execute(
            f"""
            CREATE FUNCTION refuse_settled_change() RETURNS trigger AS $$
            BEGIN
                RAISE EXCEPTION '{MESSAGE} (table %)', TG_TABLE_NAME
                    USING ERRCODE = 'integrity_constraint_violation';
            END;
            $$ LANGUAGE plpgsql
            """
        )
        for table in TABLES:
            op.execute(
                f"CREATE TRIGGER {table}_immutable BEFORE UPDATE OR DELETE ON {table} "
                "FOR EACH ROW EXECUTE FUNCTION refuse_settled_change()"
            )
        return
    for table in TABLES:
        for action in ("UPDATE", "DELETE"):
            op.execute(
                f"CREATE TRIGGER {table}_no_{action.lower()} BEFORE {action} ON {table} "
                f"BEGIN SELECT RAISE(ABORT, '{MESSAGE}'); END"
            )


def downgrade() -> None:
    if op.get_bind().dialect.name == "postgresql":
        for table in TABLES:
            op.execute(f"DROP TRIGGER {table}_immutable ON {table}")
        op.execute("DROP FUNCTION refuse_settled_change()")
        return
    for table in TABLES:
        for action in ("update", "delete"):
            op.execute(f"DROP TRIGGER {table}_no_{action}")
