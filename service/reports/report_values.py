"""The shapes of a report as :mod:`service.reports.table_reports` builds it
and the API answers with it: TypedDicts, since the values go straight to
JSON. Money is integer minor units; a theoretical figure is None while a
par sheet is being computed (``theoretical_pending``)."""

from __future__ import annotations

from typing import TypedDict

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

    low: int
    high: int


class HoldIntervalJson(TypedDict):
    """The same interval as a hold: a fraction of the handle."""

    low: float
    high: float


class BetLineJson(TypedDict):
    bets: int  # bets placed (stake > 0)
    handle: int
    win: int  # the house's: positive when the house is ahead
    hold: float | None  # None when the handle is 0
    theoretical_hold: float | None
    theoretical_win: int | None  # rounded to the minor unit
    theoretical_win_sd: float | None  # a statistic, so not integral
    win_interval: WinIntervalJson | None
    hold_interval: HoldIntervalJson | None  # also None when the handle is 0
    variance_flag: bool | None
    note: CurrentNoteJson | None


class TotalsJson(TypedDict):
    handle: int
    win: int
    hold: float | None
    theoretical_win: int | None  # the sum of the bets' rounded figures
    theoretical_hold: float | None


class ConfigVersionRefJson(TypedDict):
    table_id: int
    version: int  # the table's configuration version


class UnitsJson(TypedDict):
    """What each kind of figure means, in words (the same in every report)."""

    money: str
    win: str
    hold: str


class ReportUnitsJson(UnitsJson):
    theoretical_win: str
    theoretical_win_sd: str
    win_interval: str


class ReportHeaderJson(PeriodJson):
    """What every report starts with: what it covers and how current it is."""

    scope: ScopeJson
    day_chosen: str  # "given", or how the default day was chosen
    generated_at: str  # ISO 8601, UTC
    pending_rounds: int  # rounds of the period the figures do not reflect yet
    lag: str  # pending_rounds in words


class ReportCountsJson(ReportHeaderJson):
    """What a report counts, whatever its currencies: the band's confidence,
    the units, the rounds, seats and events, the par sheets still pending."""

    confidence: float
    z: float
    units: ReportUnitsJson
    rounds: int
    seats: int
    fouls: int
    player_lucky_breaks: int
    dealer_lucky_breaks: int
    dealer_non_qualifications: int
    theoretical_pending: bool
    theoretical_pending_versions: list[ConfigVersionRefJson]


class ReportPartJson(ReportCountsJson):
    """The report of tables in one currency: a table's, a floor's of one
    currency, or a part of a floor's of several."""

    currency: CurrencyJson | None  # every amount's; None only for a floor of no tables
    bets: dict[BetType, BetLineJson]  # every bet
    totals: TotalsJson
    dealers: list[DealerLineJson]
    chips: ChipsFiguresJson  # the win from the chips, beside the rounds' win
    expected_win: ExpectedWinJson  # from the hands dealt, beside the par sheets' theoretical win


class ReportJson(ReportPartJson):
    """A table's or the floor's report for a period, its tables all in one
    currency (a floor of several is :class:`ByCurrencyReportJson`)."""

    by_currency: list[CurrencyPartJson]  # empty: every amount is in ``currency``


class CurrencyPartJson(TypedDict):
    """The report of a floor's tables in one currency."""

    currency: CurrencyJson
    report: ReportPartJson


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

    currency: CurrencyJson | None

    units: UnitsJson
    dealers: list[DealerLineJson]
