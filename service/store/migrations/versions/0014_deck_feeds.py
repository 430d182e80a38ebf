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
    if op.get_bind().dialect.name == "postgresql":
        _postgresql_guards()
    else:
        _sqlite_guards()


def _matches(table: str) -> str:
    found = []
    for key in UNIQUE_KEYS[table]:
        same = " AND ".join(f"{column} = NEW.{column}" for column in key)
        found.append(f"EXISTS (SELECT 1 FROM {table} WHERE {same})")
    return " OR ".join(found)


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


def _postgresql_guards() -> None:
    # refuse_audit_change() is migration 0003's.
    for table in APPEND_ONLY:
        op.execute(
            f"CREATE TRIGGER {table}_no_truncate BEFORE TRUNCATE ON {table} "
            "FOR EACH STATEMENT EXECUTE FUNCTION refuse_audit_change()"
        )
        for action in ("UPDATE", "DELETE"):
            op.execute(
                f"CREATE TRIGGER {table}_no_{action.lower()} BEFORE {action} ON {table} "
                "FOR EACH ROW EXECUTE FUNCTION refuse_audit_change()"
            )


def downgrade() -> None:
    postgresql = op.get_bind().dialect.name == "postgresql"
    for table in APPEND_ONLY:
        actions = ("update", "delete", "truncate") if postgresql else ("update", "delete", "replace")
        for action in actions:
            op.execute(f"DROP TRIGGER {table}_no_{action}" + (f" ON {table}" if postgresql else ""))
    op.drop_table("round_decks")
    op.drop_index(op.f("ix_deck_feeds_table_id"), table_name="deck_feeds")
    op.drop_table("deck_feeds")
    op.drop_table("deal_orders")
