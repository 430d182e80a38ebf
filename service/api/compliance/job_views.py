"""What an export and a verification show alike, both jobs a compliance
officer asks for and a worker runs: who asked and when, how far the job
is, when it finished or why it failed; and a page of them with the names
of who asked."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from typing import Any, Protocol, TypedDict, TypeVar

from service.api.http.paging import number_links
from service.api.http.work import db
from service.compliance.exports import user_names
from service.jobs.progress import ProgressJson, progress_json
from service.store.paging import Page


class Job(Protocol):
    """An export or a verification, as stored."""

    @property
    def requested_by(self) -> int: ...
    @property
    def requested_at(self) -> datetime: ...
    @property
    def status(self) -> str: ...  # a service.jobs.progress.State
    @property
    def done(self) -> int: ...
    @property
    def total(self) -> int: ...
    @property
    def finished_at(self) -> datetime | None: ...
    @property
    def error(self) -> str | None: ...


AnyJob = TypeVar("AnyJob", bound=Job)


class JobJson(TypedDict):
    requested_by: str
    requested_at: str
    progress: ProgressJson
    finished_at: str | None
    error: str | None


def job_json(job: Job, requested_by: str) -> JobJson:
    return {
        "requested_by": requested_by,
        "requested_at": job.requested_at.isoformat(),
        "progress": progress_json(job.status, job.done, job.total),
        "finished_at": job.finished_at.isoformat() if job.finished_at else None,
        "error": job.error,
    }


def requester(job: Job) -> str:
    """The name of who asked for the job."""
    return user_names(db(), {job.requested_by}).get(job.requested_by, "")


def job_page(
    page: Page[AnyJob], shown: Callable[[AnyJob, str], Any]
) -> tuple[dict[str, Any], int, dict[str, str]]:
    """A page of jobs as answered (each shown with the name of who asked)
    and its Link header."""
    names = user_names(db(), {job.requested_by for job in page.items})
    items = [shown(job, names.get(job.requested_by, "")) for job in page.items]
    return page.shown(items), 200, number_links(page)
