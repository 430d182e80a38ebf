"""The floor's rated-play report against the store: the slots' rows kept
by the job (``figure_slot``) are the exact sums of the rated seats of each
table, gaming day, shift and dealer; the report's lines add them up and
round once (the four parts adding up to the actual win in every line),
match the ratings' own figures and a computation by hand from the rounds'
stored values, give the share of handle rated, lose a voided round's
part, and a second run of the job changes nothing."""

from __future__ import annotations

from fractions import Fraction

import pytest
from sqlalchemy import select

from service.jobs.queues import JobKind
from service.players.rated.inputs import DEALS
from service.players.rated.parts import DEALER_VARIANCE
from service.players.rating_figures import figure_rating
from service.players.slot_figures import SUMMED, Slot, figure_slot, refresh_month, slots_of, unfigured_slots
from service.reports.periods import floor_scope
from service.reports.rated_play import rated_play_report
from service.rounds.aggregates import aggregate_round
from service.store.db import utc_now
from service.store.limbs import joined, limb_names, split
from service.store.models import OutboxEntry, RatedMonthFigures, RatedShiftFigures
from service.store.work import unit_of_work
from tests.players.conftest import ALICE, BOB
from tests.support.app import databases, sign_in
from tests.support.players import seat
from tests.support.rated_figures import by_hand, ready_for_values, value
from tests.support.rounds_data import enter, void_approved

pytestmark = pytest.mark.store

STAKES = 1000 + 500 + 100  # a seat's three bets in round_body


def opened(client, headers, table, club_number, number):
    response = seat(client, headers, table["id"], club_number, number)
    assert response.status_code == 201, response.json
    return response.json["id"]


def run_jobs(app, settings, ratings, round_ids):
    """What the workers do: the ratings' figures, the rounds' slots, the totals."""
    changed = 0
    with unit_of_work(databases(app)) as db:
        for rating_id in ratings:
            figure_rating(db, rating_id, settings.instance, utc_now())
        for round_id in round_ids:
            aggregate_round(db, round_id)
        for slot in slots_of(db, round_ids):
            changed += figure_slot(db, slot, settings.instance, utc_now())
    return changed


def queued_slots(app):
    with unit_of_work(databases(app)) as db:
        return list(db.scalars(select(OutboxEntry.ref).where(OutboxEntry.job == JobKind.RATED_SLOTS)))


def report(app, kind="day"):
    with unit_of_work(databases(app)) as db:
        return rated_play_report(db, floor_scope(db), kind, None, None)


def assert_adds_up(line):
    parts = line["parts"]
    assert sum(parts.values()) == line["actual_win"]
    assert parts["theoretical"] == line["theoretical_win"]


@pytest.fixture
def day(app, settings, client, as_role, table, players):
    """Alice at seat 1 and Bob at seat 2 (seat 3 unrated) for three rounds,
    two entered by one dealer and one by another, their values stored."""
    ready_for_values(settings)
    dealer, other = as_role["dealer"], sign_in(client, "dealer2")
    alice = opened(client, dealer, table, ALICE, 1)
    bob = opened(client, dealer, table, BOB, 2)
    rounds = [
        enter(client, dealer, table, "r1")["id"],
        enter(client, dealer, table, "r2")["id"],
        enter(client, other, table, "r3")["id"],
    ]
    value(app, settings, *rounds)
    return {"ratings": [alice, bob], "rounds": rounds}


def test_the_report_is_the_ratings_figures_per_table_dealer_and_floor(app, settings, day):
    assert sorted(queued_slots(app)) == day["rounds"]  # the values' job queued each round's slot
    assert run_jobs(app, settings, day["ratings"], day["rounds"]) == 2  # two dealers: two slots
    found = report(app)
    alice, bob = (by_hand(app, rating_id) for rating_id in day["ratings"])
    floor = found["floor"]
    assert floor["rated_rounds"] == alice.rounds + bob.rounds == 6
    assert floor["actual_win"] == alice.actual + bob.actual
    assert floor["theoretical_win"] == round(alice.theoretical + bob.theoretical)
    assert floor["handle"] == {"main": 6000, "dealer_break_bonus": 3000, "break_bonus": 600}
    assert (floor["rated_handle"], floor["all_handle"]) == (6 * STAKES, 9 * STAKES)
    assert floor["rated_share"] == pytest.approx(2 / 3)
    assert floor["average_bet"] == STAKES
    assert floor["comps"] == (alice.theoretical + bob.theoretical) // 5  # the default 20 %
    assert floor["player_cards_sd"] is None
    assert floor["sd_missing"]
    decisions = alice.decisions + bob.decisions
    assert floor["parts"]["decisions"] in (int(decisions // 1), int(-(-decisions // 1)))
    [table_line] = found["tables"]
    assert {key: value for key, value in table_line.items() if key not in ("table_id", "name")} == floor
    dealers = {line["name"]: line for line in found["dealers"]}
    assert set(dealers) == {"dealer", "dealer2"}
    assert (dealers["dealer"]["rated_rounds"], dealers["dealer2"]["rated_rounds"]) == (4, 2)
    assert dealers["dealer"]["actual_win"] + dealers["dealer2"]["actual_win"] == floor["actual_win"]
    assert dealers["dealer2"]["rated_share"] == pytest.approx(2 / 3)
    for line in (floor, table_line, *dealers.values()):
        assert_adds_up(line)


def test_the_slots_rows_hold_the_exact_sums_of_the_ratings(app, settings, day):
    run_jobs(app, settings, day["ratings"], day["rounds"])
    alice, bob = (by_hand(app, rating_id) for rating_id in day["ratings"])
    with unit_of_work(databases(app)) as db:
        rows = db.scalars(select(RatedShiftFigures)).all()
        for name in ("theoretical", "decisions", "player_cards", "dealer_cards"):
            kept = sum(Fraction(exact(row, name), DEALS) for row in rows)
            assert kept == getattr(alice, name) + getattr(bob, name), name
        assert sum(row.actual for row in rows) == alice.actual + bob.actual
        variance = sum(Fraction(exact(row, "dealer_cards_variance"), DEALER_VARIANCE) for row in rows)
        assert variance == alice.dealer_variance + bob.dealer_variance
        assert [row.pending_rounds for row in rows] == [0, 0]
        assert [row.with_player_variance for row in rows] == [0, 0]  # no complete strategy table here


def exact(row, name):
    return joined([getattr(row, limb) for limb in limb_names(name)])


@pytest.mark.parametrize("values", [[-5, 3], [10**52, -(10**51), 7], [-(2**199), 2**199 - 1, 1]])
def test_limbs_add_up_in_sql_as_the_integers_do(values):
    sums = [sum(limbs) for limbs in zip(*(split(value) for value in values), strict=True)]
    assert joined(sums) == sum(values)


def test_the_job_is_idempotent_and_the_sweep_finds_what_is_out_of_date(app, settings, day):
    with unit_of_work(databases(app)) as db:
        assert unfigured_slots(db) == [day["rounds"][0], day["rounds"][2]]  # a round of each slot
    assert run_jobs(app, settings, day["ratings"], day["rounds"]) == 2
    assert run_jobs(app, settings, day["ratings"], day["rounds"]) == 0  # nothing to change
    with unit_of_work(databases(app)) as db:
        assert unfigured_slots(db) == []
        db.execute(RatedShiftFigures.__table__.delete())  # derived state: gone, to be rebuilt
        assert unfigured_slots(db) == [day["rounds"][0], day["rounds"][2]]
    before = report(app)
    assert before["floor"]["rated_rounds"] == 0
    assert before["tables"][0]["rated_share"] == 0
    run_jobs(app, settings, day["ratings"], day["rounds"])
    assert report(app)["floor"]["rated_rounds"] == 6


def test_a_void_takes_its_round_out(app, settings, client, as_role, day):
    run_jobs(app, settings, day["ratings"], day["rounds"])
    before = report(app)
    waiting = len(queued_slots(app))
    void_approved(client, as_role["pit_boss"], sign_in(client, "pit_boss2"), day["rounds"][2])
    assert len(queued_slots(app)) == waiting + 1  # the decision queued the slot
    with unit_of_work(databases(app)) as db:
        assert unfigured_slots(db) == [day["rounds"][2]]  # no counting seat is left in that slot
    assert run_jobs(app, settings, day["ratings"], day["rounds"]) == 1  # the slot's row is gone
    with unit_of_work(databases(app)) as db:
        assert unfigured_slots(db) == []
    after = report(app)
    alice, bob = (by_hand(app, rating_id) for rating_id in day["ratings"])
    assert after["floor"]["rated_rounds"] == 4 == alice.rounds + bob.rounds
    assert after["floor"]["actual_win"] == alice.actual + bob.actual
    assert after["floor"]["all_handle"] == 6 * STAKES  # the void left the totals too
    assert [line["name"] for line in after["dealers"]] == ["dealer"]
    assert before["floor"]["rated_rounds"] == 6
    assert_adds_up(after["floor"])


def test_the_periods_cover_the_day(app, settings, day):
    run_jobs(app, settings, day["ratings"], day["rounds"])
    daily = report(app)["floor"]
    assert report(app, "mtd")["floor"] == daily == report(app, "ytd")["floor"]


def test_the_api_answers_the_pit_and_refuses_a_dealer(app, settings, client, as_role, day):
    run_jobs(app, settings, day["ratings"], day["rounds"])
    response = client.get("/api/v1/reports/rated-play?period=ytd", headers=as_role["pit_boss"])
    assert response.status_code == 200, response.json
    assert response.json["floor"]["rated_rounds"] == 6
    assert response.json["period"] == "ytd"
    refused = client.get("/api/v1/reports/rated-play", headers=as_role["dealer"])
    assert refused.status_code == 403
    bad = client.get("/api/v1/reports/rated-play?period=shift", headers=as_role["pit_boss"])
    assert bad.status_code == 422
    assert bad.json["field"] == "shift"


def test_a_year_adds_its_whole_months_from_the_months_rows(app, settings, day):
    run_jobs(app, settings, day["ratings"], day["rounds"])
    today = report(app)["floor"]
    with unit_of_work(databases(app)) as db:
        rows = db.scalars(select(RatedShiftFigures)).all()
        months = db.scalars(select(RatedMonthFigures)).all()
        assert len(months) == 2  # one table, two dealers, this month
        for month in months:  # each the sum of its slots, limb by limb
            mine = [row for row in rows if row.dealer_id == month.dealer_id]
            for name in SUMMED:
                assert getattr(month, name) == sum(getattr(row, name) for row in mine), name
        # The same play kept on the first of the year too (derived rows:
        # written as the job would have, had the rounds been dealt then).
        first = rows[0].gaming_day.replace(month=1, day=1)
        for row in rows:
            copy = {name: getattr(row, name) for name in (*SUMMED, "table_id", "shift", "dealer_id")}
            db.add(RatedShiftFigures(**copy, gaming_day=first, last_seat_id=None, figured_at=utc_now()))
            db.flush()
            refresh_month(db, Slot(row.table_id, first, row.shift, row.dealer_id), utc_now())
        in_january = rows[0].gaming_day.month == 1  # then the year is this month: the slots alone
    year, month_to_date = report(app, "ytd")["floor"], report(app, "mtd")["floor"]
    assert month_to_date == (year if in_january else today)
    assert year["rated_rounds"] == 2 * today["rated_rounds"] == 12
    assert year["actual_win"] == 2 * today["actual_win"]
    assert year["rated_handle"] == 2 * today["rated_handle"]
    assert_adds_up(year)
