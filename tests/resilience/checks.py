"""What must hold after any fault: every round the tablets were told was
settled is stored once and whole, and the background work caught up
exactly: every event sealed once, every round counted once."""

from __future__ import annotations

import json
import time
from collections import Counter
from typing import Any

from redis.exceptions import RedisError
from sqlalchemy import select

from service.config.redis_server import connect
from service.config.settings import embedded_redis_url
from service.jobs.queues import JobKind, status_of
from service.rounds.aggregates import out_of_step
from service.store.models import AuditEvent, OutboxEntry, RoundRecord
from tests.resilience.stack import Stack
from tests.support.background import check_aggregates, check_chain


def check_rounds(stack: Stack, settled: dict[str, dict[str, Any]]) -> None:
    """Each settled round stored exactly once, whole, as the API answered."""
    with stack.databases() as db:
        records = db.scalars(select(RoundRecord).where(RoundRecord.revision == 0)).all()
        stored = Counter(str(json.loads(record.round_ref)) for record in records)
        assert set(stored) == set(settled), set(stored) ^ set(settled)
        assert stored.most_common(1)[0][1] == 1 if stored else True
        events = Counter(
            event.subject
            for event in db.scalars(select(AuditEvent).where(AuditEvent.kind == "round_settled"))
        )
        aggregate_jobs = Counter(
            row.ref for row in db.scalars(select(OutboxEntry).where(OutboxEntry.job == JobKind.AGGREGATE))
        )
        for record in records:
            answer = settled[str(json.loads(record.round_ref))]
            assert answer["id"] == record.id
            assert len(record.seats) == len(record.entered["seats"]) == len(answer["seats"])
            assert record.house_net == answer["house_net"]
            assert events[f"round:{record.id}"] == 1  # its event, once
            assert aggregate_jobs[record.id] == 1  # its counting job, once


def behind(stack: Stack) -> dict[int, str]:
    """The rounds the totals do not reflect, each with its job's state in
    Redis: what a failure needs to say where the work got stuck."""
    connection = connect(embedded_redis_url(stack.instance))
    with stack.databases() as db:
        ids = db.scalars(select(RoundRecord.id).where(out_of_step())).all()
    try:
        return {round_id: str(status_of(connection, JobKind.AGGREGATE, round_id)) for round_id in ids}
    except (RedisError, OSError) as error:
        return dict.fromkeys(ids, f"Redis did not answer: {error}")


def check_background(stack: Stack, timeout: float = 120) -> dict[str, int]:
    """Wait for the workers, then: the chain exact, the totals exact."""
    counts = stack.wait_until_settled_down(timeout)
    deadline = time.monotonic() + timeout
    while True:
        with stack.databases() as db:
            try:
                check_aggregates(db)
                break
            except AssertionError as error:
                if time.monotonic() > deadline:
                    raise AssertionError(f"the totals did not catch up: {behind(stack)}") from error
        time.sleep(0.5)
    with stack.databases() as db:
        counts["links"] = check_chain(db)
    return counts
