"""``breakpoker house-way``: how the house sets seven cards, and why."""

from __future__ import annotations

import json

import click

from service.engine.errors import RulesError
from service.engine.house_way import house_way
from service.engine.qualifier import DEFAULT_QUALIFIER, parse_qualifier
from service.rounds.house_way_report import HandJson, HouseWayReportJson, house_way_report, seven_cards


@click.command("house-way")
@click.argument("cards", nargs=-1, required=True)
@click.option(
    "--qualifier",
    default=DEFAULT_QUALIFIER.text,
    show_default=True,
    help="Dealer qualifier, the lowest qualifying high-card hand.",
)
@click.option("--json", "as_json", is_flag=True, help="Print JSON instead of text.")
def house_way_command(cards: tuple[str, ...], qualifier: str, as_json: bool) -> None:
    """Set seven CARDS by the house way, e.g. `breakpoker house-way Ah Kd 9s 9c 6h 4d 2c`.

    Prints the low and high hands, the rule that fired and why, whether the
    setting is a Lucky Break and whether it qualifies as the dealer's hand.
    """
    try:
        parsed = seven_cards(cards)
        dealer_qualifier = parse_qualifier(qualifier)
    except RulesError as error:
        raise click.UsageError(error.message) from None
    way = house_way(parsed)
    report = house_way_report(way, dealer_qualifier.qualifies(way.high_value), dealer_qualifier.text)
    click.echo(json.dumps(report, indent=2) if as_json else render(report))


def render(report: HouseWayReportJson) -> str:
    def hand_line(name: str, cards: list[str], hand: HandJson) -> str:
        joker = f", JK as {hand['joker_as']}" if hand["joker_as"] else ""
        return f"{name:<10}{' '.join(cards):<12}{hand['plays_as']} ({hand['category']}{joker})"

    return "\n".join(
        [
            hand_line("Low", report["low"], report["low_hand"]),
            hand_line("High", report["high"], report["high_hand"]),
            f"{'Discards':<10}{' '.join(report['discards'])}",
            f"{'Rule':<10}{report['rule']} ({report['rule_name']})",
            f"{'Why':<10}{report['explanation']}",
            f"Lucky Break: {'yes' if report['lucky_break'] else 'no'}",
            f"Dealer qualifies ({report['qualifier']}): {'yes' if report['qualifies'] else 'no'}",
        ]
    )
