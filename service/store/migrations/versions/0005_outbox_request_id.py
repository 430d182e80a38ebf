"""The outbox row keeps the id of the API request that wrote it, so the job
it becomes logs under the same id.

Revision ID: 0005
Revises: 0004
Create Date: 2026-12-01 07:10:00.000000
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # Nullable: older rows, and work no request caused (the sweep, a worker's
    # own events), have none. Batch mode: SQLite cannot drop a column in place.
    with op.batch_alter_table("outbox", schema=None) as batch_op:
        batch_op.add_column(sa.Column("request_id", sa.String(length=64), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("outbox", schema=None) as batch_op:
        batch_op.drop_column("request_id")
