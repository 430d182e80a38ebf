"""An Idempotency-Key is the user's own at the table: unique per table, user
and key, no longer across the whole database (a second dealer sending the
first's key was given the first dealer's round).

Revision ID: 0009
Revises: 0008
Create Date: 2026-12-08 08:00:00.000000
"""

from __future__ import annotations

from collections.abc import Callable

from alembic import op
from alembic.operations import BatchOperations
from sqlalchemy import text

revision = "0009"
down_revision = "0008"
branch_labels = None
depends_on = None

GLOBAL = "uq_rounds_idempotency_key"
SCOPED = "uq_rounds_idempotency_key_scope"
SCOPE = ["table_id", "entered_by", "idempotency_key"]
_TRIGGERS = text("SELECT name, sql FROM sqlite_master WHERE type = 'trigger' AND tbl_name = 'rounds'")
#: 0007's trigger that refuses a REPLACE of a stored round (SQLite): it
#: names every unique key of ``rounds``, so it follows the key's change.
_NO_REPLACE = "rounds_no_replace"
_OTHER_KEYS = (("id",), ("table_id", "round_ref"))


def upgrade() -> None:
    def change(batch: BatchOperations) -> None:
        batch.drop_constraint(GLOBAL, type_="unique")
        batch.create_unique_constraint(SCOPED, SCOPE)

    _alter_rounds(change)
    _refuse_replacing_by(SCOPE)


def downgrade() -> None:
    shared = (
        op.get_bind()
        .execute(
            text(
                "SELECT idempotency_key, COUNT(*) FROM rounds GROUP BY idempotency_key "
                "HAVING COUNT(*) > 1 ORDER BY idempotency_key LIMIT 1"
            )
        )
        .first()
    )
    if shared is not None:
        key, rounds = shared
        raise RuntimeError(
            f"cannot go below revision {revision}: Idempotency-Key {key!r} is used by {rounds} rounds "
            "(at different tables or by different users), which the older schema forbids"
        )

    def change(batch: BatchOperations) -> None:
        batch.drop_constraint(SCOPED, type_="unique")
        batch.create_unique_constraint(GLOBAL, ["idempotency_key"])

    _alter_rounds(change)
    _refuse_replacing_by(["idempotency_key"])


def _alter_rounds(change: Callable[[BatchOperations], None]) -> None:
    """PostgreSQL alters the constraint in place. SQLite cannot, and batch
    mode rebuilds the table (copy, drop, rename), which drops the table's
    triggers: every trigger on ``rounds`` (0002's "never updated or
    deleted", and whatever other migrations added) is kept aside and put
    back as it was. The copy keeps every row and id, so what references a
    round still finds it (service.store.migrate checks every reference before
    the commit, foreign keys being off while the table is rebuilt)."""
    if op.get_bind().dialect.name == "postgresql":
        with op.batch_alter_table("rounds") as batch:
            change(batch)
        return
    triggers = op.get_bind().execute(_TRIGGERS).all()
    for name, _sql in triggers:
        op.execute(f'DROP TRIGGER "{name}"')
    with op.batch_alter_table("rounds", recreate="always") as batch:
        change(batch)
    for _name, sql in triggers:
        op.execute(str(sql))


def _refuse_replacing_by(key: list[str]) -> None:
    """SQLite: 0007's trigger again, with ``key`` as the idempotency key's
    unique key (an INSERT OR REPLACE matching any unique key of a stored
    round is refused; a key that is no longer unique must not be)."""
    if op.get_bind().dialect.name == "postgresql":
        return
    keys = [*_OTHER_KEYS, tuple(key)]
    matches = " OR ".join(
        "EXISTS (SELECT 1 FROM rounds WHERE " + " AND ".join(f"{c} = NEW.{c}" for c in columns) + ")"
        for columns in keys
    )
    op.execute(f'DROP TRIGGER "{_NO_REPLACE}"')
    op.execute(
        f"CREATE TRIGGER {_NO_REPLACE} BEFORE INSERT ON rounds WHEN {matches} "
        "BEGIN SELECT RAISE(ABORT, 'settled rounds are never updated or deleted: "
        "a stored row is never replaced'); END"
    )
