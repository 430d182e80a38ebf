"""``breakpoker advise``: the hand calculator on the command line. Every
legal setting of seven cards with its exact Main Bet expected value and its
win, push and loss probabilities, the best setting, the house way's and
what it costs, and the side bets' expected values (rule book section 12)."""

from __future__ import annotations

import json
from enum import StrEnum
from pathlib import Path
from typing import Any

import click

from service.analysis.hand_advice import HandAdvice, StrategyTableMissing, advise, pattern_index
from service.analysis.strategy_table import BLOCK, compute_block, store_block, table_folder
from service.cli.config_source import config_from
from service.config.instance import instance_path
from service.engine.cards import Card, ordered_cards, parse_card
from service.engine.errors import RulesError
from service.engine.table_config import TableConfig
from service.tables.advice_json import AdviceJson, SettingJson, advice_json


class Order(StrEnum):
    VALUE = "value"  # best first
    HOUSE_WAY = "house-way"  # the house way's own order of the settings


@click.command("advise")
@click.argument("cards", nargs=-1, required=True)
@click.option("--table", "table_id", type=int, help="A table's current configuration (from the database).")
@click.option(
    "--config",
    "config_file",
    type=click.Path(exists=True, dir_okay=False, path_type=Path),
    help='JSON object of table configuration fields, e.g. {"dealer_qualifier": "A-3-2"}.',
)
@click.option(
    "--order",
    type=click.Choice([order.value for order in Order]),
    default=Order.VALUE.value,
    show_default=True,
    help="List the settings best first, or in the house way's order.",
)
@click.option("--json", "as_json", is_flag=True, help="Print JSON for machines instead of text.")
def advise_command(
    cards: tuple[str, ...], table_id: int | None, config_file: Path | None, order: str, as_json: bool
) -> None:
    """Value seven CARDS, e.g. `breakpoker advise JK Kd Qs 7c 7h 4d 2c`.

    Under the default rules, a table's (--table) or a file's (--config):
    every legal setting's Main Bet expected value per unit staked against
    the dealer's house way over all C(46,7) dealer hands, the best setting
    (*), the house way's (H) and its cost, and the side bets' expected
    values. Read from the cached strategy table; a missing block of it is
    computed here first (about 12 s the first time)."""
    hand = _cards(cards)
    config = config_from(table_id, config_file)
    advice = _advice(hand, config, instance_path())
    shown = advice_json(advice, config)
    if as_json:
        document: dict[str, Any] = {"config_version": config.version, "foul_policy": config.foul_policy}
        click.echo(json.dumps({**document, **shown}, indent=1))
        return
    click.echo(render(shown, Order(order)))


def _cards(texts: tuple[str, ...]) -> tuple[Card, ...]:
    parsed = []
    for place, text in enumerate(texts, start=1):
        try:
            parsed.append(parse_card(text))
        except RulesError as error:
            raise click.BadParameter(f"card {place}: {error.message}", param_hint="CARDS") from None
    return tuple(parsed)


def _advice(cards: tuple[Card, ...], config: TableConfig, instance: Path) -> HandAdvice:
    """The calculator's answer, computing the one block of the strategy
    table it needs when that is not built yet."""
    try:
        return _advise(cards, config, instance)
    except StrategyTableMissing:
        qualifier = config.dealer_qualifier
        pattern = tuple(card.rank for card in ordered_cards(cards))
        number = pattern_index()[pattern] // BLOCK
        click.echo(
            f"The strategy table for qualifier {qualifier.text} has no block {number} yet: computing it "
            "(about 12 s the first time)...",
            err=True,
        )
        store_block(compute_block(number, qualifier), table_folder(qualifier, instance))
        return _advise(cards, config, instance)


def _advise(cards: tuple[Card, ...], config: TableConfig, instance: Path) -> HandAdvice:
    try:
        return advise(cards, config, instance)
    except RulesError as error:
        raise click.BadParameter(error.message, param_hint="CARDS") from None


def _ev(value: float) -> str:
    return f"{value:+.6f}"


def _percent(value: float) -> str:
    return f"{value * 100:6.2f}%"


def _plays(entry: SettingJson) -> str:
    jokers = [hand["joker"] for hand in (entry["low_hand"], entry["high_hand"]) if hand["joker"]]
    joker = f" ({jokers[0]})" if jokers else ""
    return f"{entry['low_hand']['plays_as']} / {entry['high_hand']['plays_as']}{joker}"


def _line(entry: SettingJson) -> str:
    marks = ("*" if entry["best"] else " ") + ("H" if entry["house_way"] else " ")
    cards = f"{' '.join(entry['low']):<7} {' '.join(entry['high']):<10}"
    lucky = "  Lucky Break" if entry["lucky_break"] else ""
    return (
        f"{marks} {cards} {_plays(entry):<24} {_ev(entry['expected_value'])} "
        f"{_percent(entry['win_probability'])} {_percent(entry['push_probability'])} "
        f"{_percent(entry['loss_probability'])}{lucky}"
    )


def _named(label: str, entry: SettingJson) -> str:
    return (
        f"{label:<20}{' '.join(entry['low'])} / {' '.join(entry['high'])}  "
        f"EV {_ev(entry['expected_value'])} ({entry['expected_value_exact']})"
    )


def render(shown: AdviceJson, order: Order) -> str:
    listed = shown["settings"]
    if order is Order.VALUE:
        # Stable: settings of equal value keep the house way's order.
        listed = sorted(listed, key=lambda entry: -entry["expected_value"])
    cost, dealer, bonus = shown["house_way_cost"], shown["dealer_break_bonus"], shown["break_bonus"]
    category = bonus["category_name"] or "no category: the bet loses"
    header = f"   {'low':<7} {'high':<10} {'plays as':<24} {'EV':>9} {'win':>7} {'push':>7} {'loss':>7}"
    return "\n".join(
        [
            f"{' '.join(shown['cards'])}: {len(listed)} legal settings, qualifier {shown['qualifier']}, "
            f"Main Bet per unit over the {shown['dealer_hands']:,} dealer hands",
            "",
            header,
            *(_line(entry) for entry in listed),
            "(* best, H house way)",
            "",
            _named("Best", shown["best"]),
            _named("House way", shown["house_way"]),
            f"{'House way cost':<20}{_ev(cost['expected_value'])} ({cost['expected_value_exact']})",
            f"{'Dealer Break Bonus':<20}EV {_ev(dealer['expected_value'])} "
            f"({dealer['expected_value_exact']})",
            f"{'Break Bonus':<20}EV {_ev(bonus['expected_value'])} "
            f"({bonus['expected_value_exact']}; {category})",
        ]
    )
