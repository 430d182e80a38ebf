"""Requests sent at the same moment from threads, for the race tests."""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterable
from typing import Any


def at_once(send: Callable[..., Any], arguments: Iterable[tuple[Any, ...]]) -> list[Any]:
    """``send(*args)`` for each of ``arguments``, each in its own thread,
    all started before any is waited for; the answers by status code, the
    winner first."""
    answers: list[Any] = []
    threads = [threading.Thread(target=lambda args=args: answers.append(send(*args))) for args in arguments]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return sorted(answers, key=lambda answer: answer.status_code)
