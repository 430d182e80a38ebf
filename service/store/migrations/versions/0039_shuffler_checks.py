"""The shuffler checks (issue 43, rule book section 15): each device's
gaming day's figures (decks, card × position counts, repeated orders,
cards changed by hand: kept by the workers, updated), each deck counted
once, each dealt deck's changes checked once, each ended day's chi-square
tests (written once), and an index of a device's decks by time (its
day's decks, never all of them). The decks received before are counted by
the sweep.

Revision ID: 0039
Revises: 0037
Create Date: 2026-12-07 10:00:00.000000
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from service.store.append_only import add_guards, drop_guards

revision = "0039"
down_revision = "0038"
branch_labels = None
depends_on = None

MESSAGE = "the records of the shuffler checks are append-only"
APPEND_ONLY = ("deck_position_counts", "deck_change_checks", "position_tests")
#: every unique key of each table (a REPLACE deletes the row it matches)
UNIQUE_KEYS = {
    "deck_position_counts": (("feed_id",),),
    "deck_change_checks": (("feed_id",),),
    "position_tests": (("day_id",),),
}
DEVICE_DECKS = "ix_deck_feeds_device_id_received_at"


def _fk(table: str, column: str, target: str) -> sa.ForeignKeyConstraint:
    return sa.ForeignKeyConstraint([column], [f"{target}.id"], name=op.f(f"fk_{table}_{column}_{target}"))


def _days() -> None:
    op.create_table(
        "device_days",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("device_id", sa.String(length=80), nullable=False),
        sa.Column("gaming_day", sa.Date(), nullable=False),
        sa.Column("table_id", sa.Integer(), nullable=False),
        sa.Column("starts_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("ends_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("decks", sa.Integer(), nullable=False),
        sa.Column("positions", sa.JSON(), nullable=False),
        sa.Column("repeated_orders", sa.Integer(), nullable=False),
        sa.Column("changed_decks", sa.Integer(), nullable=False),
        sa.Column("cards_changed", sa.Integer(), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        _fk("device_days", "table_id", "game_tables"),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_device_days")),
        sa.UniqueConstraint("device_id", "gaming_day", name=op.f("uq_device_days_device_id")),
    )
    op.create_index(op.f("ix_device_days_ends_at"), "device_days", ["ends_at"])


def _checks() -> None:
    op.create_table(
        "deck_position_counts",
        sa.Column("feed_id", sa.Integer(), autoincrement=False, nullable=False),
        sa.Column("day_id", sa.Integer(), nullable=False),
        sa.Column("counted_at", sa.DateTime(timezone=True), nullable=False),
        _fk("deck_position_counts", "feed_id", "deck_feeds"),
        _fk("deck_position_counts", "day_id", "device_days"),
        sa.PrimaryKeyConstraint("feed_id", name=op.f("pk_deck_position_counts")),
    )
    op.create_table(
        "deck_change_checks",
        sa.Column("feed_id", sa.Integer(), autoincrement=False, nullable=False),
        sa.Column("cards_changed", sa.Integer(), nullable=False),
        sa.Column("checked_at", sa.DateTime(timezone=True), nullable=False),
        _fk("deck_change_checks", "feed_id", "deck_feeds"),
        sa.PrimaryKeyConstraint("feed_id", name=op.f("pk_deck_change_checks")),
    )


def _tests() -> None:
    window: list[sa.Column[object]] = []
    for prefix in ("day", "window"):
        if prefix == "window":
            window.append(sa.Column("window_days", sa.Integer(), nullable=False))
        window += [
            sa.Column(f"{prefix}_decks", sa.Integer(), nullable=False),
            sa.Column(f"{prefix}_groups", sa.Integer(), nullable=False),
            sa.Column(f"{prefix}_df", sa.Integer(), nullable=True),
            sa.Column(f"{prefix}_statistic", sa.String(length=40), nullable=True),
            sa.Column(f"{prefix}_p", sa.String(length=40), nullable=True),
            sa.Column(f"{prefix}_flagged", sa.Boolean(), nullable=False),
        ]
    op.create_table(
        "position_tests",
        sa.Column("day_id", sa.Integer(), autoincrement=False, nullable=False),
        *window,
        sa.Column("tested_at", sa.DateTime(timezone=True), nullable=False),
        _fk("position_tests", "day_id", "device_days"),
        sa.PrimaryKeyConstraint("day_id", name=op.f("pk_position_tests")),
    )


def upgrade() -> None:
    _days()
    _checks()
    _tests()
    op.create_index(DEVICE_DECKS, "deck_feeds", ["device_id", "received_at"])
    add_guards(UNIQUE_KEYS, MESSAGE)


def downgrade() -> None:
    drop_guards(APPEND_ONLY)
    op.drop_index(DEVICE_DECKS, table_name="deck_feeds")
    op.drop_table("position_tests")
    op.drop_table("deck_change_checks")
    op.drop_table("deck_position_counts")
    op.drop_index(op.f("ix_device_days_ends_at"), table_name="device_days")
    op.drop_table("device_days")
