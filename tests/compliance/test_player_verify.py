"""Every player and name is matched to the sealed event that carries it,
as the slips and the voids are: players enrolled and renamed through the
service verify clean; a name edited in the database, or a player
enrolled by SQL, is named."""

from __future__ import annotations

import pytest
from sqlalchemy import func, select, text, update

from service.audit.chain import seal_batch
from service.compliance.accounting_verify import check_accounting
from service.players.players import enrol_player, rename_player
from service.store.db import utc_now
from service.store.models import AuditEvent, Player, PlayerName, User
from service.store.work import unit_of_work
from tests.support.app import databases

pytestmark = pytest.mark.store


@pytest.fixture
def players(app):
    """Two players, one renamed, every event sealed."""
    with unit_of_work(databases(app)) as db:
        admin = db.scalar(select(User).where(User.name == "admin"))
        enrol_player(db, admin, "A1", "Ann Lee")
        enrol_player(db, admin, "B2", "Bo Chan")
        rename_player(db, admin, "B2", "Bo Lee")
    with unit_of_work(databases(app)) as db:
        seal_batch(db, db.scalar(select(func.max(AuditEvent.id))), limit=10_000)


def checked(app):
    with databases(app)() as db:
        return check_accounting(db)


def problems(app):
    return [(p.table, p.subject, p.problem, p.differences) for p in checked(app).problems]


def test_players_enrolled_and_renamed_verify_clean(app, players):
    report = checked(app)
    assert (report.intact, report.checked, report.events) == (True, 2 + 3, 3)


def test_a_name_edited_in_the_database_is_named(app, players):
    engine = app.extensions["breakpoker"]["engine"]
    with engine.begin() as connection:
        on = " ON player_names" if engine.dialect.name == "postgresql" else ""
        connection.execute(text(f"DROP TRIGGER player_names_no_update{on}"))
    with unit_of_work(databases(app)) as db:
        player_id = db.scalar(select(Player.id).where(Player.club_number == "B2"))
        db.execute(update(PlayerName).where(PlayerName.version == 2).values(name="Forged"))
    ((table, subject, problem, (difference,)),) = problems(app)
    assert (table, subject, problem) == ("player_names", f"player:{player_id}", "record_edited")
    assert (difference.field, difference.stored, difference.sealed) == ("name", "Forged", "Bo Lee")


def test_a_player_enrolled_by_sql_is_named(app, players):
    with unit_of_work(databases(app)) as db:
        admin = db.scalar(select(User.id).where(User.name == "admin"))
        forged = Player(club_number="Z9", created_by=admin, created_at=utc_now())
        db.add(forged)
        db.flush()
        db.add(PlayerName(player_id=forged.id, version=1, name="Nobody", named_by=admin, named_at=utc_now()))
        subject = f"player:{forged.id}"
    assert problems(app) == [
        ("players", subject, "event_missing", ()),
        ("player_names", subject, "event_missing", ()),
    ]
