"""A void or correction request as the API answers it: its summary (as a
round shows it), the round it is about, the corrected round and the
changes it makes, and once decided the round as it now stands."""

from __future__ import annotations

from typing import Annotated, Any, cast

from service.review.correction_diff import ChangesJson
from service.rounds.showing import ExceptionSummaryJson, RoundShownJson, exception_summary, get_round
from service.store.db import Db
from service.store.models import RoundException


class ExceptionJson(ExceptionSummaryJson):
    round: Annotated[int, "the round record the request is about"]
    table_id: Annotated[int, "the round's table"]
    # The round as re-entered, as the client sent it (a JSON column the
    # engine's rules checked): a true JSON boundary. None: a void.
    corrected: dict[str, Any] | None
    changes: Annotated[
        ChangesJson | None,
        "a correction: each changed field before and after, each seat's money "
        "(player's net: + is paid to the player), the house net before and after; null: a void",
    ]
    replacement: Annotated[int | None, "an approved correction's record"]


class DecidedJson(ExceptionJson):
    """A decision's answer: the request with the round as it now stands
    (the one schema of both says round_after may be left out)."""

    round_after: RoundShownJson


def exception_json(db: Db, exception: RoundException, table_id: int | None = None) -> ExceptionJson:
    """The request as answered; ``table_id`` when the caller has it already
    (a page of requests reads its rounds' tables at once)."""
    if table_id is None:
        table_id = get_round(db, exception.round_id).table_id
    replacement = exception.decision.replacement_id if exception.decision else None
    return {
        **exception_summary(exception),
        "round": exception.round_id,
        "table_id": table_id,
        "corrected": exception.corrected,
        # The column is JSON; changes_of wrote it in this shape.
        "changes": cast(ChangesJson | None, exception.changes),
        "replacement": replacement,
    }
