"""The one retry of a transaction that lost a race, shared by the API and
the jobs: its budget, what it retries and what it does not."""

from __future__ import annotations

import pytest
from sqlalchemy.exc import IntegrityError, OperationalError

import service.api.http.transactions
import workers.jobs
from service.store.retry import ATTEMPTS, retry_lost_race
from service.store.work import Work


def losing(times: int, error: Exception):
    tries = []

    def once():
        tries.append(1)
        if len(tries) <= times:
            raise error
        return len(tries)

    return once, tries


LOCKED = OperationalError("UPDATE tables", {}, Exception("database is locked"))
TAKEN = IntegrityError("INSERT INTO rounds", {}, Exception("UNIQUE constraint failed"))


@pytest.mark.parametrize("error", [LOCKED, TAKEN])
def test_a_race_lost_up_to_the_budget_less_one_is_won(error):
    once, _ = losing(ATTEMPTS - 1, error)
    assert retry_lost_race(once) == ATTEMPTS


def test_the_last_loss_of_the_budget_is_raised():
    once, tries = losing(ATTEMPTS, LOCKED)
    with pytest.raises(OperationalError):
        retry_lost_race(once)
    assert len(tries) == ATTEMPTS


def test_any_other_error_is_raised_at_once():
    once, tries = losing(1, ValueError("a bug, not a race"))
    with pytest.raises(ValueError, match="a bug"):
        retry_lost_race(once)
    assert len(tries) == 1


class FakeDb:
    def __init__(self):
        self.done = []

    def commit(self):
        self.done.append("commit")

    def rollback(self):
        self.done.append("rollback")

    def close(self):
        self.done.append("close")


def test_a_request_that_lost_a_race_is_rolled_back_and_run_again(monkeypatch):
    db = FakeDb()
    monkeypatch.setattr(service.api.http.transactions, "work", lambda: Work(db, None))
    once, _ = losing(2, TAKEN)
    assert service.api.http.transactions.committed(once) == 3
    assert db.done == ["rollback", "rollback", "commit"]


def test_a_request_losing_every_race_gets_the_error_after_the_same_budget(monkeypatch):
    db = FakeDb()
    monkeypatch.setattr(service.api.http.transactions, "work", lambda: Work(db, None))
    once, _ = losing(ATTEMPTS, LOCKED)
    with pytest.raises(OperationalError):
        service.api.http.transactions.committed(once)
    assert db.done == ["rollback"] * ATTEMPTS


def test_a_job_that_lost_a_race_runs_again_in_a_new_transaction(monkeypatch):
    opened = []

    class FakeDatabases:
        def __call__(self):
            opened.append(FakeDb())
            return opened[-1]

    monkeypatch.setattr(workers.jobs, "_databases", lambda: FakeDatabases())
    step, _ = losing(2, LOCKED)
    assert workers.jobs._works().run(lambda work: step()) == 3
    assert [db.done for db in opened] == [["rollback", "close"]] * 2 + [["commit", "close"]]
