"""The strategy table of a dealer qualifier: every legal setting of every
player pattern with its exact Main Bet counts, kept on disk in blocks.

Fouls are never considered (rule book section 12), so the table depends on
the qualifier alone, not on the foul policy. It is built in blocks of
:data:`BLOCK` patterns, each written whole and renamed into place: a build
that is stopped resumes where it was, and a reader never sees half a block.
The folder is keyed by the qualifier and the rules code's fingerprint, like
the par sheets, so a changed rule never serves stale values.
"""

from __future__ import annotations

import io
import os
import tempfile
import zipfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from service.analysis.cache import code_fingerprint
from service.analysis.hand_table import IntArray
from service.config.instance import instance_path
from service.engine.qualifier import Qualifier

PATTERNS = 67_600
BLOCK = 1_000
BLOCKS = -(-PATTERNS // BLOCK)
_ARRAYS: tuple[str, ...] = ("offsets", "low_position", "high_position", "lucky", "won", "lost", "groups")
_ARRAYS += ("best", "house", "better", "beaten")

#: A whole table held by a process is about 45 MB this way: the counts are
#: signed so that won - lost never wraps, the positions stay bytes.
_IN_MEMORY = {"low_position": np.uint8, "high_position": np.uint8, "lucky": np.bool_, "won": np.int32}
_IN_MEMORY |= {"lost": np.int32, "better": np.int32, "beaten": np.int32}

Progress = Callable[[int, int], None]  # (done, total)


@dataclass(frozen=True, eq=False)
class StrategyBlock:
    """Patterns ``first`` to ``first + len - 1`` of the hand table."""

    first: int
    offsets: IntArray  # [pattern + 1] into this block's settings
    low_position: np.ndarray  # index into legal_settings.LOWS
    high_position: np.ndarray  # index into legal_settings.HIGHS
    lucky: np.ndarray  # the setting is a Lucky Break
    won: np.ndarray  # dealer hands of C(46,7) the setting beats (int32 when read back)
    lost: np.ndarray  # dealer hands it loses to (the rest push)
    groups: IntArray  # [pattern, 3] dealer hands not qualifying, with a Lucky Break, without
    best: IntArray  # [pattern] the optimal setting, counted in the pattern's slice
    house: IntArray  # [pattern] the house way's setting
    better: np.ndarray  # dealer hands where the setting does better than the house way
    beaten: np.ndarray  # [pattern] dealer hands where some setting does better than the house way

    def __len__(self) -> int:
        return len(self.best)

    def span(self, pattern: int) -> slice:
        """The settings of a pattern (its index in the hand table)."""
        local = pattern - self.first
        return slice(int(self.offsets[local]), int(self.offsets[local + 1]))


def table_folder(qualifier: Qualifier, instance: Path | None = None) -> Path:
    root = (instance or instance_path()) / "strategy"
    return root / f"{qualifier.text}-{code_fingerprint()[:12]}"


def block_file(folder: Path, number: int) -> Path:
    return folder / f"block-{number:03d}.npz"


def missing_blocks(folder: Path) -> list[int]:
    return [number for number in range(BLOCKS) if not block_file(folder, number).exists()]


def compute_block(number: int, qualifier: Qualifier) -> StrategyBlock:
    from service.analysis.strategy_rows import best_settings, strategy_rows

    first = number * BLOCK
    players = np.arange(first, min(first + BLOCK, PATTERNS))
    rows = strategy_rows(players, qualifier)
    settings = rows.settings
    return StrategyBlock(
        first=first,
        offsets=settings.offsets,
        low_position=settings.low_position,
        high_position=settings.high_position,
        lucky=settings.lucky_break,
        won=rows.won,
        lost=rows.lost,
        groups=rows.groups,
        best=best_settings(rows),
        house=settings.house_way,
        better=rows.better,
        beaten=rows.beaten,
    )


def store_block(block: StrategyBlock, folder: Path) -> Path:
    path = block_file(folder, block.first // BLOCK)
    packed = io.BytesIO()
    # Counts of C(46,7) dealer hands fit 32 bits; positions fit 8.
    np.savez_compressed(
        packed,
        first=np.array([block.first]),
        offsets=block.offsets.astype(np.int32),
        low_position=block.low_position.astype(np.uint8),
        high_position=block.high_position.astype(np.uint8),
        lucky=block.lucky.astype(np.bool_),
        won=block.won.astype(np.uint32),
        lost=block.lost.astype(np.uint32),
        groups=block.groups.astype(np.uint32),
        best=block.best.astype(np.int16),
        house=block.house.astype(np.int16),
        better=block.better.astype(np.uint32),
        beaten=block.beaten.astype(np.uint32),
    )
    write_whole(path, packed.getvalue())
    return path


_LOADED: dict[Path, tuple[int, StrategyBlock]] = {}


def load_block(path: Path) -> StrategyBlock | None:
    """A stored block, or ``None`` if absent or damaged (built again then).
    Kept in memory while its file is unchanged, so a warm lookup is a stat."""
    try:
        stamp = path.stat().st_mtime_ns
    except OSError:
        return None
    kept = _LOADED.get(path)
    if kept is not None and kept[0] == stamp:
        return kept[1]
    try:
        with np.load(path) as data:
            arrays = {name: data[name].astype(_IN_MEMORY.get(name, np.int64)) for name in _ARRAYS}
            block = StrategyBlock(first=int(data["first"][0]), **arrays)
    except (OSError, KeyError, ValueError, zipfile.BadZipFile):
        return None
    _LOADED[path] = (stamp, block)
    return block


def forget_loaded_blocks() -> None:
    """Drop the blocks this process holds (a benchmark's cold reads)."""
    _LOADED.clear()


def build_table(qualifier: Qualifier, instance: Path | None = None, progress: Progress | None = None) -> Path:
    """Build the blocks not stored yet; the folder of the complete table."""
    folder = table_folder(qualifier, instance)
    todo = [n for n in range(BLOCKS) if load_block(block_file(folder, n)) is None]
    if progress is not None:
        progress(BLOCKS - len(todo), BLOCKS)
    for done, number in enumerate(todo, start=BLOCKS - len(todo) + 1):
        store_block(compute_block(number, qualifier), folder)
        if progress is not None:
            progress(done, BLOCKS)
    return folder


def block_of(qualifier: Qualifier, pattern: int, instance: Path | None = None) -> StrategyBlock | None:
    """The stored block holding a pattern; ``None`` until it is built."""
    return load_block(block_file(table_folder(qualifier, instance), pattern // BLOCK))


def table_bytes(folder: Path) -> int:
    return sum(path.stat().st_size for path in folder.glob("block-*.npz"))


def write_whole(path: Path, data: bytes) -> None:
    """Write a file whole and rename it into place."""
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=f".{path.stem}-", suffix=".tmp")
    try:
        with os.fdopen(handle, "wb") as out:
            out.write(data)
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
