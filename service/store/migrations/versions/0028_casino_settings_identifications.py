"""The casino's settings for comps and the cash rules, in versions with
their thresholds a currency, and the players' identifications, encrypted
(issue 42, rule book section 14). All three tables are append-only like
the rounds: a change is a new row.

Revision ID: 0028
Revises: 0027
Create Date: 2026-12-07 04:30:00.000000
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from service.store.append_only import add_guards, drop_guards

revision = "0028"
down_revision = "0027"
branch_labels = None
depends_on = None

MESSAGE = "casino settings and identifications are append-only"
APPEND_ONLY = ("casino_settings", "cash_thresholds", "player_identifications")
#: every unique key of each table (a REPLACE deletes the row it matches)
UNIQUE_KEYS = {
    "casino_settings": (("id",), ("version",)),
    "cash_thresholds": (("id",), ("settings_id", "currency")),
    "player_identifications": (("id",), ("player_id", "version")),
}


def _of(column: str, table: str, target: str) -> sa.ForeignKeyConstraint:
    return sa.ForeignKeyConstraint([column], [f"{target}.id"], name=op.f(f"fk_{table}_{column}_{target}"))


def upgrade() -> None:
    op.create_table(
        "casino_settings",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("comp_rate_basis_points", sa.Integer(), nullable=False),
        sa.Column("created_by", sa.Integer(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        _of("created_by", "casino_settings", "users"),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_casino_settings")),
        sa.UniqueConstraint("version", name=op.f("uq_casino_settings_version")),
    )
    op.create_table(
        "cash_thresholds",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("settings_id", sa.Integer(), nullable=False),
        sa.Column("currency", sa.String(length=3), nullable=False),
        sa.Column("minor_unit", sa.Integer(), nullable=False),
        sa.Column("log_threshold", sa.BigInteger(), nullable=False),
        sa.Column("report_threshold", sa.BigInteger(), nullable=False),
        _of("settings_id", "cash_thresholds", "casino_settings"),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_cash_thresholds")),
        sa.UniqueConstraint("settings_id", "currency", name=op.f("uq_cash_thresholds_settings_id")),
    )
    op.create_index(op.f("ix_cash_thresholds_settings_id"), "cash_thresholds", ["settings_id"])
    op.create_table(
        "player_identifications",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("player_id", sa.Integer(), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("key_id", sa.String(length=16), nullable=False),
        sa.Column("nonce", sa.LargeBinary(length=12), nullable=False),
        sa.Column("ciphertext", sa.LargeBinary(), nullable=False),
        sa.Column("recorded_by", sa.Integer(), nullable=False),
        sa.Column("recorded_at", sa.DateTime(timezone=True), nullable=False),
        _of("player_id", "player_identifications", "players"),
        _of("recorded_by", "player_identifications", "users"),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_player_identifications")),
        sa.UniqueConstraint("player_id", "version", name=op.f("uq_player_identifications_player_id")),
    )
    op.create_index(op.f("ix_player_identifications_player_id"), "player_identifications", ["player_id"])
    add_guards(UNIQUE_KEYS, MESSAGE)


def downgrade() -> None:
    drop_guards(APPEND_ONLY)
    op.drop_index(op.f("ix_player_identifications_player_id"), table_name="player_identifications")
    op.drop_table("player_identifications")
    op.drop_index(op.f("ix_cash_thresholds_settings_id"), table_name="cash_thresholds")
    op.drop_table("cash_thresholds")
    op.drop_table("casino_settings")
