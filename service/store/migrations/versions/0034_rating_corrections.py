"""A pit boss's corrections of a rating (issue 42, rule book section 14):
the chips taken away estimated wrong, a buy-in or a seat-out the dealer
missed, each with its reason, append-only like the ratings.

Revision ID: 0034
Revises: 0031
Create Date: 2026-12-07 07:00:00.000000
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from service.store.append_only import add_guards, drop_guards

revision = "0034"
down_revision = "0033"
branch_labels = None
depends_on = None

MESSAGE = "the corrections of ratings are append-only"
APPEND_ONLY = ("rating_corrections",)
#: every unique key of each table (a REPLACE deletes the row it matches)
UNIQUE_KEYS = {"rating_corrections": (("id",), ("buy_in_id",), ("rating_event_id",))}


def _of(column: str, target: str) -> sa.ForeignKeyConstraint:
    return sa.ForeignKeyConstraint(
        [column], [f"{target}.id"], name=op.f(f"fk_rating_corrections_{column}_{target}")
    )


def upgrade() -> None:
    op.create_table(
        "rating_corrections",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("rating_id", sa.Integer(), nullable=False),
        sa.Column("kind", sa.String(length=12), nullable=False),
        sa.Column("reason", sa.String(length=2000), nullable=False),
        sa.Column("chips_taken", sa.BigInteger(), nullable=True),
        sa.Column("buy_in_id", sa.Integer(), nullable=True),
        sa.Column("rating_event_id", sa.Integer(), nullable=True),
        sa.Column("recorded_by", sa.Integer(), nullable=False),
        sa.Column("recorded_at", sa.DateTime(timezone=True), nullable=False),
        _of("rating_id", "ratings"),
        _of("buy_in_id", "buy_ins"),
        _of("rating_event_id", "rating_events"),
        _of("recorded_by", "users"),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_rating_corrections")),
        sa.UniqueConstraint("buy_in_id", name=op.f("uq_rating_corrections_buy_in_id")),
        sa.UniqueConstraint("rating_event_id", name=op.f("uq_rating_corrections_rating_event_id")),
    )
    op.create_index(op.f("ix_rating_corrections_rating_id"), "rating_corrections", ["rating_id"])
    add_guards(UNIQUE_KEYS, MESSAGE)


def downgrade() -> None:
    drop_guards(APPEND_ONLY)
    op.drop_index(op.f("ix_rating_corrections_rating_id"), table_name="rating_corrections")
    op.drop_table("rating_corrections")
