"""Every rating, pause, resume, seat-out and buy-in is matched to the
sealed event that carries it, as the players are: rated play through the
service verifies clean; a buy-in's amount or a seat-out's chips edited in
the database, or a rating inserted by SQL, is named with its field."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from sqlalchemy import func, select, text, update

from service.audit.chain import seal_batch
from service.compliance.accounting_verify import check_accounting
from service.store.db import utc_now
from service.store.models import AuditEvent, BuyIn, Player, Rating, RatingEvent, User
from service.store.work import unit_of_work
from tests.support.app import databases
from tests.support.players import add_player, seat, step
from tests.support.rounds_data import enter

pytestmark = pytest.mark.store


@pytest.fixture
def rated_day(app, client, as_role, table):
    """Two ratings at one table with rounds between: one by the dealer
    (paused, resumed, a cash buy-in, seated out with 7,500), one missed and
    started by the pit boss; every event sealed. The two ratings' ids."""
    dealer, boss = as_role["dealer"], as_role["pit_boss"]
    add_player(app, "R1", "Ann Lee")
    add_player(app, "R2", "Bo Chan")
    enter(client, dealer, table, "r1")
    ann = seat(client, dealer, table["id"], "R1", 1).json["id"]
    enter(client, dealer, table, "r2")
    for what, body in (
        ("buy-ins", {"kind": "cash", "amount": 10_000}),
        ("pauses", None),
        ("resumes", None),
        ("seat-out", {"chips_taken": 7_500}),
    ):
        assert step(client, dealer, ann, what, body).status_code in (200, 201)
    past = (datetime.now(UTC) - timedelta(hours=1)).isoformat()
    bo = seat(client, boss, table["id"], "R2", 3, seated_at=past, reason="dealer missed it").json["id"]
    with unit_of_work(databases(app)) as db:
        seal_batch(db, db.scalar(select(func.max(AuditEvent.id))), limit=10_000)
    return ann, bo


def problems(app):
    with databases(app)() as db:
        report = check_accounting(db)
    return [(p.table, p.subject, p.problem, p.differences) for p in report.problems]


def editable(app, table):
    """The table's append-only trigger dropped, as a forger would."""
    engine = app.extensions["breakpoker"]["engine"]
    with engine.begin() as connection:
        on = f" ON {table}" if engine.dialect.name == "postgresql" else ""
        connection.execute(text(f"DROP TRIGGER {table}_no_update{on}"))


def test_a_day_of_rated_play_verifies_clean(app, rated_day):
    with databases(app)() as db:
        report = check_accounting(db)
    # 2 players, 2 names, 2 ratings, 3 steps, 1 buy-in; 2 enrolments and 6 more events.
    assert (report.intact, report.checked, report.events) == (True, 10, 8)


def test_a_buy_in_s_amount_changed_is_named(app, rated_day):
    editable(app, "buy_ins")
    with unit_of_work(databases(app)) as db:
        db.execute(update(BuyIn).values(amount=1_000))
    ((table, subject, problem, (difference,)),) = problems(app)
    assert (table, subject, problem) == ("buy_ins", f"rating:{rated_day[0]}", "record_edited")
    assert (difference.field, difference.stored, difference.sealed) == ("amount", 1_000, 10_000)


def test_a_seat_out_s_chips_changed_is_named(app, rated_day):
    editable(app, "rating_events")
    with unit_of_work(databases(app)) as db:
        db.execute(update(RatingEvent).where(RatingEvent.kind == "seat_out").values(chips_taken=75_000))
    ((table, subject, problem, (difference,)),) = problems(app)
    assert (table, subject, problem) == ("rating_events", f"rating:{rated_day[0]}", "record_edited")
    assert (difference.field, difference.stored, difference.sealed) == ("chips_taken", 75_000, 7_500)


def test_a_rating_inserted_by_sql_is_named(app, rated_day):
    with unit_of_work(databases(app)) as db:
        admin = db.scalar(select(User.id).where(User.name == "admin"))
        player = db.scalar(select(Player.id).where(Player.club_number == "R1"))
        now = utc_now()
        forged = Rating(
            player_id=player,
            table_id=db.get_one(Rating, rated_day[0]).table_id,
            seat=5,
            seated_at=now,
            started="tablet",
            reason=None,
            started_by=admin,
            recorded_at=now,
        )
        db.add(forged)
        db.flush()
        subject = f"rating:{forged.id}"
    assert problems(app) == [("ratings", subject, "event_missing", ())]
