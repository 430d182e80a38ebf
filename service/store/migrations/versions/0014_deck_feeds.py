"""Decks read by a card-reading shuffler or shoe (issue 20): each table's
deal order in versions (not game math, so not in the versioned
configuration and its digest), the feeds as the devices sent them, and
which round took each with the cards changed by hand. All three are
append-only like the rounds (no UPDATE, DELETE, REPLACE or TRUNCATE).

Revision ID: 0014
Revises: 0013
Create Date: 2026-12-03 12:40:00.000000
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from service.store.append_only import add_guards, drop_guards

revision = "0014"
down_revision = "0013"
branch_labels = None
depends_on = None

MESSAGE = "deck feeds and the decks of stored rounds are append-only"
APPEND_ONLY = ("deal_orders", "deck_feeds", "round_decks")
#: every unique key of each table (a REPLACE deletes the row it matches)
UNIQUE_KEYS = {
    "deal_orders": (("id",), ("table_id", "version")),
    "deck_feeds": (("id",), ("device_id", "sequence")),
    "round_decks": (("round_id",), ("feed_id",)),
}


def _of(column: str, table: str, target: str) -> sa.ForeignKeyConstraint:
    return sa.ForeignKeyConstraint([column], [f"{target}.id"], name=op.f(f"fk_{table}_{column}_{target}"))


def upgrade() -> None:
    op.create_table(
        "deal_orders",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("table_id", sa.Integer(), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("first_seat", sa.Integer(), nullable=False),
        sa.Column("dealer_place", sa.Integer(), nullable=False),
        sa.Column("style", sa.String(length=20), nullable=False),
        sa.Column("created_by", sa.Integer(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        _of("table_id", "deal_orders", "game_tables"),
        _of("created_by", "deal_orders", "users"),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_deal_orders")),
        sa.UniqueConstraint("table_id", "version", name=op.f("uq_deal_orders_table_id")),
    )
    op.create_table(
        "deck_feeds",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("table_id", sa.Integer(), nullable=False),
        sa.Column("device_id", sa.String(length=80), nullable=False),
        sa.Column("sequence", sa.BigInteger(), nullable=False),
        sa.Column("cards", sa.JSON(), nullable=False),
        sa.Column("deal_order", sa.JSON(), nullable=False),
        sa.Column("hands", sa.JSON(), nullable=False),
        sa.Column("posted_by", sa.Integer(), nullable=False),
        sa.Column("received_at", sa.DateTime(timezone=True), nullable=False),
        _of("table_id", "deck_feeds", "game_tables"),
        _of("posted_by", "deck_feeds", "users"),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_deck_feeds")),
        sa.UniqueConstraint("device_id", "sequence", name=op.f("uq_deck_feeds_device_id")),
    )
    op.create_index(op.f("ix_deck_feeds_table_id"), "deck_feeds", ["table_id"])
    op.create_table(
        "round_decks",
        sa.Column("round_id", sa.Integer(), autoincrement=False, nullable=False),
        sa.Column("feed_id", sa.Integer(), nullable=False),
        sa.Column("changed", sa.JSON(), nullable=False),
        sa.Column("recorded_at", sa.DateTime(timezone=True), nullable=False),
        _of("round_id", "round_decks", "rounds"),
        _of("feed_id", "round_decks", "deck_feeds"),
        sa.PrimaryKeyConstraint("round_id", name=op.f("pk_round_decks")),
        sa.UniqueConstraint("feed_id", name=op.f("uq_round_decks_feed_id")),
    )
    add_guards(UNIQUE_KEYS, MESSAGE)


def downgrade() -> None:
    drop_guards(APPEND_ONLY)
    op.drop_table("round_decks")
    op.drop_index(op.f("ix_deck_feeds_table_id"), table_name="deck_feeds")
    op.drop_table("deck_feeds")
    op.drop_table("deal_orders")
