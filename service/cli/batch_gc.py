"""Garbage-collector settings for batch work (``settle``, ``bench``)."""

from __future__ import annotations

import gc


def collect_garbage_less_often() -> None:
    """A batch allocates millions of short-lived objects without cycles while
    the house-way caches grow; at the default thresholds the cycle collector
    rescans those caches over and over (measured: a quarter of settle's time).
    """
    gc.freeze()  # what exists now (modules, tables) is never garbage
    gc.set_threshold(50_000, 20, 100)
