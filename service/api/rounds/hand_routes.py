"""The hand calculator: seven cards valued under a table's rules, and what
each seat of a stored round was worth (rule book section 12)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from service.accounts.roles import Role
from service.api.http.blueprint import Blueprint
from service.api.http.error_docs import DATABASE_503
from service.api.http.problems import MEDIA_TYPE
from service.api.http.security import ANY_ROLE, roles
from service.api.http.transactions import kept_if_refused
from service.api.http.work import db, settings
from service.api.rounds.hand_schemas import (
    HandAnalysisInJson,
    HandAnalysisInSchema,
    HandAnalysisSchema,
    RoundHandValuesSchema,
)
from service.errors import ErrorCode, Unavailable
from service.rounds.hand_values import RoundHandValuesJson, round_hand_values
from service.tables.hand_analysis import HandAnalysisJson, hand_analysis

blp = Blueprint("hands", __name__, description="The hand calculator: every setting's expected value")

Answer = TypeVar("Answer")

NOT_YET = (
    f"{ErrorCode.STRATEGY_TABLE_BUILDING}: the strategy table of the qualifier is being built (its "
    "job is queued), ask again after Retry-After seconds; "
    f"{ErrorCode.STRATEGY_TABLE_NOT_BUILT}: it is left to an operator to build; {DATABASE_503}"
)
RETRY_AFTER_HEADER = {
    "Retry-After": {"description": "seconds to wait before asking again", "schema": {"type": "integer"}}
}


def _not_yet(view: Callable[..., Any]) -> Callable[..., Any]:
    decorated: Callable[..., Any] = blp.alt_response(
        503, schema="Error", description=NOT_YET, headers=RETRY_AFTER_HEADER, content_type=MEDIA_TYPE
    )(view)
    return decorated


def _queued_if_missing(answer: Callable[[], Answer]) -> Answer:
    """The answer; a missing strategy table's build, queued, is committed
    before the 503 goes out."""
    return kept_if_refused(answer, (Unavailable,))


@blp.route("/tables/<id:table_id>/hand-analysis", methods=["POST"])
@blp.arguments(HandAnalysisInSchema)
@blp.response(200, HandAnalysisSchema)
@_not_yet
@roles(*ANY_ROLE)
def hand_analysis_view(body: HandAnalysisInJson, table_id: int) -> HandAnalysisJson:
    """Seven cards in; under the table's current rules, every distinct legal
    setting with its exact Main Bet expected value and win, push and loss
    probabilities (out of the C(46,7) dealer hands), the best setting, the
    house way's and what it costs, and the side bets' expected values.
    Read from the cached strategy table."""
    found = settings()
    return _queued_if_missing(
        lambda: hand_analysis(db(), table_id, body["cards"], found.instance, found.strategy_tables)
    )


@blp.route("/rounds/<id:round_id>/hand-values")
@blp.response(200, RoundHandValuesSchema)
@_not_yet
@roles(Role.PIT_BOSS, Role.COMPLIANCE, Role.ADMIN)  # who recalls rounds
def hand_values_view(round_id: int) -> RoundHandValuesJson:
    """Per seat of a stored round, under the rules it was settled under: the
    Main Bet's expected value of the setting played (as settled), of the best
    setting and of the house way's, what the played one cost against each,
    and the side bets' expected values."""
    found = settings()
    return _queued_if_missing(
        lambda: round_hand_values(db(), round_id, found.instance, found.strategy_tables)
    )
