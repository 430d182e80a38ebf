"""The hidden-information test (issue 43, rule book section 15, "Decisions
that know the dealer's hand"): each tested seat's bet and each round
tested, append-only; each subject's evidence (a rated player's gaming day,
an unrated seat's table session), kept by the workers' job as its bets are
added. The rounds stored before are left untested: the sweep sends them.

Revision ID: 0041
Revises: 0040
Create Date: 2026-12-07 10:20:00.000000
"""

from __future__ import annotations

from typing import Any

import sqlalchemy as sa
from alembic import op

from service.store.append_only import add_guards, drop_guards

revision = "0041"
down_revision = "0040"
branch_labels = None
depends_on = None

MESSAGE = "the bets of the hidden-information test are append-only"
APPEND_ONLY = ("hidden_rounds", "hidden_bets")
#: every unique key of each table (a REPLACE deletes the row it matches)
UNIQUE_KEYS = {"hidden_rounds": (("round_id",),), "hidden_bets": (("seat_id",),)}


def _fk(table: str, column: str, target: str) -> sa.ForeignKeyConstraint:
    return sa.ForeignKeyConstraint([column], [f"{target}.id"], name=op.f(f"fk_{table}_{column}_{target}"))


def _evidence() -> list[sa.Column[Any]]:
    logs: list[sa.Column[Any]] = [
        sa.Column(name, sa.Float(), nullable=False) for name in ("log_1", "log_2", "log_3")
    ]
    counts: list[sa.Column[Any]] = [
        sa.Column(name, sa.Integer(), nullable=False) for name in ("rounds", "departures", "did_better")
    ]
    return [*logs, *counts, sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False)]


def upgrade() -> None:
    op.create_table(
        "hidden_rounds",
        sa.Column("round_id", sa.Integer(), autoincrement=False, nullable=False),
        sa.Column("tested_at", sa.DateTime(timezone=True), nullable=False),
        _fk("hidden_rounds", "round_id", "rounds"),
        sa.PrimaryKeyConstraint("round_id", name=op.f("pk_hidden_rounds")),
    )
    op.create_table(
        "hidden_player_days",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("player_id", sa.Integer(), nullable=False),
        sa.Column("gaming_day", sa.Date(), nullable=False),
        *_evidence(),
        _fk("hidden_player_days", "player_id", "players"),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_hidden_player_days")),
        sa.UniqueConstraint("player_id", "gaming_day", name=op.f("uq_hidden_player_days_player_id")),
    )
    op.create_table(
        "hidden_seat_sessions",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("subject", sa.String(length=80), nullable=False),
        sa.Column("table_id", sa.Integer(), nullable=False),
        sa.Column("session_id", sa.Integer(), nullable=True),
        sa.Column("gaming_day", sa.Date(), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        *_evidence(),
        _fk("hidden_seat_sessions", "table_id", "game_tables"),
        _fk("hidden_seat_sessions", "session_id", "table_sessions"),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_hidden_seat_sessions")),
        sa.UniqueConstraint("subject", name=op.f("uq_hidden_seat_sessions_subject")),
    )
    op.create_table(
        "hidden_bets",
        sa.Column("seat_id", sa.Integer(), autoincrement=False, nullable=False),
        sa.Column("round_id", sa.Integer(), nullable=False),
        sa.Column("hands", sa.Integer(), nullable=False),
        sa.Column("dealer_hands", sa.Integer(), nullable=False),
        sa.Column("hit", sa.Boolean(), nullable=False),
        sa.Column("departed", sa.Boolean(), nullable=False),
        sa.Column("player_day_id", sa.Integer(), nullable=True),
        sa.Column("seat_session_id", sa.Integer(), nullable=True),
        _fk("hidden_bets", "seat_id", "round_seats"),
        _fk("hidden_bets", "round_id", "rounds"),
        _fk("hidden_bets", "player_day_id", "hidden_player_days"),
        _fk("hidden_bets", "seat_session_id", "hidden_seat_sessions"),
        sa.PrimaryKeyConstraint("seat_id", name=op.f("pk_hidden_bets")),
    )
    op.create_index("ix_hidden_bets_player_day_round", "hidden_bets", ["player_day_id", "round_id"])
    op.create_index("ix_hidden_bets_seat_session_round", "hidden_bets", ["seat_session_id", "round_id"])
    add_guards(UNIQUE_KEYS, MESSAGE)


def downgrade() -> None:
    drop_guards(APPEND_ONLY)
    op.drop_index("ix_hidden_bets_seat_session_round", table_name="hidden_bets")
    op.drop_index("ix_hidden_bets_player_day_round", table_name="hidden_bets")
    op.drop_table("hidden_bets")
    op.drop_table("hidden_seat_sessions")
    op.drop_table("hidden_player_days")
    op.drop_table("hidden_rounds")
