"""The request id: the one an API request came with (``X-Request-ID``, when
it is sane) or one made for it. It is held in a context variable, so the
log lines of the request carry it, and the outbox rows the request writes
keep it; the dispatcher puts it in each job's meta, and the worker sets it
again while the job runs. One id then ties the API's log lines to those of
the jobs the request caused, in other processes and later.

>>> accepted("req-42.a:b_C"), accepted("not sane!"), accepted("x" * 65)
('req-42.a:b_C', None, None)
>>> len(accepted(None) or new_id())
32
"""

from __future__ import annotations

import re
import uuid
from contextvars import ContextVar

HEADER = "X-Request-ID"
MAX_LENGTH = 64  # the outbox column's width
# Letters, digits and a few separators: what proxies and tracing tools send,
# and nothing that could forge a log line or a header.
_SANE = re.compile(rf"[A-Za-z0-9][A-Za-z0-9._:-]{{0,{MAX_LENGTH - 1}}}")

current: ContextVar[str | None] = ContextVar("request_id", default=None)


def accepted(value: str | None) -> str | None:
    """``value`` if it is a sane id to carry, else ``None``."""
    return value if value is not None and _SANE.fullmatch(value) else None


def new_id() -> str:
    return uuid.uuid4().hex
