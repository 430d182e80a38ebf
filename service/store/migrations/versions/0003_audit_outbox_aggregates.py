"""Audit events and their hash chain (append-only), the outbox, and the
shift aggregates the reports read.

Revision ID: 0003
Revises: 0002
Create Date: 2026-11-29 19:22:43.850229
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "outbox",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("job", sa.String(length=40), nullable=False),
        sa.Column("ref", sa.Integer(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("dispatched_at", sa.DateTime(timezone=True), nullable=True),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_outbox")),
    )
    with op.batch_alter_table("outbox", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_outbox_dispatched_at"), ["dispatched_at"], unique=False)

    op.create_table(
        "audit_events",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("kind", sa.String(length=40), nullable=False),
        sa.Column("subject", sa.String(length=80), nullable=False),
        sa.Column("actor_id", sa.Integer(), nullable=True),
        sa.Column("table_id", sa.Integer(), nullable=True),
        sa.Column("occurred_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("payload", sa.JSON(), nullable=False),
        sa.ForeignKeyConstraint(["actor_id"], ["users.id"], name=op.f("fk_audit_events_actor_id_users")),
        sa.ForeignKeyConstraint(
            ["table_id"], ["game_tables.id"], name=op.f("fk_audit_events_table_id_game_tables")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_audit_events")),
    )
    with op.batch_alter_table("audit_events", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_audit_events_kind"), ["kind"], unique=False)

    op.create_table(
        "shift_aggregates",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("table_id", sa.Integer(), nullable=False),
        sa.Column("gaming_day", sa.Date(), nullable=False),
        sa.Column("shift", sa.Integer(), nullable=False),
        sa.Column("dealer_id", sa.Integer(), nullable=False),
        sa.Column("rounds", sa.Integer(), nullable=False),
        sa.Column("seats", sa.Integer(), nullable=False),
        sa.Column("main_handle", sa.BigInteger(), nullable=False),
        sa.Column("main_house_net", sa.BigInteger(), nullable=False),
        sa.Column("dealer_break_bonus_handle", sa.BigInteger(), nullable=False),
        sa.Column("dealer_break_bonus_house_net", sa.BigInteger(), nullable=False),
        sa.Column("break_bonus_handle", sa.BigInteger(), nullable=False),
        sa.Column("break_bonus_house_net", sa.BigInteger(), nullable=False),
        sa.Column("player_lucky_breaks", sa.Integer(), nullable=False),
        sa.Column("dealer_lucky_breaks", sa.Integer(), nullable=False),
        sa.Column("dealer_non_qualifications", sa.Integer(), nullable=False),
        sa.Column("fouls", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(
            ["dealer_id"], ["users.id"], name=op.f("fk_shift_aggregates_dealer_id_users")
        ),
        sa.ForeignKeyConstraint(
            ["table_id"], ["game_tables.id"], name=op.f("fk_shift_aggregates_table_id_game_tables")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_shift_aggregates")),
        sa.UniqueConstraint(
            "table_id", "gaming_day", "shift", "dealer_id", name=op.f("uq_shift_aggregates_table_id")
        ),
    )
    op.create_table(
        "audit_seals",
        sa.Column("seq", sa.Integer(), autoincrement=False, nullable=False),
        sa.Column("event_id", sa.Integer(), nullable=False),
        sa.Column("previous_hash", sa.String(length=64), nullable=False),
        sa.Column("hash", sa.String(length=64), nullable=False),
        sa.Column("sealed_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["event_id"], ["audit_events.id"], name=op.f("fk_audit_seals_event_id_audit_events")
        ),
        sa.PrimaryKeyConstraint("seq", name=op.f("pk_audit_seals")),
        sa.UniqueConstraint("event_id", name=op.f("uq_audit_seals_event_id")),
    )
    op.create_table(
        "aggregated_rounds",
        sa.Column("round_id", sa.Integer(), autoincrement=False, nullable=False),
        sa.Column("aggregated_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["round_id"], ["rounds.id"], name=op.f("fk_aggregated_rounds_round_id_rounds")
        ),
        sa.PrimaryKeyConstraint("round_id", name=op.f("pk_aggregated_rounds")),
    )
    _append_only(("audit_events", "audit_seals"))


def downgrade() -> None:
    _drop_append_only(("audit_events", "audit_seals"))
    op.drop_table("aggregated_rounds")
    op.drop_table("audit_seals")
    op.drop_table("shift_aggregates")
    with op.batch_alter_table("audit_events", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_audit_events_kind"))

    op.drop_table("audit_events")
    with op.batch_alter_table("outbox", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_outbox_dispatched_at"))

    op.drop_table("outbox")


MESSAGE = "the audit trail is append-only"


def _append_only(tables: tuple[str, ...]) -> None:
    if op.get_bind().dialect.name == "postgresql":
        op.execute(
            f"""
            CREATE FUNCTION refuse_audit_change() RETURNS trigger AS $$
            BEGIN
                RAISE EXCEPTION '{MESSAGE} (table %)', TG_TABLE_NAME
                    USING ERRCODE = 'integrity_constraint_violation';
            END;
            $$ LANGUAGE plpgsql
            """
        )
        for table in tables:
            op.execute(
                f"CREATE TRIGGER {table}_append_only BEFORE UPDATE OR DELETE ON {table} "
                "FOR EACH ROW EXECUTE FUNCTION refuse_audit_change()"
            )
        return
    for table in tables:
        for action in ("UPDATE", "DELETE"):
            op.execute(
                f"CREATE TRIGGER {table}_no_{action.lower()} BEFORE {action} ON {table} "
                f"BEGIN SELECT RAISE(ABORT, '{MESSAGE}'); END"
            )


def _drop_append_only(tables: tuple[str, ...]) -> None:
    if op.get_bind().dialect.name == "postgresql":
        for table in tables:
            op.execute(f"DROP TRIGGER {table}_append_only ON {table}")
        op.execute("DROP FUNCTION refuse_audit_change()")
        return
    for table in tables:
        for action in ("update", "delete"):
            op.execute(f"DROP TRIGGER {table}_no_{action}")
