"""Enrolling, renaming and finding players on a real database: each write
with its event in the same transaction, a name change a new row, and a
refusal that leaves nothing written."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from sqlalchemy import func, select

from service.errors import ErrorCode, ServiceError
from service.players.listing import player_page
from service.players.players import enrol_player, find_player, rename_player
from service.store.models import AuditEvent, Player, PlayerName, User
from service.store.paging import Order
from service.store.work import unit_of_work
from tests.support.app import databases

pytestmark = pytest.mark.store
START = datetime(2026, 12, 7, 9, 0, tzinfo=UTC)


def user(db, name: str) -> User:
    return db.scalar(select(User).where(User.name == name))


def counts(app) -> tuple[int, int, int]:
    with databases(app)() as db:
        return tuple(
            db.scalar(select(func.count()).select_from(model)) for model in (Player, PlayerName, AuditEvent)
        )


def refused(app, step) -> ServiceError:
    before = counts(app)
    with pytest.raises(ServiceError) as error, unit_of_work(databases(app)) as db:
        step(db)
    assert counts(app) == before  # nothing half-written
    return error.value


def test_a_player_is_enrolled_renamed_and_found_with_every_name(app):
    with unit_of_work(databases(app)) as db:
        made = enrol_player(db, user(db, "admin"), "C1234", "  Ann Lee ", START)
    assert (made.club_number, made.name.name, made.name.version) == ("C1234", "Ann Lee", 1)
    assert (made.enrolled_at, made.enrolled_by) == (START, "admin")
    later = START + timedelta(days=3)
    with unit_of_work(databases(app)) as db:
        renamed = rename_player(db, user(db, "pit_boss"), "C1234", "Ann Lee-Park", later)
    assert [(n.version, n.name, n.named_by, n.named_at) for n in renamed.names] == [
        (1, "Ann Lee", "admin", START),
        (2, "Ann Lee-Park", "pit_boss", later),
    ]
    assert renamed.name.name == "Ann Lee-Park"
    assert (renamed.enrolled_at, renamed.enrolled_by) == (START, "admin")  # the enrolment stays
    with databases(app)() as db:
        assert find_player(db, "C1234") == renamed
        events = db.scalars(select(AuditEvent).where(AuditEvent.subject.like("player:%"))).all()
        player_id = db.scalar(select(Player.id))
        name_ids = db.scalars(select(PlayerName.id).order_by(PlayerName.version)).all()
    assert [(e.kind, e.subject, e.payload, e.occurred_at) for e in events] == [
        (
            "player_enrolled",
            f"player:{player_id}",
            {
                "player_id": player_id,
                "name_id": name_ids[0],
                "club_number": "C1234",
                "name": "Ann Lee",
                "version": 1,
            },
            START,
        ),
        (
            "player_renamed",
            f"player:{player_id}",
            {
                "player_id": player_id,
                "name_id": name_ids[1],
                "club_number": "C1234",
                "before": "Ann Lee",
                "after": "Ann Lee-Park",
                "version": 2,
            },
            later,
        ),
    ]


def test_a_taken_club_number_is_refused_and_nothing_written(app):
    with unit_of_work(databases(app)) as db:
        enrol_player(db, user(db, "admin"), "77", "Bo Chan")
    error = refused(app, lambda db: enrol_player(db, user(db, "admin"), "77", "Someone Else"))
    assert (error.code, error.status, error.field) == (ErrorCode.PLAYER_EXISTS, 409, "club_number")


def test_an_unchanged_name_is_refused_and_records_nothing(app):
    with unit_of_work(databases(app)) as db:
        enrol_player(db, user(db, "admin"), "77", "Bo Chan")
    error = refused(app, lambda db: rename_player(db, user(db, "admin"), "77", " Bo Chan "))
    assert (error.code, error.status, error.field) == (ErrorCode.NO_CHANGE, 409, "name")


@pytest.mark.parametrize(
    ("number", "code", "status"),
    [("404", ErrorCode.PLAYER_NOT_FOUND, 404), ("c-1", ErrorCode.INVALID_FIELD, 422)],
)
def test_an_unknown_or_malformed_club_number_names_the_field(app, number, code, status):
    with databases(app)() as db, pytest.raises(ServiceError) as error:
        find_player(db, number)
    assert (error.value.code, error.value.status, error.value.field) == (code, status, "club_number")
    refused(app, lambda db: rename_player(db, user(db, "admin"), number, "Anyone"))


def test_a_bad_name_enrols_nobody(app):
    error = refused(app, lambda db: enrol_player(db, user(db, "admin"), "9", "Tab\there"))
    assert (error.code, error.field) == (ErrorCode.INVALID_FIELD, "name")


def test_players_are_paged_and_searched_by_club_number_or_name(app):
    people = [("A100", "Ann Lee"), ("A101", "Bo Chan"), ("B200", "Cy Leeds"), ("C1", "Di 100%")]
    with unit_of_work(databases(app)) as db:
        for number, name in people:
            enrol_player(db, user(db, "admin"), number, name)
        rename_player(db, user(db, "admin"), "A101", "Bo Lee")
    with databases(app)() as db:

        def found(search: str, order: Order = Order.OLDEST) -> list[str]:
            page = player_page(db, order, 10, None, search)
            return [player.club_number for player in page.items]

        assert found("") == ["A100", "A101", "B200", "C1"]
        assert found("", Order.NEWEST) == ["C1", "B200", "A101", "A100"]
        assert found("a10") == ["A100", "A101"]  # a club number's start, in any case
        assert found("LEE") == ["A100", "A101", "B200"]  # a part of the name now, in any case
        assert found("chan") == []  # a former name is not searched
        assert found("100%") == ["C1"]  # % and _ are letters, not wildcards
        assert found("zz") == []
        first = player_page(db, Order.OLDEST, 3, None)
        assert [p.club_number for p in first.items] == ["A100", "A101", "B200"]
        rest = player_page(db, Order.OLDEST, 3, first.following)
        assert [p.club_number for p in rest.items] == ["C1"]
        assert rest.following is None
