"""The JSON shapes of what checking stored rounds finds (``sealed``,
``resettle``), as ``recall --verify`` and ``audit verify`` report it: each
figure that disagrees, a round's problems, the report of every round."""

from __future__ import annotations

from typing import Annotated, Any, TypedDict


class ResettledMismatchJson(TypedDict):
    field: str
    stored: Any  # a stored figure: any JSON value a column or the settlement holds
    resettled: Any


class SealedMismatchJson(TypedDict):
    field: Annotated[str, "e.g. house_net, request_digest, shift"]
    stored: Any
    sealed: Any  # as the event seals it: any JSON value, whatever was written there


#: A mismatch as reports show it, named by what the figure was compared with.
MismatchJson = ResettledMismatchJson | SealedMismatchJson


class RoundProblemJson(TypedDict):
    id: Annotated[int, "the stored round (its record's id)"]
    table_id: int | None
    mismatches: list[MismatchJson]


class RoundsReportJson(TypedDict):
    intact: Annotated[bool, "every round agrees with its event"]
    checked: Annotated[int, "stored rounds compared"]
    differing: Annotated[int, "rounds (or events) that disagree"]
    problems: Annotated[list[RoundProblemJson], "the first 100 of them"]
    placement_unchecked: Annotated[int, "rounds whose event predates sealed placements"]
