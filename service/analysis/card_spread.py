"""How the bets' values given a seat's seven cards spread over every hand
the player may be dealt: the counts the variance of rated play's
player's-cards part needs (rule book section 14;
``service.players.rated.spread``).

Per rank pattern of the strategy table, weighted by its card sets: the
Main Bet's value at the house way's setting, the Dealer Break Bonus's and
the Break Bonus's (each × C(46,7), integers), their sums and the sums of
their products. Exact: Python integers (the products pass 64 bits).

Cost: one pass over a complete strategy table, 13 ms a block measured
(about a second for the 68 blocks, besides reading them); the table
itself (a minute or more of compiled loops) must be built first, as the
hand calculator's is.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path

from service.analysis.hand_advice import LUCKY_BREAK_GROUP
from service.analysis.hand_table import CATEGORIES, hand_table
from service.analysis.main_bet import DEALER_HANDS
from service.analysis.strategy_table import (
    BLOCKS,
    StrategyBlock,
    block_file,
    load_block,
    table_folder,
    write_whole,
)
from service.engine.break_bonus import BreakBonusCategory
from service.engine.qualifier import Qualifier
from service.engine.settlement import DEALER_BREAK_BONUS_BOTH_PAYS, DEALER_BREAK_BONUS_PAYS

#: the order of ``ValueSums.products``, by the values' positions in ``sums``
PAIRS = ((0, 0), (1, 1), (2, 2), (0, 1), (0, 2), (1, 2))


@dataclass(frozen=True, slots=True)
class ValueSums:
    """Over a set of player hands: how many, the sums of the three values
    (Main Bet at the house way, Dealer Break Bonus, Break Bonus; each ×
    C(46,7)) and the sums of their products in :data:`PAIRS`' order."""

    hands: int
    sums: tuple[int, int, int]
    products: tuple[int, int, int, int, int, int]

    def __add__(self, other: ValueSums) -> ValueSums:
        return ValueSums(
            self.hands + other.hands,
            (
                self.sums[0] + other.sums[0],
                self.sums[1] + other.sums[1],
                self.sums[2] + other.sums[2],
            ),
            tuple(a + b for a, b in zip(self.products, other.products, strict=True)),  # type: ignore[arg-type]
        )


def pattern_values(
    block: StrategyBlock, pays: Mapping[BreakBonusCategory, int]
) -> list[tuple[int, int, int]]:
    """Each pattern of a block: its three values × C(46,7)."""
    table = hand_table()
    patterns = slice(block.first, block.first + len(block))
    house = (block.offsets[:-1] + block.house).tolist()
    won, lost, lucky = block.won.tolist(), block.lost.tolist(), block.lucky.tolist()
    dealer_lucky = block.groups[:, LUCKY_BREAK_GROUP].tolist()
    bonus = [-1 if c == len(CATEGORIES) else pays[CATEGORIES[c]] for c in table.category[patterns].tolist()]
    found = []
    for local, setting in enumerate(house):
        both = DEALER_BREAK_BONUS_BOTH_PAYS if lucky[setting] else DEALER_BREAK_BONUS_PAYS
        found.append(
            (
                won[setting] - lost[setting],
                dealer_lucky[local] * (both + 1) - DEALER_HANDS,
                bonus[local] * DEALER_HANDS,
            )
        )
    return found


def block_sums(block: StrategyBlock, pays: Mapping[BreakBonusCategory, int]) -> ValueSums:
    """A block's patterns, each weighted by its card sets."""
    weights = hand_table().combos[block.first : block.first + len(block)].tolist()
    sums = [0, 0, 0]
    products = [0] * len(PAIRS)
    for weight, values in zip(weights, pattern_values(block, pays), strict=True):
        for i in range(3):
            sums[i] += weight * values[i]
        for k, (i, j) in enumerate(PAIRS):
            products[k] += weight * values[i] * values[j]
    return ValueSums(sum(weights), (sums[0], sums[1], sums[2]), tuple(products))  # type: ignore[arg-type]


def table_sums(blocks: Iterable[StrategyBlock], pays: Mapping[BreakBonusCategory, int]) -> ValueSums:
    total = ValueSums(0, (0, 0, 0), (0, 0, 0, 0, 0, 0))
    for block in blocks:
        total = total + block_sums(block, pays)
    return total


def card_spread_sums(
    qualifier: Qualifier, pays: Mapping[BreakBonusCategory, int], instance: Path | None = None
) -> ValueSums:
    """Over every player hand, from the qualifier's complete strategy
    table (``LookupError`` if a block is missing)."""
    folder = table_folder(qualifier, instance)

    def blocks() -> Iterable[StrategyBlock]:
        for number in range(BLOCKS):
            block = load_block(block_file(folder, number))
            if block is None:
                raise LookupError(f"strategy table block {number} is not built in {folder}")
            yield block

    return table_sums(blocks(), pays)


def spread_file(folder: Path, pays: Mapping[BreakBonusCategory, int]) -> Path:
    """Beside the strategy table it is read from, keyed by the pay table."""
    key = json.dumps({category.value: pays[category] for category in CATEGORIES})
    return folder / f"card-spread-{hashlib.sha256(key.encode()).hexdigest()[:16]}.json"


def stored_card_spread_sums(
    qualifier: Qualifier, pays: Mapping[BreakBonusCategory, int], instance: Path | None = None
) -> ValueSums:
    """:func:`card_spread_sums`, kept on disk once found (exact integers)."""
    path = spread_file(table_folder(qualifier, instance), pays)
    try:
        data = json.loads(path.read_text())
        return ValueSums(int(data["hands"]), tuple(data["sums"]), tuple(data["products"]))
    except (OSError, ValueError, KeyError, TypeError):
        pass
    found = card_spread_sums(qualifier, pays, instance)
    document = {"hands": found.hands, "sums": list(found.sums), "products": list(found.products)}
    write_whole(path, json.dumps(document).encode())
    return found
