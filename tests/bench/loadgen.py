"""A small HTTP/1.1 load generator on asyncio, for ``python -m tests.bench bench-load``.

Two ways of driving a server:

- **Open loop at a fixed rate**: request *i* is due at ``start + i / rate``
  whatever the server does. Its latency is measured from when it was due,
  not from when a connection was free to send it, so a server that falls
  behind shows its queueing in the figures instead of hiding it
  (coordinated omission).
- **Closed loop** (saturation): each connection sends its next request as
  soon as the last answer arrives; the throughput is the server's ceiling.

Connections are kept alive, as the tablets' browsers keep theirs.
"""

from __future__ import annotations

import asyncio
import time
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field

CONNECT_GAP = 0.01  # seconds between opening two connections


@dataclass(frozen=True)
class Request:
    method: str
    path: str
    headers: tuple[tuple[str, str], ...] = ()
    body: bytes = b""

    def encode(self, host: str) -> bytes:
        lines = [f"{self.method} {self.path} HTTP/1.1", f"Host: {host}", "Connection: keep-alive"]
        lines += [f"{name}: {value}" for name, value in self.headers]
        if self.body or self.method in ("POST", "PUT"):
            lines.append(f"Content-Length: {len(self.body)}")
        return ("\r\n".join(lines) + "\r\n\r\n").encode("latin-1") + self.body


@dataclass(frozen=True)
class Prepared:
    """A request already encoded, Host header and all (built ahead, so the
    generator spends no time on it while the clock runs)."""

    data: bytes

    def encode(self, _host: str) -> bytes:
        return self.data


Sendable = Request | Prepared


@dataclass
class Result:
    """What a run measured: latencies in seconds of the answered requests."""

    sent: int = 0
    seconds: float = 0.0
    latencies: list[float] = field(default_factory=list)
    statuses: Counter[int] = field(default_factory=Counter)
    failures: Counter[str] = field(default_factory=Counter)  # no answer: why

    @property
    def answered(self) -> int:
        return len(self.latencies)

    @property
    def throughput(self) -> float:
        return self.answered / self.seconds if self.seconds > 0 else 0.0

    def percentile(self, share: float) -> float:
        """The nearest-rank percentile (``share`` 0.99 for p99), in seconds."""
        if not self.latencies:
            return float("nan")
        ordered = sorted(self.latencies)
        rank = max(1, -(-len(ordered) * share // 1))  # ceil without floats' surprises
        return ordered[int(rank) - 1]

    def ok(self, expected: int) -> int:
        return self.statuses.get(expected, 0)


class Connection:
    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.reader = reader
        self.writer = writer

    @classmethod
    async def open(cls, host: str, port: int) -> Connection:
        reader, writer = await asyncio.open_connection(host, port)
        return cls(reader, writer)

    async def exchange(self, raw: bytes) -> int:
        """Send one request; read the whole answer; its status."""
        self.writer.write(raw)
        head = await self.reader.readuntil(b"\r\n\r\n")
        lines = head.decode("latin-1").split("\r\n")
        status = int(lines[0].split(" ", 2)[1])
        length = 0
        chunked = False
        for line in lines[1:]:
            name, _, value = line.partition(":")
            name = name.strip().lower()
            if name == "content-length":
                length = int(value)
            elif name == "transfer-encoding" and "chunked" in value.lower():
                chunked = True
        if chunked:
            await self._skip_chunks()
        elif length:
            await self.reader.readexactly(length)
        return status

    async def _skip_chunks(self) -> None:
        while True:
            size = int((await self.reader.readuntil(b"\r\n")).split(b";")[0], 16)
            await self.reader.readexactly(size + 2)
            if size == 0:
                return

    def close(self) -> None:
        self.writer.close()


async def _exchange(
    connection: Connection | None, host: str, port: int, raw: bytes
) -> tuple[Connection, int]:
    if connection is None:
        connection = await Connection.open(host, port)
    try:
        return connection, await connection.exchange(raw)
    except (ConnectionError, asyncio.IncompleteReadError):
        # The server closed a kept-alive connection (a worker restarted, a
        # timeout): one retry on a new connection, as a browser would.
        connection.close()
        connection = await Connection.open(host, port)
        return connection, await connection.exchange(raw)


async def _worker(
    host: str,
    port: int,
    requests: Iterator[Sendable],
    due: Callable[[int], float | None],
    counter: Iterator[int],
    result: Result,
    timeout: float,
    connection: Connection | None,
) -> None:
    try:
        for number in counter:
            when = due(number)
            if when is None:
                return
            wait = when - time.perf_counter()
            if wait > 0:
                await asyncio.sleep(wait)
            try:
                request = next(requests)
            except StopIteration:
                return
            raw = request.encode(f"{host}:{port}")
            result.sent += 1
            started = when if when > 0 else time.perf_counter()
            try:
                connection, status = await asyncio.wait_for(_exchange(connection, host, port, raw), timeout)
            except (TimeoutError, OSError, asyncio.IncompleteReadError, ValueError) as error:
                result.failures[type(error).__name__] += 1
                if connection is not None:
                    connection.close()
                connection = None
                continue
            result.latencies.append(time.perf_counter() - started)
            result.statuses[status] += 1
    finally:
        if connection is not None:
            connection.close()


async def _run(
    host: str,
    port: int,
    requests: Iterator[Sendable],
    connections: int,
    due_of: Callable[[float], Callable[[int], float | None]],
    timeout: float,
) -> Result:
    result = Result()
    counter = iter(range(1 << 62))  # shared: each number is taken once, in order
    # Connected one at a time before the clock starts, as tablets connect at
    # different moments: opened in one burst, they land unevenly on the
    # server's worker processes (a kept-alive connection stays with the
    # worker that accepted it), and the figures measure that luck.
    opened = []
    for _ in range(connections):
        opened.append(await Connection.open(host, port))
        await asyncio.sleep(CONNECT_GAP)
    start = time.perf_counter()
    due = due_of(start)
    workers = [_worker(host, port, requests, due, counter, result, timeout, one) for one in opened]
    await asyncio.gather(*workers)
    result.seconds = time.perf_counter() - start
    return result


def open_loop(
    host: str,
    port: int,
    requests: Iterator[Sendable],
    rate: float,
    seconds: float,
    connections: int = 64,
    timeout: float = 10.0,
) -> Result:
    """``rate`` requests a second for ``seconds``, each timed from when it was due."""
    total = int(rate * seconds)

    def due_of(start: float) -> Callable[[int], float | None]:
        return lambda number: start + number / rate if number < total else None

    return asyncio.run(_run(host, port, requests, connections, due_of, timeout))


def closed_loop(
    host: str,
    port: int,
    requests: Iterator[Sendable],
    seconds: float,
    connections: int = 16,
    timeout: float = 10.0,
) -> Result:
    """As fast as ``connections`` connections go, for ``seconds``."""

    def due_of(start: float) -> Callable[[int], float | None]:
        end = start + seconds
        return lambda _number: 0.0 if time.perf_counter() < end else None

    return asyncio.run(_run(host, port, requests, connections, due_of, timeout))


def repeated(request: Request) -> Iterator[Request]:
    """The same request, for ever: a saturation phase's requests."""
    while True:
        yield request
