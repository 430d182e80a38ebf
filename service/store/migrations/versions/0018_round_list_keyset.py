"""The round list pages by keyset (issue 21): an index on a table's rounds
in id order, so a page is one index range read however deep it is
(PostgreSQL's index on table_id alone does not keep its rows in id order;
SQLite's does, by rowid, but the schema is one for both).

Revision ID: 0018
Revises: 0017
Create Date: 2026-12-03 16:15:00.000000
"""

from __future__ import annotations

from alembic import op

revision = "0018"
down_revision = "0017"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_index("ix_rounds_table_id_id", "rounds", ["table_id", "id"])


def downgrade() -> None:
    op.drop_index("ix_rounds_table_id_id", table_name="rounds")
