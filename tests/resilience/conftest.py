"""The resilience suite (`make resilience`): the whole service started as
`make run` starts it, on SQLite and, when TEST_DATABASE_URL names a server,
on PostgreSQL, with its parts killed, cut off and raced."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from service.accounts.auth import create_user
from service.store.migrate import upgrade
from service.store.work import unit_of_work
from tests.resilience.stack import Stack
from tests.resilience.tablet import Tablet

DEALER_PASSWORD = "a resilient tablet passphrase"


@pytest.fixture
def stack(database_url: str, tmp_path) -> Iterator[Stack]:
    upgrade(database_url)
    stack = Stack(tmp_path / "instance", database_url)
    with unit_of_work(stack.databases) as db:
        create_user(db, "dealer", "dealer", DEALER_PASSWORD)
    password = stack.start()
    stack.admin = stack.token("admin", password)  # type: ignore[attr-defined]
    try:
        yield stack
    finally:
        stack.stop()


@pytest.fixture
def tablet(stack: Stack) -> Tablet:
    status, table = stack.request("POST", "/api/v1/tables", {"name": "BP-R"}, stack.admin)  # type: ignore[attr-defined]
    assert status == 201, table
    return Tablet(stack, stack.token("dealer", DEALER_PASSWORD), table["id"])
