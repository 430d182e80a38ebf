"""The report tests' floor: hand-made rounds and what each one does, worked
out by hand, across two tables, two dealers, shifts, gaming days, a month
and a year boundary; the app they run on."""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import UTC, datetime

import pytest
from sqlalchemy import select

from service.analysis.cache import store_par_sheet
from service.analysis.par_sheet import ParSheet
from service.analysis.single_hand import break_bonus_math
from service.review.decisions import decide
from service.review.exceptions import request_correction, request_void
from service.rounds.aggregates import BETS, aggregate_round, out_of_step
from service.rounds.entering import enter_round
from service.store.db import utc_now
from service.store.models import RoundRecord, User
from service.store.work import unit_of_work
from service.tables.tables import change_config, config_of, create_table
from tests.par_sheets import default_sheet
from tests.support.app import databases
from tests.support.rounds_data import DEALER, SEATS, round_body

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


def user(db, name):
    return db.scalar(select(User).where(User.name == name))


def build_floor(app) -> Floor:
    """Tables A (three shifts) and B (two: 06:00 and 18:00), every round
    entered at its own time; a5 after A's change to version 2."""
    instance = app.extensions["breakpoker"]["settings"].instance
    rounds: dict[str, int] = {}
    with unit_of_work(databases(app)) as db:
        admin = user(db, "admin")
        tables = {
            "A": create_table(db, admin, "BP-A"),
            "B": create_table(db, admin, "BP-B", shift_starts=["06:00", "18:00"]),
        }

        def enter(batch):
            for name, (table, dealer, when, body, _) in batch.items():
                entered = enter_round(
                    db, tables[table], user(db, dealer), body(name), name, when, sessionless=True
                )
                rounds[name] = entered.record.id

        enter(ROUNDS)
        version = change_config(db, tables["A"], admin, {"break_bonus_pays": V2_PAYS})
        v2 = sheet_for(config_of(version))
        store_par_sheet(v2, instance)  # as its background job would
        enter(V2_ROUNDS)
        ids = {key: table.id for key, table in tables.items()}

    with unit_of_work(databases(app)) as db:
        boss, second = user(db, "pit_boss"), user(db, "pit_boss2")
        # b1 corrected and approved before anything was counted; a2 has a
        # void request still pending; a4's void is requested, decided later.
        b1 = db.get(RoundRecord, rounds["b1"])
        correction = request_correction(db, b1, boss, "seat 2 bet 5,000", corrected_base("b1"), utc_now())
        decide(db, correction, second, True, "", utc_now())
        request_void(db, db.get(RoundRecord, rounds["a2"]), boss, "misdeal?", utc_now())
        void = request_void(db, db.get(RoundRecord, rounds["a4"]), boss, "misdeal", utc_now())
        void_id = void.id
    figs = {name: entry[4] for name, entry in {**ROUNDS, **V2_ROUNDS}.items()}
    figs["b1"] = CORRECTED_BASE
    return Floor(ids, rounds, figs, {"v1": default_sheet(), "v2": v2}, void_id)


def check_stored_nets(app, floor: Floor) -> None:
    """The hand-worked figures are what the engine settled and stored."""
    with databases(app)() as db:
        for name, record_id in floor.rounds.items():
            record = db.get(RoundRecord, record_id)
            if name == "b1":
                record = db.scalar(select(RoundRecord).where(RoundRecord.supersedes_id == record_id))
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
    with databases(app)() as db:
        ids = list(db.scalars(select(RoundRecord.id).where(out_of_step())))
    for round_id in ids:
        with unit_of_work(databases(app)) as db:
            aggregate_round(db, round_id)
