"""Game protection (issue 43, rule book section 15): each deck's order as
a digest, indexed, so a repeated order is found by one look-up; each
deck's check by the workers; the alerts and a pit boss's acknowledgement
of each. All append-only. The decks received before get their digests
here, unchecked: the sweep sends their checks.

Revision ID: 0037
Revises: 0036
Create Date: 2026-12-07 08:10:00.000000
"""

from __future__ import annotations

import hashlib
import json

import sqlalchemy as sa
from alembic import op

from service.store.append_only import add_guards, drop_guards

revision = "0037"
down_revision = "0036"
branch_labels = None
depends_on = None

MESSAGE = "the records of game protection are append-only"
APPEND_ONLY = ("deck_orders", "deck_order_checks", "alerts", "alert_acknowledgements")
#: every unique key of each table (a REPLACE deletes the row it matches)
UNIQUE_KEYS = {
    "deck_orders": (("feed_id",),),
    "deck_order_checks": (("feed_id",),),
    "alerts": (("id",), ("natural_key",)),
    "alert_acknowledgements": (("alert_id",),),
}
BATCH = 1000


def _fk(table: str, column: str, target: str) -> sa.ForeignKeyConstraint:
    return sa.ForeignKeyConstraint([column], [f"{target}.id"], name=op.f(f"fk_{table}_{column}_{target}"))


def _decks() -> None:
    op.create_table(
        "deck_orders",
        sa.Column("feed_id", sa.Integer(), autoincrement=False, nullable=False),
        sa.Column("order_hash", sa.String(length=64), nullable=False),
        sa.Column("received_at", sa.DateTime(timezone=True), nullable=False),
        _fk("deck_orders", "feed_id", "deck_feeds"),
        sa.PrimaryKeyConstraint("feed_id", name=op.f("pk_deck_orders")),
    )
    op.create_index(op.f("ix_deck_orders_order_hash"), "deck_orders", ["order_hash"])
    op.create_table(
        "deck_order_checks",
        sa.Column("feed_id", sa.Integer(), autoincrement=False, nullable=False),
        sa.Column("checked_at", sa.DateTime(timezone=True), nullable=False),
        _fk("deck_order_checks", "feed_id", "deck_feeds"),
        sa.PrimaryKeyConstraint("feed_id", name=op.f("pk_deck_order_checks")),
    )


def _alerts() -> None:
    op.create_table(
        "alerts",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("natural_key", sa.String(length=200), nullable=False),
        sa.Column("kind", sa.String(length=32), nullable=False),
        sa.Column("severity", sa.String(length=16), nullable=False),
        sa.Column("table_id", sa.Integer(), nullable=True),
        sa.Column("seat", sa.Integer(), nullable=True),
        sa.Column("player_id", sa.Integer(), nullable=True),
        sa.Column("dealer_id", sa.Integer(), nullable=True),
        sa.Column("device_id", sa.String(length=80), nullable=True),
        sa.Column("figure", sa.String(length=80), nullable=False),
        sa.Column("threshold", sa.String(length=80), nullable=False),
        sa.Column("summary", sa.String(length=500), nullable=False),
        sa.Column("decks", sa.JSON(), nullable=False),
        sa.Column("rounds", sa.JSON(), nullable=False),
        sa.Column("raised_at", sa.DateTime(timezone=True), nullable=False),
        _fk("alerts", "table_id", "game_tables"),
        _fk("alerts", "player_id", "players"),
        _fk("alerts", "dealer_id", "users"),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_alerts")),
        sa.UniqueConstraint("natural_key", name=op.f("uq_alerts_natural_key")),
    )
    op.create_table(
        "alert_acknowledgements",
        sa.Column("alert_id", sa.Integer(), autoincrement=False, nullable=False),
        sa.Column("note", sa.String(length=2000), nullable=False),
        sa.Column("acknowledged_by", sa.Integer(), nullable=False),
        sa.Column("acknowledged_at", sa.DateTime(timezone=True), nullable=False),
        _fk("alert_acknowledgements", "alert_id", "alerts"),
        _fk("alert_acknowledgements", "acknowledged_by", "users"),
        sa.PrimaryKeyConstraint("alert_id", name=op.f("pk_alert_acknowledgements")),
    )


def _digests() -> None:
    """The decks received before, each order's digest as the service
    writes it (service.tables.decks.order_hash: the codes comma-joined)."""
    bind = op.get_bind()
    feeds = sa.table(
        "deck_feeds", sa.column("id", sa.Integer), sa.column("cards", sa.JSON), sa.column("received_at")
    )
    orders = sa.table("deck_orders", sa.column("feed_id"), sa.column("order_hash"), sa.column("received_at"))
    last = 0
    while True:
        rows = bind.execute(
            sa.select(feeds.c.id, feeds.c.cards, feeds.c.received_at)
            .where(feeds.c.id > last)
            .order_by(feeds.c.id)
            .limit(BATCH)
        ).all()
        if not rows:
            return
        digests = [
            {"feed_id": feed_id, "order_hash": _digest(cards), "received_at": received_at}
            for feed_id, cards, received_at in rows
        ]
        bind.execute(orders.insert(), digests)
        last = rows[-1][0]


def _digest(cards: object) -> str:
    codes = json.loads(cards) if isinstance(cards, str) else cards
    assert isinstance(codes, list)
    return hashlib.sha256(",".join(codes).encode()).hexdigest()


def upgrade() -> None:
    _decks()
    _alerts()
    _digests()
    add_guards(UNIQUE_KEYS, MESSAGE)


def downgrade() -> None:
    drop_guards(APPEND_ONLY)
    op.drop_table("alert_acknowledgements")
    op.drop_table("alerts")
    op.drop_table("deck_order_checks")
    op.drop_index(op.f("ix_deck_orders_order_hash"), table_name="deck_orders")
    op.drop_table("deck_orders")
