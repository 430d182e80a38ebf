"""The expected win's per-shift totals (``shift_expected_values``) stay
equal to a recount from the rounds through every change: rounds entered,
their values stored by the job, voids and corrections approved before or
after the values, the values of a round taken out; and a report's expected
win read from them is what the former reading, round by round, gave."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given
from hypothesis import settings as examples
from hypothesis import strategies as st

from service.reports.expected_win import _Sums, period_values
from service.reports.periods import resolve_period, table_scope
from service.store.db import utc_now
from tests.rounds import value_sums_floor
from tests.rounds.value_sums_floor import assert_exact
from tests.support.app import databases

pytestmark = pytest.mark.store
# The shared fixtures these tests take by name.
floor = value_sums_floor.floor


def test_the_totals_stay_exact_through_every_change(app, floor):
    valued_then_voided = floor.enter("dealer", 0, (1000, 2500, 500))
    voided_unvalued = floor.enter("dealer2", 1, (2000, 1000, 3000))
    valued_then_corrected = floor.enter("dealer", 9, (500, 500, 500))
    corrected_unvalued = floor.enter("dealer2", 17, (700, 800, 900))
    kept = floor.enter("dealer", 25, (1500, 1500, 1500))
    assert_exact(app, floor.table_id)  # records, nothing valued
    for record_id in (valued_then_voided, valued_then_corrected, kept):
        assert floor.value(record_id)
    assert not floor.value(kept)  # once
    assert_exact(app, floor.table_id)
    floor.void(valued_then_voided)
    floor.void(voided_unvalued)
    first = floor.correct(valued_then_corrected, 4000)
    second = floor.correct(corrected_unvalued, 500)
    assert first is not None
    assert second is not None
    assert_exact(app, floor.table_id)  # taken out, the new records without values
    # One batch over two dealers' shifts: stored, added only where the round counts.
    assert floor.value_batch([voided_unvalued, corrected_unvalued, first, second, kept]) == 4
    assert_exact(app, floor.table_id)
    with databases(app)() as db:
        scope = table_scope(db, floor.table_id)
        period, _ = resolve_period(scope, "ytd", utc_now().date(), None, utc_now())
        sums = _Sums.of(period_values(db, scope, period).values())
    assert (sums.rounds, sums.rounds_without) == (3, 0)  # kept and the two new records


#: a Main Bet within the default limits (its Dealer Break Bonus is half of it)
STAKE = st.integers(1, 40).map(lambda units: units * 500)
OPERATIONS = st.lists(
    st.one_of(
        st.tuples(
            st.just("enter"),
            st.sampled_from(["dealer", "dealer2"]),
            st.integers(0, 29),
            st.tuples(STAKE, STAKE, STAKE),
        ),
        st.tuples(st.just("value"), st.integers(0, 1_000)),
        st.tuples(st.just("values"), st.lists(st.integers(0, 1_000), min_size=2, max_size=5)),
        st.tuples(st.just("void"), st.integers(0, 1_000)),
        st.tuples(
            st.just("correct"), st.integers(0, 1_000), st.integers(1, 40).map(lambda units: units * 500)
        ),
    ),
    min_size=1,
    max_size=6,
)


@examples(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(operations=OPERATIONS)
def test_the_totals_equal_a_recount_whatever_happens(app, floor, operations):
    """Any sequence of the changes, on the rounds so far (the database
    keeps them from one example to the next: the totals must hold at every
    moment, not only from an empty start)."""
    for operation in operations:
        kind, *arguments = operation
        if kind == "enter":
            floor.enter(*arguments)
            continue
        if not floor.rounds:
            continue
        if kind == "values":  # the values queue's batch, duplicates and all
            floor.value_batch([floor.rounds[index % len(floor.rounds)] for index in arguments[0]])
            continue
        record_id = floor.rounds[arguments[0] % len(floor.rounds)]
        if kind == "value":
            floor.value(record_id)
        elif kind == "void":
            floor.void(record_id)
        else:
            floor.correct(record_id, arguments[1])
    assert_exact(app, floor.table_id)
