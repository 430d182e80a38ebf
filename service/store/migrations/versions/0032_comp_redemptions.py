"""Comp redemptions (issue 42, rule book section 14): what a player took of
the comps their ratings earned, with the balance it was held against and
the second pit boss who signed one past it; append-only.

Revision ID: 0032
Revises: 0031
Create Date: 2026-12-07 07:00:00.000000
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from service.store.append_only import add_guards, drop_guards

revision = "0032"
down_revision = "0031"
branch_labels = None
depends_on = None

MESSAGE = "the comp redemptions are append-only"
#: every unique key of the table (a REPLACE deletes the row it matches)
UNIQUE_KEYS = {"comp_redemptions": (("id",),)}


def _of(column: str, target: str) -> sa.ForeignKeyConstraint:
    return sa.ForeignKeyConstraint(
        [column], [f"{target}.id"], name=op.f(f"fk_comp_redemptions_{column}_{target}")
    )


def upgrade() -> None:
    op.create_table(
        "comp_redemptions",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("player_id", sa.Integer(), nullable=False),
        sa.Column("currency", sa.String(length=3), nullable=False),
        sa.Column("minor_unit", sa.Integer(), nullable=False),
        sa.Column("amount", sa.BigInteger(), nullable=False),
        sa.Column("balance", sa.BigInteger(), nullable=False),
        sa.Column("reason", sa.String(length=500), nullable=False),
        sa.Column("redeemed_by", sa.Integer(), nullable=False),
        sa.Column("cosigned_by", sa.Integer(), nullable=True),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
        _of("player_id", "players"),
        _of("redeemed_by", "users"),
        _of("cosigned_by", "users"),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_comp_redemptions")),
    )
    op.create_index("ix_comp_redemptions_player", "comp_redemptions", ["player_id", "currency"])
    add_guards(UNIQUE_KEYS, MESSAGE)


def downgrade() -> None:
    drop_guards(tuple(UNIQUE_KEYS))
    op.drop_index("ix_comp_redemptions_player", table_name="comp_redemptions")
    op.drop_table("comp_redemptions")
