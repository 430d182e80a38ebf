"""Results beyond luck against the store, the job's work called as the
worker calls it: a round's luck added once to its table's and dealer's
shift and its rated players' day (the rule book's figures from the stored
rows), taken out by a void; a player, a table and a dealer whose house's
z passes −4 flagged once per window, on the round that crosses it, and
ordinary ones not."""

from __future__ import annotations

import math
from fractions import Fraction

import pytest
from sqlalchemy import select

from service.config.currency import Currency
from service.protection.luck import LUCK_UNIT, VARIANCE_UNIT, Luck
from service.protection.luck_alerts import window_luck, windows_of
from service.protection.luck_sums import WHOLE_DAY, LuckSubject, luck_round, rounds_without_luck
from service.protection.luck_writes import sum_key
from service.store.db import utc_now
from service.store.models import LuckSum, RoundRecord
from service.store.work import unit_of_work
from tests.par_sheets import default_sheet
from tests.players.conftest import ALICE, BOB
from tests.support import section14 as rule
from tests.support.app import databases, sign_in
from tests.support.card_spread import store_spread
from tests.support.luck import bounded_by_rule, by_rule, luck_alerts, run_job, seats_of
from tests.support.players import add_player, seat
from tests.support.rated_day_report import stored_rows
from tests.support.rated_figures import ready_for_values, value
from tests.support.rounds_data import enter, round_body, void_approved

pytestmark = pytest.mark.store

USD = Currency("USD", 2)


def seated(client, headers, table, club_number, number) -> int:
    response = seat(client, headers, table["id"], club_number, number)
    assert response.status_code == 201, response.json
    return response.json["id"]


def deal(client, headers, table, name, seats) -> int:
    """A round of only these seats (1 loses both, 2 wins both, 3 one each)."""
    body_seats = [each for each in round_body()["seats"] if each["seat"] in seats]
    return enter(client, headers, table, name, seats=body_seats)["id"]


def sums(app, kind: LuckSubject, subject_id: int, shift: int) -> LuckSum:
    with databases(app)() as db:
        row = db.scalars(
            select(LuckSum).where(
                LuckSum.kind == kind, LuckSum.subject_id == subject_id, LuckSum.shift == shift
            )
        ).one()
        db.expunge(row)
        return row


def shift_of(app, round_id: int) -> tuple[object, int, int]:
    with databases(app)() as db:
        record = db.get_one(RoundRecord, round_id)
        return record.gaming_day, record.shift, record.entered_by


@pytest.fixture
def players(app):
    return {ALICE: add_player(app, ALICE, "Alice Archer"), BOB: add_player(app, BOB, "Bob Baker")}


@pytest.fixture
def second_table(client, as_role):
    response = client.post("/api/v1/tables", json={"name": "BP-2"}, headers=as_role["admin"])
    assert response.status_code == 201, response.json
    return response.json


@pytest.fixture
def ready(settings):
    ready_for_values(settings)
    return store_spread(settings.instance)


def test_a_round_s_luck_is_added_once_as_the_rule_book_has_it_and_a_void_takes_it_out(
    app, settings, client, as_role, table, players, ready
):
    dealer = as_role["dealer"]
    seated(client, dealer, table, ALICE, 2)
    first = deal(client, dealer, table, "r1", (1, 2, 3))
    assert run_job(app, settings, first) == (False, 0)  # no values yet: it waits
    value(app, settings, first)
    assert run_job(app, settings, first) == (True, 0)
    assert run_job(app, settings, first) == (False, 0)  # once: a second run adds nothing
    day, shift, dealer_id = shift_of(app, first)
    luck, variance = bounded_by_rule(app, [first], ready)
    assert variance == 3 * by_rule(app, seats_of(app, [first]), ready)[1]  # three seats share the dealer
    for kind, subject in ((LuckSubject.TABLE, table["id"]), (LuckSubject.DEALER, dealer_id)):
        row = sums(app, kind, subject, shift)
        assert (row.rounds, row.seats, row.gaming_day, row.currency) == (1, 3, day, "USD")
        assert (Fraction(row.luck, LUCK_UNIT), Fraction(row.variance, VARIANCE_UNIT)) == (luck, variance)
    alice = sums(app, LuckSubject.PLAYER, players[ALICE], WHOLE_DAY)
    wanted = by_rule(app, seats_of(app, [first], [2]), ready)
    assert (alice.rounds, alice.seats) == (1, 1)
    assert (Fraction(alice.luck, LUCK_UNIT), Fraction(alice.variance, VARIANCE_UNIT)) == wanted
    void_approved(client, as_role["pit_boss"], sign_in(client, "pit_boss2"), first)
    assert run_job(app, settings, first) == (True, 0)  # taken out
    assert run_job(app, settings, first) == (False, 0)
    for kind, subject, at in (
        (LuckSubject.TABLE, table["id"], shift),
        (LuckSubject.PLAYER, players[ALICE], WHOLE_DAY),
    ):
        row = sums(app, kind, subject, at)
        assert (row.rounds, row.seats, row.luck, row.variance) == (0, 0, 0, 0)


def test_a_player_beyond_luck_is_flagged_once_a_window_and_an_ordinary_one_is_not(
    app, settings, client, as_role, table, players, ready
):
    dealer = as_role["dealer"]
    seated(client, dealer, table, ALICE, 2)  # wins both hands every round
    seated(client, dealer, table, BOB, 3)  # one each: the house ahead
    rounds = []
    for number in range(1, 21):
        rounds.append(deal(client, dealer, table, f"p{number}", (2, 3)))
        value(app, settings, rounds[-1])
        _, raised = run_job(app, settings, rounds[-1])
        luck, variance = by_rule(app, seats_of(app, rounds, [2]), ready)
        crossed = luck < 0 and luck * luck > 16 * variance  # z < −4, by the rule book's figures
        if number < 19:
            assert not crossed
            assert raised == 0
            assert luck_alerts(app) == {}
        elif number == 19:
            assert crossed
            assert raised == 2
            at_19 = (luck, variance)
        else:
            assert raised == 0  # the same windows: raised once
    day, _, _ = shift_of(app, rounds[0])
    found = luck_alerts(app)
    alice_id = players[ALICE]
    assert set(found) == {
        f"results_beyond_luck:player:{alice_id}:day:{day}:USD",
        f"results_beyond_luck:player:{alice_id}:30days:{day}:USD",
    }
    shown = found[f"results_beyond_luck:player:{alice_id}:day:{day}:USD"]
    luck, variance = at_19
    figure = Luck(int(luck * LUCK_UNIT), int(variance * VARIANCE_UNIT), 19).figure(USD)
    assert shown.figure == figure
    assert shown.figure.startswith("z = -4.")
    assert (shown.threshold, shown.player_id, shown.severity) == ("z < -4", alice_id, "warning")
    assert shown.rounds == rounds[:19]  # the rounds of the window when it was raised
    assert ALICE in shown.summary
    assert "19 rounds" in shown.summary
    assert run_job(app, settings, rounds[-1]) == (False, 0)


def test_a_table_and_a_dealer_beyond_luck_are_flagged_and_ordinary_ones_are_not(
    app, settings, client, as_role, table, second_table, players, ready
):
    dealer, other = as_role["dealer"], sign_in(client, "dealer2")
    lucky, plain = [], []
    for number in range(1, 20):
        lucky.append(deal(client, dealer, table, f"t{number}", (2,)))  # the house loses every round
        plain.append(deal(client, other, second_table, f"u{number}", (1, 2)))  # the house ahead
    value(app, settings, *lucky, *plain)
    for round_id in lucky[:-1] + plain:
        assert run_job(app, settings, round_id) == (True, 0)
    assert run_job(app, settings, lucky[-1]) == (True, 2)  # the 19th crosses −4
    day, shift, dealer_id = shift_of(app, lucky[0])
    found = luck_alerts(app)
    assert set(found) == {
        f"results_beyond_luck:table:{table['id']}:shift:{day}:{shift}:USD",
        f"results_beyond_luck:dealer:{dealer_id}:shift:{day}:{shift}:USD",
    }
    luck, variance = by_rule(app, seats_of(app, lucky), ready)
    assert luck * luck > 16 * variance
    assert luck < 0
    table_alert = found[f"results_beyond_luck:table:{table['id']}:shift:{day}:{shift}:USD"]
    dealer_alert = found[f"results_beyond_luck:dealer:{dealer_id}:shift:{day}:{shift}:USD"]
    figure = Luck(int(luck * LUCK_UNIT), int(variance * VARIANCE_UNIT), 19).figure(USD)
    assert table_alert.figure == dealer_alert.figure == figure
    assert (table_alert.table_id, dealer_alert.dealer_id) == (table["id"], dealer_id)
    assert table_alert.rounds == dealer_alert.rounds == lucky
    luck, variance = by_rule(app, seats_of(app, plain), ready)
    assert luck > 0  # the ordinary table and dealer: no alert


def test_a_round_waits_for_its_card_spread_and_the_sweep_finds_it_once_there(
    app, settings, client, as_role, table
):
    ready_for_values(settings)  # values, but no complete strategy table: no card spread yet
    round_id = deal(client, as_role["dealer"], table, "w1", (1, 2))
    value(app, settings, round_id)
    with databases(app)() as db:
        assert rounds_without_luck(db, settings.instance) == []  # its job could only wait
    assert run_job(app, settings, round_id) == (False, 0)
    store_spread(settings.instance)
    with databases(app)() as db:
        assert rounds_without_luck(db, settings.instance) == [round_id]
    assert run_job(app, settings, round_id) == (True, 0)
    with databases(app)() as db:
        assert rounds_without_luck(db, settings.instance) == []


def test_a_dealer_s_shift_shows_the_four_parts_of_the_players_results(
    app, settings, client, as_role, table, players, ready
):
    """GET /reports/dealer-shifts: the dealer's rounds' four parts (rule
    book section 14), rounded once as a slip is (the theoretical win halves
    to even, the rest apportioned to add up to the actual win), from the
    stored rows by the rule book; nothing before the luck job has run."""
    dealer = as_role["dealer"]
    rounds = [deal(client, dealer, table, f"d{n}", (1, 2, 3)) for n in range(1, 4)]
    day, shift, dealer_id = shift_of(app, rounds[0])
    path = f"/api/v1/reports/dealer-shifts?day={day}&shift={shift}"

    def results() -> list[dict[str, object]]:
        found = client.get(path, headers=as_role["pit_boss"])
        assert found.status_code == 200, found.json
        lines = [each for each in found.json["dealers"] if each["dealer_id"] == dealer_id]
        assert len(lines) <= 1
        return lines[0]["players_results"] if lines else []

    assert results() == []  # no luck added: the dealer is not in the shift's figures yet
    value(app, settings, *rounds)
    for round_id in rounds:
        assert run_job(app, settings, round_id)[0]
    sheet = rule_edges()
    exact = rule.total(stored_rows(app, seats_of(app, rounds)), sheet, ready)
    theoretical = rule.half_even(exact.theoretical)
    decisions, player, dealer_cards = rule.shared(
        exact.actual, theoretical, (exact.decisions, exact.player_cards, exact.dealer_cards)
    )
    _, variance = bounded_by_rule(app, rounds, ready)
    assert results() == [
        {
            "currency": "USD",
            "rounds": 3,
            "seats": 9,
            "actual": exact.actual,
            "theoretical": theoretical,
            "decisions": decisions,
            "player_cards": player,
            "dealer_cards": dealer_cards,
            "luck_sd": math.isqrt(math.floor(variance)),
        }
    ]
    assert theoretical + decisions + player + dealer_cards == exact.actual


def rule_edges() -> tuple[Fraction, Fraction, Fraction]:
    sheet = default_sheet()
    return sheet.main.house_edge, sheet.dealer_break_bonus.house_edge, sheet.break_bonus.house_edge


def test_the_sums_the_job_wrote_are_those_stored_and_checked(
    app, settings, client, as_role, table, players, ready
):
    dealer = as_role["dealer"]
    seated(client, dealer, table, ALICE, 2)
    rounds = [deal(client, dealer, table, f"w{number}", (1, 2, 3)) for number in range(2)]
    for round_id in rounds:
        value(app, settings, round_id)
    for count, round_id in enumerate(rounds, start=1):
        with unit_of_work(databases(app)) as db:
            changed = luck_round(db, round_id, settings.instance, utc_now())
            assert changed is not None
            windows = windows_of(changed)
            assert len(windows) == 4  # the table's and the dealer's shift, Alice's day and 30 days
            one_day = [window for window in windows if window.first == window.last]
            for window in one_day:
                key = sum_key(window.kind, window.subject_id, window.currency, window.last, window.shift)
                assert changed.kept[key] == window_luck(db, window)  # as written, as stored
                assert changed.kept[key][1] == count
            alice_day, alice_month = (window for window in windows if window.kind is LuckSubject.PLAYER)
            assert window_luck(db, alice_month) == window_luck(db, alice_day)  # one day of play
    assert run_job(app, settings, rounds[0]) == (False, 0)
