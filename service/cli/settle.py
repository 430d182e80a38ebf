"""``breakpoker settle``: rounds as JSON lines on stdin, settlements on stdout."""

from __future__ import annotations

import json
import multiprocessing
import os
import sys
from collections import deque
from collections.abc import Iterable, Iterator
from itertools import chain, islice

import click
import orjson

from service.cli.batch_gc import collect_garbage_less_often
from service.rounds.batch_settle import Line, settle_lines

CHUNK_LINES = 1000  # big enough to amortise the hand-off between processes


@click.command()
@click.option(
    "--jobs",
    type=click.IntRange(min=1),
    default=None,
    help="Processes to settle with (default: one per available CPU; small inputs use one).",
)
def settle(jobs: int | None) -> None:
    """Settle rounds read as JSON lines on standard input.

    Writes one JSON line per round, in input order: the settlement, or an
    error naming the bad card, seat or field. Exits 0 when every round
    settled and 1 when any line was an error.
    """
    jobs = jobs or len(os.sched_getaffinity(0))
    collect_garbage_less_often()
    failed = False
    out = sys.stdout.buffer
    for text, chunk_failed in settle_stream(sys.stdin.buffer, jobs):
        out.write(text)
        failed = failed or chunk_failed
    out.flush()
    sys.exit(1 if failed else 0)


def settle_chunk(chunk: tuple[int, list[bytes]]) -> tuple[bytes, bool]:
    """Settle a chunk of lines (with the number of its first line): the output
    JSON lines and whether any failed."""
    first_number, lines = chunk
    results = list(settle_lines(lines, first_number))
    return b"".join(map(_dump, results)), any("error" in result for result in results)


def _dump(result: Line) -> bytes:
    try:
        return orjson.dumps(result, option=orjson.OPT_APPEND_NEWLINE)
    except TypeError:  # a number orjson cannot write; the standard library can
        return json.dumps(result).encode() + b"\n"


def settle_stream(source: Iterable[bytes], jobs: int) -> Iterator[tuple[bytes, bool]]:
    """Output chunks in input order. Large inputs are spread over ``jobs``
    worker processes with a bounded number of chunks in flight, so memory
    stays flat however long the input is."""
    chunks = _chunks(source)
    head = list(islice(chunks, 2))
    if jobs == 1 or len(head) < 2:
        for chunk in chain(head, chunks):
            yield settle_chunk(chunk)
        return
    with multiprocessing.get_context("fork").Pool(jobs) as pool:
        pending: deque[multiprocessing.pool.AsyncResult[tuple[bytes, bool]]] = deque()
        for chunk in chain(head, chunks):
            pending.append(pool.apply_async(settle_chunk, (chunk,)))
            if len(pending) >= 2 * jobs:
                yield pending.popleft().get()
        while pending:
            yield pending.popleft().get()


def _chunks(source: Iterable[bytes]) -> Iterator[tuple[int, list[bytes]]]:
    lines = iter(source)
    first_number = 1
    while chunk := list(islice(lines, CHUNK_LINES)):
        yield first_number, chunk
        first_number += len(chunk)
