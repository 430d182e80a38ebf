"""Independent reference implementation of the Break Poker rules.

Written only from /work/shared/docs/rules.md, for tests to cross-check the
production engine. Brute force on purpose: the joker is resolved by trying
every substitution the rule text allows, the house way enumerates all
21 x 10 settings. Interpretation choices are marked "CHOICE:".

By concept, in the rule book's order: ``hands.py`` (cards and hands),
``settings.py`` (settings, the house way, the qualifier), ``settlement.py``
(the Break Bonus and a round settled) and ``self_test.py`` (every worked
example); ``python -m tests.reference_rules`` runs the self-test.
"""

from tests.reference_rules.hands import (
    DEFAULT_BREAK_BONUS_PAYS,
    FORFEIT_LOSES_EVEN_IF_DEALER_NOT_QUALIFIED,
    HIGH_CARD,
    JOKER,
    MISSING,
    PAIR,
    RANK_VALUE,
    RANKS,
    STRAIGHT,
    TRIPS,
    VALUE_RANK,
    high_key,
    low_key,
    normalise,
)
from tests.reference_rules.self_test import _self_test
from tests.reference_rules.settings import (
    KIND_TO_RULE,
    all_settings,
    has_lucky_break,
    house_way,
    is_legal,
    is_lucky_break_setting,
    parse_qualifier,
    qualifies,
)
from tests.reference_rules.settlement import break_bonus_category, main_bet_outcome, settle

__all__ = [
    "DEFAULT_BREAK_BONUS_PAYS",
    "FORFEIT_LOSES_EVEN_IF_DEALER_NOT_QUALIFIED",
    "HIGH_CARD",
    "JOKER",
    "KIND_TO_RULE",
    "MISSING",
    "PAIR",
    "RANKS",
    "RANK_VALUE",
    "STRAIGHT",
    "TRIPS",
    "VALUE_RANK",
    "_self_test",
    "all_settings",
    "break_bonus_category",
    "has_lucky_break",
    "high_key",
    "house_way",
    "is_legal",
    "is_lucky_break_setting",
    "low_key",
    "main_bet_outcome",
    "normalise",
    "parse_qualifier",
    "qualifies",
    "settle",
]
