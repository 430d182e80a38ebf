"""A settled round is never updated or deleted: the database itself refuses."""

from __future__ import annotations

import pytest
from sqlalchemy import delete, text, update
from sqlalchemy.exc import DatabaseError

from service.models import RoundRecord, SeatRecord
from tests.api.conftest import sessions
from tests.api.rounds_data import round_body

pytestmark = pytest.mark.store


@pytest.fixture
def stored(client, as_role, table):
    response = client.post(
        f"/api/v1/tables/{table['id']}/rounds",
        json=round_body(),
        headers={**as_role["dealer"], "Idempotency-Key": "k"},
    )
    assert response.status_code == 201
    return response.json


@pytest.mark.parametrize(
    "statement",
    [
        update(RoundRecord).values(house_net=0),
        delete(RoundRecord),
        update(SeatRecord).values(main_net=1_000_000),
        delete(SeatRecord),
    ],
    ids=["update round", "delete round", "update seat", "delete seat"],
)
def test_the_database_refuses_to_change_a_settled_round(app, client, as_role, stored, statement):
    with sessions(app)() as session:
        with pytest.raises(DatabaseError, match="never updated or deleted"):
            session.execute(statement)
        session.rollback()
    again = client.get(f"/api/v1/rounds/{stored['id']}", headers=as_role["dealer"]).json
    assert again == stored


def test_raw_sql_is_refused_too(app, stored):
    with sessions(app)() as session:
        with pytest.raises(DatabaseError, match="never updated or deleted"):
            session.execute(text("UPDATE round_seats SET main_net = 5"))
        session.rollback()
