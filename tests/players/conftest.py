"""Players for the rating tests, inserted straight into the store (the
player registry's API is another part's)."""

from __future__ import annotations

import pytest

from tests.support.players import add_player

ALICE, BOB = "C1001", "C1002"


@pytest.fixture
def players(app):
    """Two players of the club: their ids by club number."""
    return {ALICE: add_player(app, ALICE, "Alice Archer"), BOB: add_player(app, BOB, "Bob Baker")}


@pytest.fixture
def second_table(client, as_role):
    response = client.post("/api/v1/tables", json={"name": "BP-2"}, headers=as_role["admin"])
    assert response.status_code == 201, response.json
    return response.json
