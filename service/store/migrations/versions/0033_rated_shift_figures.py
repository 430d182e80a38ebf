"""The rated play of each slot of the floor (issue 42, rule book section
14): per table, gaming day, shift and dealer, the exact sums of the rated
seats of the counting rounds, kept by the workers' ``rated_slots`` job,
and each table's and dealer's months of them added up: derived state (not
append-only) that can be rebuilt from the rated seats, the rounds and
their stored values. The exact numerators are kept as 40-bit limbs
(service/store/limbs.py), so that a report adds a year of them in SQL,
exactly; and an index that covers the report's all handle per table and
dealer in ``shift_aggregates``.

Revision ID: 0033
Revises: 0031
Create Date: 2026-12-07 07:00:00.000000
"""

from __future__ import annotations

from typing import Any

import sqlalchemy as sa
from alembic import op

revision = "0033"
down_revision = "0032"
branch_labels = None
depends_on = None


def _sums() -> list[sa.Column[Any]]:
    """The columns both tables keep (service/store/figures_models.py RatedSums)."""
    counts = ("main_handle", "dealer_break_bonus_handle", "break_bonus_handle", "actual")
    exact = (
        "theoretical",
        "decisions",
        "player_cards",
        "dealer_cards",
        "player_cards_variance",
        "dealer_cards_variance",
    )
    return [
        sa.Column("rounds", sa.Integer(), nullable=False),
        sa.Column("pending_rounds", sa.Integer(), nullable=False),
        *(sa.Column(name, sa.BigInteger(), nullable=False) for name in counts),
        sa.Column("with_player_variance", sa.Integer(), nullable=False),
        *(sa.Column(f"{name}_{k}", sa.BigInteger(), nullable=False) for name in exact for k in range(5)),
        sa.Column("figured_at", sa.DateTime(timezone=True), nullable=False),
    ]


def upgrade() -> None:
    op.create_table(
        "rated_shift_figures",
        sa.Column("table_id", sa.Integer(), nullable=False),
        sa.Column("gaming_day", sa.Date(), nullable=False),
        sa.Column("shift", sa.Integer(), nullable=False),
        sa.Column("dealer_id", sa.Integer(), nullable=False),
        sa.Column("last_seat_id", sa.Integer(), nullable=True),
        *_sums(),
        sa.ForeignKeyConstraint(
            ["table_id"], ["game_tables.id"], name=op.f("fk_rated_shift_figures_table_id_game_tables")
        ),
        sa.ForeignKeyConstraint(
            ["dealer_id"], ["users.id"], name=op.f("fk_rated_shift_figures_dealer_id_users")
        ),
        sa.PrimaryKeyConstraint(
            "table_id", "gaming_day", "shift", "dealer_id", name=op.f("pk_rated_shift_figures")
        ),
    )
    op.create_index(
        op.f("ix_rated_shift_figures_gaming_day"), "rated_shift_figures", ["gaming_day"], unique=False
    )
    op.create_table(
        "rated_month_figures",
        sa.Column("table_id", sa.Integer(), nullable=False),
        sa.Column("month", sa.Date(), nullable=False),
        sa.Column("dealer_id", sa.Integer(), nullable=False),
        *_sums(),
        sa.ForeignKeyConstraint(
            ["table_id"], ["game_tables.id"], name=op.f("fk_rated_month_figures_table_id_game_tables")
        ),
        sa.ForeignKeyConstraint(
            ["dealer_id"], ["users.id"], name=op.f("fk_rated_month_figures_dealer_id_users")
        ),
        sa.PrimaryKeyConstraint("table_id", "month", "dealer_id", name=op.f("pk_rated_month_figures")),
    )
    op.create_index(op.f("ix_rated_month_figures_month"), "rated_month_figures", ["month"], unique=False)
    # The report's all handle per table and dealer, from the index alone.
    op.create_index(
        "ix_shift_aggregates_dealer_handle",
        "shift_aggregates",
        [
            "table_id",
            "dealer_id",
            "gaming_day",
            "shift",
            "main_handle",
            "dealer_break_bonus_handle",
            "break_bonus_handle",
        ],
        unique=False,
    )


def downgrade() -> None:
    op.drop_index("ix_shift_aggregates_dealer_handle", table_name="shift_aggregates")
    op.drop_index(op.f("ix_rated_month_figures_month"), table_name="rated_month_figures")
    op.drop_table("rated_month_figures")
    op.drop_index(op.f("ix_rated_shift_figures_gaming_day"), table_name="rated_shift_figures")
    op.drop_table("rated_shift_figures")
