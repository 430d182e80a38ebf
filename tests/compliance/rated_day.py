"""A day of rated play for the compliance tests: two ratings at one table
with rounds between, every event sealed."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

from sqlalchemy import func, select

from service.audit.chain import seal_batch
from service.store.models import AuditEvent
from service.store.work import unit_of_work
from tests.support.app import databases
from tests.support.players import add_player, seat, step
from tests.support.rounds_data import enter


@dataclass(frozen=True)
class RatedDay:
    ann: int  # the dealer's rating, at seat 1
    bo: int  # the pit boss's missed one, at seat 3
    first: int  # a round before either (seat 3 back-filled)
    second: int  # a round rated at seat 1 (seat 3 back-filled)


def play_rated_day(app: Any, client: Any, as_role: dict[str, Any], table: dict[str, Any]) -> RatedDay:
    """Ann seated by the dealer at seat 1 (a cash buy-in of 10,000, paused,
    resumed, seated out with 7,500), a round between; then Bo, whom the
    dealer missed, started by the pit boss at seat 3 an hour back."""
    dealer, boss = as_role["dealer"], as_role["pit_boss"]
    add_player(app, "R1", "Ann Lee")
    add_player(app, "R2", "Bo Chan")
    first = enter(client, dealer, table, "r1")["id"]
    ann = seat(client, dealer, table["id"], "R1", 1).json["id"]
    second = enter(client, dealer, table, "r2")["id"]
    for what, body in (
        ("buy-ins", {"kind": "cash", "amount": 10_000}),
        ("pauses", None),
        ("resumes", None),
        ("seat-out", {"chips_taken": 7_500}),
    ):
        assert step(client, dealer, ann, what, body).status_code in (200, 201)
    past = (datetime.now(UTC) - timedelta(hours=1)).isoformat()
    bo = seat(client, boss, table["id"], "R2", 3, seated_at=past, reason="dealer missed it").json["id"]
    with unit_of_work(databases(app)) as db:
        seal_batch(db, db.scalar(select(func.max(AuditEvent.id))), limit=10_000)
    return RatedDay(ann, bo, first, second)
