"""Which rating rated which seat of which round is sealed: a round's
``round_settled`` event names its rated seats, a missed rating's
``rating_opened`` event the rounds it rated back. A day of rated play
verifies clean; a rated seat moved to another rating, a link inserted by
SQL or one deleted is named on its round, seat by seat."""

from __future__ import annotations

import pytest
from sqlalchemy import delete, insert, select, text, update

from service.audit.kinds import EventKind
from service.rounds.sealed import ABSENT, check_rounds, sealed_mismatches
from service.store.models import AuditEvent, RatedSeat, RoundRecord, SeatRecord
from service.store.work import unit_of_work
from tests.compliance.rated_day import play_rated_day
from tests.support.app import databases, sign_in
from tests.support.rounds_data import correct, round_body

pytestmark = pytest.mark.store


@pytest.fixture
def rated_day(app, client, as_role, table):
    return play_rated_day(app, client, as_role, table)


def found(app):
    """(round, field, stored, sealed) of every mismatch the rounds' check names."""
    with databases(app)() as db:
        report = check_rounds(db)
    return [(p.id, m.field, m.stored, m.resettled) for p in report.problems for m in p.mismatches]


def seat_id(app, round_id, seat):
    with databases(app)() as db:
        return db.scalar(
            select(SeatRecord.id).where(SeatRecord.round_id == round_id, SeatRecord.seat == seat)
        )


def editable(app):
    engine = app.extensions["breakpoker"]["engine"]
    with engine.begin() as connection:
        on = " ON rated_seats" if engine.dialect.name == "postgresql" else ""
        connection.execute(text(f"DROP TRIGGER rated_seats_no_update{on}"))
        connection.execute(text(f"DROP TRIGGER rated_seats_no_delete{on}"))


def test_the_events_seal_the_rated_seats_and_the_day_verifies_clean(app, rated_day):
    day = rated_day
    with databases(app)() as db:
        payloads = {
            (event.kind, event.subject): event.payload
            for event in db.scalars(select(AuditEvent).where(AuditEvent.subject.like("r%:%")))
        }
        report = check_rounds(db)
    assert payloads[(EventKind.ROUND_SETTLED, f"round:{day.second}")]["rated"] == [
        {"seat": 1, "rating_id": day.ann}
    ]
    assert "rated" not in payloads[(EventKind.ROUND_SETTLED, f"round:{day.first}")]
    assert payloads[(EventKind.RATING_OPENED, f"rating:{day.bo}")]["back_filled"] == [day.first, day.second]
    assert "back_filled" not in payloads[(EventKind.RATING_OPENED, f"rating:{day.ann}")]
    assert (report.intact, report.checked) == (True, 2)


def test_a_rated_seat_moved_to_another_rating_is_named(app, rated_day):
    day = rated_day
    editable(app)
    with unit_of_work(databases(app)) as db:
        db.execute(
            update(RatedSeat).where(RatedSeat.seat_id == seat_id(app, day.second, 1)).values(rating_id=day.bo)
        )
        # A back-filled seat moved too: the rating's event names it.
        db.execute(
            update(RatedSeat).where(RatedSeat.seat_id == seat_id(app, day.first, 3)).values(rating_id=day.ann)
        )
    assert found(app) == [
        (day.first, "rated_seats[3]", day.ann, day.bo),
        (day.second, "rated_seats[1]", day.bo, day.ann),
    ]
    with databases(app)() as db:  # recall --verify names it too
        mismatches, _ = sealed_mismatches(db, db.get_one(RoundRecord, day.second))
    assert [(m.field, m.stored, m.resettled) for m in mismatches] == [("rated_seats[1]", day.bo, day.ann)]


def test_a_link_inserted_or_deleted_by_sql_is_named(app, rated_day):
    day = rated_day
    editable(app)
    with unit_of_work(databases(app)) as db:
        db.execute(insert(RatedSeat).values(seat_id=seat_id(app, day.first, 2), rating_id=day.ann))
        db.execute(delete(RatedSeat).where(RatedSeat.seat_id == seat_id(app, day.second, 3)))
    assert found(app) == [
        (day.first, "rated_seats[2]", day.ann, ABSENT),
        (day.second, "rated_seats[3]", ABSENT, day.bo),
    ]


def test_a_correction_seals_the_ratings_it_keeps(app, client, as_role, rated_day):
    body = round_body("r2")
    body["seats"][0]["bets"]["main"] = 2000
    after = correct(client, as_role["pit_boss"], sign_in(client, "pit_boss2"), rated_day.second, body)
    with databases(app)() as db:
        event = db.scalar(select(AuditEvent).where(AuditEvent.subject == f"round:{after['id']}"))
        report = check_rounds(db)
    # Seat 3 was back-filled on the round it corrects: the correction seals it as its own.
    assert event.payload["rated"] == [
        {"seat": 1, "rating_id": rated_day.ann},
        {"seat": 3, "rating_id": rated_day.bo},
    ]
    assert report.intact
