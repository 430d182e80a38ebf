"""Dealers at the tables (issue 43): each dealer's session at a table
from the sign-in at the tablet to the sign-out or the relief, and its
sign-out, append-only; the dealer at each table now (derived state, its
keys one dealer a table and one table a dealer); and the rounds dealt from
a deck and the cards changed by hand in them per table, gaming day, shift
and dealer (a counter). The rounds stored before are not counted into it.

Revision ID: 0040
Revises: 0037
Create Date: 2026-12-07 10:00:00.000000
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from service.store.append_only import add_guards, drop_guards

revision = "0040"
down_revision = "0039"
branch_labels = None
depends_on = None

MESSAGE = "the records of dealer sessions are append-only"
APPEND_ONLY = ("dealer_sessions", "dealer_sign_outs")
#: every unique key of each table (a REPLACE deletes the row it matches)
UNIQUE_KEYS = {"dealer_sessions": (("id",),), "dealer_sign_outs": (("session_id",),)}


def _fk(table: str, column: str, target: str) -> sa.ForeignKeyConstraint:
    return sa.ForeignKeyConstraint([column], [f"{target}.id"], name=op.f(f"fk_{table}_{column}_{target}"))


def _sessions() -> None:
    op.create_table(
        "dealer_sessions",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("table_id", sa.Integer(), nullable=False),
        sa.Column("dealer_id", sa.Integer(), nullable=False),
        sa.Column("table_session_id", sa.Integer(), nullable=False),
        sa.Column("gaming_day", sa.Date(), nullable=False),
        sa.Column("shift", sa.Integer(), nullable=False),
        sa.Column("signed_in_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("relieved_id", sa.Integer(), nullable=True),
        _fk("dealer_sessions", "table_id", "game_tables"),
        _fk("dealer_sessions", "dealer_id", "users"),
        _fk("dealer_sessions", "table_session_id", "table_sessions"),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_dealer_sessions")),
    )
    op.create_index(op.f("ix_dealer_sessions_table_id"), "dealer_sessions", ["table_id"])
    op.create_index(op.f("ix_dealer_sessions_table_session_id"), "dealer_sessions", ["table_session_id"])
    op.create_index("ix_dealer_sessions_signed_in_at", "dealer_sessions", ["signed_in_at"])
    op.create_index(
        "ix_dealer_sessions_dealer_id_signed_in_at", "dealer_sessions", ["dealer_id", "signed_in_at"]
    )
    op.create_table(
        "dealer_sign_outs",
        sa.Column("session_id", sa.Integer(), autoincrement=False, nullable=False),
        sa.Column("reason", sa.String(length=20), nullable=False),
        sa.Column("signed_out_by", sa.Integer(), nullable=False),
        sa.Column("signed_out_at", sa.DateTime(timezone=True), nullable=False),
        _fk("dealer_sign_outs", "session_id", "dealer_sessions"),
        _fk("dealer_sign_outs", "signed_out_by", "users"),
        sa.PrimaryKeyConstraint("session_id", name=op.f("pk_dealer_sign_outs")),
    )


def _derived() -> None:
    op.create_table(
        "dealer_posts",
        sa.Column("table_id", sa.Integer(), autoincrement=False, nullable=False),
        sa.Column("dealer_id", sa.Integer(), nullable=False),
        sa.Column("session_id", sa.Integer(), nullable=False),
        _fk("dealer_posts", "table_id", "game_tables"),
        _fk("dealer_posts", "dealer_id", "users"),
        _fk("dealer_posts", "session_id", "dealer_sessions"),
        sa.PrimaryKeyConstraint("table_id", name=op.f("pk_dealer_posts")),
        sa.UniqueConstraint("dealer_id", name=op.f("uq_dealer_posts_dealer_id")),
        sa.UniqueConstraint("session_id", name=op.f("uq_dealer_posts_session_id")),
    )
    op.create_table(
        "dealer_shift_counts",
        sa.Column("table_id", sa.Integer(), autoincrement=False, nullable=False),
        sa.Column("gaming_day", sa.Date(), nullable=False),
        sa.Column("shift", sa.Integer(), autoincrement=False, nullable=False),
        sa.Column("dealer_id", sa.Integer(), autoincrement=False, nullable=False),
        sa.Column("dealt_rounds", sa.Integer(), nullable=False),
        sa.Column("cards_changed", sa.Integer(), nullable=False),
        _fk("dealer_shift_counts", "table_id", "game_tables"),
        _fk("dealer_shift_counts", "dealer_id", "users"),
        sa.PrimaryKeyConstraint(
            "table_id", "gaming_day", "shift", "dealer_id", name=op.f("pk_dealer_shift_counts")
        ),
    )


def upgrade() -> None:
    _sessions()
    _derived()
    add_guards(UNIQUE_KEYS, MESSAGE)


def downgrade() -> None:
    drop_guards(APPEND_ONLY)
    op.drop_table("dealer_shift_counts")
    op.drop_table("dealer_posts")
    op.drop_table("dealer_sign_outs")
    op.drop_index("ix_dealer_sessions_dealer_id_signed_in_at", table_name="dealer_sessions")
    op.drop_index("ix_dealer_sessions_signed_in_at", table_name="dealer_sessions")
    op.drop_index(op.f("ix_dealer_sessions_table_session_id"), table_name="dealer_sessions")
    op.drop_index(op.f("ix_dealer_sessions_table_id"), table_name="dealer_sessions")
    op.drop_table("dealer_sessions")
