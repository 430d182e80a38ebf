"""The player-tracking system's feed of closed ratings as its own
append-only log (issue 42): a rating is fed at its seat-out and again
each time what its slip says changes afterwards, so a correction or a
void after the seat-out reaches the consumer. The ratings closed before
are fed in their seat-out order, as the feed gave them until now.

Revision ID: 0035
Revises: 0034
Create Date: 2026-12-07 08:00:00.000000
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from service.store.append_only import add_guards, drop_guards

revision = "0035"
down_revision = "0034"
branch_labels = None
depends_on = None

MESSAGE = "the feed of closed ratings is append-only"
APPEND_ONLY = ("rating_feed_entries",)
#: every unique key of each table (a REPLACE deletes the row it matches)
UNIQUE_KEYS = {"rating_feed_entries": (("id",),)}


def upgrade() -> None:
    op.create_table(
        "rating_feed_entries",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("rating_id", sa.Integer(), nullable=False),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["rating_id"], ["ratings.id"], name=op.f("fk_rating_feed_entries_rating_id_ratings")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_rating_feed_entries")),
    )
    op.create_index(op.f("ix_rating_feed_entries_rating_id"), "rating_feed_entries", ["rating_id"])
    op.execute(
        "INSERT INTO rating_feed_entries (rating_id, at) "
        "SELECT rating_id, at FROM rating_events WHERE kind = 'seat_out' ORDER BY id"
    )
    add_guards(UNIQUE_KEYS, MESSAGE)


def downgrade() -> None:
    drop_guards(APPEND_ONLY)
    op.drop_index(op.f("ix_rating_feed_entries_rating_id"), table_name="rating_feed_entries")
    op.drop_table("rating_feed_entries")
