"""The moment a dealer marks a deck's hands exposed (issue 43, rule book
section 15, "deck order is secret"): before it no endpoint shows the
deck's cards, after it only the hands of the seats in play and the
dealer's. Append-only, like the decks themselves.

Revision ID: 0036
Revises: 0035
Create Date: 2026-12-07 08:10:00.000000
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from service.store.append_only import add_guards, drop_guards

revision = "0036"
down_revision = "0035"
branch_labels = None
depends_on = None

MESSAGE = "the exposure of a deck is written once"
APPEND_ONLY = ("deck_exposures",)
#: every unique key of each table (a REPLACE deletes the row it matches)
UNIQUE_KEYS = {"deck_exposures": (("feed_id",),)}


def upgrade() -> None:
    op.create_table(
        "deck_exposures",
        sa.Column("feed_id", sa.Integer(), autoincrement=False, nullable=False),
        sa.Column("seats", sa.JSON(), nullable=False),
        sa.Column("exposed_by", sa.Integer(), nullable=False),
        sa.Column("exposed_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["feed_id"], ["deck_feeds.id"], name=op.f("fk_deck_exposures_feed_id_deck_feeds")
        ),
        sa.ForeignKeyConstraint(
            ["exposed_by"], ["users.id"], name=op.f("fk_deck_exposures_exposed_by_users")
        ),
        sa.PrimaryKeyConstraint("feed_id", name=op.f("pk_deck_exposures")),
    )
    add_guards(UNIQUE_KEYS, MESSAGE)


def downgrade() -> None:
    drop_guards(APPEND_ONLY)
    op.drop_table("deck_exposures")
