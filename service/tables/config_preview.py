"""What a configuration change would save, before anything is: the
configuration and its Break Bonus pay table with the house edge it makes
(the admin page shows them beside the edit)."""

from __future__ import annotations

from typing import Annotated, TypedDict, cast

from service.analysis.single_hand import break_bonus_math
from service.engine.table_config import TableConfig
from service.tables.views import ConfigJson


class PayLineJson(TypedDict):
    """A line of the Break Bonus pay table a configuration would save."""

    category: Annotated[str, 'the Break Bonus category, or "none" for anything else']
    name: Annotated[str, "the category as people read it"]
    net: Annotated[int, "pays this many to 1; -1: the bet loses"]
    combinations: Annotated[int, "seven-card hands of the 53-card deck that make it"]
    probability: Annotated[float, "of a hand making it"]


class ConfigPreviewJson(TypedDict):
    """A configuration not yet saved and what its pay table makes."""

    config: Annotated[ConfigJson, "the version the change would save"]
    break_bonus_house_edge: Annotated[float, "as a fraction, house ahead > 0"]
    break_bonus_house_edge_exact: Annotated[str, 'the same, exact: a fraction such as "3/100"']
    pay_table: Annotated[list[PayLineJson], "the Break Bonus pay table it would save, highest category first"]


def config_preview(proposed: TableConfig) -> ConfigPreviewJson:
    """The configuration ``proposed`` and its Break Bonus pay table and house edge."""
    bet = break_bonus_math(proposed.break_bonus_pays)
    edge = bet.house_edge
    lines: list[PayLineJson] = [
        {
            "category": line.name,
            "name": line.label,
            "net": line.net,
            "combinations": line.combinations,
            "probability": float(line.probability),
        }
        for line in bet.lines
    ]
    return {
        "config": cast(ConfigJson, proposed.to_json()),
        "break_bonus_house_edge": float(edge),
        "break_bonus_house_edge_exact": str(edge),
        "pay_table": lines,
    }
