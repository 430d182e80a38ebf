"""The login rate limit's counters: attempts per client address and per
name in the current window.

Revision ID: 0006
Revises: 0005
Create Date: 2026-12-01 08:00:00.000000
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "login_throttle",
        sa.Column("key", sa.String(length=64), nullable=False),
        sa.Column("window_start", sa.DateTime(timezone=True), nullable=False),
        sa.Column("attempts", sa.Integer(), nullable=False),
        sa.PrimaryKeyConstraint("key", name=op.f("pk_login_throttle")),
    )
    op.create_index(op.f("ix_login_throttle_window_start"), "login_throttle", ["window_start"])


def downgrade() -> None:
    op.drop_index(op.f("ix_login_throttle_window_start"), table_name="login_throttle")
    op.drop_table("login_throttle")
