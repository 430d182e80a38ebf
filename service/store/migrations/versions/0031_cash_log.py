"""The cash rules' records (issue 42, rule book section 14): each cash
buy-in by a player placed in its gaming day and currency, the multiple
transaction log (players' and unknown patrons' entries) and the
player-days listed for a currency transaction report, all append-only.

Revision ID: 0031
Revises: 0030
Create Date: 2026-12-07 05:00:00.000000
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from service.store.append_only import add_guards, drop_guards

revision = "0031"
down_revision = "0030"
branch_labels = None
depends_on = None

MESSAGE = "the cash ins, the transaction log and the report days are append-only"
APPEND_ONLY = ("cash_ins", "cash_log_entries", "report_days")
#: every unique key of each table (a REPLACE deletes the row it matches)
UNIQUE_KEYS = {
    "cash_ins": (("buy_in_id",),),
    "cash_log_entries": (("id",), ("buy_in_id",)),
    "report_days": (("id",), ("player_id", "gaming_day", "currency")),
}


def _of(column: str, table: str, target: str) -> sa.ForeignKeyConstraint:
    return sa.ForeignKeyConstraint([column], [f"{target}.id"], name=op.f(f"fk_{table}_{column}_{target}"))


def _cash_ins() -> None:
    op.create_table(
        "cash_ins",
        sa.Column("buy_in_id", sa.Integer(), nullable=False),
        sa.Column("player_id", sa.Integer(), nullable=False),
        sa.Column("table_id", sa.Integer(), nullable=False),
        sa.Column("gaming_day", sa.Date(), nullable=False),
        sa.Column("currency", sa.String(length=3), nullable=False),
        sa.Column("amount", sa.BigInteger(), nullable=False),
        _of("buy_in_id", "cash_ins", "buy_ins"),
        _of("player_id", "cash_ins", "players"),
        _of("table_id", "cash_ins", "game_tables"),
        sa.PrimaryKeyConstraint("buy_in_id", name=op.f("pk_cash_ins")),
    )
    op.create_index("ix_cash_ins_player_day", "cash_ins", ["player_id", "gaming_day", "currency"])


def _log() -> None:
    op.create_table(
        "cash_log_entries",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("table_id", sa.Integer(), nullable=False),
        sa.Column("gaming_day", sa.Date(), nullable=False),
        sa.Column("currency", sa.String(length=3), nullable=False),
        sa.Column("minor_unit", sa.Integer(), nullable=False),
        sa.Column("amount", sa.BigInteger(), nullable=False),
        sa.Column("player_id", sa.Integer(), nullable=True),
        sa.Column("buy_in_id", sa.Integer(), nullable=True),
        sa.Column("description", sa.String(length=500), nullable=True),
        sa.Column("recorded_by", sa.Integer(), nullable=False),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
        _of("table_id", "cash_log_entries", "game_tables"),
        _of("player_id", "cash_log_entries", "players"),
        _of("buy_in_id", "cash_log_entries", "buy_ins"),
        _of("recorded_by", "cash_log_entries", "users"),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_cash_log_entries")),
        sa.UniqueConstraint("buy_in_id", name=op.f("uq_cash_log_entries_buy_in_id")),
    )
    op.create_index("ix_cash_log_entries_day", "cash_log_entries", ["gaming_day", "table_id"])


def _report_days() -> None:
    op.create_table(
        "report_days",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("player_id", sa.Integer(), nullable=False),
        sa.Column("gaming_day", sa.Date(), nullable=False),
        sa.Column("currency", sa.String(length=3), nullable=False),
        sa.Column("minor_unit", sa.Integer(), nullable=False),
        sa.Column("buy_in_id", sa.Integer(), nullable=False),
        sa.Column("listed_at", sa.DateTime(timezone=True), nullable=False),
        _of("player_id", "report_days", "players"),
        _of("buy_in_id", "report_days", "buy_ins"),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_report_days")),
        sa.UniqueConstraint("player_id", "gaming_day", "currency", name=op.f("uq_report_days_player_id")),
    )


def upgrade() -> None:
    _cash_ins()
    _log()
    _report_days()
    add_guards(UNIQUE_KEYS, MESSAGE)


def downgrade() -> None:
    drop_guards(APPEND_ONLY)
    op.drop_table("report_days")
    op.drop_index("ix_cash_log_entries_day", table_name="cash_log_entries")
    op.drop_table("cash_log_entries")
    op.drop_index("ix_cash_ins_player_day", table_name="cash_ins")
    op.drop_table("cash_ins")
