"""The Main Bet under the optimal player strategy (rule book section 12):
the par sheet's house-way table, with every player hand set optimally.

Read from the strategy table: each pattern's optimal setting, weighted by
the pattern's card sets, split into the same outcomes as the house-way
table. The probability that the optimal setting differs from the house way
counts hands whose optimal setting is a different setting (by the Decision,
a tie keeps the house way's).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import Any

import numpy as np

from service.analysis.bet_math import BetMath, Line
from service.analysis.hand_table import hand_table
from service.analysis.main_bet import _MAIN_LINES, DEALS
from service.analysis.pair_columns import (
    BOTH_LOST,
    BOTH_WON,
    DEALER_LUCKY_BREAK,
    NOT_QUALIFIED,
    ONE_EACH,
    PLAYER_LUCKY_BREAK,
)
from service.analysis.par_sheet import EXACT_FIGURES, bet_from_json, bet_json, line_from_json, line_json
from service.analysis.single_hand import HANDS
from service.analysis.strategy_table import (
    BLOCKS,
    Progress,
    StrategyBlock,
    block_file,
    build_table,
    load_block,
    missing_blocks,
    table_folder,
    write_whole,
)
from service.engine.qualifier import Qualifier

_GROUP_NOT_QUALIFIED, _GROUP_LUCKY, _GROUP_PLAIN = 0, 1, 2


@dataclass(frozen=True)
class OptimalSheet:
    main: BetMath  # the Main Bet with every player hand set optimally
    house_way_main: BetMath  # the same table read at the house way's settings
    differs: Fraction  # a hand's optimal setting is not the house way's

    @property
    def gain(self) -> Fraction:
        """What optimal play saves against the house way, per unit staked."""
        return self.house_way_main.house_edge - self.main.house_edge


def setting_columns(block: StrategyBlock, choice: np.ndarray) -> np.ndarray:
    """Per pattern, dealer hands by the kernel's columns for one setting each."""
    index = block.offsets[:-1] + choice
    lucky = block.lucky[index]
    won, lost = block.won[index], block.lost[index]
    groups = block.groups
    other = np.where(lucky, groups[:, _GROUP_PLAIN], groups[:, _GROUP_LUCKY])
    compared = np.where(lucky, groups[:, _GROUP_LUCKY], groups[:, _GROUP_PLAIN])
    # The other group's hands are counted in won (a Lucky Break's) or in lost.
    won_compared = won - np.where(lucky, other, 0)
    lost_compared = lost - np.where(lucky, 0, other)
    columns = np.zeros((len(block), 6), dtype=np.int64)
    columns[:, NOT_QUALIFIED] = groups[:, _GROUP_NOT_QUALIFIED]
    columns[:, PLAYER_LUCKY_BREAK] = np.where(lucky, other, 0)
    columns[:, DEALER_LUCKY_BREAK] = np.where(lucky, 0, other)
    columns[:, BOTH_WON] = won_compared
    columns[:, BOTH_LOST] = lost_compared
    columns[:, ONE_EACH] = compared - won_compared - lost_compared
    return columns


def _bet(totals: list[int]) -> BetMath:
    return BetMath.of(
        (Line(reason.value, label, net, totals[column]) for reason, label, net, column in _MAIN_LINES), DEALS
    )


def optimal_sheet(folder: Path) -> OptimalSheet:
    """From a complete strategy table (``LookupError`` if a block is missing)."""
    combos = hand_table().combos
    optimal = [0] * 6
    house_way = [0] * 6
    differs = 0
    for number in range(BLOCKS):
        block = load_block(block_file(folder, number))
        if block is None:
            raise LookupError(f"strategy table block {number} is not built in {folder}")
        weights = combos[block.first : block.first + len(block)].tolist()
        for totals, choice in ((optimal, block.best), (house_way, block.house)):
            for column, counts in enumerate(setting_columns(block, choice).T.tolist()):
                totals[column] += sum(w * c for w, c in zip(weights, counts, strict=True))
        differs += sum(w for w, d in zip(weights, (block.best != block.house).tolist(), strict=True) if d)
    return OptimalSheet(_bet(optimal), _bet(house_way), Fraction(differs, HANDS))


def sheet_json(sheet: OptimalSheet) -> dict[str, Any]:
    """The optimal-strategy Main Bet, as ``breakpoker analyze --json`` shows it."""
    return {
        "main": bet_json(sheet.main),
        "house_way_main_house_edge": float(sheet.house_way_main.house_edge),
        "gain": float(sheet.gain),
        "differs_probability": float(sheet.differs),
        "exact": {
            **{f"main.{figure}": str(getattr(sheet.main, figure)) for figure in EXACT_FIGURES},
            "gain": str(sheet.gain),
            "differs_probability": str(sheet.differs),
        },
        "house_way_outcomes": [line_json(line) for line in sheet.house_way_main.lines],
    }


def sheet_from_json(data: dict[str, Any]) -> OptimalSheet:
    return OptimalSheet(
        main=bet_from_json(data["main"], DEALS),
        house_way_main=BetMath.of((line_from_json(line) for line in data["house_way_outcomes"]), DEALS),
        differs=Fraction(data["exact"]["differs_probability"]),
    )


def sheet_file(folder: Path) -> Path:
    return folder / "optimal.json"


def cached_optimal_sheet(folder: Path) -> OptimalSheet | None:
    try:
        return sheet_from_json(json.loads(sheet_file(folder).read_text()))
    except (OSError, ValueError, KeyError, TypeError, ArithmeticError):
        return None


def stored_optimal_sheet(folder: Path) -> OptimalSheet:
    """The cached sheet of a complete table, or computed from it and stored."""
    found = cached_optimal_sheet(folder)
    if found is not None:
        return found
    sheet = optimal_sheet(folder)
    write_whole(sheet_file(folder), json.dumps(sheet_json(sheet), indent=1).encode())
    return sheet


def optimal_for(
    qualifier: Qualifier, instance: Path | None = None, progress: Progress | None = None
) -> tuple[OptimalSheet, bool]:
    """The optimal-strategy sheet of a qualifier from the cache, or its
    strategy table built (the blocks missing) and read; and whether it was
    cached."""
    folder = table_folder(qualifier, instance)
    found = cached_optimal_sheet(folder)
    if found is not None:
        return found, True
    return stored_optimal_sheet(build_table(qualifier, instance, progress)), False


def optimal_state(qualifier: Qualifier, instance: Path | None = None) -> tuple[OptimalSheet | None, int]:
    """The cached optimal sheet of a qualifier (``None`` until its table is
    complete), and how many of the table's blocks are built: a reader's
    progress bar, without asking the worker."""
    folder = table_folder(qualifier, instance)
    sheet = cached_optimal_sheet(folder)
    return sheet, BLOCKS if sheet is not None else BLOCKS - len(missing_blocks(folder))
