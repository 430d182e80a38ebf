"""The values job and a void at once, in either order, leave the per-shift
expected value totals exact."""

from __future__ import annotations

import contextlib
import threading
import time
from typing import Any

import pytest

import service.rounds.value_sums
from service.store.db import Db
from tests.rounds import value_sums_floor
from tests.rounds.value_sums_floor import assert_exact

pytestmark = pytest.mark.store
# The shared fixtures these tests take by name.
floor = value_sums_floor.floor


@pytest.mark.parametrize("first", ["values", "void"])
def test_the_values_job_and_a_void_at_once_leave_the_totals_exact(app, floor, monkeypatch, first):
    """Each waits, once it holds the shift's row, for the other to get that
    far too: with the row locked before the decisive read (does the round
    count, has it values), the other waits out the timeout on the lock and
    then reads what the first committed."""
    record_id = floor.enter("dealer", 0, (1000, 500, 2500))
    floor.enter("dealer", 0, (500, 500, 500))  # the shift's row exists; another round keeps it counting
    both_locked = threading.Barrier(2, timeout=1.5)
    locked_row = service.rounds.value_sums._locked_row

    def locked_then_wait(db: Db, key: Any) -> int:
        row_id = locked_row(db, key)
        with contextlib.suppress(threading.BrokenBarrierError):
            both_locked.wait()
        return row_id

    monkeypatch.setattr(service.rounds.value_sums, "_locked_row", locked_then_wait)
    failures: list[BaseException] = []

    def run(work: Any) -> None:
        try:
            work(record_id)
        except Exception as error:  # noqa: BLE001 - shown by the assertion below
            failures.append(error)

    works = [floor.value, floor.void] if first == "values" else [floor.void, floor.value]
    threads = [threading.Thread(target=run, args=(work,)) for work in works]
    for thread in threads:
        thread.start()
        time.sleep(0.2)  # the first asked first
    for thread in threads:
        thread.join(timeout=60)
    assert not failures, failures
    assert_exact(app, floor.table_id)
