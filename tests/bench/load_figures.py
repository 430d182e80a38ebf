"""The figures of ``python -m tests.bench bench-load``: a phase's throughput,
latencies and answers, its share of the ceiling, and the result as
printed."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import click

from tests.bench.loadgen import Result


@dataclass(frozen=True)
class Phase:
    name: str
    offered: float | None  # requests a second; None: as fast as it goes
    connections: int
    result: Result
    expected: int  # the status every answer should have

    def to_json(self) -> dict[str, Any]:
        result = self.result
        return {
            "phase": self.name,
            "offered_per_second": self.offered,
            "connections": self.connections,
            "sent": result.sent,
            "answered": result.answered,
            "seconds": round(result.seconds, 3),
            "throughput_per_second": round(result.throughput, 1),
            "p50_ms": _ms(result.percentile(0.50)),
            "p95_ms": _ms(result.percentile(0.95)),
            "p99_ms": _ms(result.percentile(0.99)),
            "max_ms": _ms(max(result.latencies, default=float("nan"))),
            "statuses": {str(status): count for status, count in sorted(result.statuses.items())},
            "failures": dict(result.failures),
            "unexpected": result.answered - result.ok(self.expected) + sum(result.failures.values()),
        }


def _ms(seconds: float) -> float | None:
    return None if seconds != seconds else round(seconds * 1000, 2)  # NaN: nothing answered


def throughput_share(phase: Phase, ceiling: Phase) -> float:
    """A phase's throughput over the ceiling's; 0 when the ceiling served none."""
    return phase.result.throughput / ceiling.result.throughput if ceiling.result.throughput else 0.0


def share_of_ceiling(phase: Phase, ceiling: Phase) -> float | None:
    """A saturation phase's throughput over the ceiling's."""
    if phase.offered is not None or not ceiling.result.throughput:
        return None
    return round(phase.result.throughput / ceiling.result.throughput, 4)


def phase_line(phase: Phase) -> str:
    shown = phase.to_json()
    offered = f"{phase.offered:g}/s offered, " if phase.offered else f"{phase.connections} connections, "
    return (
        f"{phase.name}: {offered}{shown['throughput_per_second']:g}/s answered, "
        f"p50 {shown['p50_ms']} ms, p95 {shown['p95_ms']} ms, p99 {shown['p99_ms']} ms, "
        f"{shown['unexpected']} unexpected"
    )


def progress(message: str) -> None:
    click.echo(f"bench-load: {message}", err=True)


def print_result(result: dict[str, Any]) -> None:
    gunicorn = result["gunicorn"]
    click.echo(
        f"bench-load on {result['database']}, {result['cpus']} CPUs shared with the load generator; "
        f"gunicorn {gunicorn['worker_class']} {gunicorn['workers']} workers x {gunicorn['threads']} threads "
        f"({gunicorn['config']})"
    )
    headings = ("offered", "answered/s", "p50 ms", "p95 ms", "p99 ms", "bad", "of ceiling")
    click.echo(f"{'':34} " + " ".join(f"{name:>{len(name) + 3}}" for name in headings))
    for phase in result["phases"]:
        rate = phase["offered_per_second"]
        offered = f"{rate:g}/s" if rate else f"{phase['connections']} conn"
        share = "" if phase["share_of_ceiling"] is None else f"{phase['share_of_ceiling']:.1%}"
        click.echo(
            f"{phase['phase']:34} {offered:>10} {phase['throughput_per_second']:>13.1f} "
            f"{phase['p50_ms']:>9} {phase['p95_ms']:>9} {phase['p99_ms']:>9} {phase['unexpected']:>6} "
            f"{share:>13}"
        )
    aims = result["aims"]
    click.echo(
        f"settlement at saturation: {result['share_of_ceiling']:.1%} of the bare endpoint, "
        f"{result['share_of_signed_in_read']:.1%} of the signed-in read (no aim: withdrawn); "
        f"p99 at {aims['rate']:g}/s: {result['phases'][0]['p99_ms']} ms "
        f"(aim < {aims['p99_ms_at_rate']:g} ms: {'met' if aims['p99_met'] else 'NOT met'})"
    )
    click.echo(
        f"rounds stored: {result['stored_rounds']}, answered 201: {result['answered_201']} "
        f"(beside {result['rounds_stored_before']:,} stored before)"
    )
