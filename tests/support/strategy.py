"""Blocks of the strategy table for the tests, built only where the hands
they deal fall (a block is a thousand patterns and takes a fraction of a
second once the compiler has warmed up, 12-20 s before; the whole table is
a minute and never built by the tests)."""

from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import Iterable, Sequence
from functools import cache
from pathlib import Path

from service.analysis.hand_advice import pattern_index
from service.analysis.strategy_table import BLOCK, block_file, compute_block, store_block, table_folder
from service.engine.cards import Card, ordered_cards, parse_cards
from service.engine.qualifier import DEFAULT_QUALIFIER, Qualifier


@cache
def _built_here() -> Path:
    """Where the blocks computed in this test run are kept: shared by the
    run's xdist workers, so a block (and the compiler's warm-up before it)
    is paid once a run, not once a test file; a lone run keeps its own.
    Each block is written whole and renamed into place, so two workers
    computing one block at once both leave a whole file."""
    run = os.environ.get("PYTEST_XDIST_TESTRUNUID")
    if run is None:
        return Path(tempfile.mkdtemp(prefix="strategy-blocks-"))
    shared = Path(tempfile.gettempdir()) / f"breakpoker-strategy-blocks-{run}"
    shared.mkdir(exist_ok=True)
    return shared


def block_number(cards: Sequence[Card] | Sequence[str]) -> int:
    parsed = parse_cards(cards) if cards and isinstance(cards[0], str) else cards
    pattern = tuple(card.rank for card in ordered_cards(parsed))  # type: ignore[union-attr]
    return pattern_index()[pattern] // BLOCK


def strategy_blocks(
    instance: Path, hands: Iterable[Sequence[Card] | Sequence[str]], qualifier: Qualifier = DEFAULT_QUALIFIER
) -> Path:
    """Put the blocks holding these seven-card hands into an instance's
    strategy table (computed once per test process); its folder."""
    folder = table_folder(qualifier, instance)
    folder.mkdir(parents=True, exist_ok=True)
    store = _built_here() / qualifier.text
    for number in sorted({block_number(hand) for hand in hands}):
        built = block_file(store, number)
        if not built.exists():
            store_block(compute_block(number, qualifier), store)
        shutil.copyfile(built, block_file(folder, number))
    return folder
