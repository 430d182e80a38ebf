"""The round list's total without counting the rounds (issue 22): each
table's round records by gaming day and shift, kept as records are
inserted. Every page of the list answered a COUNT of the table's rounds,
which grows with the table's history (a sequential scan on PostgreSQL at
one table, about 1.5 s at 1M rounds); a sum of these rows is three a
gaming day. The rows are filled here from the rounds stored so far.

Revision ID: 0021
Revises: 0020
Create Date: 2026-12-04 17:40:00.000000
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0021"
down_revision = "0020"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "round_counts",
        sa.Column("table_id", sa.Integer(), autoincrement=False, nullable=False),
        sa.Column("gaming_day", sa.Date(), nullable=False),
        sa.Column("shift", sa.Integer(), autoincrement=False, nullable=False),
        sa.Column("rounds", sa.BigInteger(), nullable=False),
        sa.ForeignKeyConstraint(
            ["table_id"], ["game_tables.id"], name=op.f("fk_round_counts_table_id_game_tables")
        ),
        sa.PrimaryKeyConstraint("table_id", "gaming_day", "shift", name=op.f("pk_round_counts")),
    )
    op.execute(
        "INSERT INTO round_counts (table_id, gaming_day, shift, rounds) "
        "SELECT table_id, gaming_day, shift, COUNT(*) FROM rounds GROUP BY table_id, gaming_day, shift"
    )


def downgrade() -> None:
    op.drop_table("round_counts")
