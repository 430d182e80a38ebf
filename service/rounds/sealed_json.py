"""The JSON shapes of what checking stored rounds finds (``sealed``,
``resettle``), as ``recall --verify`` and ``audit verify`` report it: each
figure that disagrees, a round's problems, the report of every round."""

from __future__ import annotations

from typing import Any, TypedDict


class ResettledMismatchJson(TypedDict):
    field: str
    stored: Any  # a stored figure: any JSON value a column or the settlement holds
    resettled: Any


class SealedMismatchJson(TypedDict):
    field: str
    stored: Any
    sealed: Any  # as the event seals it: any JSON value, whatever was written there


#: A mismatch as reports show it, named by what the figure was compared with.
MismatchJson = ResettledMismatchJson | SealedMismatchJson


class RoundProblemJson(TypedDict):
    id: int
    table_id: int | None
    mismatches: list[MismatchJson]


class RoundsReportJson(TypedDict):
    intact: bool
    checked: int
    differing: int
    problems: list[RoundProblemJson]
    placement_unchecked: int
