"""What the review tests share: counting every round as the jobs would, the
events of a kind, and a corrected round's body."""

from __future__ import annotations

from pathlib import Path

from sqlalchemy import select

from service.ops.undone import undone
from service.rounds.aggregates import aggregate_round
from service.store.models import AuditEvent
from service.store.work import unit_of_work
from tests.support.app import databases
from tests.support.rounds_data import round_body


def count_everything(app) -> None:
    """What the aggregate jobs would do: bring every round in step."""
    while True:
        with databases(app)() as db:
            work = undone(db, Path(app.instance_path))
        if not work.unaggregated_rounds:
            return
        for round_id in work.unaggregated_rounds:
            with unit_of_work(databases(app)) as db:
                aggregate_round(db, round_id)


def events(app, kind):
    with databases(app)() as db:
        return [event.payload for event in db.scalars(select(AuditEvent).where(AuditEvent.kind == kind))]


# Voids


def corrected_body(**changes):
    body = round_body("g1", **changes)
    body["seats"][0]["bets"]["main"] = 3000  # seat 1 loses both hands: -3000 instead of -1000
    return body
