"""The floor's rated-play report (rule book section 14): the figures of a
rating slip per table, per dealer and for the floor, over a shift, a
gaming day, month-to-date or year-to-date, with the share of the handle
that was rated (rated handle ÷ all handle at the same tables and dealers
in the period).

Summed exactly from the slots' kept rows (:mod:`service.reports.rated_sums`)
and rounded once per line (:meth:`~service.players.rated.parts.Parts.rounded`):
the theoretical win halves to even, the four parts of the actual win add
up to it exactly in every line. A line's comps are the comp rate of its
exact theoretical win, rounded down: what its rated play earned, which may
differ by a minor unit a rating from the sum of the slips (each rating
rounds its own down). Time played and pace are the slips' (a rating's
seat-in to seat-out): a rating crosses shifts and dealers, so a slot has
no time of its own, and the lines give none."""

from __future__ import annotations

from datetime import date, datetime
from fractions import Fraction
from typing import Annotated, TypedDict

from sqlalchemy import select

from service.config.currency import CurrencyJson
from service.players.casino_settings import current_settings
from service.players.rated.parts import of_numerators
from service.players.rated.slip import average_bet, comps_earned
from service.players.slips import NO_CARD_SPREAD
from service.reports.periods import Scope, resolve_period
from service.reports.rated_sums import Key, RatedSums, rated_sums
from service.reports.report_values import ReportHeaderJson
from service.reports.table_reports import one_currency, report_header
from service.store.db import Db, utc_now
from service.store.models import User


class RatedUnitsJson(TypedDict):
    money: Annotated[str, "amounts"]
    win: Annotated[str, "which way the win is signed"]
    rounds: Annotated[str, "what a rated round is"]
    rounding: Annotated[str, "how every figure is rounded"]
    rated_share: Annotated[str, "how the share of handle rated is figured"]
    time_played: Annotated[str, "why the lines give no time played"]


UNITS: RatedUnitsJson = {
    "money": "integer minor units of the report's currency",
    "win": "the house's: positive when the house is ahead",
    "rounds": "rated rounds: rated seats of the rounds that count (a player at two seats plays two)",
    "rounding": (
        "every figure rounded once from exact sums: the theoretical win halves to even; the four parts "
        "add up exactly to the actual win (the largest remainders); comps down"
    ),
    "rated_share": (
        "rated handle ÷ all handle at the line's tables and dealers in the period; null with no handle"
    ),
    "time_played": "a rating's, on its slip: a rating crosses shifts and dealers, so the lines give none",
}


class HandleJson(TypedDict):
    main: Annotated[int, "the Main Bet's handle"]
    dealer_break_bonus: Annotated[int, "the Dealer Break Bonus's handle"]
    break_bonus: Annotated[int, "the Break Bonus's handle"]


class PartsJson(TypedDict):
    theoretical: Annotated[int, "stake × house edge (the theoretical win)"]
    decisions: Annotated[int, "what the players' settings cost against the house way"]
    player_cards: Annotated[int, "the luck of the players' cards"]
    dealer_cards: Annotated[int, "the luck of the dealer's cards"]


class RatedLineJson(TypedDict):
    rated_rounds: Annotated[int, "rated seats of the rounds that count, with their values stored"]
    pending_rounds: Annotated[int, "rated seats that count whose values the figures still wait for"]
    handle: Annotated[HandleJson, "the rated handle per bet"]
    rated_handle: Annotated[int, "the rated handle of the three bets"]
    all_handle: Annotated[int, "the handle of all play at the same tables and dealers"]
    rated_share: Annotated[float | None, "rated_handle ÷ all_handle; null with no handle"]
    average_bet: Annotated[int | None, "rated handle ÷ rated rounds, halves to even"]
    theoretical_win: Annotated[int, "halves to even"]
    actual_win: Annotated[int, "the house's: −Σ the rated players' nets"]
    parts: Annotated[PartsJson, "the actual win's four parts: they add up to it exactly"]
    player_cards_sd: Annotated[
        float | None,
        "the player's-cards part's exact standard deviation; null without a card spread",
    ]
    dealer_cards_sd: Annotated[float, "the dealer's-cards part's exact standard deviation"]
    sd_missing: Annotated[str | None, "why player_cards_sd is null; else null"]
    comps: Annotated[int, "the comp rate of the exact theoretical win, rounded down"]


class RatedTableJson(RatedLineJson):
    table_id: Annotated[int, "the table"]
    name: Annotated[str, "the table's name"]


class RatedDealerJson(RatedLineJson):
    dealer_id: Annotated[int, "the dealer (who entered the rounds)"]
    name: Annotated[str, "the dealer's name"]


class RatedPlayJson(ReportHeaderJson):
    currency: Annotated[CurrencyJson | None, "the currency of every amount (null: no tables)"]
    comp_rate: Annotated[str, "the casino's comp rate, a percentage, exact (20, 25/2)"]
    units: Annotated[RatedUnitsJson, "what the figures mean"]
    floor: Annotated[RatedLineJson, "every table of the report together"]
    tables: Annotated[list[RatedTableJson], "per table with rated or other play, in the scope's order"]
    dealers: Annotated[list[RatedDealerJson], "per dealer with rated or other play, by name"]


def rated_line(sums: RatedSums, rate: Fraction) -> RatedLineJson:
    """One line's figures, rounded once from its exact sums."""
    parts = of_numerators(sums.numerators())
    rounded = parts.rounded()
    rated = parts.handle.total
    return {
        "rated_rounds": parts.rounds,
        "pending_rounds": sums.pending_rounds,
        "handle": {
            "main": parts.handle.main,
            "dealer_break_bonus": parts.handle.dealer_break_bonus,
            "break_bonus": parts.handle.break_bonus,
        },
        "rated_handle": rated,
        "all_handle": sums.all_handle,
        "rated_share": None if sums.all_handle == 0 else float(Fraction(rated, sums.all_handle)),
        "average_bet": average_bet(rated, parts.rounds),
        "theoretical_win": rounded.theoretical,
        "actual_win": rounded.actual,
        "parts": {
            "theoretical": rounded.theoretical,
            "decisions": rounded.decisions,
            "player_cards": rounded.player_cards,
            "dealer_cards": rounded.dealer_cards,
        },
        "player_cards_sd": rounded.player_cards_sd if sums.with_player_variance else None,
        "dealer_cards_sd": rounded.dealer_cards_sd,
        "sd_missing": None if sums.with_player_variance else NO_CARD_SPREAD,
        "comps": comps_earned(parts.theoretical, rate),
    }


def _grouped(found: dict[Key, RatedSums], index: int) -> dict[int, RatedSums]:
    grouped: dict[int, RatedSums] = {}
    for key, sums in found.items():
        grouped.setdefault(key[index], RatedSums()).add(sums)
    return grouped


def rated_play_report(
    db: Db, scope: Scope, kind: str, day: date | None, shift: int | None, now: datetime | None = None
) -> RatedPlayJson:
    """The rated-play report of a table or the floor for a period."""
    now = now or utc_now()
    currency = one_currency(db, scope)
    period, chosen = resolve_period(scope, kind, day, shift, now)
    found = rated_sums(db, scope, period)
    rate = current_settings(db).comp_rate * 100
    floor = RatedSums()
    for sums in found.values():
        floor.add(sums)
    per_dealer = _grouped(found, 1)
    users = db.execute(select(User.id, User.name).where(User.id.in_(sorted(per_dealer))))
    names = {int(user_id): str(name) for user_id, name in users}
    per_table = _grouped(found, 0)
    tables: list[RatedTableJson] = [
        {"table_id": table.id, "name": table.name, **rated_line(per_table[table.id], rate)}
        for table in scope.tables
        if table.id in per_table
    ]
    dealers: list[RatedDealerJson] = sorted(
        (
            {"dealer_id": dealer_id, "name": names[dealer_id], **rated_line(sums, rate)}
            for dealer_id, sums in per_dealer.items()
        ),
        key=lambda line: (line["name"], line["dealer_id"]),
    )
    return {
        # The rated seats the kept rows wait for: the aggregates' own lag
        # (the all-handle's) is the table reports', and reading it cost a
        # year-to-date report a fifth of its time.
        **report_header(scope, period, chosen, now, floor.pending_rounds),
        "currency": currency,
        "comp_rate": str(rate),
        "units": UNITS,
        "floor": rated_line(floor, rate),
        "tables": tables,
        "dealers": dealers,
    }
