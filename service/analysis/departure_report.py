"""``breakpoker bench-protection``'s figures as text: per honest strategy
the false alarms per player-day at the threshold and the days that
reached the shallower levels beside Ville's bound; per cheater the share
flagged within 600 rounds and the rounds to the flag."""

from __future__ import annotations

from service.analysis.departure_bench import LEVELS, WINDOW, Bench, CheaterLine, HonestLine


def _upper(found: int, days: int) -> float:
    """A one-sided 95 % upper confidence limit of a rate seen ``found``
    times in ``days`` (exact for none seen: 1 - 0.05 ** (1 / days))."""
    if found == 0:
        return 1 - float(0.05 ** (1 / days))
    low, high = found / days, 1.0
    for _ in range(60):  # bisect the binomial tail P(X <= found) = 0.05
        middle = (low + high) / 2
        if _at_most(found, days, middle) > 0.05:
            low = middle
        else:
            high = middle
    return high


def _at_most(found: int, days: int, rate: float) -> float:
    term = (1 - rate) ** days
    total = term
    for k in range(found):
        term *= (days - k) / (k + 1) * rate / (1 - rate)
        total += term
    return total


def _honest(line: HonestLine) -> str:
    levels = "  ".join(
        f"{n:,} ({n / line.days:.2%}, bound {1 / level:.2%})"
        for n, level in zip(line.reached, LEVELS, strict=True)
    )
    return (
        f"  {line.strategy:<14} {line.days:>7,} days  {line.departures:6.1f} departures a day  "
        f"false alarms {line.alarms:,} ({line.alarms / line.days:.5f} a day, 95 % upper limit "
        f"{_upper(line.alarms, line.days):.5f})\n"
        f"  {'':<14} reached {', '.join(f'{level:,}' for level in LEVELS)}: {levels}"
    )


def _cheater(line: CheaterLine) -> str:
    median = "never" if line.median is None else f"{line.median:,}"
    p95 = "beyond the day" if line.p95 is None else f"{line.p95:,}"
    return (
        f"  {line.strategy:<18} {line.days:>6,} days  flagged within {WINDOW} rounds: "
        f"{line.flagged_within:,} ({line.flagged_within / line.days:.1%})  "
        f"rounds to the flag: median {median}, 95th percentile {p95}"
    )


def bench_text(bench: Bench) -> str:
    honest_rounds = bench.honest[0].rounds if bench.honest else 0
    lines = [
        f"The hidden-information test at a threshold of {bench.threshold:,}",
        "",
        f"Honest players, {bench.seats} to a table, {honest_rounds:,} rounds a day (one player-day a seat):",
        *(_honest(line) for line in bench.honest),
        "",
        f"  Proven bound: an honest player's evidence reaches {bench.threshold:,} on at most",
        f"  1 day in {bench.threshold:,} (Ville's inequality: the evidence is a test martingale for",
        "  any strategy that does not see the dealer's cards). The levels above show the bound",
        "  1/t holding where a simulation can see it.",
        "",
        "Cheaters (every hand set to do best against the dealer's actual hand, the house way's",
        f"setting on a tie; and the same one round in five), {bench.seats} to a table:",
        *(_cheater(line) for line in bench.cheaters),
        "",
        "Aims (rule book section 15): no honest day at the threshold; the every-hand cheater",
        f"flagged within {WINDOW} rounds in at least 95 % of days: {'met' if bench.met else 'NOT MET'}",
    ]
    return "\n".join(lines)
