"""One unit of work: the database handle (``db``) of a request or a job, the
settings and the clock it runs under, and the one place the service
commits.

The API opens one a request (:mod:`service.api.http.work`), closed when the
request ends; each job's transaction is one (:class:`Works`, built once a
worker process in :mod:`workers.jobs`); the command line and the tests
take :func:`unit_of_work`. Every commit is this module's, so that each
write of the API is run again after a lost race (:mod:`service.store.retry`)
and no route or use case ends a transaction behind its caller's back:
tests/store/test_commit_boundary.py refuses a ``.commit()`` anywhere else.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import datetime
from typing import Generic, TypeVar

from service.store.db import Databases, Db, utc_now
from service.store.retry import LOST_RACE, retry_lost_race

Result = TypeVar("Result")
# The settings' type is the configuration's, a layer above the store
# (pyproject's import layers): a unit of work is ``Work[Settings]`` there.
SettingsT = TypeVar("SettingsT")
Clock = Callable[[], datetime]
Refusals = tuple[type[BaseException], ...]


def _commit(db: Db) -> None:
    """The service's one commit."""
    db.commit()


@contextmanager
def unit_of_work(databases: Databases) -> Iterator[Db]:
    """Commit what the block did, or nothing of it on any failure."""
    db = databases()
    try:
        yield db
        _commit(db)
    except BaseException:
        db.rollback()
        raise
    finally:
        db.close()


class Work(Generic[SettingsT]):
    """A request's or a job's database handle, settings and clock."""

    def __init__(self, db: Db, settings: SettingsT, clock: Clock = utc_now) -> None:
        self.db = db
        self.settings = settings
        self.clock = clock

    def now(self) -> datetime:
        """The time by the unit's clock (tests move it instead of sleeping)."""
        return self.clock()

    def commit(self) -> None:
        _commit(self.db)

    def rollback(self) -> None:
        self.db.rollback()

    def close(self) -> None:
        """Undo what is not committed (nothing after a commit); the
        connection goes back to the pool."""
        self.db.rollback()
        self.db.close()

    def committed(self, step: Callable[[], Result], refusals: Refusals = ()) -> Result:
        """``step()`` and commit; all of it again, from a rollback, when a
        concurrent transaction won a race (the retry sees the winner). A
        refusal among ``refusals`` commits what the step wrote before it
        (a failed sign-in counts towards a lock) and is raised."""
        return retry_lost_race(lambda: self._once(step, refusals, commit=True))

    def kept_if_refused(self, step: Callable[[], Result], refusals: Refusals) -> Result:
        """``step()``, committed only when it raises one of ``refusals``
        (and that raised): what it wrote otherwise waits for the caller's
        commit. Again after a lost race, as :meth:`committed`."""
        return retry_lost_race(lambda: self._once(step, refusals, commit=False))

    def _once(self, step: Callable[[], Result], refusals: Refusals, commit: bool) -> Result:
        try:
            try:
                result = step()
            except refusals:
                self.commit()
                raise
            if commit:
                self.commit()
            return result
        except LOST_RACE:
            self.rollback()
            raise


class Works(Generic[SettingsT]):
    """Where a process's units of work come from: its database, its
    settings and its clock, given once."""

    def __init__(self, databases: Databases, settings: SettingsT, clock: Clock = utc_now) -> None:
        self.databases = databases
        self.settings = settings
        self.clock = clock

    def run(self, step: Callable[[Work[SettingsT]], Result]) -> Result:
        """``step`` in one transaction, committed; in a new one after a lost
        race (to another worker, or a request)."""

        def once() -> Result:
            with unit_of_work(self.databases) as db:
                return step(Work(db, self.settings, self.clock))

        return retry_lost_race(once)
