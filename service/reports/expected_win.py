"""The expected win from the hands dealt (rule book section 12): per bet,
Σ stake × (−EV) over the period's counting seats with stored values (the
worker job's rows, :mod:`service.rounds.expected_values`, summed per shift
by :mod:`service.rounds.value_sums`), with its band;
and what the players' own settings cost them against the best setting and
against the house way, per dealer and per table.

The band. A seat's result X_i has, given its cards, a known mean and
standard deviation sd_i; the dealer's hand is the only chance left. The
seats of one round share that hand, so their results are correlated and
the variance of a round's win is not the sum of the seats' variances. By
Cauchy–Schwarz, Var(Σ s_i X_i) ≤ (Σ s_i sd_i)², whatever the correlation;
rounds are independent, so the win's variance is at most Σ over rounds of
(Σ s_i sd_i)², and the band is expected ± 2 × √ of that: an upper bound,
so the band is at least as wide as the true ±2 sd band. The job keeps each
round's Σ s_i sd_i, and each shift the sum of their squares.

Money stays exact: the expected win is a Fraction (numerators over C(46,7)),
shown rounded to the minor unit (halves away from zero) beside its exact
value as a fraction string."""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Annotated, Any, Literal, TypedDict

from sqlalchemy import func, select

from service.analysis.main_bet import DEALER_HANDS
from service.engine.table_config import BetType
from service.reports.aggregate_sums import in_period
from service.reports.hold import round_half_away
from service.reports.periods import Period, Scope
from service.rounds.value_sums import VALUES  # the integer columns, summed per (table, dealer)
from service.store.db import Db
from service.store.models import ShiftExpectedValues, User

BAND_Z = 2.0  # the band is expected ± 2 × the bound of the standard deviation
BAND_METHOD = (
    "expected win ± 2 × √(Σ over rounds of (Σ over the round's seats of stake × sd)²), where sd is a "
    "seat's standard deviation given its seven cards. Seats of one round share the dealer's hand, so "
    "their results are correlated: by Cauchy–Schwarz a round's variance is at most (Σ stake × sd)², "
    "and rounds are independent. It is an upper bound (the band is at least as wide as the true one); "
    "it covers the seats with values only, while the par sheet's band covers every counting seat."
)
BETS = tuple(BetType)
#: which band is the narrower: the hands dealt's or the par sheet's
Narrower = Literal["hands_dealt", "par_sheet"]


class BandJson(TypedDict):
    """The whole minor units inside expected ± 2 × sd bound."""

    low: Annotated[int, "the lowest win inside, minor units"]
    high: Annotated[int, "the highest win inside, minor units"]


class ExpectedBetJson(TypedDict):
    expected_win: Annotated[
        int,
        "Σ stake × (−EV) over the counting seats with values: the house's expected win given the players' "
        "cards, rounded to the minor unit (halves away from zero)",
    ]
    expected_win_exact: Annotated[str, "expected_win: the exact value, minor units, as numerator/denominator"]
    sd_bound: Annotated[float, "upper bound of the win's sd, minor units (see band_method)"]
    band: Annotated[BandJson, "expected win ± band_z × sd_bound, minor units"]
    par_sheet_sd: Annotated[
        float | None,
        "the par sheets' theoretical_win_sd of the bet line; null: theory pending",
    ]
    narrower: Annotated[
        Narrower | None, "which band is narrower: hands_dealt or par_sheet; null: theory pending"
    ]


class SettingsCostJson(TypedDict):
    """What the players' own settings cost them (Main Bet, seats with values)."""

    seats_with_values: Annotated[int, "counting seats whose expected values are stored"]
    seats_without_values: Annotated[
        int,
        "counting seats the job has not valued yet (or cannot: table not built)",
    ]
    main_handle: Annotated[int, "the Main Bet stakes of the seats with values, minor units"]
    against_best: Annotated[int, "Σ stake × (EV of the best setting − EV played), rounded minor units"]
    against_best_exact: Annotated[str, "against_best: the exact value, minor units, as numerator/denominator"]
    against_best_rate: Annotated[float | None, "against_best / main_handle; null when it is 0"]
    against_house_way: Annotated[
        int,
        "Σ stake × (EV of the house way − EV of the setting played), rounded minor units: negative when the "
        "players set better than the house way",
    ]
    against_house_way_exact: Annotated[
        str,
        "against_house_way: the exact value, minor units, as numerator/denominator",
    ]
    against_house_way_rate: Annotated[float | None, "against_house_way / main_handle; null when it is 0"]


class DealerCostJson(SettingsCostJson):
    dealer_id: Annotated[int, "the dealer's user id (who entered the rounds)"]
    name: Annotated[str, "the dealer's name"]


class TableCostJson(SettingsCostJson):
    table_id: Annotated[int, "the table's id"]
    name: Annotated[str, "the table's name"]


class ExpectedWinJson(TypedDict):
    """The expected win from the hands dealt: what the house should have won
    given the cards the players received, only the dealer's cards left to
    chance (rule book section 12)."""

    rounds_with_values: Annotated[int, "counting rounds whose expected values are stored"]
    rounds_without_values: Annotated[int, "counting rounds the job has not valued yet"]
    seats_with_values: Annotated[int, "their seats"]
    seats_without_values: Annotated[int, "the seats of the rounds without values"]
    band_z: Annotated[float, "the band's multiple of sd_bound (2)"]
    band_method: Annotated[str, "how the band is computed, in words"]
    bets: dict[BetType, ExpectedBetJson]  # every bet
    settings_cost: Annotated[SettingsCostJson, "the players' settings, the whole scope"]
    dealers: Annotated[list[DealerCostJson], "per dealer, by name"]
    tables: Annotated[list[TableCostJson], "per table, by name"]


@dataclass
class _Sums:
    rounds: int = 0
    values: dict[str, int] = field(default_factory=lambda: dict.fromkeys(VALUES, 0))
    squares: dict[BetType, float] = field(default_factory=lambda: dict.fromkeys(BETS, 0.0))
    rounds_without: int = 0
    seats_without: int = 0

    def add(self, other: _Sums) -> None:
        self.rounds += other.rounds
        self.rounds_without += other.rounds_without
        self.seats_without += other.seats_without
        for name in VALUES:
            self.values[name] += other.values[name]
        for bet in BETS:
            self.squares[bet] += other.squares[bet]

    @classmethod
    def of(cls, parts: Iterable[_Sums]) -> _Sums:
        total = cls()
        for part in parts:
            total.add(part)
        return total


def exact(value: Fraction) -> str:
    return f"{value.numerator}/{value.denominator}"


def period_values(db: Db, scope: Scope, period: Period) -> dict[tuple[int, int], _Sums]:
    """Per (table, dealer): the stored values of the period's counting rounds,
    and the rounds and seats still without them, from the per-shift totals
    (:mod:`service.rounds.value_sums`, exact at every moment): a few rows a
    shift, whatever the rounds stored."""
    totals = (*_COUNTS, *VALUES, *(f"{bet}_squares" for bet in BETS))
    sums = [func.coalesce(func.sum(getattr(ShiftExpectedValues, name)), 0).label(name) for name in totals]
    key = (ShiftExpectedValues.table_id, ShiftExpectedValues.dealer_id)
    query = select(*key, *sums).where(ShiftExpectedValues.table_id.in_(scope.table_ids))
    query = in_period(query, ShiftExpectedValues.gaming_day, ShiftExpectedValues.shift, period)
    found: dict[tuple[int, int], _Sums] = {}
    for row in db.execute(query.group_by(*key)):
        if int(row.records) == int(row.taken_out_records):
            continue  # none of the dealer's records counts: not in the report, as before
        found[(row.table_id, row.dealer_id)] = _of_row({name: row._mapping[name] for name in totals})
    return found


#: the record counts a shift's row keeps beside the values
_COUNTS = ("records", "records_seats", "taken_out_records", "taken_out_seats", "rounds")


def _of_row(values: dict[str, Any]) -> _Sums:
    # PostgreSQL sums BIGINT as NUMERIC: back to exact integers.
    whole = {name: int(values[name]) for name in (*_COUNTS, *VALUES)}
    sums = _Sums(rounds=whole["rounds"])
    sums.values = {name: whole[name] for name in VALUES}
    # A statistic kept as a running float: a take-out can leave -0.0000001.
    sums.squares = {bet: max(float(values[f"{bet}_squares"]), 0.0) for bet in BETS}
    counting_rounds = whole["records"] - whole["taken_out_records"]
    counting_seats = whole["records_seats"] - whole["taken_out_seats"]
    sums.rounds_without = counting_rounds - whole["rounds"]
    sums.seats_without = counting_seats - whole["seats"]
    return sums


def _money(numerator: int) -> Fraction:
    return Fraction(numerator, DEALER_HANDS)


def _bet(total: _Sums, bet: BetType, par_sheet_sd: float | None) -> ExpectedBetJson:
    expected = -_money(total.values[f"{bet}_player_value"])
    bound = math.sqrt(total.squares[bet])
    centre = float(expected)
    narrower: Narrower | None = None
    if par_sheet_sd is not None:
        narrower = "hands_dealt" if bound <= par_sheet_sd else "par_sheet"
    return {
        "expected_win": round_half_away(expected),
        "expected_win_exact": exact(expected),
        "sd_bound": bound,
        "band": {"low": math.ceil(centre - BAND_Z * bound), "high": math.floor(centre + BAND_Z * bound)},
        "par_sheet_sd": par_sheet_sd,
        "narrower": narrower,
    }


def _cost(sums: _Sums) -> SettingsCostJson:
    handle = sums.values["main_handle"]
    played = sums.values["main_player_value"]
    best = _money(sums.values["main_best_value"] - played)
    house = _money(sums.values["main_house_way_value"] - played)
    return {
        "seats_with_values": sums.values["seats"],
        "seats_without_values": sums.seats_without,
        "main_handle": handle,
        "against_best": round_half_away(best),
        "against_best_exact": exact(best),
        "against_best_rate": None if handle == 0 else float(best / handle),
        "against_house_way": round_half_away(house),
        "against_house_way_exact": exact(house),
        "against_house_way_rate": None if handle == 0 else float(house / handle),
    }


def _grouped(found: dict[tuple[int, int], _Sums], part: int) -> dict[int, _Sums]:
    grouped: dict[int, _Sums] = {}
    for key, sums in found.items():
        grouped.setdefault(key[part], _Sums()).add(sums)
    return grouped


def expected_win(
    db: Db, scope: Scope, period: Period, par_sheet_sds: dict[BetType, float | None]
) -> ExpectedWinJson:
    """The period's expected win from the hands dealt; ``par_sheet_sds``: the
    report's theoretical_win_sd per bet, shown beside the band."""
    found = period_values(db, scope, period)
    total = _Sums.of(found.values())
    names = dict(db.execute(select(User.id, User.name).where(User.id.in_({d for _, d in found}))).all())
    tables = {table.id: table.name for table in scope.tables}
    dealers: list[DealerCostJson] = [
        {"dealer_id": dealer_id, "name": names[dealer_id], **_cost(sums)}
        for dealer_id, sums in _grouped(found, 1).items()
    ]
    table_lines: list[TableCostJson] = [
        {"table_id": table_id, "name": tables[table_id], **_cost(sums)}
        for table_id, sums in _grouped(found, 0).items()
    ]
    return {
        "rounds_with_values": total.rounds,
        "rounds_without_values": total.rounds_without,
        "seats_with_values": total.values["seats"],
        "seats_without_values": total.seats_without,
        "band_z": BAND_Z,
        "band_method": BAND_METHOD,
        "bets": {bet: _bet(total, bet, par_sheet_sds.get(bet)) for bet in BETS},
        "settings_cost": _cost(total),
        "dealers": sorted(dealers, key=lambda line: (line["name"], line["dealer_id"])),
        "tables": sorted(table_lines, key=lambda line: (line["name"], line["table_id"])),
    }
