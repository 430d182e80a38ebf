"""``python -m tests.reference_rules``: the reference's self-test."""

from tests.reference_rules.self_test import _self_test

_self_test()
