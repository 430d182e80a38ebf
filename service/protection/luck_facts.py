"""Results beyond luck: a round's facts as the luck job needs them (its
table's currency, whether it counts, whether its luck row is written or
taken out, its version's rules and the threshold in force), read in one
query for a round or for a batch."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from fractions import Fraction
from typing import Any

from sqlalchemy import bindparam, select

from service.config.currency import USD, Currency
from service.engine.table_config import TableConfig
from service.players.casino_settings import DEFAULTS
from service.rounds.status import counting
from service.store.db import Db
from service.store.models import (
    CasinoSettingsVersion,
    ConfigVersion,
    LuckRound,
    RoundRecord,
    TableCurrency,
    User,
)


@dataclass(frozen=True, slots=True)
class RoundFacts:
    """What the job needs of a round, read in one query: the round, its
    version's rules, its table's currency, whether it counts, whether
    its luck row exists (``removed`` whether that row's luck was taken
    out) and the casino's threshold in force."""

    round_id: int
    table_id: int
    dealer_id: int
    gaming_day: date
    shift: int
    config: TableConfig
    currency: Currency
    counts: bool
    added: bool
    removed: bool
    threshold: Fraction  # the casino's, in standard deviations


#: the newest settings version's threshold (current_settings's, without
#: the rest of the settings: read on every round)
THRESHOLD = (
    select(CasinoSettingsVersion.luck_threshold_hundredths)
    .join(User, User.id == CasinoSettingsVersion.created_by)
    .order_by(CasinoSettingsVersion.version.desc())
    .limit(1)
)


def threshold_of(hundredths: int | None) -> Fraction:
    """The threshold in force (standard deviations) from :data:`THRESHOLD`."""
    return DEFAULTS.luck_threshold if hundredths is None else Fraction(hundredths, 100)


_FACTS_COLUMNS = (
    select(
        RoundRecord.id,
        RoundRecord.table_id,
        RoundRecord.entered_by,
        RoundRecord.gaming_day,
        RoundRecord.shift,
        ConfigVersion.rules,
        TableCurrency.code,
        TableCurrency.minor_unit,
        counting().label("counts"),
        LuckRound.round_id.label("luck_row"),
        LuckRound.removed_at,
        THRESHOLD.scalar_subquery().label("threshold"),
    )
    .join(ConfigVersion, ConfigVersion.id == RoundRecord.config_id)
    .outerjoin(TableCurrency, TableCurrency.table_id == RoundRecord.table_id)
    .outerjoin(LuckRound, LuckRound.round_id == RoundRecord.id)
)
_FACTS = _FACTS_COLUMNS.where(RoundRecord.id == bindparam("round_id"))
#: a batch's rounds' facts in one query (:mod:`.luck_batch`)
_FACTS_OF = _FACTS_COLUMNS.where(RoundRecord.id.in_(bindparam("round_ids", expanding=True)))


def round_facts(db: Db, round_id: int) -> RoundFacts | None:
    """The round's facts; None when there is no such round."""
    found = db.execute(_FACTS, {"round_id": round_id}).first()
    return None if found is None else _facts(found)


def rounds_facts(db: Db, round_ids: list[int]) -> dict[int, RoundFacts]:
    """Each round's facts by id, in one query; a round not there is left out."""
    return {row.id: _facts(row) for row in db.execute(_FACTS_OF, {"round_ids": round_ids})}


def _facts(found: Any) -> RoundFacts:  # a row of _FACTS_COLUMNS
    # a table made before there were currencies counts in USD (currencies_of)
    currency = USD if found.code is None else Currency(found.code, found.minor_unit)
    return RoundFacts(
        round_id=found.id,
        table_id=found.table_id,
        dealer_id=found.entered_by,
        gaming_day=found.gaming_day,
        shift=found.shift,
        config=TableConfig.from_json(found.rules),  # config_of's
        currency=currency,
        counts=bool(found.counts),
        added=found.luck_row is not None,
        removed=found.removed_at is not None,
        threshold=threshold_of(found.threshold),
    )
