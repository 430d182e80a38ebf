"""Voids and corrections (append-only exceptions and decisions), variance
notes, compliance exports, shift schedules per table, the sealed form of each
audit event, and shift aggregates keyed by configuration version.

Revision ID: 0004
Revises: 0003
Create Date: 2026-11-29 20:55:10.973425
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None

DEFAULT_SHIFT_STARTS = '["06:00", "14:00", "22:00"]'
APPEND_ONLY = ("round_exceptions", "exception_decisions", "variance_notes")
MESSAGE = "the audit trail is append-only"
BETS = ("main", "dealer_break_bonus", "break_bonus")


def _of(column: str, table: str, target: str) -> sa.ForeignKeyConstraint:
    return sa.ForeignKeyConstraint([column], [f"{target}.id"], name=op.f(f"fk_{table}_{column}_{target}"))


def upgrade() -> None:
    op.create_table(
        "exports",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("requested_by", sa.Integer(), nullable=False),
        sa.Column("requested_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("first_day", sa.Date(), nullable=False),
        sa.Column("last_day", sa.Date(), nullable=False),
        sa.Column("table_ids", sa.JSON(), nullable=True),
        sa.Column("status", sa.String(length=20), nullable=False),
        sa.Column("done", sa.BigInteger(), nullable=False),
        sa.Column("total", sa.BigInteger(), nullable=False),
        sa.Column("file_name", sa.String(length=200), nullable=True),
        sa.Column("size", sa.BigInteger(), nullable=True),
        sa.Column("sha256", sa.String(length=64), nullable=True),
        sa.Column("manifest", sa.JSON(), nullable=True),
        sa.Column("error", sa.String(length=1000), nullable=True),
        sa.Column("finished_at", sa.DateTime(timezone=True), nullable=True),
        _of("requested_by", "exports", "users"),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_exports")),
    )
    op.create_table(
        "variance_notes",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("table_id", sa.Integer(), nullable=True),
        sa.Column("period", sa.String(length=10), nullable=False),
        sa.Column("period_key", sa.String(length=20), nullable=False),
        sa.Column("bet", sa.String(length=30), nullable=False),
        sa.Column("note", sa.String(length=2000), nullable=False),
        sa.Column("written_by", sa.Integer(), nullable=False),
        sa.Column("written_at", sa.DateTime(timezone=True), nullable=False),
        _of("table_id", "variance_notes", "game_tables"),
        _of("written_by", "variance_notes", "users"),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_variance_notes")),
    )
    with op.batch_alter_table("variance_notes", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_variance_notes_period_key"), ["period_key"], unique=False)

    op.create_table(
        "round_exceptions",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("round_id", sa.Integer(), nullable=False),
        sa.Column("kind", sa.String(length=20), nullable=False),
        sa.Column("reason", sa.String(length=500), nullable=False),
        sa.Column("requested_by", sa.Integer(), nullable=False),
        sa.Column("requested_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("corrected", sa.JSON(), nullable=True),
        sa.Column("changes", sa.JSON(), nullable=True),
        _of("requested_by", "round_exceptions", "users"),
        _of("round_id", "round_exceptions", "rounds"),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_round_exceptions")),
    )
    with op.batch_alter_table("round_exceptions", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_round_exceptions_round_id"), ["round_id"], unique=False)

    op.create_table(
        "exception_decisions",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("exception_id", sa.Integer(), nullable=False),
        sa.Column("round_id", sa.Integer(), nullable=False),
        sa.Column("approved", sa.Boolean(), nullable=False),
        sa.Column("decided_by", sa.Integer(), nullable=False),
        sa.Column("decided_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("note", sa.String(length=500), nullable=False),
        sa.Column("replacement_id", sa.Integer(), nullable=True),
        _of("decided_by", "exception_decisions", "users"),
        _of("exception_id", "exception_decisions", "round_exceptions"),
        _of("replacement_id", "exception_decisions", "rounds"),
        _of("round_id", "exception_decisions", "rounds"),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_exception_decisions")),
        sa.UniqueConstraint("exception_id", name=op.f("uq_exception_decisions_exception_id")),
    )
    # One approved void or correction per round, whatever races are lost.
    op.create_index(
        "uq_exception_decisions_approved_round",
        "exception_decisions",
        ["round_id"],
        unique=True,
        sqlite_where=sa.text("approved"),
        postgresql_where=sa.text("approved"),
    )
    op.add_column("audit_seals", sa.Column("canonical", sa.Text(), nullable=True))
    # recall --verify finds a round's sealed event by its subject.
    op.create_index(op.f("ix_audit_events_subject"), "audit_events", ["subject"], unique=False)
    op.add_column(
        "game_tables",
        sa.Column("shift_starts", sa.JSON(), server_default=DEFAULT_SHIFT_STARTS, nullable=False),
    )

    # Plain ADD COLUMN (no table rebuild): settled rounds have triggers and
    # rows that other tables reference.
    op.add_column("rounds", sa.Column("revision", sa.Integer(), server_default="0", nullable=False))
    if op.get_bind().dialect.name == "postgresql":
        op.add_column(
            "rounds",
            sa.Column(
                "supersedes_id",
                sa.Integer(),
                sa.ForeignKey("rounds.id", name=op.f("fk_rounds_supersedes_id_rounds")),
                nullable=True,
            ),
        )
    else:
        op.execute(
            "ALTER TABLE rounds ADD COLUMN supersedes_id INTEGER "
            "CONSTRAINT fk_rounds_supersedes_id_rounds REFERENCES rounds (id)"
        )

    # The aggregates are derived data: rebuilt with the configuration version
    # in their key, they are counted again from the rounds by the sweep.
    op.drop_table("aggregated_rounds")
    op.drop_table("shift_aggregates")
    _create_aggregates()
    _append_only(APPEND_ONLY)


def downgrade() -> None:
    _drop_append_only(APPEND_ONLY)
    op.drop_table("aggregated_rounds")
    op.drop_table("shift_aggregates")
    _create_old_aggregates()
    _drop_round_columns()
    # Plain DROP COLUMN (SQLite 3.35+): a rebuild would lose the seals' triggers.
    op.execute("ALTER TABLE game_tables DROP COLUMN shift_starts")
    op.execute("ALTER TABLE audit_seals DROP COLUMN canonical")
    op.drop_index(op.f("ix_audit_events_subject"), table_name="audit_events")
    op.drop_index("uq_exception_decisions_approved_round", table_name="exception_decisions")
    op.drop_table("exception_decisions")
    with op.batch_alter_table("round_exceptions", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_round_exceptions_round_id"))
    op.drop_table("round_exceptions")
    with op.batch_alter_table("variance_notes", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_variance_notes_period_key"))
    op.drop_table("variance_notes")
    op.drop_table("exports")


def _drop_round_columns() -> None:
    if op.get_bind().dialect.name == "postgresql":
        op.drop_column("rounds", "supersedes_id")
        op.drop_column("rounds", "revision")
        return
    # SQLite rebuilds the table to drop a referencing column, and the
    # rebuild loses the table's triggers: take them off and put them back.
    for action in ("update", "delete"):
        op.execute(f"DROP TRIGGER rounds_no_{action}")
    with op.batch_alter_table("rounds", schema=None) as batch_op:
        batch_op.drop_column("supersedes_id")
        batch_op.drop_column("revision")
    for action in ("UPDATE", "DELETE"):
        op.execute(
            f"CREATE TRIGGER rounds_no_{action.lower()} BEFORE {action} ON rounds "
            "BEGIN SELECT RAISE(ABORT, 'settled rounds are never updated or deleted'); END"
        )


def _counting_columns(with_statistics: bool) -> list[sa.Column[object]]:
    columns: list[sa.Column[object]] = [
        sa.Column("rounds", sa.Integer(), nullable=False),
        sa.Column("seats", sa.Integer(), nullable=False),
    ]
    for bet in BETS:
        if with_statistics:
            columns.append(sa.Column(f"{bet}_bets", sa.Integer(), nullable=False))
        columns.append(sa.Column(f"{bet}_handle", sa.BigInteger(), nullable=False))
        columns.append(sa.Column(f"{bet}_house_net", sa.BigInteger(), nullable=False))
        if with_statistics:
            columns.append(sa.Column(f"{bet}_stake_squares", sa.Float(), nullable=False))
    for name in ("player_lucky_breaks", "dealer_lucky_breaks", "dealer_non_qualifications", "fouls"):
        columns.append(sa.Column(name, sa.Integer(), nullable=False))
    return columns


def _create_aggregates() -> None:
    op.create_table(
        "shift_aggregates",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("table_id", sa.Integer(), nullable=False),
        sa.Column("gaming_day", sa.Date(), nullable=False),
        sa.Column("shift", sa.Integer(), nullable=False),
        sa.Column("dealer_id", sa.Integer(), nullable=False),
        sa.Column("config_id", sa.Integer(), nullable=False),
        *_counting_columns(with_statistics=True),
        _of("config_id", "shift_aggregates", "config_versions"),
        _of("dealer_id", "shift_aggregates", "users"),
        _of("table_id", "shift_aggregates", "game_tables"),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_shift_aggregates")),
        sa.UniqueConstraint(
            "table_id",
            "gaming_day",
            "shift",
            "dealer_id",
            "config_id",
            name=op.f("uq_shift_aggregates_table_id"),
        ),
    )
    with op.batch_alter_table("shift_aggregates", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_shift_aggregates_gaming_day"), ["gaming_day"], unique=False)
    _create_marker(with_removal=True)


def _create_old_aggregates() -> None:
    op.create_table(
        "shift_aggregates",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("table_id", sa.Integer(), nullable=False),
        sa.Column("gaming_day", sa.Date(), nullable=False),
        sa.Column("shift", sa.Integer(), nullable=False),
        sa.Column("dealer_id", sa.Integer(), nullable=False),
        *_counting_columns(with_statistics=False),
        _of("dealer_id", "shift_aggregates", "users"),
        _of("table_id", "shift_aggregates", "game_tables"),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_shift_aggregates")),
        sa.UniqueConstraint(
            "table_id", "gaming_day", "shift", "dealer_id", name=op.f("uq_shift_aggregates_table_id")
        ),
    )
    _create_marker(with_removal=False)


def _create_marker(with_removal: bool) -> None:
    removal = [sa.Column("removed_at", sa.DateTime(timezone=True), nullable=True)] if with_removal else []
    op.create_table(
        "aggregated_rounds",
        sa.Column("round_id", sa.Integer(), autoincrement=False, nullable=False),
        sa.Column("aggregated_at", sa.DateTime(timezone=True), nullable=False),
        *removal,
        _of("round_id", "aggregated_rounds", "rounds"),
        sa.PrimaryKeyConstraint("round_id", name=op.f("pk_aggregated_rounds")),
    )


def _append_only(tables: tuple[str, ...]) -> None:
    # PostgreSQL: the function migration 0003 made for the audit trail.
    for table in tables:
        if op.get_bind().dialect.name == "postgresql":
            op.execute(
                f"CREATE TRIGGER {table}_append_only BEFORE UPDATE OR DELETE ON {table} "
                "FOR EACH ROW EXECUTE FUNCTION refuse_audit_change()"
            )
            continue
        for action in ("UPDATE", "DELETE"):
            op.execute(
                f"CREATE TRIGGER {table}_no_{action.lower()} BEFORE {action} ON {table} "
                f"BEGIN SELECT RAISE(ABORT, '{MESSAGE}'); END"
            )


def _drop_append_only(tables: tuple[str, ...]) -> None:
    for table in tables:
        if op.get_bind().dialect.name == "postgresql":
            op.execute(f"DROP TRIGGER {table}_append_only ON {table}")
            continue
        for action in ("update", "delete"):
            op.execute(f"DROP TRIGGER {table}_no_{action}")
