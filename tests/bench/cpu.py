"""The CPU each part of a running service used, read from ``/proc``: each
child of ``breakpoker run`` (the API, the dispatcher, the workers, Redis)
with all its descendants, user and system time, reaped children's too
(a forked work-horse's time lands in its worker when it is waited for).
Linux only; elsewhere nothing is reported."""

from __future__ import annotations

import os
from pathlib import Path

PROC = Path("/proc")
TICKS = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100


def _processes() -> dict[int, tuple[int, float, str]]:
    """Every process: its parent, its CPU seconds (own and reaped
    children's) and its command line."""
    found = {}
    for entry in PROC.glob("[0-9]*"):
        try:
            stat = (entry / "stat").read_text()
            argv = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
        except OSError:
            continue  # gone meanwhile
        fields = stat[stat.rindex(")") + 2 :].split()
        # After the name: state, ppid, ... utime (14th field), stime, cutime, cstime.
        seconds = sum(int(value) for value in fields[11:15]) / TICKS
        found[int(entry.name)] = (int(fields[1]), seconds, argv.strip())
    return found


def find_process(*words: str) -> int | None:
    """The first process whose command line holds every word."""
    if not PROC.is_dir():
        return None
    for pid, (_, _, argv) in _processes().items():
        if all(word in argv for word in words):
            return pid
    return None


def cpu_by_child(root: int) -> dict[str, float]:
    """CPU seconds of each child of ``root`` with its descendants, by a
    short name of the child's command; ``root`` itself under its own."""
    processes = _processes() if PROC.is_dir() else {}
    if root not in processes:
        return {}
    children: dict[int, list[int]] = {}
    for pid, (parent, _, _) in processes.items():
        children.setdefault(parent, []).append(pid)

    def tree(pid: int) -> float:
        return processes[pid][1] + sum(tree(child) for child in children.get(pid, []))

    totals = {"run": processes[root][1]}
    for child in children.get(root, []):
        name = _name(processes[child][2])
        totals[name] = totals.get(name, 0.0) + tree(child)
    return totals


def _name(argv: str) -> str:
    """What a child of ``breakpoker run`` is, from its command line."""
    for word, name in (
        ("redis", "redis"),
        ("dispatcher", "dispatcher"),
        ("serve", "api"),
        ("exports", "long-job worker"),
        ("worker", "quick worker"),
    ):
        if word in argv:
            return name
    return argv[:40]


def used_between(before: dict[str, float], after: dict[str, float]) -> dict[str, float]:
    return {name: round(after[name] - before.get(name, 0.0), 2) for name in after}
