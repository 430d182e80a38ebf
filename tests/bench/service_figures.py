"""How ``python -m tests.bench bench-service`` prints its figures: a phase's lag and
CPU line while it runs, and the table of every rate at the end."""

from __future__ import annotations

from typing import Any

import click


def lag_line(phase: dict[str, Any]) -> str:
    seal, count = phase["seal_lag_seconds"], phase["count_lag_seconds"]
    cpu = ", ".join(f"{name} {seconds:g}" for name, seconds in phase.get("cpu_seconds", {}).items())
    return (
        f"sealing behind max {seal['max']:g} s (p99 {seal['p99']:g}), counting max {count['max']:g} s "
        f"(p99 {count['p99']:g}), drained {phase['drain_seconds']} s after the load; CPU s: {cpu}"
    )


def print_result(result: dict[str, Any]) -> None:
    click.echo(
        f"bench-service on {result['database']}, {result['cpus']} CPUs shared by the service and the load "
        f"generator; {result['seconds_per_rate']:g} s a rate; `breakpoker run --workers "
        f"{result['quick_workers']}`"
    )
    headings = ["offered", "answered/s", "p50 ms", "p99 ms", "seal max s", "seal p99 s"]
    headings += ["count max s", "count p99 s", "drain s", "aims"]
    click.echo(" ".join(f"{name:>12}" for name in headings))
    for phase in result["phases"]:
        api, seal, count = phase["api"], phase["seal_lag_seconds"], phase["count_lag_seconds"]
        met = phase["aims_met"]
        aims = "met" if met["p99"] and met["lag"] else "p99 NOT met" if met["lag"] else "lag NOT met"
        figures = [f"{api['offered_per_second']:g}/s", f"{api['throughput_per_second']:.1f}", api["p50_ms"]]
        figures += [
            api["p99_ms"],
            seal["max"],
            seal["p99"],
            count["max"],
            count["p99"],
            phase["drain_seconds"],
        ]
        click.echo(" ".join(f"{figure!s:>12}" for figure in (*figures, aims)))
    for phase in result["phases"]:
        cpu = ", ".join(f"{name} {seconds:g}" for name, seconds in phase["cpu_seconds"].items())
        click.echo(
            f"CPU seconds at {phase['api']['offered_per_second']:g}/s (load and drain): {cpu or 'not read'}"
        )
    aims = result["aims"]
    click.echo(
        f"aims: sealing and counting never more than {aims['lag_seconds']:g} s behind, "
        f"API p99 under {aims['p99_ms']:g} ms"
    )
    click.echo(f"rounds stored: {result['stored_rounds']}, answered 201: {result['answered_201']}")
