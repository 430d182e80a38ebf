"""What the engine's fuzz tests share: the documented error codes, JSON of
every type with the input shape's words, and settling any value or text to
a settlement that adds up or a checked RulesError."""

from __future__ import annotations

import json

from hypothesis import strategies as st

from service.engine.cards import DECK
from service.engine.errors import RulesError
from service.engine.round_json import settlement_to_json
from service.engine.settlement import RoundSettlement
from service.engine.table_config import MAX_LIMIT
from service.rounds.batch_settle import parse_json, settle_data
from tests.settlement_checks import BETS, assert_nets_follow_stakes

# The list of docs/cli.md's `settle` (invalid_json is the parse step's, below).
CODES = frozenset(
    {
        "invalid_field",
        "missing_field",
        "unknown_field",
        "invalid_card",
        "wrong_card_count",
        "duplicate_card",
        "no_seats",
        "too_many_seats",
        "invalid_seat",
        "duplicate_seat",
        "invalid_setting",
        "card_not_in_hand",
        "invalid_bet",
        "main_bet_required",
        "bet_below_minimum",
        "bet_above_maximum",
        "invalid_config",
    }
)
EXACT = 2**53  # every net must be exact as a JSON number in any client

CARD_CODES = [card.code for card in DECK]
# The words of the input shape, so random objects reach deep into parsing.
KEYS = st.sampled_from(
    [
        "round_id",
        "dealer",
        "seats",
        "config",
        "seat",
        "cards",
        "setting",
        "bets",
        *BETS,
        "low",
        "high",
        "version",
        "limits",
        "foul_policy",
        "break_bonus_pays",
        "dealer_qualifier",
        "five_aces",
    ]
) | st.text(max_size=6)
NUMBERS = (
    st.integers()
    | st.integers(min_value=-(10**40), max_value=10**40)
    | st.sampled_from([0, -1, 2**31, 2**53 + 1, 2**63, -(2**63) - 1, MAX_LIMIT + 1, 10**4000])
    | st.floats()  # NaN and the infinities too: the JSON text says NaN, which is refused
)
TEXT = st.text() | st.sampled_from(
    [*CARD_CODES, "10h", "th", "jk", "JOKER", "house_way", "\ud800", "7\u017f"]
)
SCALARS = st.none() | st.booleans() | NUMBERS | TEXT
JSON = st.recursive(
    SCALARS,
    lambda inner: st.lists(inner, max_size=8) | st.dictionaries(KEYS, inner, max_size=6),
    max_leaves=40,
)


def settled_or_refused(data: object) -> RoundSettlement | RulesError:
    """Settle ``data``; a RulesError is returned once checked, anything else raises."""
    try:
        settlement = settle_data(data)
    except RulesError as error:
        return checked(error)
    assert isinstance(data, dict)
    shown = settlement_to_json(settlement)
    assert_nets_follow_stakes(shown, data)
    nets = [seat[bet]["net"] for seat in shown["seats"] for bet in BETS]
    assert settlement.house_net == -sum(nets)
    assert all(abs(net) < EXACT for net in nets)
    json.dumps(shown)  # the result can always be written out
    return settlement


def checked(error: RulesError) -> RulesError:
    assert error.code in CODES, error.code
    assert isinstance(error.field, str), error
    assert error.field, error
    assert len(error.message) < 400  # hostile values are not echoed whole
    return error


def from_text(text: str | bytes) -> object:
    """The text settled as ``breakpoker settle`` and the API read it; None
    when it is not strict JSON (the invalid_json answer)."""
    try:
        data = parse_json(text)
    except (ValueError, RecursionError):  # bad JSON, bad UTF-8, a repeated key, absurd nesting
        return None
    return settled_or_refused(data)
