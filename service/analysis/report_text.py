"""The par sheet as text for a terminal or a printout."""

from __future__ import annotations

from service.analysis.bet_math import BetMath
from service.analysis.main_bet import DEALER_HANDS
from service.analysis.par_sheet import ParSheet
from service.analysis.simulate import Estimate
from service.analysis.single_hand import HANDS

BET_TITLES = {
    "main": "Main Bet (even money)",
    "dealer_break_bonus": "Dealer Break Bonus",
    "break_bonus": "Break Bonus",
}


def result_word(net: int) -> str:
    if net > 0:
        return f"pays {net} to 1"
    return "push" if net == 0 else "loses"


def rules_summary(sheet: ParSheet) -> str:
    config = sheet.config
    pays = ", ".join(f"{c.label} {odds}:1" for c, odds in config.break_bonus_pays.items())
    return (
        f"dealer qualifier {config.dealer_qualifier.text}; foul policy {config.foul_policy.value}; "
        f"Break Bonus pays {pays}"
    )


def render_text(sheet: ParSheet, cached: bool = False) -> str:
    config = sheet.config
    how = "read from the cache" if cached else f"computed in {sheet.seconds:.1f} s"
    out = [
        f"Break Poker par sheet: configuration version {config.version} (rules {config.digest[:12]})",
        f"Rules: {rules_summary(sheet)}",
        f"Exact over every deal: each of the C(53,7) = {HANDS:,} player hands against each of",
        f"the C(46,7) = {DEALER_HANDS:,} dealer hands from the cards left, both set by the house way",
        f"({how}).",
    ]
    for name, bet in sheet.bets.items():
        out += ["", BET_TITLES[name], *_bet_table(bet)]
    out += [
        "",
        "One seven-card hand",
        f"  has a Lucky Break         {float(sheet.lucky_break):.10f}",
        f"  dealer qualifies          {float(sheet.dealer_qualifies):.10f}",
        "  house-way rule that fires:",
    ]
    out += [
        f"    rule {line.name} {line.label:<22} {float(line.probability):.10f} {line.combinations:>13,}"
        for line in sheet.rules
    ]
    return "\n".join(out) + "\n"


def _bet_table(bet: BetMath) -> list[str]:
    rows = [f"  {'outcome':<36} {'result':<15} {'probability':>13} {'deals':>21} {'return':>14}"]
    for line in bet.lines:
        rows.append(
            f"  {line.label:<36} {result_word(line.net):<15} {float(line.probability):>13.10f} "
            f"{line.combinations:>21,} {float(line.net * line.probability):>+14.10f}"
        )
    rows.append(f"  win {float(bet.win):.10f}   loss {float(bet.loss):.10f}   push {float(bet.push):.10f}")
    rows.append(
        f"  house edge {float(bet.house_edge) * 100:.8f} %   standard deviation {bet.standard_deviation:.6f}"
        f"   hit frequency {float(bet.hit_frequency) * 100:.4f} %"
    )
    return rows


def render_simulation(estimates: list[Estimate], rounds: int, seed: int) -> str:
    inside = sum(estimate.inside for estimate in estimates)
    out = [
        f"Simulation: {rounds:,} rounds (seed {seed}) through the settlement code, 95% intervals",
        f"  {'figure':<40} {'exact':>13} {'simulated':>13} {'95% interval':>29}  inside",
    ]
    for e in estimates:
        out.append(
            f"  {e.name:<40} {e.exact:>13.8f} {e.simulated:>13.8f} "
            f"[{e.low:>12.8f}, {e.high:>12.8f}]  {'yes' if e.inside else 'NO'}"
        )
    out.append(
        f"{inside} of {len(estimates)} exact figures lie inside their interval "
        "(about 1 in 20 falls outside by chance alone)."
    )
    return "\n".join(out) + "\n"
