"""Two changes of issue 16, each undone on its own below:

1. What voids and corrections took out of the shift aggregates, kept beside
   the totals they lowered, so the counters on /metrics (the totals plus
   what was taken out) only ever rise. Rows from before start at zero: what
   earlier voids took out is not recounted, so the counters go on from
   where they stood and never fall.
2. Failed sign-ins per user and client address (``login_failures``): the
   lockout holds the addresses that failed, not the account everywhere.
   ``users.failed_logins`` and ``users.locked_until`` stay (no longer
   written) so the version before still runs during an upgrade.

Revision ID: 0008
Revises: 0007
Create Date: 2026-12-02 09:00:00.000000
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None

_COUNTS = (
    "voided_rounds",
    "corrected_rounds",
    "taken_out_seats",
    "taken_out_player_lucky_breaks",
    "taken_out_dealer_lucky_breaks",
    "taken_out_dealer_non_qualifications",
    "taken_out_fouls",
)
_MONEY = (
    "taken_out_main_handle",
    "taken_out_dealer_break_bonus_handle",
    "taken_out_break_bonus_handle",
)


def upgrade() -> None:
    _add_taken_out_totals()
    _create_login_failures()


def downgrade() -> None:
    op.drop_table("login_failures")
    with op.batch_alter_table("shift_aggregates", schema=None) as batch_op:
        for name in (*_COUNTS, *_MONEY):
            batch_op.drop_column(name)


def _add_taken_out_totals() -> None:
    # Batch mode: SQLite cannot drop a column in place (the downgrade).
    with op.batch_alter_table("shift_aggregates", schema=None) as batch_op:
        for name in _COUNTS:
            batch_op.add_column(sa.Column(name, sa.Integer(), nullable=False, server_default="0"))
        for name in _MONEY:
            batch_op.add_column(sa.Column(name, sa.BigInteger(), nullable=False, server_default="0"))


def _create_login_failures() -> None:
    op.create_table(
        "login_failures",
        sa.Column("user_id", sa.Integer(), nullable=False),
        sa.Column("address", sa.String(length=64), nullable=False),
        sa.Column("failures", sa.Integer(), nullable=False),
        sa.Column("last_failure_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("locked_until", sa.DateTime(timezone=True), nullable=True),
        sa.ForeignKeyConstraint(["user_id"], ["users.id"], name=op.f("fk_login_failures_user_id_users")),
        sa.PrimaryKeyConstraint("user_id", "address", name=op.f("pk_login_failures")),
    )
