"""Each seat's product moment of the Main Bet and the Dealer Break Bonus
(issue 42, rule book section 14): Σ over the dealer hands of their two
results, the numerator over C(46,7) that the exact variance of rated
play's dealer's-cards part needs (the two bets share the dealer's hand).
Empty for the values stored before: those rounds' figures derive it from
the stored values where the setting played is no Lucky Break
(``service.players.rated.spread.main_dealer_moment``).

Revision ID: 0027
Revises: 0026
Create Date: 2026-12-07 04:30:00.000000
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0027"
down_revision = "0026"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # A column added: the append-only guards, on the table's rows, stay.
    op.add_column(
        "seat_expected_values", sa.Column("main_dealer_break_bonus", sa.BigInteger(), nullable=True)
    )


def downgrade() -> None:
    # SQLite drops a plain column in place (a batch rebuild would lose the
    # table's triggers); PostgreSQL likewise.
    op.execute("ALTER TABLE seat_expected_values DROP COLUMN main_dealer_break_bonus")
