"""The outbox's waiting rows by their own index (issue 22): the index on
``dispatched_at`` kept an entry for every version of every row, and the
dispatcher's look for waiting rows (a bitmap scan of it) read every sent
row's old version until a vacuum removed it, more every second. An index
of only the waiting rows in id order is read by a plain index scan, which
marks the dead entries it meets, and stays as small as the backlog.

Revision ID: 0023
Revises: 0022
Create Date: 2026-12-06 02:10:00.000000
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0023"
down_revision = "0022"
branch_labels = None
depends_on = None

WAITING = sa.text("dispatched_at IS NULL")


def upgrade() -> None:
    with op.batch_alter_table("outbox") as batch_op:
        batch_op.drop_index("ix_outbox_dispatched_at")
    op.create_index("ix_outbox_waiting", "outbox", ["id"], sqlite_where=WAITING, postgresql_where=WAITING)


def downgrade() -> None:
    op.drop_index("ix_outbox_waiting", table_name="outbox")
    with op.batch_alter_table("outbox") as batch_op:
        batch_op.create_index("ix_outbox_dispatched_at", ["dispatched_at"], unique=False)
