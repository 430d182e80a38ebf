"""The acceptance test of rated play (issue 42, rule book section 14): a
day at two tables and two dealers across a shift change played only
through the HTTP API, rated and unrated seats side by side, the workers'
jobs run by a real worker, then every figure of every rating slip, of
every player's figures and of every line (table, dealer, floor) of the
floor's rated-play report for each period held against the rule book's
definitions computed here from the stored rows (tests/support/section14.py,
tests/support/rated_day_report.py), not by ``service.players.rated`` nor
from the rows the report reads."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta
from fractions import Fraction
from functools import partial

import pytest
from sqlalchemy import func, select

from service.analysis.card_spread import spread_file
from service.analysis.strategy_table import table_folder
from service.engine.table_config import TableConfig
from service.ops.undone import undone
from service.store.models import RatedSeat, SeatRecord
from tests.par_sheets import default_sheet
from tests.support import section14 as rule
from tests.support.app import databases, sign_in
from tests.support.background import run_burst
from tests.support.players import add_player, seat, step
from tests.support.rated_day_play import Day, RatingLog, play_the_day
from tests.support.rated_day_report import Slot, check_report, played, stored_rows
from tests.support.rated_figures import ready_for_values
from tests.support.rounds_data import round_body

pytestmark = pytest.mark.store

COMP_RATE = 20  # %, the casino's default (section 14)
HANDS = 154_143_080  # C(53,7)


@pytest.fixture
def app(app_with_par_sheet):
    return app_with_par_sheet


def edges() -> tuple[Fraction, Fraction, Fraction]:
    sheet = default_sheet()  # the default rules' par sheet, as cached for the workers
    return sheet.main.house_edge, sheet.dealer_break_bonus.house_edge, sheet.break_bonus.house_edge


def card_spread(instance, edge: tuple[Fraction, ...]) -> rule.Spread:
    """A card spread kept beside the strategy table as its job keeps one
    (the tests never build a whole table): means exactly minus the edges,
    as the service checks, and a true covariance (positive definite)."""
    unit = HANDS * rule.N * rule.N
    sums = tuple(int(-e * HANDS * rule.N) for e in edge)
    assert all(Fraction(s, HANDS * rule.N) == -e for s, e in zip(sums, edge, strict=True))
    scale = {(0, 0): 2, (1, 1): 6, (2, 2): 100, (0, 1): 1, (0, 2): -2, (1, 2): 4}  # halves of ``unit``
    products = {pair: sums[pair[0]] * sums[pair[1]] // HANDS + unit * k // 2 for pair, k in scale.items()}
    order = ((0, 0), (1, 1), (2, 2), (0, 1), (0, 2), (1, 2))
    config = TableConfig()
    path = spread_file(table_folder(config.dealer_qualifier, instance), config.break_bonus_pays)
    document = {"hands": HANDS, "sums": list(sums), "products": [products[pair] for pair in order]}
    path.write_text(json.dumps(document))
    return rule.Spread(HANDS, sums, products)  # type: ignore[arg-type]


def drain(app, settings) -> None:
    """A real worker in bursts until every counting round is valued and in
    the shift aggregates, and every rating and every slot of rated play
    figured: the values queue the figures, an approval queues its
    ratings' and its slots'."""
    for _ in range(4):
        run_burst(settings)
        with databases(app)() as db:
            left = undone(db, settings.instance)
        if not (
            left.rounds_without_values
            or left.unfigured_ratings
            or left.unaggregated_rounds
            or left.unfigured_slots
        ):
            return
    raise AssertionError(f"the workers left {left}")


def rated_seats(app, rating_id: int) -> set[tuple[int, int]]:
    with databases(app)() as db:
        return set(
            db.execute(
                select(SeatRecord.round_id, SeatRecord.seat)
                .join(RatedSeat, RatedSeat.seat_id == SeatRecord.id)
                .where(RatedSeat.rating_id == rating_id)
            ).all()
        )


def check_figures(shown: dict, exact: rule.Exact, comps: int) -> None:
    wanted = rule.expected_figures(exact, comps)
    assert {name: shown[name] for name in wanted} == wanted
    parts = ("theoretical_win", "decisions", "player_cards", "dealer_cards")
    assert sum(shown[name] for name in parts) == shown["actual_win"]  # the exact sum, rounded
    assert shown["dealer_cards_sd"] == pytest.approx(rule.truncated_sd(exact.dealer_variance), rel=1e-15)
    assert shown["player_cards_sd"] == pytest.approx(rule.truncated_sd(exact.player_variance), rel=1e-15)
    assert shown["sd_missing"] is None


def check_slip(client, boss, day: Day, log: RatingLog, exact: rule.Exact) -> None:
    response = client.get(f"/api/v1/ratings/{log.id}/slip", headers=boss)
    assert response.status_code == 200, response.json
    slip = response.json
    end = day.clock.now if log.seated_out is None else log.seated_out
    paused = sum((resumed - at for at, resumed in log.pauses), timedelta())
    seconds = int((end - log.seated_at - paused) // timedelta(seconds=1))  # whole seconds, down
    assert (slip["club_number"], slip["table_id"], slip["seat"]) == (log.club, log.table_id, log.seat)
    assert (slip["final"], slip["up_to_date"]) == (log.seated_out is not None, True)
    assert datetime.fromisoformat(slip["seated_at"]) == log.seated_at
    assert datetime.fromisoformat(slip["as_of"]) == end
    assert slip["seconds_played"] == seconds
    assert slip["pace"] == rule.pace(exact.rounds, seconds)
    assert (slip["cash"], slip["chips_brought"], slip["chips_taken"]) == (log.cash, log.chips, log.taken)
    # chips taken away − (cash bought in + chips brought + Σ the player's nets)
    check = None if log.taken is None else log.taken - (log.cash + log.chips - exact.actual)
    assert slip["chips_check"] == check
    check_figures(slip["figures"], exact, rule.comps_of(exact.theoretical, COMP_RATE))


def in_shift(shift: int, slot: Slot) -> bool:
    return slot.shift == shift


def check_floor(app, client, headers, day: Day, edge: tuple[Fraction, ...], spread: rule.Spread) -> None:
    """The floor's rated-play report of the day, every line of every period
    against the rule book's figures of the rated seats in its slots."""
    play = played(app, day, edge, spread)
    (gaming_day,) = {slot.gaming_day for slot in play.slots}
    assert sorted({slot.shift for slot in play.slots}) == [1, 2]  # the day crosses a shift change
    assert sorted(play.dealers.values()) == ["dealer", "dealer2"]
    assert len(play.rated) == 6  # A: 1 dealer, 2 both dealers; B: 1 both dealers, 2 dealer2
    ask = partial(check_report, client, headers, play, rate=COMP_RATE)
    every, on = (lambda slot: True), f"day={gaming_day}"
    for shift in (1, 2):
        ask(f"period=shift&{on}&shift={shift}", partial(in_shift, shift))
    for kind in ("ytd", "mtd", "day"):
        floor = ask(f"period={kind}&{on}", every)["floor"]
    assert 0 < floor["rated_share"] < 1  # the unrated seats' handle is all play's too
    assert floor["parts"]["decisions"] > 0
    assert floor["rated_rounds"] == sum(len(log.counting) for log in day.ratings.values())
    table = day.tables["A"]
    ask(f"period=day&{on}&tables={table}", lambda s: s.table_id == table)
    # A later month: its year to date reads the day's month from the month's rows; its own has none.
    later = f"day={gaming_day.replace(month=gaming_day.month + 1)}"
    ask(f"period=ytd&{later}", every)
    ask(f"period=mtd&{later}", lambda slot: False)


def test_a_rated_day_through_the_api_has_every_figure_of_section_14(app, client, redis_settings):
    ready_for_values(redis_settings)
    edge = edges()
    spread = card_spread(redis_settings.instance, edge)
    for club, name in (("R1", "Ann Lee"), ("R2", "Bo Chan"), ("R3", "Cy Dunn"), ("R4", "Di Eng")):
        add_player(app, club, name)
    # Twenty minutes before the default shift change at 14:00 UTC.
    day = play_the_day(app, client, start=datetime(2026, 3, 2, 13, 40, tzinfo=UTC))
    drain(app, redis_settings)
    boss = sign_in(client, "pit_boss")

    totals: dict[str, list[rule.Exact]] = {}
    for log in day.ratings.values():
        assert rated_seats(app, log.id) == set(log.counting) | set(log.dropped), log.name
        exact = rule.total(stored_rows(app, log.counting), edge, spread)
        assert exact.rounds == len(log.counting) > 0
        check_slip(client, boss, day, log, exact)
        totals.setdefault(log.club, []).append(exact)
    assert day.ratings["ann1"].counting != day.ratings["ann2"].counting  # two seats, each its own
    with databases(app)() as db:  # the unrated seats (before a seat-in, at seat B1) rated by none
        every = db.scalar(select(func.count(RatedSeat.seat_id)))
    assert every == sum(len(set(log.counting) | set(log.dropped)) for log in day.ratings.values())
    assert any(
        rule.total(stored_rows(app, log.counting), edge, spread).decisions for log in day.ratings.values()
    )

    for club, each in totals.items():
        summed = sum(each, rule.Exact())
        comps = sum(rule.comps_of(exact.theoretical, COMP_RATE) for exact in each)  # each rating earns
        for period in ("day", "30d", "lifetime"):
            response = client.get(f"/api/v1/players/{club}/figures?period={period}", headers=boss)
            assert response.status_code == 200, response.json
            assert response.json["ratings"] == len(each)
            check_figures(response.json["figures"], summed, comps)
    # Not the sum of the ratings' rounded figures but the rounding of the sum.
    assert len(totals["R1"]) == 2
    check_floor(app, client, boss, day, edge, spread)


def test_a_player_is_never_rated_at_two_tables_and_a_paused_seat_takes_no_round(app, client):
    add_player(app, "R1")
    dealer, admin = sign_in(client, "dealer"), sign_in(client, "admin")
    first, second = (client.post("/api/v1/tables", json={"name": n}, headers=admin).json for n in ("A", "B"))
    rating = seat(client, dealer, first["id"], "R1", 1).json["id"]
    assert seat(client, dealer, first["id"], "R1", 2).status_code == 201  # a second seat at one table
    elsewhere = seat(client, dealer, second["id"], "R1", 1)
    assert (elsewhere.status_code, elsewhere.json["field"]) == (409, "club_number")
    assert step(client, dealer, rating, "pauses").status_code in (200, 201)
    refused = client.post(
        f"/api/v1/tables/{first['id']}/rounds",
        json=round_body("p1"),
        headers={**dealer, "Idempotency-Key": "p1"},
    )
    assert refused.status_code == 409, refused.json
    assert "paused" in refused.json["message"]
