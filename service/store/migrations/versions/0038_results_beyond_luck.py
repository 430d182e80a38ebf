"""Results beyond luck (issue 43, rule book section 15): each round's luck
(its seats' dealer's-cards and player's-cards parts, and their exact
variance) and each rated player's part of it, and their sums per table
shift, dealer shift and player gaming day, kept by the workers (derived
state: the sweep fills them for the rounds stored before, oldest first);
and the casino's threshold of the alert, in hundredths of a standard
deviation (the versions saved before keep the rule book's 4).

Revision ID: 0038
Revises: 0037
Create Date: 2026-12-07 10:00:00.000000
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0038"
down_revision = "0037"
branch_labels = None
depends_on = None

#: ExactInteger: NUMERIC(80, 0) on PostgreSQL, its decimal text on SQLite
EXACT = sa.Numeric(80, 0).with_variant(sa.String(82), "sqlite")


def _fk(table: str, column: str, target: str, key: str = "id") -> sa.ForeignKeyConstraint:
    return sa.ForeignKeyConstraint([column], [f"{target}.{key}"], name=op.f(f"fk_{table}_{column}_{target}"))


def _rounds() -> None:
    op.create_table(
        "luck_rounds",
        sa.Column("round_id", sa.Integer(), autoincrement=False, nullable=False),
        sa.Column("table_id", sa.Integer(), nullable=False),
        sa.Column("dealer_id", sa.Integer(), nullable=False),
        sa.Column("gaming_day", sa.Date(), nullable=False),
        sa.Column("shift", sa.Integer(), nullable=False),
        sa.Column("currency", sa.String(length=3), nullable=False),
        sa.Column("seats", sa.Integer(), nullable=False),
        sa.Column("luck", EXACT, nullable=False),
        sa.Column("variance", EXACT, nullable=False),
        sa.Column("actual", sa.BigInteger(), nullable=False),
        sa.Column("theoretical", EXACT, nullable=False),
        sa.Column("decisions", EXACT, nullable=False),
        sa.Column("player_cards", EXACT, nullable=False),
        sa.Column("added_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("removed_at", sa.DateTime(timezone=True), nullable=True),
        _fk("luck_rounds", "round_id", "rounds"),
        _fk("luck_rounds", "table_id", "game_tables"),
        _fk("luck_rounds", "dealer_id", "users"),
        sa.PrimaryKeyConstraint("round_id", name=op.f("pk_luck_rounds")),
    )
    op.create_index(
        "ix_luck_rounds_table_shift", "luck_rounds", ["table_id", "gaming_day", "shift", "round_id"]
    )
    op.create_index(
        "ix_luck_rounds_dealer_shift", "luck_rounds", ["dealer_id", "gaming_day", "shift", "round_id"]
    )
    op.create_table(
        "luck_round_players",
        sa.Column("round_id", sa.Integer(), nullable=False),
        sa.Column("player_id", sa.Integer(), nullable=False),
        sa.Column("gaming_day", sa.Date(), nullable=False),
        sa.Column("seats", sa.Integer(), nullable=False),
        sa.Column("luck", EXACT, nullable=False),
        sa.Column("variance", EXACT, nullable=False),
        sa.Column("actual", sa.BigInteger(), nullable=False),
        sa.Column("theoretical", EXACT, nullable=False),
        sa.Column("decisions", EXACT, nullable=False),
        sa.Column("player_cards", EXACT, nullable=False),
        _fk("luck_round_players", "round_id", "luck_rounds", "round_id"),
        _fk("luck_round_players", "player_id", "players"),
        sa.PrimaryKeyConstraint("round_id", "player_id", name=op.f("pk_luck_round_players")),
    )
    op.create_index(
        "ix_luck_round_players_player_day", "luck_round_players", ["player_id", "gaming_day", "round_id"]
    )


def _sums() -> None:
    op.create_table(
        "luck_sums",
        sa.Column("kind", sa.String(length=8), nullable=False),
        sa.Column("subject_id", sa.Integer(), autoincrement=False, nullable=False),
        sa.Column("currency", sa.String(length=3), nullable=False),
        sa.Column("gaming_day", sa.Date(), nullable=False),
        sa.Column("shift", sa.Integer(), autoincrement=False, nullable=False),
        sa.Column("rounds", sa.Integer(), nullable=False),
        sa.Column("seats", sa.Integer(), nullable=False),
        sa.Column("luck", EXACT, nullable=False),
        sa.Column("variance", EXACT, nullable=False),
        sa.Column("actual", sa.BigInteger(), nullable=False),
        sa.Column("theoretical", EXACT, nullable=False),
        sa.Column("decisions", EXACT, nullable=False),
        sa.Column("player_cards", EXACT, nullable=False),
        sa.Column("changed_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint(
            "kind", "subject_id", "currency", "gaming_day", "shift", name=op.f("pk_luck_sums")
        ),
    )


def upgrade() -> None:
    _rounds()
    _sums()
    op.add_column(
        "casino_settings",
        sa.Column("luck_threshold_hundredths", sa.Integer(), server_default="400", nullable=False),
    )


def downgrade() -> None:
    op.drop_column("casino_settings", "luck_threshold_hundredths")
    op.drop_table("luck_sums")
    op.drop_index("ix_luck_round_players_player_day", table_name="luck_round_players")
    op.drop_table("luck_round_players")
    op.drop_index("ix_luck_rounds_dealer_shift", table_name="luck_rounds")
    op.drop_index("ix_luck_rounds_table_shift", table_name="luck_rounds")
    op.drop_table("luck_rounds")
