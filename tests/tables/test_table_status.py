"""A table's status is a TableStatus, stored and shown as its value; a
table's bets and configuration take the shapes in service.tables.views."""

from __future__ import annotations

import pytest
from sqlalchemy import select

from service.engine.break_bonus import BreakBonusCategory
from service.engine.table_config import BetType, TableConfig
from service.store.models import GameTable
from service.tables.status import TableStatus
from service.tables.views import BetJson, ConfigJson, bet_json
from tests.support.accounting import TRAY, as_user, signature
from tests.support.app import databases

pytestmark = pytest.mark.store


def test_a_new_table_is_stored_closed_until_a_session_opens_it(app, client, table):
    with databases(app)() as db:
        stored = db.scalar(select(GameTable.status).where(GameTable.id == table["id"]))
    assert stored == TableStatus.CLOSED == "closed"
    assert TableStatus(stored) is TableStatus.CLOSED
    assert (
        client.post(
            f"/api/v1/tables/{table['id']}/sessions",
            json={"lines": TRAY, "cosigner": signature("dealer")},
            headers=as_user(client, "pit_boss"),
        ).status_code
        == 201
    )
    with databases(app)() as db:
        assert db.scalar(select(GameTable.status)) == TableStatus.OPEN == "open"


def test_a_bet_is_listed_as_the_engine_names_it():
    for bet in BetType:
        label = bet.label
        expected = {"key": bet.value, "name": label.name, "short": label.short, "required": label.required}
        assert bet_json(bet) == bet.to_json() == expected
        assert set(bet_json(bet)) == set(BetJson.__required_keys__)


def test_a_configuration_s_json_has_the_typed_shape():
    config = TableConfig().to_json()
    assert set(config) == set(ConfigJson.__required_keys__)
    assert list(config["limits"]) == list(BetType)
    assert list(config["break_bonus_pays"]) == list(BreakBonusCategory)
