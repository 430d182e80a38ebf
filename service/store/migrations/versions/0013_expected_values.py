"""The expected win of the hands dealt (issue 19): per seat of a stored
round, the exact expected values of the bets given the seat's seven cards
(the dealer's hand unknown), and per round their sums for the reports.

Each value is an integer numerator over the fixed denominator C(46,7) =
53,524,680 (the dealer hands left), so nothing is rounded in storage. A
round's values follow from its cards and its configuration version, which
never change: the rows are written once by the worker job and are
append-only like the rounds (no UPDATE, DELETE, REPLACE or TRUNCATE).

Revision ID: 0013
Revises: 0012
Create Date: 2026-12-03 09:45:00.000000
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from service.store.append_only import add_guards, drop_guards

revision = "0013"
down_revision = "0012"
branch_labels = None
depends_on = None

MESSAGE = "the expected values of a stored round are append-only"
APPEND_ONLY = ("seat_expected_values", "round_expected_values")
#: every unique key of each table (a REPLACE deletes the row it matches)
UNIQUE_KEYS = {
    "seat_expected_values": (("id",), ("seat_id",), ("round_id", "seat")),
    "round_expected_values": (("round_id",),),
}
BETS = ("main", "dealer_break_bonus", "break_bonus")


def _of(column: str, table: str, target: str) -> sa.ForeignKeyConstraint:
    return sa.ForeignKeyConstraint([column], [f"{target}.id"], name=op.f(f"fk_{table}_{column}_{target}"))


def _numerators(*names: str) -> list[sa.Column[object]]:
    return [sa.Column(name, sa.BigInteger(), nullable=False) for name in names]


def upgrade() -> None:
    op.create_table(
        "seat_expected_values",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("round_id", sa.Integer(), nullable=False),
        sa.Column("seat_id", sa.Integer(), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("config_id", sa.Integer(), nullable=False),
        sa.Column("qualifier", sa.String(length=20), nullable=False),
        sa.Column("foul_policy", sa.String(length=20), nullable=False),
        *_numerators(
            "main_played",
            "main_best",
            "main_house_way",
            "main_played_square",
            "dealer_break_bonus",
            "dealer_break_bonus_square",
            "break_bonus",
        ),
        sa.Column("computed_at", sa.DateTime(timezone=True), nullable=False),
        _of("round_id", "seat_expected_values", "rounds"),
        _of("seat_id", "seat_expected_values", "round_seats"),
        _of("config_id", "seat_expected_values", "config_versions"),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_seat_expected_values")),
        sa.UniqueConstraint("seat_id", name=op.f("uq_seat_expected_values_seat_id")),
        sa.UniqueConstraint("round_id", "seat", name=op.f("uq_seat_expected_values_round_id")),
    )
    op.create_table(
        "round_expected_values",
        sa.Column("round_id", sa.Integer(), autoincrement=False, nullable=False),
        sa.Column("config_id", sa.Integer(), nullable=False),
        sa.Column("seats", sa.Integer(), nullable=False),
        sa.Column("main_handle", sa.BigInteger(), nullable=False),
        *_numerators(*(f"{bet}_player_value" for bet in BETS), "main_best_value", "main_house_way_value"),
        *(sa.Column(f"{bet}_sd_sum", sa.Float(), nullable=False) for bet in BETS),
        sa.Column("computed_at", sa.DateTime(timezone=True), nullable=False),
        _of("round_id", "round_expected_values", "rounds"),
        _of("config_id", "round_expected_values", "config_versions"),
        sa.PrimaryKeyConstraint("round_id", name=op.f("pk_round_expected_values")),
    )
    add_guards(UNIQUE_KEYS, MESSAGE)


def downgrade() -> None:
    drop_guards(APPEND_ONLY)
    op.drop_table("round_expected_values")
    op.drop_table("seat_expected_values")
