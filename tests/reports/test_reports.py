"""Reports against hand-made rounds: every figure known from the cards.

Two tables, two dealers, rounds across shifts, gaming days, a month and a year
boundary; a void removed from the totals once approved; a correction counted
in place of its round; two configuration versions weighted in the theory; a
period where the house loses heavily on large Main Bets flagged, and a normal
one not; investigation notes; validation."""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass, replace
from datetime import UTC, date, datetime
from fractions import Fraction
from statistics import NormalDist

import pytest
from sqlalchemy import func, select

from service.analysis.cache import store_par_sheet
from service.analysis.par_sheet import ParSheet
from service.analysis.single_hand import break_bonus_math
from service.reports.periods import floor_scope, table_scope
from service.reports.table_reports import report
from service.review.decisions import decide
from service.review.exceptions import request_correction, request_void
from service.rounds.aggregates import BETS, aggregate_round, out_of_step
from service.rounds.entering import enter_round
from service.store.db import unit_of_work, utc_now
from service.store.models import AuditEvent, GameTable, OutboxEntry, RoundException, RoundRecord, User
from service.tables.gaming_day import place
from service.tables.tables import change_config, config_of, create_table
from tests.par_sheets import default_sheet
from tests.support.app import sessions
from tests.support.background import check_aggregates, run_burst
from tests.support.rounds_data import DEALER, SEATS, round_body

pytestmark = pytest.mark.store

MAIN, DBB, BB = BETS
# Version 2 of table A pays 4 to 1 (not 5) on a Lucky Break with Trips.
V2_PAYS = {
    "five_aces": 1000,
    "four_of_a_kind": 40,
    "two_trips": 40,
    "lucky_break_trips": 4,
    "lucky_break_straight": 1,
}


def sheet_for(config) -> ParSheet:
    """The exact sheet of a configuration that differs from the default only
    in the Break Bonus pay table (the Main Bet and Dealer Break Bonus depend
    only on the qualifier): computing the pair loop again would take seconds."""
    return replace(default_sheet(), config=config, break_bonus=break_bonus_math(config.break_bonus_pays))


@pytest.fixture
def app(app_with_par_sheet):
    """The API with Redis (for the burst worker) and the default par sheet."""
    return app_with_par_sheet


# --- the rounds and what each one does, worked out by hand -------------------


def seat(number, cards, main, dbb=0, bb=0, setting="house_way"):
    return {
        "seat": number,
        "cards": cards,
        "setting": setting,
        "bets": {"main": main, "dealer_break_bonus": dbb, "break_bonus": bb},
    }


LUCKY_DEALER = ["8s", "8d", "9c", "Th", "Jd", "3c", "2h"]  # 8-8 / 9-T-J: a Lucky Break
LOW_DEALER = ["Qd", "Jh", "9s", "8c", "6d", "5h", "3s"]  # J-9 / Q-8-6: does not qualify


def base(round_id):
    # Against A-9 / Q-Q-7: seat 1 loses, seat 2 wins, seat 3 pushes the Main
    # Bet; everyone loses both side bets (no Lucky Break anywhere).
    return round_body(round_id)


def lucky(round_id):
    return {
        "round_id": round_id,
        "dealer": LUCKY_DEALER,
        "seats": [
            # K-T / A-8-6, no Lucky Break: loses the Main Bet to the dealer's
            # Lucky Break, wins the Dealer Break Bonus 1:1, loses the Break Bonus.
            seat(1, ["Ah", "Kd", "Td", "8c", "6h", "4d", "2c"], 2000, 500, 100),
            # 5-5 / 7-7-7, a Lucky Break with Trips: Main pushes (low lost,
            # high won), Dealer Break Bonus 4:1, Break Bonus 5:1 (v1) or 4:1 (v2).
            seat(2, ["7h", "7d", "7s", "5c", "5d", "Kc", "4s"], 1000, 200, 300),
        ],
    }


def foul(round_id):
    return {
        "round_id": round_id,
        "dealer": DEALER,
        "seats": [
            # Set A-K low over T-8-6 high: a foul, reset by the house way, loses.
            seat(1, SEATS[1], 1000, setting={"low": ["Ah", "Kd"], "high": ["Td", "8c", "6h"]}),
            seat(4, SEATS[2], 3000, 100),  # wins the Main Bet, loses the side bet
        ],
    }


def no_qualifier(round_id):
    # The dealer does not qualify: the Main Bet pushes; both side bets lose.
    return {
        "round_id": round_id,
        "dealer": LOW_DEALER,
        "seats": [seat(1, ["Ac", "Kc", "Tc", "8d", "6c", "4c", "2d"], 1000, 100, 100)],
    }


def big(round_id):
    # 8-8 / K-K-A beats A-9 / Q-Q-7: the house pays the table maximum.
    return {"round_id": round_id, "dealer": DEALER, "seats": [seat(2, SEATS[2], 100_000)]}


def corrected_base(round_id):
    body = base(round_id)
    body["seats"][1]["bets"]["main"] = 5000  # seat 2 (a winner) really bet 5,000
    return body


@dataclass(frozen=True)
class Fig:
    """A round's figures by hand: each bet's stakes (seats that placed it)
    and the house's win on it."""

    seats: int
    stakes: dict[str, tuple[int, ...]]
    wins: dict[str, int]
    fouls: int = 0
    player_lucky_breaks: int = 0
    dealer_lucky_breaks: int = 0
    dealer_non_qualifications: int = 0
    sheet: str = "v1"  # the par sheet of the version it was settled under


BASE = Fig(3, {MAIN: (1000,) * 3, DBB: (500,) * 3, BB: (100,) * 3}, {MAIN: 0, DBB: 1500, BB: 300})
LUCKY = Fig(
    2,
    {MAIN: (2000, 1000), DBB: (500, 200), BB: (100, 300)},
    {MAIN: 2000, DBB: -500 - 800, BB: 100 - 1500},
    player_lucky_breaks=1,
    dealer_lucky_breaks=1,
)
LUCKY_V2 = replace(LUCKY, wins={MAIN: 2000, DBB: -1300, BB: 100 - 1200}, sheet="v2")
FOUL = Fig(2, {MAIN: (1000, 3000), DBB: (100,), BB: ()}, {MAIN: 1000 - 3000, DBB: 100, BB: 0}, fouls=1)
NO_QUALIFIER = Fig(
    1, {MAIN: (1000,), DBB: (100,), BB: (100,)}, {MAIN: 0, DBB: 100, BB: 100}, dealer_non_qualifications=1
)
BIG = Fig(1, {MAIN: (100_000,), DBB: (), BB: ()}, {MAIN: -100_000, DBB: 0, BB: 0})
CORRECTED_BASE = replace(
    BASE, stakes={**BASE.stakes, MAIN: (1000, 5000, 1000)}, wins={**BASE.wins, MAIN: -4000}
)


def at(text: str) -> datetime:
    return datetime.fromisoformat(text).replace(tzinfo=UTC)


# name: (table, dealer, entered at (UTC), body, figures)
ROUNDS = {
    # The last gaming day of November: one second before 06:00 on 1 December.
    "a0": ("A", "dealer", at("2026-12-01T05:59:59"), base, BASE),
    "a1": ("A", "dealer", at("2026-12-01T06:00:00"), base, BASE),
    "a2": ("A", "dealer", at("2026-12-01T08:00:00"), foul, FOUL),
    "a3": ("A", "dealer2", at("2026-12-01T15:00:00"), lucky, LUCKY),
    "a4": ("A", "dealer", at("2026-12-01T09:00:00"), base, BASE),  # voided
    "a6": ("A", "dealer", at("2026-06-15T12:00:00"), no_qualifier, NO_QUALIFIER),
    "a7": ("A", "dealer", at("2026-01-01T05:00:00"), base, BASE),  # gaming day 2025-12-31
    "b1": ("B", "dealer2", at("2026-12-01T07:00:00"), base, BASE),  # corrected
    "b22": ("B", "dealer2", at("2026-12-03T07:00:00"), base, BASE),
    **{f"b{n}": ("B", "dealer", at(f"2026-12-03T18:{n:02d}:00"), big, BIG) for n in range(2, 22)},
}
V2_ROUNDS = {"a5": ("A", "dealer2", at("2026-12-02T10:00:00"), lucky, LUCKY_V2)}
BIG_ROUNDS = [f"b{n}" for n in range(2, 22)]


@dataclass
class Floor:
    tables: dict[str, int]
    rounds: dict[str, int]  # name: round record id
    figs: dict[str, Fig]
    sheets: dict[str, ParSheet]
    void: int  # the exception id of a4's void, not yet decided


def user(session, name):
    return session.scalar(select(User).where(User.name == name))


def build_floor(app) -> Floor:
    """Tables A (three shifts) and B (two: 06:00 and 18:00), every round
    entered at its own time; a5 after A's change to version 2."""
    instance = app.extensions["breakpoker"]["settings"].instance
    rounds: dict[str, int] = {}
    with unit_of_work(sessions(app)) as session:
        admin = user(session, "admin")
        tables = {
            "A": create_table(session, admin, "BP-A"),
            "B": create_table(session, admin, "BP-B", shift_starts=["06:00", "18:00"]),
        }

        def enter(batch):
            for name, (table, dealer, when, body, _) in batch.items():
                entered = enter_round(
                    session, tables[table], user(session, dealer), body(name), name, when, sessionless=True
                )
                rounds[name] = entered.record.id

        enter(ROUNDS)
        version = change_config(session, tables["A"], admin, {"break_bonus_pays": V2_PAYS})
        v2 = sheet_for(config_of(version))
        store_par_sheet(v2, instance)  # as its background job would
        enter(V2_ROUNDS)
        ids = {key: table.id for key, table in tables.items()}

    with unit_of_work(sessions(app)) as session:
        boss, second = user(session, "pit_boss"), user(session, "pit_boss2")
        # b1 corrected and approved before anything was counted; a2 has a
        # void request still pending; a4's void is requested, decided later.
        b1 = session.get(RoundRecord, rounds["b1"])
        correction = request_correction(
            session, b1, boss, "seat 2 bet 5,000", corrected_base("b1"), utc_now()
        )
        decide(session, correction, second, True, "", utc_now())
        request_void(session, session.get(RoundRecord, rounds["a2"]), boss, "misdeal?", utc_now())
        void = request_void(session, session.get(RoundRecord, rounds["a4"]), boss, "misdeal", utc_now())
        void_id = void.id
    figs = {name: entry[4] for name, entry in {**ROUNDS, **V2_ROUNDS}.items()}
    figs["b1"] = CORRECTED_BASE
    return Floor(ids, rounds, figs, {"v1": default_sheet(), "v2": v2}, void_id)


def check_stored_nets(app, floor: Floor) -> None:
    """The hand-worked figures are what the engine settled and stored."""
    with sessions(app)() as session:
        for name, record_id in floor.rounds.items():
            record = session.get(RoundRecord, record_id)
            if name == "b1":
                record = session.scalar(select(RoundRecord).where(RoundRecord.supersedes_id == record_id))
            fig = floor.figs[name]
            stakes = {bet: tuple(getattr(s, f"{bet}_stake") for s in record.seats) for bet in BETS}
            for bet in BETS:
                assert tuple(stake for stake in stakes[bet] if stake) == fig.stakes[bet], (name, bet)
                house = -sum(seat_json[bet]["net"] for seat_json in record.settlement["seats"])
                assert house == fig.wins[bet], (name, bet)
            assert sum(seat_json["fouled"] for seat_json in record.settlement["seats"]) == fig.fouls
            assert record.settlement["dealer"]["qualifies"] is not bool(fig.dealer_non_qualifications)


def count_directly(app) -> None:
    """What the aggregate job does, without a worker."""
    with sessions(app)() as session:
        ids = list(session.scalars(select(RoundRecord.id).where(out_of_step())))
    for round_id in ids:
        with unit_of_work(sessions(app)) as session:
            aggregate_round(session, round_id)


# --- what the report must say, from the figures ------------------------------


def expected(floor: Floor, names: Iterable[str], confidence: float = 0.95) -> dict:
    figs = [floor.figs[name] for name in names]
    bets = {}
    for bet in BETS:
        handle = sum(sum(fig.stakes[bet]) for fig in figs)
        win = sum(fig.wins[bet] for fig in figs)
        # The theory by hand: edge × handle and variance × Σ stake², per version.
        theory = sum(
            (floor.sheets[fig.sheet].bets[bet].house_edge * sum(fig.stakes[bet]) for fig in figs), Fraction(0)
        )
        variance = sum(
            float(floor.sheets[fig.sheet].bets[bet].variance) * sum(s * s for s in fig.stakes[bet])
            for fig in figs
        )
        spread = NormalDist().inv_cdf(0.5 + confidence / 2) * math.sqrt(variance)
        low, high = float(theory) - spread, float(theory) + spread
        bets[bet] = {
            "bets": sum(len(fig.stakes[bet]) for fig in figs),
            "handle": handle,
            "win": win,
            "hold": None if handle == 0 else win / handle,
            "theoretical_win": math.floor(theory + Fraction(1, 2)),  # every theory here is positive
            "theoretical_hold": None if handle == 0 else float(theory / handle),
            "win_interval": {"low": math.ceil(low), "high": math.floor(high)},
            "variance_flag": handle > 0 and not low <= win <= high,
        }
    handle = sum(line["handle"] for line in bets.values())
    win = sum(line["win"] for line in bets.values())
    return {
        "rounds": len(figs),
        "seats": sum(fig.seats for fig in figs),
        "fouls": sum(fig.fouls for fig in figs),
        "player_lucky_breaks": sum(fig.player_lucky_breaks for fig in figs),
        "dealer_lucky_breaks": sum(fig.dealer_lucky_breaks for fig in figs),
        "dealer_non_qualifications": sum(fig.dealer_non_qualifications for fig in figs),
        "bets": bets,
        "totals": {"handle": handle, "win": win, "hold": None if handle == 0 else win / handle},
    }


def figures(got: dict) -> dict:
    """The parts of a report that ``expected`` works out."""
    keys = (
        "bets",
        "handle",
        "win",
        "hold",
        "theoretical_win",
        "theoretical_hold",
        "win_interval",
        "variance_flag",
    )
    return {
        **{name: got[name] for name in ("rounds", "seats", "fouls", "player_lucky_breaks")},
        **{name: got[name] for name in ("dealer_lucky_breaks", "dealer_non_qualifications")},
        "bets": {bet: {key: got["bets"][bet][key] for key in keys} for bet in BETS},
        "totals": {key: got["totals"][key] for key in ("handle", "win", "hold")},
    }


def dealer_figures(floor: Floor, names: Iterable[str], **exceptions: int) -> dict:
    figs = [floor.figs[name] for name in names]
    return {
        "rounds": len(figs),
        "seats": sum(fig.seats for fig in figs),
        "fouls": sum(fig.fouls for fig in figs),
        "bets": {
            bet: {
                "bets": sum(len(fig.stakes[bet]) for fig in figs),
                "handle": sum(sum(fig.stakes[bet]) for fig in figs),
                "win": sum(fig.wins[bet] for fig in figs),
                "hold": (
                    None
                    if not sum(sum(fig.stakes[bet]) for fig in figs)
                    else sum(fig.wins[bet] for fig in figs) / sum(sum(fig.stakes[bet]) for fig in figs)
                ),
            }
            for bet in BETS
        },
        "handle": sum(sum(sum(fig.stakes[bet]) for fig in figs) for bet in BETS),
        "win": sum(sum(fig.wins[bet] for fig in figs) for bet in BETS),
        **{
            name: exceptions.get(name, 0)
            for name in ("voids", "corrections", "pending_voids", "pending_corrections")
        },
    }


def dealers_of(got: dict) -> dict:
    """The dealers by name, without their ids."""
    return {
        dealer["name"]: {key: value for key, value in dealer.items() if key not in ("name", "dealer_id")}
        for dealer in got["dealers"]
    }


def get(client, headers, url, status=200):
    response = client.get(f"/api/v1{url}", headers=headers)
    assert response.status_code == status, response.json
    return response.json


# --- the tests ---------------------------------------------------------------


def test_report_arithmetic_against_hand_made_rounds(app, client, as_role, redis_settings):
    floor = build_floor(app)
    check_stored_nets(app, floor)
    a, b = floor.tables["A"], floor.tables["B"]
    boss = as_role["pit_boss"]

    # Nothing counted yet: the figures are empty and say they lag.
    before = get(client, boss, f"/reports/tables/{a}?period=day&day=2026-12-01")
    assert before["rounds"] == 0
    assert before["pending_rounds"] == 4  # a1, a2, a3, a4
    assert "lag by 4 rounds" in before["lag"]

    run_burst(redis_settings)  # a real worker counts every round once
    with sessions(app)() as session:
        check_aggregates(session)

    day = get(client, boss, f"/reports/tables/{a}?period=day&day=2026-12-01")
    assert day["pending_rounds"] == 0
    assert figures(day) == expected(floor, ["a1", "a2", "a3", "a4"])

    # a4's void approved by a second pit boss: the figures lag by that round
    # until the job takes it out, then it is gone from every total.
    with unit_of_work(sessions(app)) as session:
        decide(
            session, session.get(RoundException, floor.void), user(session, "pit_boss2"), True, "", utc_now()
        )
    lagging = get(client, boss, f"/reports/tables/{a}?period=day&day=2026-12-01")
    assert lagging["pending_rounds"] == 1
    assert figures(lagging) == expected(floor, ["a1", "a2", "a3", "a4"])
    run_burst(redis_settings)

    day = get(client, boss, f"/reports/tables/{a}?period=day&day=2026-12-01")
    assert day["pending_rounds"] == 0
    assert day["theoretical_pending"] is False
    assert figures(day) == expected(floor, ["a1", "a2", "a3"])
    # Worked out in full once: main 1000+1000+1000 + 1000+3000 + 2000+1000.
    assert day["bets"]["main"]["note"] is None
    assert (day["bets"]["main"]["handle"], day["bets"]["main"]["win"]) == (10_000, 0)
    assert (day["bets"]["dealer_break_bonus"]["handle"], day["bets"]["dealer_break_bonus"]["win"]) == (
        2300,
        300,
    )
    assert (day["bets"]["break_bonus"]["handle"], day["bets"]["break_bonus"]["win"]) == (700, -1100)
    assert day["bets"]["break_bonus"]["hold"] == -1100 / 700
    assert day["totals"] == {
        "handle": 13_000,
        "win": -800,
        "hold": -800 / 13_000,
        "theoretical_win": sum(day["bets"][bet]["theoretical_win"] for bet in BETS),
        "theoretical_hold": float(
            sum(default_sheet().bets[bet].house_edge * day["bets"][bet]["handle"] for bet in BETS) / 13_000
        ),
    }
    assert (day["fouls"], day["player_lucky_breaks"], day["dealer_lucky_breaks"]) == (1, 1, 1)
    # One configuration version: the theoretical hold is the par sheet's edge.
    for bet in BETS:
        assert day["bets"][bet]["theoretical_hold"] == float(default_sheet().bets[bet].house_edge)
    assert dealers_of(day) == {
        "dealer": dealer_figures(floor, ["a1", "a2"], voids=1, pending_voids=1),
        "dealer2": dealer_figures(floor, ["a3"]),
    }

    # By shift: 06:00-14:00 is shift 1, 14:00-22:00 shift 2.
    shift1 = get(client, boss, f"/reports/tables/{a}?period=shift&day=2026-12-01&shift=1")
    assert figures(shift1) == expected(floor, ["a1", "a2"])
    assert shift1["period_key"] == "2026-12-01/1"
    shift2 = get(client, boss, f"/reports/tables/{a}?period=shift&day=2026-12-01&shift=2")
    assert figures(shift2) == expected(floor, ["a3"])
    assert get(client, boss, f"/reports/tables/{a}?period=shift&day=2026-12-01&shift=3")["rounds"] == 0

    # Month to date from 1 December: a0 (05:59:59 on the 1st) belongs to the
    # last gaming day of November, and a5 was played under version 2.
    mtd = get(client, boss, f"/reports/tables/{a}?period=mtd&day=2026-12-02")
    assert (mtd["first_day"], mtd["last_day"], mtd["period_key"]) == ("2026-12-01", "2026-12-02", "2026-12")
    assert figures(mtd) == expected(floor, ["a1", "a2", "a3", "a5"])
    # Mixed versions: the Break Bonus theory weighs each version's edge by its handle.
    v1, v2 = (floor.sheets[v].bets[BB].house_edge for v in ("v1", "v2"))
    assert v1 != v2
    assert mtd["bets"][BB]["theoretical_hold"] == float((v1 * (300 + 400) + v2 * 400) / 1100)
    november = get(client, boss, f"/reports/tables/{a}?period=mtd&day=2026-11-30")
    assert figures(november) == expected(floor, ["a0"])
    assert get(client, boss, f"/reports/tables/{a}?period=day&day=2026-11-30")["rounds"] == 1

    # Year to date: from 1 January (a7 at 05:00 on 1 January is 2025's).
    ytd = get(client, boss, f"/reports/tables/{a}?period=ytd&day=2026-12-02")
    assert ytd["first_day"] == "2026-01-01"
    assert figures(ytd) == expected(floor, ["a0", "a1", "a2", "a3", "a5", "a6"])
    assert ytd["dealer_non_qualifications"] == 1
    last_year = get(client, boss, f"/reports/tables/{a}?period=ytd&day=2025-12-31")
    assert figures(last_year) == expected(floor, ["a7"])

    # Table B's day: b1 counts as corrected; the corrected round's dealer has it.
    b_day = get(client, boss, f"/reports/tables/{b}?period=day&day=2026-12-01")
    assert figures(b_day) == expected(floor, ["b1"])
    assert dealers_of(b_day) == {"dealer2": dealer_figures(floor, ["b1"], corrections=1)}

    # The floor: both tables, or the ones asked for.
    floor_day = get(client, boss, "/reports/floor?period=day&day=2026-12-01")
    assert figures(floor_day) == expected(floor, ["a1", "a2", "a3", "b1"])
    assert floor_day["scope"]["kind"] == "floor"
    assert floor_day["scope"]["every_table"] is True
    assert dealers_of(floor_day) == {
        "dealer": dealer_figures(floor, ["a1", "a2"], voids=1, pending_voids=1),
        "dealer2": dealer_figures(floor, ["a3", "b1"], corrections=1),
    }
    only_b = get(client, boss, f"/reports/floor?period=day&day=2026-12-01&tables={b}")
    assert figures(only_b) == expected(floor, ["b1"])
    floor_mtd = get(client, as_role["compliance"], "/reports/floor?period=mtd&day=2026-12-03")
    assert figures(floor_mtd) == expected(floor, ["a1", "a2", "a3", "a5", "b1", "b22", *BIG_ROUNDS])
    floor_shift1 = get(client, boss, "/reports/floor?period=shift&day=2026-12-01&shift=1")
    assert figures(floor_shift1) == expected(floor, ["a1", "a2", "b1"])

    # The dealers on their own, for the floor or one table.
    dealers = get(client, as_role["admin"], "/reports/dealers?period=day&day=2026-12-01")
    assert dealers_of(dealers) == dealers_of(floor_day)
    one = get(client, boss, f"/reports/dealers?period=shift&day=2026-12-01&shift=2&table={a}")
    assert dealers_of(one) == {"dealer2": dealer_figures(floor, ["a3"])}

    # The service answers the same as the API.
    with sessions(app)() as session:
        direct = report(
            session,
            redis_settings.instance,
            floor_scope(session),
            "day",
            date(2026, 12, 1),
            None,
            now=at("2026-12-05T00:00:00"),
        )
    assert figures(direct) == figures(floor_day)
    assert direct["dealers"] == floor_day["dealers"]


def test_variance_flagged_when_the_house_loses_heavily_and_noted(app, client, as_role):
    floor = build_floor(app)
    count_directly(app)
    b = floor.tables["B"]
    boss = as_role["pit_boss"]

    # Twenty players win 100,000 each on the Main Bet in B's evening shift.
    heavy = get(client, boss, f"/reports/tables/{b}?period=shift&day=2026-12-03&shift=2")
    assert figures(heavy) == expected(floor, BIG_ROUNDS)
    main = heavy["bets"][MAIN]
    # By hand: edge 0.0157291... × 2,000,000 = 31,458.24; sd 0.829323 × √(20 × 100,000²)
    # = 370,884.5; ± 1.959964 sd = [-695,462.1, 758,378.6]: the house lost 2,000,000.
    assert (main["handle"], main["win"], main["theoretical_win"]) == (2_000_000, -2_000_000, 31_458)
    assert main["win_interval"] == {"low": -695_462, "high": 758_378}
    assert main["theoretical_win_sd"] == pytest.approx(370_884.54, abs=0.01)
    assert main["hold_interval"]["low"] == pytest.approx(-0.347731, abs=1e-6)
    assert main["variance_flag"] is True
    assert heavy["bets"][DBB]["variance_flag"] is False  # no bets: nothing to flag
    assert heavy["bets"][DBB]["hold"] is None

    # The morning shift was ordinary: all inside their intervals.
    normal = get(client, boss, f"/reports/tables/{b}?period=shift&day=2026-12-03&shift=1")
    assert figures(normal) == expected(floor, ["b22"])
    assert [normal["bets"][bet]["win_interval"] for bet in BETS] == [
        {"low": -2768, "high": 2862},
        {"low": -2598, "high": 2769},
        {"low": -1280, "high": 1315},
    ]
    assert not any(normal["bets"][bet]["variance_flag"] for bet in BETS)

    # A wider interval (99.99 %) still flags the heavy loss; a narrow one
    # (60 %) flags the ordinary shift's side bets, which the house all won.
    assert get(client, boss, f"/reports/tables/{b}?period=shift&day=2026-12-03&shift=2&confidence=0.9999")[
        "bets"
    ][MAIN]["variance_flag"]
    narrow = get(client, boss, f"/reports/tables/{b}?period=shift&day=2026-12-03&shift=1&confidence=0.6")
    assert narrow["bets"][DBB]["variance_flag"] is True
    assert narrow["z"] == pytest.approx(0.841621, abs=1e-6)

    # An investigation note on the flagged line; a later one replaces it.
    body = {"table_id": b, "period": "shift", "day": "2026-12-03", "shift": 2, "bet": "main"}
    first = client.post(
        "/api/v1/reports/variance-notes", json={**body, "note": "Surveillance reviewing."}, headers=boss
    )
    assert first.status_code == 201, first.json
    assert first.json["period_key"] == "2026-12-03/2"
    assert first.json["written_by"] == "pit_boss"
    second = client.post(
        "/api/v1/reports/variance-notes",
        json={**body, "note": "Reviewed: 20 straight winners at seat 2,\nno irregularity."},
        headers=as_role["admin"],
    )
    assert second.status_code == 201
    noted = get(client, as_role["compliance"], f"/reports/tables/{b}?period=shift&day=2026-12-03&shift=2")
    note = noted["bets"][MAIN]["note"]
    assert note["note"] == "Reviewed: 20 straight winners at seat 2,\nno irregularity."
    assert (note["written_by"], note["earlier_notes"], note["id"]) == ("admin", 1, second.json["id"])
    assert noted["bets"][DBB]["note"] is None
    # Notes belong to their scope and period: not the day, not the floor.
    assert get(client, boss, f"/reports/tables/{b}?period=day&day=2026-12-03")["bets"][MAIN]["note"] is None
    assert (
        get(client, boss, "/reports/floor?period=shift&day=2026-12-03&shift=2")["bets"][MAIN]["note"] is None
    )
    # A floor note, for the month.
    month = {"period": "mtd", "day": "2026-12-03", "bet": "main", "note": "Month under review."}
    assert client.post("/api/v1/reports/variance-notes", json=month, headers=boss).status_code == 201
    floor_month = get(client, boss, "/reports/floor?period=mtd&day=2026-12-03")
    assert floor_month["bets"][MAIN]["variance_flag"] is True
    assert floor_month["bets"][MAIN]["note"]["note"] == "Month under review."
    assert (
        get(client, boss, "/reports/floor?period=mtd&day=2026-12-31")["bets"][MAIN]["note"]["table_id"]
        is None
    )
    # A floor note is about every table: a report on some of them does not show it.
    some = get(client, boss, f"/reports/floor?period=mtd&day=2026-12-03&tables={b}")
    assert some["bets"][MAIN]["note"] is None
    with sessions(app)() as session:
        events = session.scalars(select(AuditEvent).where(AuditEvent.kind == "variance_noted")).all()
        assert [event.subject for event in events] == [f"table:{b}", f"table:{b}", "floor"]
        assert events[0].payload["period_key"] == "2026-12-03/2"


def test_theory_is_pending_while_a_par_sheet_is_computed(app, client, as_role):
    # An ace-high qualifier: rules whose par sheet nobody has computed yet.
    with unit_of_work(sessions(app)) as session:
        table = create_table(session, user(session, "admin"), "BP-ACE", {"dealer_qualifier": "A-3-2"})
        enter_round(session, table, user(session, "dealer"), base("r1"), "r1", utc_now(), sessionless=True)
        table_id = table.id
    count_directly(app)
    with sessions(app)() as session:
        jobs = session.scalar(select(func.count()).select_from(OutboxEntry))
    got = get(client, as_role["pit_boss"], f"/reports/tables/{table_id}")
    assert got["theoretical_pending"] is True
    assert got["theoretical_pending_versions"] == [{"table_id": table_id, "version": 1}]
    assert got["rounds"] == 1
    assert got["bets"][MAIN]["handle"] == 3000
    for bet in BETS:
        line = got["bets"][bet]
        assert line["theoretical_win"] is line["theoretical_hold"] is line["variance_flag"] is None
    assert got["totals"]["theoretical_win"] is None
    with sessions(app)() as session:  # nothing queued: the version's own job computes it
        assert session.scalar(select(func.count()).select_from(OutboxEntry)) == jobs


def test_the_day_defaults_to_the_current_gaming_day(app, client, as_role):
    with unit_of_work(sessions(app)) as session:
        admin = user(session, "admin")
        tokyo = create_table(session, admin, "BP-T", timezone="Asia/Tokyo").id
        create_table(session, admin, "BP-L", timezone="America/Los_Angeles")
    got = get(client, as_role["pit_boss"], f"/reports/tables/{tokyo}")
    assert got["day"] == place(utc_now(), "Asia/Tokyo").gaming_day.isoformat()
    assert got["period"] == "day"
    assert got["confidence"] == 0.95
    assert "BP-T" in got["day_chosen"]
    floor_report = get(client, as_role["pit_boss"], "/reports/floor")
    assert floor_report["day"] == got["day"]
    assert "first table" in floor_report["day_chosen"]
    assert (
        get(client, as_role["pit_boss"], f"/reports/tables/{tokyo}?day=2026-12-01")["day_chosen"] == "given"
    )
    with sessions(app)() as session:
        empty = report(
            session,
            app.extensions["breakpoker"]["settings"].instance,
            table_scope(session, tokyo),
            "day",
            None,
            None,
        )
    assert empty["bets"][MAIN]["hold"] is None
    assert empty["bets"][MAIN]["variance_flag"] is False
    assert empty["totals"]["hold"] is None


@pytest.mark.parametrize(
    ("query", "status", "field"),
    [
        ("period=week", 422, "period"),
        ("period=shift", 422, "shift"),
        ("period=shift&shift=0", 422, "shift"),
        ("period=shift&shift=7", 422, "shift"),
        ("period=day&shift=1", 422, "shift"),
        ("confidence=0.5", 422, "confidence"),
        ("confidence=1", 422, "confidence"),
        ("confidence=nan", 422, "confidence"),
        ("confidence=high", 422, "confidence"),
        ("day=2026-13-01", 422, "day"),
        ("day=yesterday", 422, "day"),
        ("colour=red", 422, "colour"),
        ("period=day&period=mtd", 422, "period"),
    ],
)
def test_report_queries_are_checked(client, as_role, table, query, status, field):
    response = client.get(f"/api/v1/reports/tables/{table['id']}?{query}", headers=as_role["pit_boss"])
    assert response.status_code == status, response.json
    assert response.json["field"] == field
    assert field in response.json["message"]


def test_floor_and_dealer_queries_are_checked(app, client, as_role, table):
    boss = as_role["pit_boss"]
    with unit_of_work(sessions(app)) as session:
        two = create_table(session, user(session, "admin"), "BP-2", shift_starts=["06:00", "18:00"]).id
    # Any shift a schedule can have (1 to 6) may be asked for, even at a table
    # that has fewer now: its stored rounds keep an older schedule's shifts.
    assert get(client, boss, "/reports/floor?period=shift&shift=3")["shift"] == 3
    assert get(client, boss, f"/reports/tables/{two}?period=shift&shift=3")["rounds"] == 0
    assert get(client, boss, "/reports/floor?period=shift&shift=7", 422)["field"] == "shift"
    for bad in ("1,x", "", "1,,2", "-1", "99999999999"):
        assert get(client, boss, f"/reports/floor?tables={bad}", 422)["field"] == "tables"
    assert "999" in get(client, boss, "/reports/floor?tables=1,999", 422)["message"]
    assert get(client, boss, f"/reports/floor?tables={two},{table['id']},{two}")["scope"]["tables"] == [
        {"id": table["id"], "name": "BP-1"},
        {"id": two, "name": "BP-2"},
    ]
    assert get(client, boss, "/reports/tables/999", 404)["code"] == "table_not_found"
    assert get(client, boss, "/reports/dealers?table=999", 404)["field"] == "table"
    assert get(client, boss, "/reports/dealers?confidence=0.9", 422)["field"] == "confidence"
    assert get(client, boss, "/reports/dealers?period=ytd&day=2026-12-01")["first_day"] == "2026-01-01"


@pytest.mark.parametrize(
    ("change", "status", "field"),
    [
        ({"note": ""}, 422, "note"),
        ({"note": "   "}, 422, "note"),
        ({"note": "x" * 2001}, 422, "note"),
        ({"note": "bad\x00byte"}, 422, "note"),
        ({"bet": "total"}, 422, "bet"),
        ({"period": "week"}, 422, "period"),
        ({"period": "shift"}, 422, "shift"),
        ({"period": "shift", "shift": 7}, 422, "shift"),
        ({"shift": 1}, 422, "shift"),
        ({"day": None}, 422, "day"),
        ({"table_id": 999}, 404, "table_id"),
        ({"colour": "red"}, 422, "colour"),
    ],
)
def test_variance_notes_are_checked(client, as_role, table, change, status, field):
    body = {"table_id": table["id"], "period": "day", "day": "2026-12-01", "bet": "main", "note": "ok"}
    body.update(change)
    body = {key: value for key, value in body.items() if value is not None}
    response = client.post("/api/v1/reports/variance-notes", json=body, headers=as_role["pit_boss"])
    assert response.status_code == status, response.json
    assert response.json["field"] == field


def test_a_note_of_2000_characters_is_kept_whole(client, as_role, table):
    text = "n" * 2000
    body = {"table_id": table["id"], "period": "ytd", "day": "2026-12-01", "bet": "break_bonus", "note": text}
    response = client.post("/api/v1/reports/variance-notes", json=body, headers=as_role["admin"])
    assert response.status_code == 201
    assert response.json["note"] == text
    assert response.json["period_key"] == "2026"
    got = get(client, as_role["compliance"], f"/reports/tables/{table['id']}?period=ytd&day=2026-06-30")
    assert got["bets"]["break_bonus"]["note"]["note"] == text


def test_dealers_and_compliance_cannot_write_notes(client, as_role, table):
    body = {"period": "day", "day": "2026-12-01", "bet": "main", "note": "x"}
    for role in ("dealer", "compliance"):
        response = client.post("/api/v1/reports/variance-notes", json=body, headers=as_role[role])
        assert response.status_code == 403
    assert get(client, as_role["dealer"], f"/reports/tables/{table['id']}", 403)["code"] == "forbidden"
    assert (
        get(client, as_role["pit_boss"], "/reports/floor?period=day&day=2026-12-01")["bets"]["main"]["note"]
        is None
    )


def test_the_report_json_is_whole_through_the_api(app, client, as_role, table):
    """The response schema drops nothing the service reports."""
    with unit_of_work(sessions(app)) as session:
        enter_round(
            session,
            session.get(GameTable, table["id"]),
            user(session, "dealer"),
            base("r1"),
            "r1",
            at("2026-12-01T10:00:00"),
            sessionless=True,
        )
    count_directly(app)
    now = utc_now()
    got = get(client, as_role["pit_boss"], f"/reports/tables/{table['id']}?day=2026-12-01")
    with sessions(app)() as session:
        direct = report(
            session,
            app.extensions["breakpoker"]["settings"].instance,
            table_scope(session, table["id"]),
            "day",
            date(2026, 12, 1),
            None,
            now=now,
        )
    assert set(got) == set(direct)
    for bet in BETS:
        assert set(got["bets"][bet]) == set(direct["bets"][bet])
    assert {key: value for key, value in got.items() if key != "generated_at"} == {
        key: value for key, value in direct.items() if key != "generated_at"
    }
