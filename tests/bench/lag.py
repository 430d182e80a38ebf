"""How far the background work is behind the rounds, sampled while
``python -m tests.bench bench-service`` drives the service: sealing (the oldest event
after the chain's head) and counting (the oldest stored round without its
marker), each as seconds since that event or round was written, and as how
many are waiting. Read from the database, as an operator would see it."""

from __future__ import annotations

import threading
import time
from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import exists, func, select

from service.audit.chain import chain_head
from service.store.db import Databases, Db, utc_now
from service.store.models import AggregatedRound, AuditEvent, RoundRecord

#: rounds below the counted frontier looked at again: a round whose id was
#: taken before a neighbour's but committed after it is not skipped
FRONTIER_MARGIN = 200


@dataclass(frozen=True)
class Sample:
    at: float  # seconds since the sampler started
    seal_seconds: float  # how long the oldest unsealed event has waited; 0 when none waits
    events_behind: int
    count_seconds: float  # how long the oldest uncounted round has waited; 0 when none waits
    rounds_behind: int
    rounds: int  # stored so far


class LagSampler:
    """Samples every ``every`` seconds on a thread of its own until stopped."""

    def __init__(self, databases: Databases, every: float = 0.5) -> None:
        self.databases = databases
        self.every = every
        self.samples: list[Sample] = []
        self.started = time.monotonic()
        self._frontier = 0  # every round up to it is counted
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="lag-sampler", daemon=True)

    def __enter__(self) -> LagSampler:
        self._thread.start()
        return self

    def __exit__(self, *_exc: object) -> None:
        self._stop.set()
        self._thread.join(timeout=30)

    def _run(self) -> None:
        while not self._stop.wait(self.every):
            self.samples.append(self.sample())

    def sample(self) -> Sample:
        with self.databases() as db:
            now = utc_now()
            seal_seconds, events_behind = self._sealing(db, now)
            count_seconds, rounds_behind, rounds = self._counting(db, now)
        return Sample(
            round(time.monotonic() - self.started, 3),
            seal_seconds,
            events_behind,
            count_seconds,
            rounds_behind,
            rounds,
        )

    def _sealing(self, db: Db, now: datetime) -> tuple[float, int]:
        head = chain_head(db)
        last = head.event_id if head is not None else 0
        oldest, newest = db.execute(
            select(func.min(AuditEvent.occurred_at), func.max(AuditEvent.id)).where(AuditEvent.id > last)
        ).one()
        if newest is None:
            return 0.0, 0
        return _seconds(now, oldest), int(newest) - last

    def _counting(self, db: Db, now: datetime) -> tuple[float, int, int]:
        uncounted = (
            select(RoundRecord.id, RoundRecord.entered_at)
            .where(RoundRecord.id > self._frontier)
            .where(~exists().where(AggregatedRound.round_id == RoundRecord.id))
            .order_by(RoundRecord.id)
        )
        waiting = db.execute(uncounted).all()
        newest = int(db.scalar(select(func.max(RoundRecord.id))) or 0)
        rounds = int(db.scalar(select(func.count()).select_from(RoundRecord)) or 0)
        if not waiting:
            self._frontier = max(self._frontier, newest - FRONTIER_MARGIN)
            return 0.0, 0, rounds
        self._frontier = max(self._frontier, waiting[0][0] - 1 - FRONTIER_MARGIN)
        return _seconds(now, waiting[0][1]), len(waiting), rounds

    def drained(self) -> bool:
        """Nothing waits to be sealed or counted (sampled now)."""
        last = self.sample()
        return last.events_behind == 0 and last.rounds_behind == 0


def _seconds(now: datetime, then: datetime) -> float:
    return round(max(0.0, (now - then).total_seconds()), 3)


def worst(samples: list[Sample], name: str) -> dict[str, float]:
    """The max and p99 of one figure over the samples."""
    values = sorted(float(getattr(sample, name)) for sample in samples)
    if not values:
        return {"max": 0.0, "p99": 0.0}
    return {"max": values[-1], "p99": values[min(len(values) - 1, int(0.99 * len(values)))]}
