"""A device day's card × position counts packed (issue 43: "the
protection work of a round costs at most a few milliseconds"): 53 × 53
unsigned 32-bit integers, little-endian, card by card, in place of one
JSON value of 53 lists that each deck's count decoded and encoded whole.
The days kept before are converted, and back again on a downgrade, with
the same counts.

Revision ID: 0042
Revises: 0041
Create Date: 2026-12-07 23:00:00.000000
"""

from __future__ import annotations

import struct
from typing import Any

import sqlalchemy as sa
from alembic import op

revision = "0042"
down_revision = "0041"
branch_labels = None
depends_on = None

SIDE = 53
# The layout of service/store/position_counts.py, spelled here: a
# migration keeps its own (the code may change after it).
_LAYOUT = struct.Struct(f"<{SIDE * SIDE}I")


def _pack(rows: list[list[int]]) -> bytes:
    return _LAYOUT.pack(*(count for row in rows for count in row))


def _unpack(stored: Any) -> list[list[int]]:
    counts = _LAYOUT.unpack(bytes(stored))
    return [list(counts[card * SIDE : (card + 1) * SIDE]) for card in range(SIDE)]


def _convert(source: str, target: str, source_type: Any, target_type: Any, change: Any) -> None:
    """Each day's ``source`` column written to ``target``, converted."""
    days = sa.table(
        "device_days",
        sa.column("id", sa.Integer()),
        sa.column(source, source_type),
        sa.column(target, target_type),
    )
    connection = op.get_bind()
    rows = connection.execute(sa.select(days.c.id, days.c[source]).order_by(days.c.id)).all()
    for day_id, value in rows:
        connection.execute(days.update().where(days.c.id == day_id).values({target: change(value)}))


def upgrade() -> None:
    with op.batch_alter_table("device_days") as table:
        table.add_column(sa.Column("position_counts", sa.LargeBinary(), nullable=True))
    _convert("positions", "position_counts", sa.JSON(), sa.LargeBinary(), _pack)
    with op.batch_alter_table("device_days") as table:
        table.drop_column("positions")
        table.alter_column(
            "position_counts", new_column_name="positions", existing_type=sa.LargeBinary(), nullable=False
        )


def downgrade() -> None:
    with op.batch_alter_table("device_days") as table:
        table.add_column(sa.Column("position_rows", sa.JSON(), nullable=True))
    _convert("positions", "position_rows", sa.LargeBinary(), sa.JSON(), _unpack)
    with op.batch_alter_table("device_days") as table:
        table.drop_column("positions")
        table.alter_column(
            "position_rows", new_column_name="positions", existing_type=sa.JSON(), nullable=False
        )
