"""The expected win at a year's scale (issue 22): per table, gaming day,
shift and dealer, the round records stored and taken out, and the sums of
the stored expected values of those that count, so that a report reads a
few rows a shift instead of every round of its period (and every seat of
those without values).

The totals are filled here from what is stored: every record counted in
``records`` (its seats in ``records_seats``), those an approved void or
correction took out in ``taken_out_*``, and the values of the counting
records that have them summed. From then on each change commits with
what causes it (a round stored, its values stored, a decision).

Revision ID: 0020
Revises: 0019
Create Date: 2026-12-04 17:40:00.000000
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0020"
down_revision = "0019"
branch_labels = None
depends_on = None

TABLE = "shift_expected_values"
KEY = ("table_id", "gaming_day", "shift", "dealer_id")
COUNTS = ("records", "records_seats", "taken_out_records", "taken_out_seats", "rounds", "seats")
#: summed as they are from round_expected_values
VALUES = (
    "main_handle",
    "main_player_value",
    "dealer_break_bonus_player_value",
    "break_bonus_player_value",
    "main_best_value",
    "main_house_way_value",
)
BETS = ("main", "dealer_break_bonus", "break_bonus")


def upgrade() -> None:
    op.create_table(
        TABLE,
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("table_id", sa.Integer(), nullable=False),
        sa.Column("gaming_day", sa.Date(), nullable=False),
        sa.Column("shift", sa.Integer(), nullable=False),
        sa.Column("dealer_id", sa.Integer(), nullable=False),
        *(sa.Column(name, sa.Integer(), nullable=False) for name in COUNTS),
        *(sa.Column(name, sa.BigInteger(), nullable=False) for name in VALUES),
        *(sa.Column(f"{bet}_squares", sa.Float(), nullable=False) for bet in BETS),
        sa.ForeignKeyConstraint(["dealer_id"], ["users.id"], name=op.f(f"fk_{TABLE}_dealer_id_users")),
        sa.ForeignKeyConstraint(
            ["table_id"], ["game_tables.id"], name=op.f(f"fk_{TABLE}_table_id_game_tables")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f(f"pk_{TABLE}")),
        sa.UniqueConstraint(*KEY, name=op.f(f"uq_{TABLE}_table_id")),
    )
    op.create_index(op.f(f"ix_{TABLE}_gaming_day"), TABLE, ["gaming_day"], unique=False)
    op.execute(_backfill())


def _backfill() -> str:
    """One INSERT from the stored records: per key, every record and its
    seats, those taken out by an approved decision, and the values of the
    others that have them."""
    out = "EXISTS (SELECT 1 FROM exception_decisions d WHERE d.round_id = r.id AND d.approved)"
    valued = f"v.round_id IS NOT NULL AND NOT {out}"
    summed = ", ".join(
        [
            "COUNT(*)",
            "SUM(COALESCE(s.seats, 0))",
            f"SUM(CASE WHEN {out} THEN 1 ELSE 0 END)",
            f"SUM(CASE WHEN {out} THEN COALESCE(s.seats, 0) ELSE 0 END)",
            f"SUM(CASE WHEN {valued} THEN 1 ELSE 0 END)",
            f"SUM(CASE WHEN {valued} THEN v.seats ELSE 0 END)",
            *(f"SUM(CASE WHEN {valued} THEN v.{name} ELSE 0 END)" for name in VALUES),
            *(f"SUM(CASE WHEN {valued} THEN v.{bet}_sd_sum * v.{bet}_sd_sum ELSE 0.0 END)" for bet in BETS),
        ]
    )
    columns = ", ".join(
        ("table_id", "gaming_day", "shift", "dealer_id", *COUNTS, *VALUES, *(f"{b}_squares" for b in BETS))
    )
    return (
        f"INSERT INTO {TABLE} ({columns}) "
        f"SELECT r.table_id, r.gaming_day, r.shift, r.entered_by, {summed} FROM rounds r "
        "LEFT JOIN (SELECT round_id, COUNT(*) AS seats FROM round_seats GROUP BY round_id) s "
        "ON s.round_id = r.id "
        "LEFT JOIN round_expected_values v ON v.round_id = r.id "
        "GROUP BY r.table_id, r.gaming_day, r.shift, r.entered_by"
    )


def downgrade() -> None:
    op.drop_index(op.f(f"ix_{TABLE}_gaming_day"), table_name=TABLE)
    op.drop_table(TABLE)
