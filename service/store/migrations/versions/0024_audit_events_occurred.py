"""Audit events by the time they occurred (issue 22): a compliance export
takes the events of its window, and with no index on ``occurred_at`` each
of its reads (the trail's count and file, the chain's count and file) went
through every event ever written. At 1M rounds on SQLite a table's month
read the whole log four times. The index gives the window's first and last
event ids, and the reads keep to that range.

Revision ID: 0024
Revises: 0023
Create Date: 2026-12-06 08:30:00.000000
"""

from __future__ import annotations

from alembic import op

revision = "0024"
down_revision = "0023"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_index("ix_audit_events_occurred_at", "audit_events", ["occurred_at"])


def downgrade() -> None:
    op.drop_index("ix_audit_events_occurred_at", table_name="audit_events")
