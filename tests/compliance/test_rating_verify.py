"""Every rating, pause, resume, seat-out and buy-in is matched to the
sealed event that carries it, as the players are: rated play through the
service verifies clean; a buy-in's amount or a seat-out's chips edited in
the database, or a rating inserted by SQL, is named with its field."""

from __future__ import annotations

import pytest
from sqlalchemy import select, text, update

from service.compliance.accounting_verify import check_accounting
from service.store.db import utc_now
from service.store.models import BuyIn, Player, Rating, RatingEvent, User
from service.store.work import unit_of_work
from tests.compliance.rated_day import play_rated_day
from tests.support.app import databases

pytestmark = pytest.mark.store


@pytest.fixture
def rated_day(app, client, as_role, table):
    return play_rated_day(app, client, as_role, table)


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
    # 2 players, 2 names, 2 ratings, 3 steps, 1 buy-in and its cash in (under the log
    # threshold: not logged); 2 enrolments and 6 more events.
    assert (report.intact, report.checked, report.events) == (True, 11, 8)


def test_a_buy_in_s_amount_changed_is_named(app, rated_day):
    editable(app, "buy_ins")
    with unit_of_work(databases(app)) as db:
        db.execute(update(BuyIn).values(amount=1_000))
    ((table, subject, problem, (difference,)),) = problems(app)
    assert (table, subject, problem) == ("buy_ins", f"rating:{rated_day.ann}", "record_edited")
    assert (difference.field, difference.stored, difference.sealed) == ("amount", 1_000, 10_000)


def test_a_seat_out_s_chips_changed_is_named(app, rated_day):
    editable(app, "rating_events")
    with unit_of_work(databases(app)) as db:
        db.execute(update(RatingEvent).where(RatingEvent.kind == "seat_out").values(chips_taken=75_000))
    ((table, subject, problem, (difference,)),) = problems(app)
    assert (table, subject, problem) == ("rating_events", f"rating:{rated_day.ann}", "record_edited")
    assert (difference.field, difference.stored, difference.sealed) == ("chips_taken", 75_000, 7_500)


def test_a_rating_inserted_by_sql_is_named(app, rated_day):
    with unit_of_work(databases(app)) as db:
        admin = db.scalar(select(User.id).where(User.name == "admin"))
        player = db.scalar(select(Player.id).where(Player.club_number == "R1"))
        now = utc_now()
        forged = Rating(
            player_id=player,
            table_id=db.get_one(Rating, rated_day.ann).table_id,
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
