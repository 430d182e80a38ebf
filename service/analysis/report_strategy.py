"""The Main Bet by the house way and by the optimal strategy, side by side,
as text for a terminal and as an HTML section for the report page."""

from __future__ import annotations

from fractions import Fraction
from html import escape

from service.analysis.bet_math import BetMath
from service.analysis.optimal_sheet import OptimalSheet
from service.analysis.report_text import result_word

TITLE = "Main Bet: the player by the house way and by the optimal strategy"


def _share(value: Fraction | float) -> str:
    return f"{float(value):.10f}"


def _percent(value: Fraction) -> str:
    return f"{float(value) * 100:.8f} %"


def _rows(house_way: BetMath, optimal: BetMath) -> list[tuple[str, str, str, str]]:
    rows = [
        (line.label, result_word(line.net), _share(line.probability), _share(best.probability))
        for line, best in zip(house_way.lines, optimal.lines, strict=True)
    ]
    for name in ("win", "loss", "push"):
        rows.append((name, "", _share(getattr(house_way, name)), _share(getattr(optimal, name))))
    rows.append(("house edge", "", _percent(house_way.house_edge), _percent(optimal.house_edge)))
    spread = _share(house_way.standard_deviation)
    rows.append(("standard deviation", "", spread, _share(optimal.standard_deviation)))
    return rows


def render_strategy_text(sheet: OptimalSheet, cached: bool) -> str:
    how = "read from the cache" if cached else "computed from the strategy table"
    out = [
        TITLE,
        f"(every legal setting of every hand against every dealer hand, {how})",
        f"  {'outcome':<36} {'result':<12} {'house way':>15} {'optimal':>15}",
    ]
    out += [f"  {a:<36} {b:<12} {c:>15} {d:>15}" for a, b, c, d in _rows(sheet.house_way_main, sheet.main)]
    out.append(
        f"  optimal play saves {float(sheet.gain) * 100:.8f} % of the stake; the optimal setting differs "
        f"from the house way's in {float(sheet.differs) * 100:.4f} % of hands"
    )
    return "\n".join(out) + "\n"


def render_strategy_html(sheet: OptimalSheet) -> str:
    cells = "".join(
        f"<tr><td>{escape(a)}</td><td>{escape(b)}</td><td>{c}</td><td>{d}</td></tr>"
        for a, b, c, d in _rows(sheet.house_way_main, sheet.main)
    )
    return (
        f"<h2>{escape(TITLE)}</h2>"
        '<table class="summary"><tr><th>outcome</th><th>result</th><th>house way</th><th>optimal</th></tr>'
        f"{cells}</table>"
        f"<p>Optimal play saves {float(sheet.gain) * 100:.6f} % of the stake; the optimal setting differs "
        f"from the house way's in {float(sheet.differs) * 100:.4f} % of hands.</p>"
    )
