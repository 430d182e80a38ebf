"""A table's gaming day of accounting records, played through the API for
the compliance tests: a session opened and closed, a fill and a credit
received, a fill voided, a drop count and its recount, a check note."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tests.support.accounting import (
    CREDIT,
    DROP,
    FILL,
    TRAY,
    close_table,
    count_drop,
    full_slip,
    ok,
    open_table,
    request_slip,
    signature,
)
from tests.support.app import sign_in

VOIDED = {"500": 20000}  # 200.00, never moved
CLOSER = {"100": 10000, "500": 50000, "2500": 350000, "10000": 500000}  # 9,100.00
RECOUNT = {"2000": 200000, "10000": 310000}  # 5,100.00
NOTE = "=SUM(A1) drop recounted: a 100 note stuck in the box"


def play_day(client: Any, table_id: int, later: Callable[[], None] | None = None) -> dict[str, Any]:
    """The records of one session at the table, as the API answered them
    (``detail``: the session with its slips and counts, after the note).
    ``later`` is called once the table is closed, before its drop is counted
    (a test moves the clock there)."""
    opened = ok(open_table(client, table_id, TRAY), 201)
    fill = full_slip(client, table_id, "fill", FILL)
    credit = full_slip(client, table_id, "credit", CREDIT)
    voided = ok(request_slip(client, table_id, "fill", VOIDED), 201)
    body = {"reason": "asked twice", "cosigner": signature("cage")}
    ok(client.post(f"/api/v1/slips/{voided['number']}/void", json=body, headers=sign_in(client, "pit_boss")))
    closed = ok(close_table(client, table_id, CLOSER))
    session_id = opened["id"]
    if later is not None:
        later()
    first = ok(count_drop(client, session_id, DROP), 201)
    recount = ok(count_drop(client, session_id, RECOUNT, ("count2", "count"), reason="box recounted"), 201)
    detail = ok(
        client.post(
            f"/api/v1/sessions/{session_id}/notes", json={"note": NOTE}, headers=sign_in(client, "pit_boss")
        ),
        201,
    )
    return {
        "session": closed,
        "opened": opened,
        "fill": fill,
        "credit": credit,
        "voided": voided,
        "drop": first,
        "recount": recount,
        "detail": detail,
    }
