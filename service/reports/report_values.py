"""The shapes of a report as :mod:`service.reports.table_reports` builds it
and the API answers with it: TypedDicts, since the values go straight to
JSON. Money is integer minor units; a theoretical figure is None while a
par sheet is being computed (``theoretical_pending``)."""

from __future__ import annotations

from typing import Annotated, TypedDict

from service.config.currency import CurrencyJson
from service.engine.table_config import BetType
from service.reports.chips_figures import ChipsFiguresJson
from service.reports.dealer_lines import DealerLineJson
from service.reports.expected_win import ExpectedWinJson
from service.reports.periods import PeriodJson, ScopeJson
from service.reports.variance_notes import CurrentNoteJson


class WinIntervalJson(TypedDict):
    """The whole minor units inside theoretical win ± z × sd: an integer win
    is inside the interval exactly when it is inside these."""

    low: Annotated[int, "the lowest win inside, minor units"]
    high: Annotated[int, "the highest win inside, minor units"]


class HoldIntervalJson(TypedDict):
    """The same interval as a hold: a fraction of the handle."""

    low: Annotated[float, "the lowest hold inside"]
    high: Annotated[float, "the highest hold inside"]


class BetLineJson(TypedDict):
    bets: Annotated[int, "bets placed (stake > 0)"]
    handle: Annotated[int, "the stakes, minor units"]
    win: Annotated[int, "house win, + when the house is ahead"]
    hold: Annotated[float | None, "win / handle; null when the handle is 0"]
    theoretical_hold: Annotated[float | None, "the par sheets' hold; null: theory pending or no handle"]
    theoretical_win: Annotated[int | None, "rounded to the minor unit; null: theory pending"]
    theoretical_win_sd: Annotated[float | None, "standard deviation of the win, minor units (a statistic)"]
    win_interval: Annotated[WinIntervalJson | None, "minor units; null: theory pending"]
    hold_interval: Annotated[
        HoldIntervalJson | None, "win_interval as a hold; null: theory pending or no handle"
    ]
    variance_flag: Annotated[bool | None, "outside win_interval; false: no handle; null: theory pending"]
    note: Annotated[CurrentNoteJson | None, "the current investigation note; null: none"]


class TotalsJson(TypedDict):
    handle: Annotated[int, "the stakes, minor units"]
    win: Annotated[int, "the house's win, minor units: + when the house is ahead"]
    hold: Annotated[float | None, "win / handle; null when the handle is 0"]
    theoretical_win: Annotated[int | None, "the sum of the bets' rounded figures; null: theory pending"]
    theoretical_hold: Annotated[float | None, "the exact theoretical win / handle; null: pending or 0"]


class ConfigVersionRefJson(TypedDict):
    table_id: Annotated[int, "the table"]
    version: Annotated[int, "the table's configuration version"]


class UnitsJson(TypedDict):
    """What each kind of figure means, in words (the same in every report)."""

    money: Annotated[str, "handle, win and stakes"]
    win: Annotated[str, "which way the win is signed"]
    hold: Annotated[str, "how hold is figured"]


class ReportUnitsJson(UnitsJson):
    theoretical_win: Annotated[str, "how it is figured"]
    theoretical_win_sd: Annotated[str, "what it measures"]
    win_interval: Annotated[str, "how it and the flag are figured"]


class ReportHeaderJson(PeriodJson):
    """What every report starts with: what it covers and how current it is."""

    scope: ScopeJson
    day_chosen: Annotated[str, "given, or how the default was chosen"]
    generated_at: Annotated[str, "ISO 8601, UTC"]
    pending_rounds: Annotated[int, "rounds of the period the figures do not reflect yet"]
    lag: Annotated[str, "pending_rounds in words"]


class ReportCountsJson(ReportHeaderJson):
    """What a report counts, whatever its currencies: the band's confidence,
    the units, the rounds, seats and events, the par sheets still pending."""

    confidence: Annotated[float, "of the win intervals"]
    z: Annotated[float, "the normal quantile of the confidence"]
    units: Annotated[ReportUnitsJson, "what the figures mean"]
    rounds: Annotated[int, "rounds counted"]
    seats: Annotated[int, "seats played"]
    fouls: Annotated[int, "fouled hands"]
    player_lucky_breaks: Annotated[int, "players' Lucky Breaks"]
    dealer_lucky_breaks: Annotated[int, "the dealer's Lucky Breaks"]
    dealer_non_qualifications: Annotated[int, "rounds in which the dealer did not qualify"]
    theoretical_pending: Annotated[bool, "a par sheet is still being computed: theory is null"]
    theoretical_pending_versions: Annotated[
        list[ConfigVersionRefJson],
        "the configuration versions whose par sheet is still being computed",
    ]


class ReportPartJson(ReportCountsJson):
    """The report of tables in one currency: a table's, a floor's of one
    currency, or a part of a floor's of several."""

    currency: Annotated[
        CurrencyJson | None,
        "the currency of every amount; null on a floor of tables in more than one currency (see "
        "by_currency), or of a floor of no tables",
    ]
    bets: dict[BetType, BetLineJson]  # every bet
    totals: Annotated[TotalsJson, "every bet together"]
    dealers: Annotated[list[DealerLineJson], "per dealer, by name"]
    # the win from the chips, beside the rounds' win
    chips: Annotated[ChipsFiguresJson, "the win and hold from the chips of the period's counted sessions"]
    # beside the par sheets' theoretical win
    expected_win: Annotated[ExpectedWinJson, "from the hands dealt, with its band"]


class ReportJson(ReportPartJson):
    """A table's or the floor's report for a period, its tables all in one
    currency (a floor of several is :class:`ByCurrencyReportJson`)."""

    by_currency: Annotated[
        list[CurrencyPartJson],
        "a floor of several currencies: one report a currency; else empty",
    ]


class CurrencyPartJson(TypedDict):
    """The report of a floor's tables in one currency."""

    currency: Annotated[CurrencyJson, "the part's currency"]
    report: Annotated[ReportPartJson, "the report of the floor's tables in it"]


class ByCurrencyReportJson(ReportCountsJson):
    """A floor whose tables are in more than one currency: amounts are never
    added across currencies, so the money figures are null here and each
    currency's are in ``by_currency``; the counts are the floor's."""

    currency: None
    by_currency: list[CurrencyPartJson]  # one a currency, by code
    bets: None
    totals: None
    dealers: None
    chips: None
    expected_win: None


class DealerReportJson(ReportHeaderJson):
    """The per-dealer figures alone (of tables in one currency)."""

    currency: Annotated[CurrencyJson | None, "the currency of every amount (null: a floor of no tables)"]
    units: Annotated[UnitsJson, "what the figures mean"]
    dealers: Annotated[list[DealerLineJson], "per dealer, by name"]
