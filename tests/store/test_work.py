"""The unit of work's commits: what a refusal keeps, what waits for the
caller's commit, and the retry of a lost race around both."""

from __future__ import annotations

import pytest
from sqlalchemy.exc import OperationalError

from service.errors import ErrorCode, ServiceError
from service.store.retry import ATTEMPTS
from service.store.work import Work
from tests.store.test_retry import LOCKED, FakeDb

REFUSED = ServiceError(ErrorCode.FORBIDDEN, "refused")


def refused():
    raise REFUSED


def test_a_refusal_it_keeps_is_committed_and_raised():
    db = FakeDb()
    with pytest.raises(ServiceError):
        Work(db, None).committed(refused, (ServiceError,))
    assert db.done == ["commit"]


def test_a_refusal_it_does_not_keep_is_raised_uncommitted():
    db = FakeDb()
    with pytest.raises(ServiceError):
        Work(db, None).committed(refused)
    assert db.done == []  # rolled back when the request ends


def test_kept_if_refused_leaves_a_success_to_the_callers_commit():
    db = FakeDb()
    assert Work(db, None).kept_if_refused(lambda: "signed", (ServiceError,)) == "signed"
    assert db.done == []
    with pytest.raises(ServiceError):
        Work(db, None).kept_if_refused(refused, (ServiceError,))
    assert db.done == ["commit"]


class LosingCommits(FakeDb):
    """A database handle whose first ``losses`` commits lose a race."""

    def __init__(self, losses):
        super().__init__()
        self.losses = losses

    def commit(self):
        if self.losses:
            self.losses -= 1
            raise LOCKED
        super().commit()


def test_a_refusal_whose_commit_lost_a_race_is_run_again():
    db = LosingCommits(1)
    tries = []

    def step():
        tries.append(1)
        raise REFUSED

    with pytest.raises(ServiceError):
        Work(db, None).committed(step, (ServiceError,))
    assert (len(tries), db.done) == (2, ["rollback", "commit"])


def test_a_commit_losing_every_race_gets_the_error_after_the_budget():
    db = LosingCommits(ATTEMPTS)
    with pytest.raises(OperationalError):
        Work(db, None).committed(lambda: None)
    assert db.done == ["rollback"] * ATTEMPTS
