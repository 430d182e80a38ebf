"""The cards' side of the check kept beside the chips' in ``session_figures``
(issue 18): the session's counting rounds, their house net and the newest
approved void or correction among them, so a report's cards-against-chips
difference for any period reads these rows, never the rounds.

The rows kept before have no rounds' side: they are dropped, and the sweep
has the workers figure every counted session again.

Revision ID: 0012
Revises: 0011
Create Date: 2026-12-02 18:30:00.000000
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0012"
down_revision = "0011"
branch_labels = None
depends_on = None

COLUMNS = ("rounds", "rounds_net", "last_decision_id")


def upgrade() -> None:
    # The one table of 0011 that is not append-only: its rows are a cache.
    op.execute("DELETE FROM session_figures")
    with op.batch_alter_table("session_figures") as table:
        table.add_column(sa.Column("rounds", sa.Integer(), nullable=False, server_default="0"))
        table.add_column(sa.Column("rounds_net", sa.BigInteger(), nullable=False, server_default="0"))
        table.add_column(sa.Column("last_decision_id", sa.Integer(), nullable=False, server_default="0"))


def downgrade() -> None:
    with op.batch_alter_table("session_figures") as table:
        for column in COLUMNS:
            table.drop_column(column)
