"""An alert raised as a check would raise it, for the API, role matrix,
fuzz and page tests: a repeated deck order at a table."""

from __future__ import annotations

from typing import Any

from service.protection.alerts import raise_alert
from service.protection.values import AlertKind, Finding, Severity
from service.store.db import utc_now
from service.store.work import unit_of_work
from tests.support.app import databases


def raise_one(
    app: Any,
    key: str,
    table_id: int | None,
    decks: tuple[int, ...] = (),
    summary: str = "",
    rounds: tuple[int, ...] = (),
) -> int:
    """A critical repeated-deck alert (its finding named by ``key``); its id."""
    finding = Finding(
        AlertKind.REPEATED_DECK,
        Severity.CRITICAL,
        key,
        summary or f"a repeated deck order ({key})",
        "2",
        "1",
        table_id,
        device_id="shoe-7",
        decks=decks,
        rounds=rounds,
    )
    with unit_of_work(databases(app)) as db:
        alert = raise_alert(db, finding, utc_now())
        assert alert is not None
        return alert.id
