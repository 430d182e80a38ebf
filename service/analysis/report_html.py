"""The par sheet as a self-contained HTML page: the tables and a bar chart
of each bet's outcome distribution (inline SVG, nothing fetched)."""

from __future__ import annotations

from html import escape

from service.analysis.bet_math import BetMath
from service.analysis.main_bet import DEALER_HANDS
from service.analysis.par_sheet import ParSheet
from service.analysis.report_text import BET_TITLES, result_word, rules_summary
from service.analysis.single_hand import HANDS

_STYLE = """
body { font-family: system-ui, sans-serif; margin: 2rem; color: #1d2733; }
table { border-collapse: collapse; margin: .5rem 0 1rem; }
th, td { padding: .25rem .6rem; border-bottom: 1px solid #d5dbe1; text-align: right; }
th:first-child, td:first-child { text-align: left; }
caption { text-align: left; font-weight: 600; padding: .3rem 0; }
.summary { font-variant-numeric: tabular-nums; }
svg text { font-size: 12px; }
"""

_COLOURS = {1: "#2e7d32", 0: "#90a4ae", -1: "#c62828"}


def render_html(sheet: ParSheet, strategy_section: str = "") -> str:
    """The page; ``strategy_section`` (the optimal strategy's HTML) follows
    the Main Bet when given."""
    config = sheet.config
    parts = [
        "<!doctype html>",
        '<html lang="en"><head><meta charset="utf-8">',
        f"<title>Break Poker par sheet, configuration version {config.version}</title>",
        f"<style>{_STYLE}</style></head><body>",
        f"<h1>Break Poker par sheet: configuration version {config.version}</h1>",
        f"<p>Rules {escape(config.digest[:12])}: {escape(rules_summary(sheet))}.</p>",
        f"<p>Exact over every deal: each of the {HANDS:,} player hands against each of the "
        f"{DEALER_HANDS:,} dealer hands from the cards left, both set by the house way.</p>",
    ]
    for name, bet in sheet.bets.items():
        parts += [f"<h2>{escape(BET_TITLES[name])}</h2>", _bet_table(bet), _chart(bet)]
        if name == "main" and strategy_section:
            parts.append(strategy_section)
    parts += [
        "<h2>One seven-card hand</h2>",
        "<table><tr><th>figure</th><th>probability</th></tr>",
        f"<tr><td>has a Lucky Break</td><td>{float(sheet.lucky_break):.10f}</td></tr>",
        f"<tr><td>dealer qualifies</td><td>{float(sheet.dealer_qualifies):.10f}</td></tr></table>",
        "<table><caption>House-way rule that fires</caption>",
        "<tr><th>rule</th><th>probability</th><th>hands</th></tr>",
    ]
    parts += [
        f"<tr><td>{escape(line.name)} {escape(line.label)}</td><td>{float(line.probability):.10f}</td>"
        f"<td>{line.combinations:,}</td></tr>"
        for line in sheet.rules
    ]
    parts += ["</table>", "</body></html>"]
    return "\n".join(parts) + "\n"


def _bet_table(bet: BetMath) -> str:
    rows = [
        "<table><tr><th>outcome</th><th>result</th><th>probability</th><th>deals</th><th>return</th></tr>"
    ]
    for line in bet.lines:
        rows.append(
            f"<tr><td>{escape(line.label)}</td><td>{escape(result_word(line.net))}</td>"
            f"<td>{float(line.probability):.10f}</td><td>{line.combinations:,}</td>"
            f"<td>{float(line.net * line.probability):+.10f}</td></tr>"
        )
    rows.append("</table>")
    rows.append(
        f'<p class="summary">Win {float(bet.win):.10f} · loss {float(bet.loss):.10f} · '
        f"push {float(bet.push):.10f} · <strong>house edge {float(bet.house_edge) * 100:.6f} %</strong>"
        f" · standard deviation {bet.standard_deviation:.6f} · hit frequency "
        f"{float(bet.hit_frequency) * 100:.4f} %</p>"
    )
    return "\n".join(rows)


def _chart(bet: BetMath) -> str:
    """Horizontal bars, one per outcome, length by probability."""
    width, label_width, bar_height = 640, 260, 22
    height = bar_height * len(bet.lines) + 10
    top = max(float(line.probability) for line in bet.lines) or 1.0
    bars = []
    for index, line in enumerate(bet.lines):
        y = 5 + index * bar_height
        length = (width - label_width - 90) * float(line.probability) / top
        colour = _COLOURS[max(-1, min(1, line.net))]
        bars.append(
            f'<text x="{label_width - 6}" y="{y + 15}" text-anchor="end">{escape(line.label)}</text>'
            f'<rect x="{label_width}" y="{y + 3}" width="{length:.1f}" height="{bar_height - 6}" '
            f'fill="{colour}"><title>{escape(line.label)}: {float(line.probability):.6%}</title></rect>'
            f'<text x="{label_width + length + 6:.1f}" y="{y + 15}">{float(line.probability):.4%}</text>'
        )
    return (
        f'<svg role="img" aria-label="outcome distribution" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}">{"".join(bars)}</svg>'
    )
