"""Players put straight into the database (the registry's API is built
apart), and an identification recorded for one."""

from __future__ import annotations

from datetime import date

from sqlalchemy import select

from service.players.identification import DocumentType, Identification, record_identification
from service.players.identification_cipher import identification_key
from service.store.db import utc_now
from service.store.models import Player, PlayerName, User
from service.store.work import unit_of_work
from tests.support.app import databases

PASSPORT = Identification(DocumentType.PASSPORT, "X1234567", date(2099, 1, 31), date(1980, 5, 4))


def enrolled(app, club_number: str, name: str = "Ann Lee") -> dict[str, object]:
    """A player enrolled by the admin, as the registry would."""
    with unit_of_work(databases(app)) as db:
        admin = db.scalar(select(User).where(User.name == "admin"))
        player = Player(club_number=club_number, created_by=admin.id, created_at=utc_now())
        db.add(player)
        db.flush()
        db.add(PlayerName(player_id=player.id, version=1, name=name, named_by=admin.id, named_at=utc_now()))
        return {"id": player.id, "club_number": club_number}


def identified(
    app, settings, club_number: str, identification: Identification = PASSPORT
) -> dict[str, object]:
    """A player enrolled, with an identification recorded by the cage."""
    player = enrolled(app, club_number)
    with unit_of_work(databases(app)) as db:
        cage = db.scalar(select(User).where(User.name == "cage"))
        record_identification(db, identification_key(settings), club_number, identification, cage, utc_now())
    return player
