"""The client addresses each user signed in from (``known_addresses``):
the per-name sign-in rate limit counts every address together, so a
stranger who filled it kept the user out for as long as they kept at it;
an address the user signed in from before is no longer held back by it.

Revision ID: 0010
Revises: 0009
Create Date: 2026-12-02 05:30:00.000000
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0010"
down_revision = "0009"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "known_addresses",
        sa.Column("user_id", sa.Integer(), nullable=False),
        sa.Column("address", sa.String(length=64), nullable=False),
        sa.Column("last_signed_in_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(["user_id"], ["users.id"], name=op.f("fk_known_addresses_user_id_users")),
        sa.PrimaryKeyConstraint("user_id", "address", name=op.f("pk_known_addresses")),
    )


def downgrade() -> None:
    op.drop_table("known_addresses")
