"""A table's sessions by the time they opened (issue 22): a report finds
the session a decided round was dealt in by this index, a lookup a round,
instead of reading every session of its period (7,300 in a floor's year,
most of the year-to-date report's time).

Revision ID: 0022
Revises: 0021
Create Date: 2026-12-05 22:30:00.000000
"""

from __future__ import annotations

from alembic import op

revision = "0022"
down_revision = "0021"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_index("ix_table_sessions_table_opened", "table_sessions", ["table_id", "opened_at"])


def downgrade() -> None:
    op.drop_index("ix_table_sessions_table_opened", table_name="table_sessions")
