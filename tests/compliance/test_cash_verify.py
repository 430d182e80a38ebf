"""Every cash in, entry of the multiple transaction log, report day and
identification is matched to the sealed event that carries it, as the
ratings are: a day of cash through the service verifies clean; a row
changed, inserted or deleted in the database is named with its table,
its subject and the field; an event written before it carried the whole
record is still read."""

from __future__ import annotations

import pytest
from sqlalchemy import delete, select, text, update

from service.compliance.accounting_claims import SealedEvent
from service.compliance.accounting_verify import check_accounting
from service.compliance.cash_claims import cash_claims
from service.store.models import AuditEvent, CashIn, CashLogEntry, PlayerIdentification, ReportDay, User
from service.store.work import unit_of_work
from tests.compliance.cash_day import LOGGED, PASSING, play_cash_day
from tests.support.app import databases

pytestmark = pytest.mark.store


@pytest.fixture
def cash_day(app, settings, client, as_role, table):
    return play_cash_day(app, settings, client, as_role, table)


def problems(app):
    with databases(app)() as db:
        report = check_accounting(db)
    return [(p.table, p.id, p.subject, p.problem, p.differences) for p in report.problems]


def forgeable(app, table, action="update"):
    """The table's append-only trigger dropped, as a forger would."""
    engine = app.extensions["breakpoker"]["engine"]
    with engine.begin() as connection:
        on = f" ON {table}" if engine.dialect.name == "postgresql" else ""
        connection.execute(text(f"DROP TRIGGER {table}_no_{action}{on}"))


def test_a_day_of_cash_verifies_clean(app, cash_day):
    with databases(app)() as db:
        report = check_accounting(db)
    # 1 player, 1 name, 1 rating, 4 buy-ins, 3 cash ins, 3 log entries, 1 report day,
    # 1 identification; enrolment, identification, seat-in, 4 buy-ins, 3 logged, 1 listed.
    assert (report.intact, report.checked, report.events) == (True, 15, 11)


def test_a_cash_in_s_amount_changed_is_named(app, cash_day):
    forgeable(app, "cash_ins")
    with unit_of_work(databases(app)) as db:
        db.execute(update(CashIn).where(CashIn.buy_in_id == cash_day.buy_ins[2]).values(amount=1))
        rating = db.scalar(select(AuditEvent.subject).where(AuditEvent.kind == "rating_opened"))
    ((table, row_id, subject, problem, (difference,)),) = problems(app)
    assert (table, row_id, subject, problem) == ("cash_ins", cash_day.buy_ins[2], rating, "record_edited")
    assert (difference.field, difference.stored, difference.sealed) == ("amount", 1, PASSING)


def test_a_log_entry_s_amount_and_writer_changed_are_named(app, cash_day):
    forgeable(app, "cash_log_entries")
    with unit_of_work(databases(app)) as db:
        cage = db.scalar(select(User.id).where(User.name == "cage"))
        first = db.scalar(select(CashLogEntry.id).order_by(CashLogEntry.id))
        db.execute(
            update(CashLogEntry).where(CashLogEntry.id == first).values(amount=300_000, recorded_by=cage)
        )
    ((table, row_id, subject, problem, differences),) = problems(app)
    assert (table, row_id, subject, problem) == (
        "cash_log_entries",
        first,
        f"cash_log:{first}",
        "record_edited",
    )
    assert {(d.field, d.stored) for d in differences} == {("amount", 300_000), ("recorded_by", cage)}
    assert {d.field: d.sealed for d in differences}["amount"] == LOGGED


def test_a_log_entry_inserted_by_sql_is_named(app, cash_day):
    with unit_of_work(databases(app)) as db:
        entry = db.get_one(CashLogEntry, cash_day.patron)
        forged = CashLogEntry(
            table_id=entry.table_id,
            gaming_day=entry.gaming_day,
            currency=entry.currency,
            minor_unit=entry.minor_unit,
            amount=900_000,
            description="nobody",
            recorded_by=entry.recorded_by,
            at=entry.at,
        )
        db.add(forged)
        db.flush()
        forged_id = forged.id
    assert problems(app) == [("cash_log_entries", forged_id, f"cash_log:{forged_id}", "event_missing", ())]


def test_a_report_day_deleted_is_named(app, cash_day):
    forgeable(app, "report_days", "delete")
    with unit_of_work(databases(app)) as db:
        db.execute(delete(ReportDay))
    ((table, row_id, subject, problem, _),) = problems(app)
    assert (table, row_id, subject, problem) == (
        "report_days",
        cash_day.report_day,
        f"player:{cash_day.player}",
        "record_missing",
    )


def test_an_identification_moved_to_another_version_is_named(app, cash_day):
    forgeable(app, "player_identifications")
    with unit_of_work(databases(app)) as db:
        db.execute(update(PlayerIdentification).values(version=2))
    ((table, row_id, subject, problem, (difference,)),) = problems(app)
    assert (table, row_id, subject, problem) == (
        "player_identifications",
        cash_day.identification,
        f"player:{cash_day.player}",
        "record_edited",
    )
    assert (difference.field, difference.stored, difference.sealed) == ("version", 2, 1)


#: what each event carried before the verification needed more
OLDER = {
    "buy_in_recorded": ("cash_in",),
    "cash_transaction_logged": ("minor_unit",),
    "report_day_listed": ("player_id", "minor_unit"),
    "player_identified": ("identification_id", "player_id"),
}


def test_an_older_event_is_read_by_what_it_carries(app, cash_day):
    with databases(app)() as db:
        events = db.scalars(
            select(AuditEvent).where(AuditEvent.kind.in_(OLDER)).order_by(AuditEvent.id)
        ).all()
        claimed = []
        for event in events:
            older = {key: value for key, value in event.payload.items() if key not in OLDER[event.kind]}
            sealed = SealedEvent(
                event.id, event.kind, event.subject, event.actor_id, event.occurred_at.isoformat(), older
            )
            new = cash_claims(db, _as(event))
            old = cash_claims(db, sealed)
            assert [claim.row_id for claim in old] == [claim.row_id for claim in new], event.kind
            for before, now in zip(old, new, strict=True):
                assert before.sealed == {k: v for k, v in now.sealed.items() if k in before.sealed}
                assert before.skipped <= set(now.sealed)
            claimed += [(claim.table, claim.row_id) for claim in old]
    assert sorted(claimed) == sorted(
        [("cash_ins", buy_in) for buy_in in cash_day.buy_ins]
        + [("cash_log_entries", entry) for entry in _entries(app)]
        + [("report_days", cash_day.report_day), ("player_identifications", cash_day.identification)]
    )


def _as(event: AuditEvent) -> SealedEvent:
    return SealedEvent(
        event.id, event.kind, event.subject, event.actor_id, event.occurred_at.isoformat(), event.payload
    )


def _entries(app) -> list[int]:
    with databases(app)() as db:
        return list(db.scalars(select(CashLogEntry.id)))
