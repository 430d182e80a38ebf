"""Each table's currency (issue 21): its ISO 4217 code and minor unit, a
row written with the table and never changed after (every amount stored
for the table counts that minor unit; read in another currency it would
be another sum). Append-only like the records (no UPDATE, DELETE, REPLACE
or TRUNCATE). A table of its own rather than columns of ``game_tables``:
no rebuild of a table every record refers to, and an older schema's
queries of ``game_tables`` keep working after a step back. The tables made
before get the unit the pages always read them in: USD, 2 decimals; a
step back is refused while any table is kept in another currency.

Revision ID: 0017
Revises: 0016
Create Date: 2026-12-03 16:20:00.000000
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from service.store.append_only import add_guards, drop_guards

revision = "0017"
down_revision = "0016"
branch_labels = None
depends_on = None

MESSAGE = "the currency of a table is fixed when it is created"
UNIQUE_KEYS = {"table_currencies": (("table_id",),)}


def upgrade() -> None:
    op.create_table(
        "table_currencies",
        sa.Column("table_id", sa.Integer(), autoincrement=False, nullable=False),
        sa.Column("code", sa.String(length=3), nullable=False),
        sa.Column("minor_unit", sa.Integer(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["table_id"], ["game_tables.id"], name=op.f("fk_table_currencies_table_id_game_tables")
        ),
        sa.PrimaryKeyConstraint("table_id", name=op.f("pk_table_currencies")),
    )
    op.execute(
        "INSERT INTO table_currencies (table_id, code, minor_unit, created_at) "
        "SELECT id, 'USD', 2, created_at FROM game_tables"
    )
    add_guards(UNIQUE_KEYS, MESSAGE)


def downgrade() -> None:
    # The older schema reads every amount as USD cents: a table kept in
    # another currency would have its money read as another sum.
    others = op.get_bind().execute(
        sa.text("SELECT code FROM table_currencies WHERE code <> 'USD' OR minor_unit <> 2 ORDER BY code")
    )
    codes = sorted({row[0] for row in others})
    if codes:
        raise RuntimeError(
            f"tables are kept in {', '.join(codes)}: the schema before 0017 would read their amounts as USD"
        )
    drop_guards(tuple(UNIQUE_KEYS))
    op.drop_table("table_currencies")
