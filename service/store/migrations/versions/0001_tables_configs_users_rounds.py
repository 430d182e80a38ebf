"""Users and sign-in tokens, tables with versioned configurations, settled rounds.

Revision ID: 0001
Revises:
Create Date: 2026-11-29 19:07:16.556010
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "game_tables",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(length=80), nullable=False),
        sa.Column("game", sa.String(length=40), nullable=False),
        sa.Column("status", sa.String(length=20), nullable=False),
        sa.Column("timezone", sa.String(length=64), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_game_tables")),
        sa.UniqueConstraint("name", name=op.f("uq_game_tables_name")),
    )
    op.create_table(
        "users",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(length=80), nullable=False),
        sa.Column("role", sa.String(length=20), nullable=False),
        sa.Column("password_hash", sa.String(length=200), nullable=False),
        sa.Column("failed_logins", sa.Integer(), nullable=False),
        sa.Column("locked_until", sa.DateTime(timezone=True), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_users")),
        sa.UniqueConstraint("name", name=op.f("uq_users_name")),
    )
    op.create_table(
        "config_versions",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("table_id", sa.Integer(), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("rules", sa.JSON(), nullable=False),
        sa.Column("digest", sa.String(length=64), nullable=False),
        sa.Column("created_by", sa.Integer(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["created_by"], ["users.id"], name=op.f("fk_config_versions_created_by_users")
        ),
        sa.ForeignKeyConstraint(
            ["table_id"], ["game_tables.id"], name=op.f("fk_config_versions_table_id_game_tables")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_config_versions")),
        sa.UniqueConstraint("table_id", "version", name=op.f("uq_config_versions_table_id")),
    )
    op.create_table(
        "tokens",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("digest", sa.String(length=64), nullable=False),
        sa.Column("user_id", sa.Integer(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("expires_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("revoked_at", sa.DateTime(timezone=True), nullable=True),
        sa.ForeignKeyConstraint(["user_id"], ["users.id"], name=op.f("fk_tokens_user_id_users")),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_tokens")),
        sa.UniqueConstraint("digest", name=op.f("uq_tokens_digest")),
    )
    op.create_table(
        "rounds",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("table_id", sa.Integer(), nullable=False),
        sa.Column("config_id", sa.Integer(), nullable=False),
        sa.Column("round_ref", sa.String(length=210), nullable=False),
        sa.Column("dealer_cards", sa.JSON(), nullable=False),
        sa.Column("entered", sa.JSON(), nullable=False),
        sa.Column("settlement", sa.JSON(), nullable=False),
        sa.Column("house_net", sa.BigInteger(), nullable=False),
        sa.Column("entered_by", sa.Integer(), nullable=False),
        sa.Column("entered_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("utc_offset_minutes", sa.Integer(), nullable=False),
        sa.Column("gaming_day", sa.Date(), nullable=False),
        sa.Column("shift", sa.Integer(), nullable=False),
        sa.Column("idempotency_key", sa.String(length=200), nullable=False),
        sa.Column("request_digest", sa.String(length=64), nullable=False),
        sa.ForeignKeyConstraint(
            ["config_id"], ["config_versions.id"], name=op.f("fk_rounds_config_id_config_versions")
        ),
        sa.ForeignKeyConstraint(["entered_by"], ["users.id"], name=op.f("fk_rounds_entered_by_users")),
        sa.ForeignKeyConstraint(
            ["table_id"], ["game_tables.id"], name=op.f("fk_rounds_table_id_game_tables")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_rounds")),
        sa.UniqueConstraint("idempotency_key", name=op.f("uq_rounds_idempotency_key")),
        sa.UniqueConstraint("table_id", "round_ref", name=op.f("uq_rounds_table_id")),
    )
    with op.batch_alter_table("rounds", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_rounds_entered_at"), ["entered_at"], unique=False)
        batch_op.create_index(batch_op.f("ix_rounds_gaming_day"), ["gaming_day"], unique=False)
        batch_op.create_index(batch_op.f("ix_rounds_table_id"), ["table_id"], unique=False)

    op.create_table(
        "round_seats",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("round_id", sa.Integer(), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("cards", sa.JSON(), nullable=False),
        sa.Column("setting_entered", sa.JSON(), nullable=False),
        sa.Column("low", sa.JSON(), nullable=False),
        sa.Column("high", sa.JSON(), nullable=False),
        sa.Column("rule", sa.Integer(), nullable=False),
        sa.Column("fouled", sa.Boolean(), nullable=False),
        sa.Column("main_stake", sa.BigInteger(), nullable=False),
        sa.Column("main_outcome", sa.String(length=10), nullable=False),
        sa.Column("main_net", sa.BigInteger(), nullable=False),
        sa.Column("dealer_break_bonus_stake", sa.BigInteger(), nullable=False),
        sa.Column("dealer_break_bonus_outcome", sa.String(length=10), nullable=False),
        sa.Column("dealer_break_bonus_net", sa.BigInteger(), nullable=False),
        sa.Column("break_bonus_stake", sa.BigInteger(), nullable=False),
        sa.Column("break_bonus_outcome", sa.String(length=10), nullable=False),
        sa.Column("break_bonus_net", sa.BigInteger(), nullable=False),
        sa.ForeignKeyConstraint(["round_id"], ["rounds.id"], name=op.f("fk_round_seats_round_id_rounds")),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_round_seats")),
        sa.UniqueConstraint("round_id", "seat", name=op.f("uq_round_seats_round_id")),
    )
    with op.batch_alter_table("round_seats", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_round_seats_round_id"), ["round_id"], unique=False)


def downgrade() -> None:
    with op.batch_alter_table("round_seats", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_round_seats_round_id"))

    op.drop_table("round_seats")
    with op.batch_alter_table("rounds", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_rounds_table_id"))
        batch_op.drop_index(batch_op.f("ix_rounds_gaming_day"))
        batch_op.drop_index(batch_op.f("ix_rounds_entered_at"))

    op.drop_table("rounds")
    op.drop_table("tokens")
    op.drop_table("config_versions")
    op.drop_table("users")
    op.drop_table("game_tables")
