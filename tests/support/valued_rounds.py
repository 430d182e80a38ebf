"""An app with rounds ready for their expected values: the strategy
table's blocks of the sample seats, the users, a table and rounds entered
by the dealer."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from tests.support.app import app_with_users, sign_in
from tests.support.rounds_data import SEATS, enter
from tests.support.strategy import strategy_blocks


def app_with_rounds(settings: Any, count: int) -> tuple[Iterator[Any], Any, list[int]]:
    """The app's generator (resume it to dispose of the app), the app, and
    the ids of ``count`` rounds entered at a new table."""
    strategy_blocks(settings.instance, SEATS.values())
    users = app_with_users(settings)
    app = next(users)
    client = app.test_client()
    admin, dealer = sign_in(client, "admin"), sign_in(client, "dealer")
    table = client.post("/api/v1/tables", json={"name": "BP-1"}, headers=admin).json
    return users, app, [enter(client, dealer, table, f"r{number}")["id"] for number in range(count)]
