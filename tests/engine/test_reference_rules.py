"""The reference implementation the engine is checked against must itself
get every worked example of the rule book right."""

from tests import reference_rules


def test_reference_passes_the_rule_book_examples():
    reference_rules._self_test()
