"""One first count of a session's drop box (issue 40): two first counts
posted at once both found no count and both were stored, the second
without the reason a recount needs. The count before is locked for a
recount, but there is nothing to lock before the first; a unique index on
the session's counts that supersede nothing lets one of them win, and the
loser runs again as a recount (refused without a reason).

A database where the race was already lost holds two first counts of a
session: the records are append-only and sealed, so the migration does
not choose between them; it stops, naming the sessions, for the count
team to settle before upgrading.

Revision ID: 0025
Revises: 0024
Create Date: 2026-12-06 22:30:00.000000
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0025"
down_revision = "0024"
branch_labels = None
depends_on = None


def upgrade() -> None:
    twice = [
        row[0]
        for row in op.get_bind().execute(
            sa.text(
                "SELECT session_id FROM drop_counts WHERE supersedes_id IS NULL "
                "GROUP BY session_id HAVING COUNT(*) > 1 ORDER BY session_id"
            )
        )
    ]
    if twice:
        raise RuntimeError(
            f"table sessions {', '.join(map(str, twice))} each have more than one first drop count "
            "(counts posted at once before this migration): one first count a session is now a rule"
        )
    op.create_index(
        "uq_drop_counts_first",
        "drop_counts",
        ["session_id"],
        unique=True,
        sqlite_where=sa.text("supersedes_id IS NULL"),
        postgresql_where=sa.text("supersedes_id IS NULL"),
    )


def downgrade() -> None:
    op.drop_index("uq_drop_counts_first", table_name="drop_counts")
