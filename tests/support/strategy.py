"""Blocks of the strategy table for the tests, built only where the hands
they deal fall (a block is a thousand patterns and takes a fraction of a
second once the compiler has warmed up, 12-20 s before; the whole table is
a minute and never built by the tests)."""

from __future__ import annotations

import shutil
from collections.abc import Iterable, Sequence
from pathlib import Path

from service.analysis.hand_advice import pattern_index
from service.analysis.strategy_table import BLOCK, block_file, compute_block, store_block, table_folder
from service.engine.cards import Card, ordered_cards, parse_cards
from service.engine.qualifier import DEFAULT_QUALIFIER, Qualifier
from tests.support.run_folder import one_at_a_time, run_folder


def block_number(cards: Sequence[Card] | Sequence[str]) -> int:
    parsed = parse_cards(cards) if cards and isinstance(cards[0], str) else cards
    pattern = tuple(card.rank for card in ordered_cards(parsed))  # type: ignore[union-attr]
    return pattern_index()[pattern] // BLOCK


def strategy_blocks(
    instance: Path, hands: Iterable[Sequence[Card] | Sequence[str]], qualifier: Qualifier = DEFAULT_QUALIFIER
) -> Path:
    """Put the blocks holding these seven-card hands into an instance's
    strategy table (each computed once a run, by the first process that
    needs it, while the others wait: computing one twice at once wasted a
    core); its folder."""
    folder = table_folder(qualifier, instance)
    folder.mkdir(parents=True, exist_ok=True)
    store = run_folder() / "strategy-blocks" / qualifier.text
    for number in sorted({block_number(hand) for hand in hands}):
        built = block_file(store, number)
        if not built.exists():
            with one_at_a_time("strategy-blocks"):
                if not built.exists():  # not made meanwhile by another process
                    store_block(compute_block(number, qualifier), store)
        shutil.copyfile(built, block_file(folder, number))
    return folder
