"""Players enrolled through the registry's use case (with their events,
so a verification stays intact), an identification recorded for one, and
the rating calls the tests make."""

from __future__ import annotations

from datetime import date
from typing import Any

from sqlalchemy import select

from service.players.identification import DocumentType, Identification, record_identification
from service.players.identification_cipher import identification_key
from service.players.players import enrol_player, get_player
from service.store.db import utc_now
from service.store.models import User
from service.store.work import unit_of_work
from tests.support.app import databases

PASSPORT = Identification(DocumentType.PASSPORT, "X1234567", date(2099, 1, 31), date(1980, 5, 4))


def enrolled(app: Any, club_number: str, name: str = "Ann Lee") -> dict[str, Any]:
    """A player enrolled by the admin, as the registry would."""
    with unit_of_work(databases(app)) as db:
        admin = db.scalar(select(User).where(User.name == "admin"))
        assert admin is not None
        enrol_player(db, admin, club_number, name)
        return {"id": get_player(db, club_number).id, "club_number": club_number}


def add_player(app: Any, club_number: str, name: str = "A. Player") -> int:
    """A player of the club, as the registry would enrol them; their id."""
    return int(enrolled(app, club_number, name)["id"])


def identified(
    app: Any, settings: Any, club_number: str, identification: Identification = PASSPORT
) -> dict[str, Any]:
    """A player enrolled, with an identification recorded by the cage."""
    player = enrolled(app, club_number)
    with unit_of_work(databases(app)) as db:
        cage = db.scalar(select(User).where(User.name == "cage"))
        record_identification(db, identification_key(settings), club_number, identification, cage, utc_now())
    return player


def seat(
    client: Any, headers: dict[str, str], table_id: int, club_number: str, seat_number: int, **more: Any
) -> Any:
    """POST a seat-in; the response."""
    body = {"club_number": club_number, "seat": seat_number, **more}
    return client.post(f"/api/v1/tables/{table_id}/ratings", json=body, headers=headers)


def step(client: Any, headers: dict[str, str], rating_id: int, what: str, body: Any = None) -> Any:
    """POST to a rating's ``pauses``, ``resumes``, ``seat-out`` or ``buy-ins``; the response."""
    return client.post(f"/api/v1/ratings/{rating_id}/{what}", json=body or {}, headers=headers)
