"""``bench-scale``'s chart: seconds against rounds stored, both axes
logarithmic, a line an operation (its median at each size), written as
SVG by hand: a few dozen elements need no plotting library."""

from __future__ import annotations

import math
from html import escape
from typing import Any

WIDTH, HEIGHT = 900, 560
LEFT, RIGHT, TOP, BOTTOM = 70, 250, 40, 50  # margins: the legend on the right
COLOURS = (
    "#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd", "#8c564b", "#e377c2", "#7f7f7f", "#bcbd22",
    "#17becf",
)  # fmt: skip
DASHES = ("", "6 3", "2 2")


def chart_svg(result: dict[str, Any]) -> str:
    """The chart of a ``bench-scale`` result."""
    steps = result["sizes"]
    rounds = [step["rounds"] for step in steps]
    series = {key: [step["figures"][key]["median"] for step in steps] for key in steps[0]["figures"]}
    seconds = [value for values in series.values() for value in values if value > 0]
    x_range = _decades(min(rounds), max(rounds))
    y_range = _decades(min(seconds, default=1e-3), max(seconds, default=1.0))
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{HEIGHT}" '
        f'font-family="sans-serif" font-size="11">',
        '<rect width="100%" height="100%" fill="white"/>',
        f'<text x="{LEFT}" y="22" font-size="14">bench-scale on {escape(result["backend"])}: seconds '
        "(median) against rounds stored, log-log</text>",
        *_grid(x_range, y_range),
    ]
    for number, (key, values) in enumerate(series.items()):
        colour, dash = COLOURS[number % len(COLOURS)], DASHES[number // len(COLOURS) % len(DASHES)]
        points = [
            f"{_x(count, x_range):.1f},{_y(value, y_range):.1f}"
            for count, value in zip(rounds, values, strict=True)
            if value > 0
        ]
        parts.append(
            f'<polyline fill="none" stroke="{colour}" stroke-width="1.8" stroke-dasharray="{dash}" '
            f'points="{" ".join(points)}"/>'
        )
        parts += [
            f'<circle cx="{point.split(",")[0]}" cy="{point.split(",")[1]}" r="2.5" fill="{colour}"/>'
            for point in points
        ]
        legend_y, legend_x = TOP + 12 + number * 15, WIDTH - RIGHT + 15
        parts.append(
            f'<line x1="{legend_x}" y1="{legend_y - 4}" x2="{legend_x + 25}" y2="{legend_y - 4}" '
            f'stroke="{colour}" stroke-width="1.8" stroke-dasharray="{dash}"/>'
        )
        parts.append(f'<text x="{WIDTH - RIGHT + 45}" y="{legend_y}">{escape(key)}</text>')
    parts.append("</svg>")
    return "\n".join(parts) + "\n"


def _decades(low: float, high: float) -> tuple[int, int]:
    """The powers of ten around the values (at least one decade apart)."""
    first = math.floor(math.log10(low))
    last = max(math.ceil(math.log10(high)), first + 1)
    return first, last


def _x(value: float, decades: tuple[int, int]) -> float:
    first, last = decades
    return LEFT + (math.log10(value) - first) / (last - first) * (WIDTH - LEFT - RIGHT)


def _y(value: float, decades: tuple[int, int]) -> float:
    first, last = decades
    return HEIGHT - BOTTOM - (math.log10(value) - first) / (last - first) * (HEIGHT - TOP - BOTTOM)


def _grid(x_range: tuple[int, int], y_range: tuple[int, int]) -> list[str]:
    """The axes, a line at each power of ten, and their labels."""
    parts = []
    for power in range(x_range[0], x_range[1] + 1):
        x = _x(10.0**power, x_range)
        parts.append(f'<line x1="{x:.1f}" y1="{TOP}" x2="{x:.1f}" y2="{HEIGHT - BOTTOM}" stroke="#ddd"/>')
        parts.append(
            f'<text x="{x:.1f}" y="{HEIGHT - BOTTOM + 16}" text-anchor="middle">{10**power:,}</text>'
        )
    for power in range(y_range[0], y_range[1] + 1):
        y = _y(10.0**power, y_range)
        label = f"{10.0**power:g} s"
        parts.append(f'<line x1="{LEFT}" y1="{y:.1f}" x2="{WIDTH - RIGHT}" y2="{y:.1f}" stroke="#ddd"/>')
        parts.append(f'<text x="{LEFT - 6}" y="{y + 4:.1f}" text-anchor="end">{label}</text>')
    parts.append(
        f'<text x="{(LEFT + WIDTH - RIGHT) / 2}" y="{HEIGHT - 12}" text-anchor="middle">rounds stored</text>'
    )
    return parts
