"""The casino's players (issue 42, rule book section 14): club numbers and
their names, each name a new row (a change of name is a record, never an
overwrite). Both tables are append-only like the rounds.

Revision ID: 0026
Revises: 0025
Create Date: 2026-12-07 04:20:00.000000
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from service.store.append_only import add_guards, drop_guards

revision = "0026"
down_revision = "0025"
branch_labels = None
depends_on = None

MESSAGE = "players and their names are append-only"
APPEND_ONLY = ("players", "player_names")
#: every unique key of each table (a REPLACE deletes the row it matches)
UNIQUE_KEYS = {
    "players": (("id",), ("club_number",)),
    "player_names": (("id",), ("player_id", "version")),
}


def _of(column: str, table: str, target: str) -> sa.ForeignKeyConstraint:
    return sa.ForeignKeyConstraint([column], [f"{target}.id"], name=op.f(f"fk_{table}_{column}_{target}"))


def upgrade() -> None:
    op.create_table(
        "players",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("club_number", sa.String(length=20), nullable=False),
        sa.Column("created_by", sa.Integer(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        _of("created_by", "players", "users"),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_players")),
        sa.UniqueConstraint("club_number", name=op.f("uq_players_club_number")),
    )
    op.create_table(
        "player_names",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("player_id", sa.Integer(), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(length=120), nullable=False),
        sa.Column("named_by", sa.Integer(), nullable=False),
        sa.Column("named_at", sa.DateTime(timezone=True), nullable=False),
        _of("player_id", "player_names", "players"),
        _of("named_by", "player_names", "users"),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_player_names")),
        sa.UniqueConstraint("player_id", "version", name=op.f("uq_player_names_player_id")),
    )
    op.create_index(op.f("ix_player_names_player_id"), "player_names", ["player_id"])
    add_guards(UNIQUE_KEYS, MESSAGE)


def downgrade() -> None:
    drop_guards(APPEND_ONLY)
    op.drop_index(op.f("ix_player_names_player_id"), table_name="player_names")
    op.drop_table("player_names")
    op.drop_table("players")
