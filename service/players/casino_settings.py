"""The casino's settings for comps and the cash rules (rule book section
14): the comp rate, and the multiple transaction log's and the currency
transaction report's thresholds. The admin changes them; each change is a
new version (``casino_settings`` and its ``cash_thresholds``), with a
``casino_settings_changed`` event, never an edit of the one in force. With
none stored, the rule book's defaults hold (version 0).

- **The comp rate** is kept exactly, in basis points (hundredths of a
  percent: 2000 is the default 20 %), from 0 to 10000; ``comp_rate`` is
  the same as a Fraction.
- **Decision: the thresholds are per currency.** Every amount is counted
  in its table's currency (service/config/currency.py), and the service
  converts none: a player's cash in over a gaming day is summed a
  currency at a time and held to that currency's thresholds. A version
  holds the thresholds of the currencies the admin named, in each one's
  minor units. A currency not named has the rule book's defaults in its
  own units: 3,000 and 10,000 of it, scaled by its minor unit (300000 and
  1000000 at 2 digits, 3000 and 10000 for JPY, 3000000 and 10000000 for
  KWD). The admin names the currencies of the floor's tables; the
  defaults are the rule book's, not a rate of exchange.
- Each threshold is a whole number of minor units from 0 to 10**15, and
  the log threshold is at most the report threshold (a buy-in reported
  but never logged would be a gap in the log).
- **The threshold of results beyond luck** (rule book section 15, game
  protection): an alert when the house's z falls below minus it. Kept
  exactly in hundredths of a standard deviation (400 is the default 4),
  from 100 to 10000 (1 to 100 standard deviations); ``luck_threshold``
  is the same as a Fraction.

The rules that use them (a buy-in logged, one refused until the player is
identified) are the buy-ins'; this module only keeps the settings.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from fractions import Fraction
from typing import Annotated, Any, TypedDict

from sqlalchemy import select

from service.audit.events import record_event
from service.audit.kinds import EventKind
from service.config.currency import Currency, CurrencyJson
from service.errors import ErrorCode, Invalid
from service.store.db import Db
from service.store.models import CashThreshold, CasinoSettingsVersion, User

BASIS_POINTS = 10_000  # 100 %
DEFAULT_COMP_RATE = 2_000  # 20 %, the rule book's
#: the rule book's thresholds in whole units of a currency (3,000.00 and 10,000.00)
DEFAULT_LOG_UNITS = 3_000
DEFAULT_REPORT_UNITS = 10_000
#: results beyond luck's threshold, hundredths of a standard deviation
DEFAULT_LUCK_THRESHOLD = 400  # 4, the rule book's
LUCK_THRESHOLD_RANGE = (100, 10_000)
MAX_THRESHOLD = 10**15  # minor units: far above any cash buy-in, well inside a BIGINT
SUBJECT = "casino:settings"


class ThresholdsJson(TypedDict):
    currency: Annotated[CurrencyJson, "the currency the thresholds count the minor unit of"]
    log_threshold: Annotated[
        int,
        "a cash buy-in of at least this goes into the multiple transaction log (minor units)",
    ]
    report_threshold: Annotated[
        int,
        "a player's cash in over a gaming day passing this needs their identification (minor units)",
    ]
    default: Annotated[
        bool,
        "true: no version named this currency, the rule book's 3,000 and 10,000 of it hold",
    ]


class CasinoSettingsJson(TypedDict):
    version: Annotated[int, "0: the rule book's defaults, none saved; then one more each change"]
    comp_rate_basis_points: Annotated[
        int,
        "the comp rate in basis points, hundredths of a percent of the theoretical win: 2000 is 20 %",
    ]
    comp_rate: Annotated[str, 'the comp rate as an exact fraction, e.g. "1/5"']
    thresholds: Annotated[
        list[ThresholdsJson],
        "the cash rules' thresholds a currency: the default currency's first when no version named it; a "
        "currency not listed has the rule book's 3,000 and 10,000 of it",
    ]
    luck_threshold_hundredths: Annotated[
        int,
        "game protection's results beyond luck: an alert when the house's z falls below minus this, in "
        "hundredths of a standard deviation: 400 is 4",
    ]
    created_at: Annotated[datetime | None, "when this version was saved (null: the defaults)"]
    created_by: Annotated[str | None, "the name of who saved it (null: the defaults)"]


@dataclass(frozen=True, slots=True)
class Thresholds:
    """A currency's thresholds, in its minor units."""

    currency: Currency
    log: int
    report: int
    default: bool = False

    def json(self) -> ThresholdsJson:
        return {
            "currency": self.currency.json(),
            "log_threshold": self.log,
            "report_threshold": self.report,
            "default": self.default,
        }


def default_thresholds(currency: Currency) -> Thresholds:
    """The rule book's thresholds in ``currency``'s own units.

    >>> default_thresholds(Currency("JPY", 0))
    Thresholds(currency=Currency(code='JPY', minor_unit=0), log=3000, report=10000, default=True)
    """
    scale = 10**currency.minor_unit
    return Thresholds(currency, DEFAULT_LOG_UNITS * scale, DEFAULT_REPORT_UNITS * scale, default=True)


@dataclass(frozen=True, slots=True)
class CasinoSettings:
    """A version of the settings (0: the defaults, none stored)."""

    version: int
    comp_rate_basis_points: int
    thresholds: tuple[Thresholds, ...]  # the currencies a version named, by code
    created_at: datetime | None = None
    created_by: str | None = None
    luck_threshold_hundredths: int = DEFAULT_LUCK_THRESHOLD

    @property
    def comp_rate(self) -> Fraction:
        return Fraction(self.comp_rate_basis_points, BASIS_POINTS)

    @property
    def luck_threshold(self) -> Fraction:
        """Results beyond luck's threshold, in standard deviations."""
        return Fraction(self.luck_threshold_hundredths, 100)

    def thresholds_in(self, currency: Currency) -> Thresholds:
        """The thresholds of ``currency``: as named, else the defaults in its units."""
        for named in self.thresholds:
            if named.currency.code == currency.code:
                return named
        return default_thresholds(currency)

    def json(self, default_currency: Currency) -> CasinoSettingsJson:
        """As the API shows it: the named currencies, and the default
        currency's thresholds even when none was named."""
        shown = list(self.thresholds)
        if all(named.currency.code != default_currency.code for named in shown):
            shown.insert(0, default_thresholds(default_currency))
        return {
            "version": self.version,
            "comp_rate_basis_points": self.comp_rate_basis_points,
            "comp_rate": str(self.comp_rate),
            "thresholds": [named.json() for named in shown],
            "luck_threshold_hundredths": self.luck_threshold_hundredths,
            "created_at": self.created_at,
            "created_by": self.created_by,
        }


DEFAULTS = CasinoSettings(0, DEFAULT_COMP_RATE, ())


@dataclass(frozen=True, slots=True)
class SettingsChange:
    """What an admin changes: the comp rate, the thresholds of some
    currencies (the others stay), results beyond luck's threshold, or
    several."""

    comp_rate_basis_points: int | None = None
    thresholds: tuple[Thresholds, ...] = ()
    luck_threshold_hundredths: int | None = None


def current_settings(db: Db) -> CasinoSettings:
    """The settings in force: the newest version, or the defaults."""
    newest = db.execute(
        select(CasinoSettingsVersion, User.name)
        .join(User, User.id == CasinoSettingsVersion.created_by)
        .order_by(CasinoSettingsVersion.version.desc())
        .limit(1)
    ).first()
    if newest is None:
        return DEFAULTS
    version, name = newest
    rows = db.scalars(
        select(CashThreshold).where(CashThreshold.settings_id == version.id).order_by(CashThreshold.currency)
    )
    named = tuple(
        Thresholds(Currency(row.currency, row.minor_unit), row.log_threshold, row.report_threshold)
        for row in rows
    )
    return CasinoSettings(
        version.version,
        version.comp_rate_basis_points,
        named,
        version.created_at,
        name,
        version.luck_threshold_hundredths,
    )


def change_settings(db: Db, user: User, change: SettingsChange, now: datetime) -> CasinoSettings:
    """A new version with ``change`` over the one in force, and its event.
    Two admins saving at once: the unique version refuses the second at
    commit (the API answers 409)."""
    if (
        change.comp_rate_basis_points is None
        and not change.thresholds
        and change.luck_threshold_hundredths is None
    ):
        raise Invalid(
            ErrorCode.INVALID_FIELD,
            "name comp_rate_basis_points, thresholds or luck_threshold_hundredths to change",
            "thresholds",
        )
    current = current_settings(db)
    rate = (
        current.comp_rate_basis_points
        if change.comp_rate_basis_points is None
        else change.comp_rate_basis_points
    )
    by_code = {named.currency.code: named for named in current.thresholds}
    by_code.update({named.currency.code: named for named in change.thresholds})
    luck = (
        current.luck_threshold_hundredths
        if change.luck_threshold_hundredths is None
        else change.luck_threshold_hundredths
    )
    version = CasinoSettingsVersion(
        version=current.version + 1,
        comp_rate_basis_points=rate,
        luck_threshold_hundredths=luck,
        created_by=user.id,
        created_at=now,
    )
    db.add(version)
    db.flush()
    for code in sorted(by_code):
        named = by_code[code]
        db.add(
            CashThreshold(
                settings_id=version.id,
                currency=code,
                minor_unit=named.currency.minor_unit,
                log_threshold=named.log,
                report_threshold=named.report,
            )
        )
    db.flush()
    saved = current_settings(db)
    record_event(db, EventKind.CASINO_SETTINGS_CHANGED, SUBJECT, _changes(current, saved), user.id, at=now)
    return saved


def _changes(before: CasinoSettings, after: CasinoSettings) -> dict[str, Any]:
    """The event's payload: the version and each value before and after (a
    JSON boundary: each kind of event has its own shape)."""
    changed: dict[str, Any] = {}
    if before.comp_rate_basis_points != after.comp_rate_basis_points:
        changed["comp_rate_basis_points"] = {
            "before": before.comp_rate_basis_points,
            "after": after.comp_rate_basis_points,
        }
    if before.luck_threshold_hundredths != after.luck_threshold_hundredths:
        changed["luck_threshold_hundredths"] = {
            "before": before.luck_threshold_hundredths,
            "after": after.luck_threshold_hundredths,
        }
    for named in after.thresholds:
        old = before.thresholds_in(named.currency)
        if (old.log, old.report) != (named.log, named.report):
            changed[f"thresholds.{named.currency.code}"] = {
                "before": [old.log, old.report],
                "after": [named.log, named.report],
            }
    return {"version": after.version, "changed": changed}
