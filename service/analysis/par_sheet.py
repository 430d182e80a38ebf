"""The par sheet of a table configuration: every bet's exact distribution
and the single-hand figures, as one value that converts to and from JSON.

The JSON keeps each line's count of deals, so a sheet read back from the
cache is as exact as the one computed; probabilities are also given as
floats for people and machines that want numbers.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from fractions import Fraction
from typing import Annotated, Any, TypedDict

from service.analysis.bet_math import BetMath, Line
from service.analysis.main_bet import (
    DEALS,
    PairCounts,
    Progress,
    dealer_break_bonus_math,
    main_bet_math,
    pair_counts,
)
from service.analysis.single_hand import (
    HANDS,
    break_bonus_math,
    lucky_break_probability,
    qualifies_probability,
    rule_lines,
)
from service.engine.table_config import TableConfig

FORMAT = 1  # of the JSON document; a change invalidates cached sheets
#: each bet's figures also given exactly, as "bet.figure" in the sheet's "exact"
EXACT_FIGURES = ("house_edge", "win", "loss", "push", "variance")


class OutcomeLineJson(TypedDict):
    """A line of a distribution: an outcome, its net and how often it comes."""

    name: Annotated[str, "the outcome's key"]
    label: Annotated[str, "the outcome as people read it"]
    net: Annotated[int, "units won per unit staked"]
    combinations: Annotated[int, "deals with this outcome"]
    probability: Annotated[float, "combinations over all deals"]


# "return" is a Python keyword: the one key a class body cannot name.
_ReturnJson = TypedDict(
    "_ReturnJson",
    {"return": Annotated[float, "net times probability: the outcome's share of the expected return"]},
)


class BetOutcomeJson(OutcomeLineJson, _ReturnJson):
    """An outcome of a bet, with its share of the expected return."""


class BetSheetJson(TypedDict):
    """A bet's sheet: its edge, return and odds per unit staked, and its
    distribution line by line."""

    house_edge: Annotated[float, "per unit staked, house ahead > 0"]
    expected_return: Annotated[float, "the player's, per unit staked"]
    win: Annotated[float, "probability the player wins"]
    loss: Annotated[float, "probability the player loses"]
    push: Annotated[float, "probability of a push"]
    hit_frequency: Annotated[float, "probability the bet pays"]
    standard_deviation: Annotated[float, "of the net per unit staked"]
    outcomes: Annotated[list[BetOutcomeJson], "every outcome of the bet"]


class DealsJson(TypedDict):
    """How many deals the sheet's counts are of."""

    player_hands: Annotated[int, "seven-card hands of the deck: the Break Bonus's deals"]
    pairs: Annotated[int, "a player's and a dealer's hands together: the Main Bet's and the DBB's"]


@dataclass(frozen=True)
class ParSheet:
    config: TableConfig
    main: BetMath
    dealer_break_bonus: BetMath
    break_bonus: BetMath
    lucky_break: Fraction  # a seven-card hand has a Lucky Break
    dealer_qualifies: Fraction
    rules: tuple[Line, ...]  # how often each house-way rule fires
    seconds: float  # what the exact computation took

    @property
    def bets(self) -> dict[str, BetMath]:
        return {
            "main": self.main,
            "dealer_break_bonus": self.dealer_break_bonus,
            "break_bonus": self.break_bonus,
        }

    def to_json(self) -> dict[str, Any]:
        deals: DealsJson = {"player_hands": HANDS, "pairs": DEALS}
        return {
            "format": FORMAT,
            "config_digest": self.config.digest,
            "config": self.config.to_json(),
            "deals": deals,
            **{name: bet_json(bet) for name, bet in self.bets.items()},
            "lucky_break_probability": float(self.lucky_break),
            "dealer_qualifies_probability": float(self.dealer_qualifies),
            "house_way_rules": [line_json(line) for line in self.rules],
            "exact": {
                "lucky_break_probability": str(self.lucky_break),
                "dealer_qualifies_probability": str(self.dealer_qualifies),
                **{
                    f"{name}.{figure}": str(getattr(bet, figure))
                    for name, bet in self.bets.items()
                    for figure in EXACT_FIGURES
                },
            },
            "seconds": round(self.seconds, 3),
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> ParSheet:
        """Rebuild the exact sheet from its JSON (the counts are exact)."""
        if data.get("format") != FORMAT:
            raise ValueError(f"par sheet format {data.get('format')!r}, expected {FORMAT}")
        config = TableConfig.from_json(data["config"])  # carries its version
        exact = data["exact"]
        return cls(
            config=config,
            main=bet_from_json(data["main"], DEALS),
            dealer_break_bonus=bet_from_json(data["dealer_break_bonus"], DEALS),
            break_bonus=bet_from_json(data["break_bonus"], HANDS),
            lucky_break=Fraction(exact["lucky_break_probability"]),
            dealer_qualifies=Fraction(exact["dealer_qualifies_probability"]),
            rules=BetMath.of((line_from_json(line) for line in data["house_way_rules"]), HANDS).lines,
            seconds=float(data["seconds"]),
        )


def compute_par_sheet(config: TableConfig, progress: Progress | None = None) -> ParSheet:
    """The exact par sheet: a few seconds on two cores (the pair loop)."""
    started = time.perf_counter()
    return par_sheet_from(config, pair_counts(config.dealer_qualifier, progress), started)


def par_sheet_from(config: TableConfig, counts: PairCounts, started: float) -> ParSheet:
    """The sheet of a configuration from the pair counts of its qualifier,
    the costly part (the tests count each qualifier's pairs once a run and
    make its sheets from them); timed from ``started``, a perf_counter()."""
    return ParSheet(
        config=config,
        main=main_bet_math(counts),
        dealer_break_bonus=dealer_break_bonus_math(counts),
        break_bonus=break_bonus_math(config.break_bonus_pays),
        lucky_break=lucky_break_probability(),
        dealer_qualifies=qualifies_probability(config.dealer_qualifier),
        rules=rule_lines(),
        seconds=time.perf_counter() - started,
    )


def line_json(line: Line) -> OutcomeLineJson:
    return {
        "name": line.name,
        "label": line.label,
        "net": line.net,
        "combinations": line.combinations,
        "probability": float(line.probability),
    }


def line_from_json(data: dict[str, Any]) -> Line:
    return Line(str(data["name"]), str(data["label"]), int(data["net"]), int(data["combinations"]))


def bet_json(bet: BetMath) -> BetSheetJson:
    return {
        "house_edge": float(bet.house_edge),
        "expected_return": float(bet.expected_return),
        "win": float(bet.win),
        "loss": float(bet.loss),
        "push": float(bet.push),
        "hit_frequency": float(bet.hit_frequency),
        "standard_deviation": bet.standard_deviation,
        "outcomes": [{**line_json(line), "return": float(line.net * line.probability)} for line in bet.lines],
    }


def bet_from_json(data: dict[str, Any], total: int) -> BetMath:
    return BetMath.of((line_from_json(line) for line in data["outcomes"]), total)
