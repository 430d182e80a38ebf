"""Users an admin manages (issue 21): whether a user is active, must set a
new password at the next sign-in, when they last signed in and when their
password was last set; when each token was last used, for the idle
timeout.

Revision ID: 0015
Revises: 0014
Create Date: 2026-12-03 16:10:00.000000
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0015"
down_revision = "0014"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("users", sa.Column("active", sa.Boolean(), nullable=False, server_default=sa.true()))
    op.add_column(
        "users", sa.Column("must_change_password", sa.Boolean(), nullable=False, server_default=sa.false())
    )
    op.add_column("users", sa.Column("last_sign_in_at", sa.DateTime(timezone=True), nullable=True))
    op.add_column("users", sa.Column("password_changed_at", sa.DateTime(timezone=True), nullable=True))
    # Nothing says when an older password was set: no later than the user.
    op.execute("UPDATE users SET password_changed_at = created_at")
    op.add_column("tokens", sa.Column("last_used_at", sa.DateTime(timezone=True), nullable=True))


def downgrade() -> None:
    op.drop_column("tokens", "last_used_at")
    for column in ("password_changed_at", "last_sign_in_at", "must_change_password", "active"):
        op.drop_column("users", column)
