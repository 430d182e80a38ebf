"""The API's one way to commit: a request's unit of work
(:mod:`service.store.work`), run again when a concurrent request wins a
race (:mod:`service.store.retry`)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from service.api.http.work import work
from service.errors import ServiceError
from service.store.work import Refusals

Result = TypeVar("Result")


def committed(step: Callable[[], Result], keep: Refusals = ()) -> Result:
    """``step()`` and commit, again after a lost race; a refusal among
    ``keep`` commits what was written before it (a failed sign-in that
    counts, a refused deck's event) and is raised."""
    return work().committed(step, keep)


def kept_if_refused(step: Callable[[], Result], refusals: Refusals = (ServiceError,)) -> Result:
    """``step()``, committed only when it raises one of ``refusals`` (a
    co-signer's wrong password counts towards a lock); otherwise what it
    wrote waits for the request's commit."""
    return work().kept_if_refused(step, refusals)
