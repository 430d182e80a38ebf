"""Rated play (issue 42, rule book section 14): ratings, their pauses,
resumes and seat-out (one a rating, a partial unique index), buy-ins, the
rated seats of stored rounds, all append-only like the rounds; and the
open seats' claims, derived state whose keys make a seat hold at most one
open rating whatever races the application loses.

Revision ID: 0029
Revises: 0028
Create Date: 2026-12-07 04:30:00.000000
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from service.store.append_only import add_guards, drop_guards

revision = "0029"
down_revision = "0028"
branch_labels = None
depends_on = None

MESSAGE = "ratings, their events, buy-ins and rated seats are append-only"
APPEND_ONLY = ("ratings", "rating_events", "buy_ins", "rated_seats")
#: every unique key of each table (a REPLACE deletes the row it matches)
UNIQUE_KEYS = {
    "ratings": (("id",),),
    "rating_events": (("id",),),
    "buy_ins": (("id",),),
    "rated_seats": (("seat_id",),),
}
SEAT_OUT = sa.text("kind = 'seat_out'")


def _of(column: str, table: str, target: str) -> sa.ForeignKeyConstraint:
    return sa.ForeignKeyConstraint([column], [f"{target}.id"], name=op.f(f"fk_{table}_{column}_{target}"))


def _ratings() -> None:
    op.create_table(
        "ratings",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("player_id", sa.Integer(), nullable=False),
        sa.Column("table_id", sa.Integer(), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("seated_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("started", sa.String(length=10), nullable=False),
        sa.Column("reason", sa.String(length=2000), nullable=True),
        sa.Column("started_by", sa.Integer(), nullable=False),
        sa.Column("recorded_at", sa.DateTime(timezone=True), nullable=False),
        _of("player_id", "ratings", "players"),
        _of("table_id", "ratings", "game_tables"),
        _of("started_by", "ratings", "users"),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_ratings")),
    )
    op.create_index(op.f("ix_ratings_player_id"), "ratings", ["player_id"])
    op.create_index("ix_ratings_table_id_seat", "ratings", ["table_id", "seat"])


def _events() -> None:
    op.create_table(
        "rating_events",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("rating_id", sa.Integer(), nullable=False),
        sa.Column("kind", sa.String(length=10), nullable=False),
        sa.Column("chips_taken", sa.BigInteger(), nullable=True),
        sa.Column("reason", sa.String(length=2000), nullable=True),
        sa.Column("recorded_by", sa.Integer(), nullable=False),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
        _of("rating_id", "rating_events", "ratings"),
        _of("recorded_by", "rating_events", "users"),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_rating_events")),
    )
    op.create_index(op.f("ix_rating_events_rating_id"), "rating_events", ["rating_id"])
    op.create_index(
        "uq_rating_events_seat_out",
        "rating_events",
        ["rating_id"],
        unique=True,
        sqlite_where=SEAT_OUT,
        postgresql_where=SEAT_OUT,
    )
    op.create_table(
        "buy_ins",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("rating_id", sa.Integer(), nullable=False),
        sa.Column("kind", sa.String(length=10), nullable=False),
        sa.Column("amount", sa.BigInteger(), nullable=False),
        sa.Column("recorded_by", sa.Integer(), nullable=False),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
        _of("rating_id", "buy_ins", "ratings"),
        _of("recorded_by", "buy_ins", "users"),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_buy_ins")),
    )
    op.create_index(op.f("ix_buy_ins_rating_id"), "buy_ins", ["rating_id"])


def _links() -> None:
    op.create_table(
        "rated_seats",
        sa.Column("seat_id", sa.Integer(), nullable=False),
        sa.Column("rating_id", sa.Integer(), nullable=False),
        _of("seat_id", "rated_seats", "round_seats"),
        _of("rating_id", "rated_seats", "ratings"),
        sa.PrimaryKeyConstraint("seat_id", name=op.f("pk_rated_seats")),
    )
    op.create_index(op.f("ix_rated_seats_rating_id"), "rated_seats", ["rating_id"])
    op.create_table(
        "seat_claims",
        sa.Column("table_id", sa.Integer(), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("rating_id", sa.Integer(), nullable=False),
        sa.Column("player_id", sa.Integer(), nullable=False),
        sa.Column("paused", sa.Boolean(), nullable=False),
        _of("table_id", "seat_claims", "game_tables"),
        _of("rating_id", "seat_claims", "ratings"),
        _of("player_id", "seat_claims", "players"),
        sa.PrimaryKeyConstraint("table_id", "seat", name=op.f("pk_seat_claims")),
        sa.UniqueConstraint("rating_id", name=op.f("uq_seat_claims_rating_id")),
    )
    op.create_index(op.f("ix_seat_claims_player_id"), "seat_claims", ["player_id"])


def upgrade() -> None:
    _ratings()
    _events()
    _links()
    add_guards(UNIQUE_KEYS, MESSAGE)


def downgrade() -> None:
    drop_guards(APPEND_ONLY)
    op.drop_table("seat_claims")
    op.drop_table("rated_seats")
    op.drop_table("buy_ins")
    op.drop_index("uq_rating_events_seat_out", table_name="rating_events")
    op.drop_table("rating_events")
    op.drop_table("ratings")
