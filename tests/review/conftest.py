"""The review tests' fixtures: a second pit boss, and a round at the table."""

from __future__ import annotations

import pytest

from tests.support.app import sign_in
from tests.support.rounds_data import enter


@pytest.fixture
def boss2(client):
    return sign_in(client, "pit_boss2")


@pytest.fixture
def game(client, as_role, table):
    return enter(client, as_role["dealer"], table, "g1")
