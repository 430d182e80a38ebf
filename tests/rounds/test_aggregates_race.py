"""Two workers counting rounds of the same shift at once: neither may write
totals it read before the other committed (a lost update). On SQLite a
plain SELECT runs outside any transaction, so only the writer's turn keeps
the read and the write of the totals together."""

from __future__ import annotations

import contextlib
import threading

import pytest

import service.rounds.aggregates
from service.rounds.aggregates import aggregate_round
from service.store.work import unit_of_work
from tests.support.app import databases
from tests.support.background import check_aggregates
from tests.support.rounds_data import enter


@pytest.mark.store
def test_rounds_of_one_shift_counted_at_once_are_both_counted(app, client, as_role, table, monkeypatch):
    ids = [enter(client, as_role["dealer"], table, f"race-{n}")["id"] for n in range(3)]
    with unit_of_work(databases(app)) as db:
        aggregate_round(db, ids[0])  # the shift's totals row exists now

    # Each job waits here, after reading the totals and before writing them,
    # for the other to read too: with nothing to keep them apart, both read
    # the same totals. Kept apart, the first waits out the timeout alone.
    both_read = threading.Barrier(2, timeout=1.5)
    shares = service.rounds.aggregates._shares

    def shares_once_both_have_read(*round_facts):
        with contextlib.suppress(threading.BrokenBarrierError):
            both_read.wait()
        return shares(*round_facts)

    monkeypatch.setattr(service.rounds.aggregates, "_shares", shares_once_both_have_read)
    failures: list[BaseException] = []

    def count(round_id: int) -> None:
        try:
            with unit_of_work(databases(app)) as db:
                aggregate_round(db, round_id)
        except Exception as error:  # noqa: BLE001 - shown by the assertion below
            failures.append(error)

    workers = [threading.Thread(target=count, args=(round_id,)) for round_id in ids[1:]]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join(timeout=60)
    assert not failures, failures
    with unit_of_work(databases(app)) as db:
        counts = check_aggregates(db)
    assert sum(value for key, value in counts.items() if key[-1] == "rounds") == 3
