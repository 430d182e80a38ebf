"""Reads at a year's scale (issue 22): a table's rounds by gaming day and
shift, and by time. A report's period (the rounds not counted yet, the
expected win, the voids and corrections by dealer) and a session's cards
against chips each read one range of one table's rounds; with only the
single-column indexes, a table's range was found by the gaming day or the
time over every table, and every row of it read from the table. The
session's index carries the house net, so its sum reads the index alone.

Revision ID: 0019
Revises: 0018
Create Date: 2026-12-03 19:30:00.000000
"""

from __future__ import annotations

from alembic import op

revision = "0019"
down_revision = "0018"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_index("ix_rounds_table_day_shift", "rounds", ["table_id", "gaming_day", "shift"])
    op.create_index("ix_rounds_table_entered_at", "rounds", ["table_id", "entered_at", "house_net"])


def downgrade() -> None:
    op.drop_index("ix_rounds_table_entered_at", table_name="rounds")
    op.drop_index("ix_rounds_table_day_shift", table_name="rounds")
