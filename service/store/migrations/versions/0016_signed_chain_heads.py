"""A chain head no database user can forge (issue 21): each event's MAC,
made by the process that wrote it, and each chain head signed by a worker,
both with keys the database never holds; append-only like the events. A
verification asked through the API may name the head the chain must reach.

Revision ID: 0016
Revises: 0015
Create Date: 2026-12-03 16:10:00.000000
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from service.store.append_only import add_guards, drop_guards

revision = "0016"
down_revision = "0015"
branch_labels = None
depends_on = None

MESSAGE = "event MACs and signed chain heads are append-only"
APPEND_ONLY = ("audit_event_macs", "audit_head_signatures")
UNIQUE_KEYS = {"audit_event_macs": (("event_id",),), "audit_head_signatures": (("seq",),)}


def upgrade() -> None:
    op.create_table(
        "audit_event_macs",
        sa.Column("event_id", sa.Integer(), autoincrement=False, nullable=False),
        sa.Column("mac", sa.String(length=64), nullable=False),
        sa.PrimaryKeyConstraint("event_id", name=op.f("pk_audit_event_macs")),
    )
    op.create_table(
        "audit_head_signatures",
        sa.Column("seq", sa.Integer(), autoincrement=False, nullable=False),
        sa.Column("hash", sa.String(length=64), nullable=False),
        sa.Column("key_id", sa.String(length=16), nullable=False),
        sa.Column("signature", sa.String(length=128), nullable=False),
        sa.Column("signed_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("seq", name=op.f("pk_audit_head_signatures")),
    )
    add_guards(UNIQUE_KEYS, MESSAGE)
    op.add_column("audit_verifications", sa.Column("expect_head", sa.String(length=80), nullable=True))


def downgrade() -> None:
    op.drop_column("audit_verifications", "expect_head")
    drop_guards(APPEND_ONLY)
    op.drop_table("audit_head_signatures")
    op.drop_table("audit_event_macs")
