"""The figures job (``figure_rating``) against the store: a rating's row
is its counting rated rounds' exact sums, recomputed whole (a second run
changes nothing), waiting rounds said as pending, a void taking a round
out and a correction counting as corrected, and the sweep finding a row
out of date. The expected figures are computed by hand from the stored
rows (tests/support/rated_figures.py)."""

from __future__ import annotations

from datetime import timedelta
from fractions import Fraction

import pytest
from sqlalchemy import select

from service.jobs.queues import JobKind
from service.players.rated.inputs import DEALS
from service.players.rated.parts import DEALER_VARIANCE
from service.players.rating_figures import figure_rating, unfigured_ratings
from service.store.db import utc_now
from service.store.models import OutboxEntry, RatingFigures
from service.store.work import unit_of_work
from tests.players.conftest import ALICE, BOB
from tests.support.app import databases, sign_in
from tests.support.players import seat, step
from tests.support.rated_figures import by_hand, ready_for_values, value
from tests.support.rounds_data import correct, enter, round_body, void_approved

pytestmark = pytest.mark.store


def opened(client, headers, table, club_number, number):
    response = seat(client, headers, table["id"], club_number, number)
    assert response.status_code == 201, response.json
    return response.json["id"]


def figure(app, settings, rating_id):
    with unit_of_work(databases(app)) as db:
        return figure_rating(db, rating_id, settings.instance, utc_now())


def row_of(app, rating_id):
    with unit_of_work(databases(app)) as db:
        row = db.get(RatingFigures, rating_id)
        assert row is not None
        db.expunge(row)
        return row


def assert_matches(app, rating_id):
    """The stored row equals the hand computation from the rows."""
    row, hand = row_of(app, rating_id), by_hand(app, rating_id)
    assert (row.rounds, row.pending_rounds, row.actual) == (hand.rounds, hand.pending, hand.actual)
    assert (row.main_handle, row.dealer_break_bonus_handle, row.break_bonus_handle) == hand.handle
    assert Fraction(row.theoretical, DEALS) == hand.theoretical
    assert Fraction(row.decisions, DEALS) == hand.decisions
    assert Fraction(row.player_cards, DEALS) == hand.player_cards
    assert Fraction(row.dealer_cards, DEALS) == hand.dealer_cards
    assert Fraction(row.dealer_cards_variance, DEALER_VARIANCE) == hand.dealer_variance
    # No complete strategy table in the tests: no card spread, unless no round counts yet.
    assert row.player_cards_variance == (None if row.rounds else 0)
    return row


def queued(app, rating_id):
    with unit_of_work(databases(app)) as db:
        return db.scalar(
            select(OutboxEntry.id)
            .where(OutboxEntry.job == JobKind.RATING_FIGURES, OutboxEntry.ref == rating_id)
            .order_by(OutboxEntry.id.desc())
            .limit(1)
        )


def test_the_job_keeps_a_rating_s_exact_figures_and_a_rerun_changes_nothing(
    app, settings, client, as_role, table, players
):
    ready_for_values(settings)
    dealer = as_role["dealer"]
    alice = opened(client, dealer, table, ALICE, 1)
    bob = opened(client, dealer, table, BOB, 2)
    first = enter(client, dealer, table, "r1")
    second = enter(client, dealer, table, "r2")
    with unit_of_work(databases(app)) as db:
        assert unfigured_ratings(db) == [alice, bob]  # rounds, no row yet
    value(app, settings, first["id"])
    assert queued(app, alice) is not None  # the values' job queued the figures
    assert figure(app, settings, alice)
    row = assert_matches(app, alice)
    assert (row.rounds, row.pending_rounds) == (1, 1)  # r2 waits for its values
    value(app, settings, second["id"])
    with unit_of_work(databases(app)) as db:
        assert unfigured_ratings(db) == [alice, bob]  # alice's row is out of date
    assert figure(app, settings, alice)
    assert figure(app, settings, bob)
    assert (assert_matches(app, alice).rounds, assert_matches(app, bob).pending_rounds) == (2, 0)
    assert not figure(app, settings, alice)  # idempotent: nothing to change
    with unit_of_work(databases(app)) as db:
        assert unfigured_ratings(db) == []
    # Seat 1 loses both hands and seat 2 wins both: the actual wins differ in sign.
    assert row_of(app, alice).actual > 0 > row_of(app, bob).actual


def test_a_void_and_a_correction_change_the_figures(app, settings, client, as_role, table, players):
    ready_for_values(settings)
    dealer, boss, boss2 = as_role["dealer"], as_role["pit_boss"], sign_in(client, "pit_boss2")
    alice = opened(client, dealer, table, ALICE, 1)
    first = enter(client, dealer, table, "r1")
    second = enter(client, dealer, table, "r2")
    value(app, settings, first["id"], second["id"])
    figure(app, settings, alice)
    before = assert_matches(app, alice)
    assert before.rounds == 2
    mark = queued(app, alice)
    void_approved(client, boss, boss2, second["id"])
    assert queued(app, alice) > mark  # the decision queued the figures
    with unit_of_work(databases(app)) as db:
        assert unfigured_ratings(db) == [alice]
    assert figure(app, settings, alice)
    voided = assert_matches(app, alice)
    assert (voided.rounds, voided.main_handle, voided.actual * 2) == (1, 1000, before.actual)
    body = round_body("r1")
    body["seats"][0]["bets"]["main"] = 2000
    after = correct(client, boss, boss2, first["id"], body)
    assert figure(app, settings, alice)
    pending = assert_matches(app, alice)
    assert (pending.rounds, pending.pending_rounds) == (0, 1)  # the correction's values wait
    value(app, settings, after["id"])
    assert figure(app, settings, alice)
    corrected = assert_matches(app, alice)
    assert (corrected.rounds, corrected.main_handle) == (1, 2000)
    assert corrected.theoretical > voided.theoretical


def test_the_seat_out_queues_the_final_figures(app, settings, client, as_role, table, players):
    dealer = as_role["dealer"]
    alice = opened(client, dealer, table, ALICE, 1)
    assert queued(app, alice) is None
    assert step(client, dealer, alice, "seat-out", {"chips_taken": 0}).status_code == 200
    assert queued(app, alice) is not None
    figure(app, settings, alice)
    assert (row_of(app, alice).rounds, row_of(app, alice).pending_rounds) == (0, 0)


def test_a_missed_rating_queues_the_figures_of_the_rounds_it_rates_back(
    app, settings, client, as_role, table, players
):
    """The rounds rated back are worth something now: the figures must not
    wait for the sweep or the seat-out."""
    past = (utc_now() - timedelta(minutes=5)).isoformat()
    enter(client, as_role["dealer"], table, "r1")
    missed = seat(client, as_role["pit_boss"], table["id"], ALICE, 1, seated_at=past, reason="missed")
    assert missed.status_code == 201, missed.json
    assert queued(app, missed.json["id"]) is not None


def test_a_missed_rating_with_nothing_to_rate_back_queues_nothing(app, client, as_role, table, players):
    past = (utc_now() - timedelta(minutes=5)).isoformat()
    missed = seat(client, as_role["pit_boss"], table["id"], ALICE, 1, seated_at=past, reason="missed")
    assert missed.status_code == 201, missed.json
    assert queued(app, missed.json["id"]) is None


def test_numerators_past_64_bits_are_stored_exactly(app, client, as_role, table, players):
    """NUMERIC on PostgreSQL, decimal text on SQLite: never a float."""
    alice = opened(client, as_role["dealer"], table, ALICE, 1)
    huge = [10**60 + 1, -(2**200) - 3, 7 * 10**79, 2**64 + 1]
    with unit_of_work(databases(app)) as db:
        db.add(
            RatingFigures(
                rating_id=alice,
                rounds=1,
                pending_rounds=0,
                last_seat_id=None,
                main_handle=1,
                dealer_break_bonus_handle=0,
                break_bonus_handle=0,
                actual=0,
                theoretical=huge[0],
                decisions=huge[1],
                player_cards=-huge[0] - huge[1],
                dealer_cards=0,
                player_cards_variance=huge[2],
                dealer_cards_variance=huge[3],
                figured_at=utc_now(),
            )
        )
    row = row_of(app, alice)
    assert (row.theoretical, row.decisions, row.player_cards) == (huge[0], huge[1], -huge[0] - huge[1])
    assert (row.player_cards_variance, row.dealer_cards_variance) == (huge[2], huge[3])


def test_a_closed_rating_whose_figures_change_is_fed_again(app, settings, client, as_role, table, players):
    """A void approved after the seat-out changes what the rating is worth:
    the feed sends it again once its job has figured it, never before."""
    ready_for_values(settings)
    dealer, boss, boss2 = as_role["dealer"], as_role["pit_boss"], sign_in(client, "pit_boss2")
    alice = opened(client, dealer, table, ALICE, 1)
    first = enter(client, dealer, table, "r1")
    second = enter(client, dealer, table, "r2")
    assert step(client, dealer, alice, "seat-out", {"chips_taken": 0}).status_code == 200
    value(app, settings, first["id"], second["id"])
    assert figure(app, settings, alice)

    def fed():
        return client.get("/api/v1/ratings", query_string={"limit": 50}, headers=boss).json["items"]

    before = fed()
    assert [item["rating_id"] for item in before] == [alice, alice]  # the seat-out, then its figures
    void_approved(client, boss, boss2, second["id"])
    assert len(fed()) == 2  # not yet figured: nothing new to say
    assert figure(app, settings, alice)
    after = fed()
    assert len(after) == 3
    assert after[-1]["figures"]["rated_rounds"] == 1
    assert not figure(app, settings, alice)  # a repeated job says nothing new
    assert len(fed()) == 3
