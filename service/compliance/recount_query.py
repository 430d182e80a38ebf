"""The query both totals checks share: per key, each column as the stored
totals row holds it (``s_``) beside the same column recounted from the
records (``r_``), one row a key, keys on only one side included (a zero
on the other). The recount itself is each check's own."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from sqlalchemy import Select, func, literal_column, select, union_all


def zeros(side: str, columns: Sequence[str]) -> list[Any]:
    """``side``'s columns as zeros, for the other side's half of the union."""
    return [literal_column("0").label(f"{side}_{column}") for column in columns]


def recount_beside_stored(
    recounted: Select[Any], stored_model: Any, columns: Sequence[str], key: Sequence[str]
) -> Select[Any]:
    """``recounted`` selects the key, the ``s_`` columns as :func:`zeros`
    and the ``r_`` columns; ``stored_model`` is the totals table."""
    stored = select(
        *(getattr(stored_model, name) for name in key),
        *(getattr(stored_model, column).label(f"s_{column}") for column in columns),
        *zeros("r", columns),
    )
    both = union_all(recounted, stored).subquery()
    sums = [
        func.sum(both.c[f"{side}_{column}"]).label(f"{side}_{column}") for side in "sr" for column in columns
    ]
    keys = [both.c[name] for name in key]
    return select(*keys, *sums).group_by(*keys).order_by(*keys)
