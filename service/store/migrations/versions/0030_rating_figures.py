"""Each rating's figures (issue 42, rule book section 14): exact sums the
workers' ``figure_rating`` job keeps, derived state (not append-only) that
can be rebuilt from the rated seats, the rounds and their stored values.

Revision ID: 0030
Revises: 0029
Create Date: 2026-12-07 05:00:00.000000
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0030"
down_revision = "0029"
branch_labels = None
depends_on = None


def upgrade() -> None:
    exact = sa.Numeric(80, 0).with_variant(sa.String(82), "sqlite")
    op.create_table(
        "rating_figures",
        sa.Column("rating_id", sa.Integer(), nullable=False),
        sa.Column("rounds", sa.Integer(), nullable=False),
        sa.Column("pending_rounds", sa.Integer(), nullable=False),
        sa.Column("last_seat_id", sa.Integer(), nullable=True),
        sa.Column("main_handle", sa.BigInteger(), nullable=False),
        sa.Column("dealer_break_bonus_handle", sa.BigInteger(), nullable=False),
        sa.Column("break_bonus_handle", sa.BigInteger(), nullable=False),
        sa.Column("actual", sa.BigInteger(), nullable=False),
        sa.Column("theoretical", exact, nullable=False),
        sa.Column("decisions", exact, nullable=False),
        sa.Column("player_cards", exact, nullable=False),
        sa.Column("dealer_cards", exact, nullable=False),
        sa.Column("player_cards_variance", exact, nullable=True),
        sa.Column("dealer_cards_variance", exact, nullable=False),
        sa.Column("figured_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["rating_id"], ["ratings.id"], name=op.f("fk_rating_figures_rating_id_ratings")
        ),
        sa.PrimaryKeyConstraint("rating_id", name=op.f("pk_rating_figures")),
    )


def downgrade() -> None:
    op.drop_table("rating_figures")
