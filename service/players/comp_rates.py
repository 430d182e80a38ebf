"""Which comp rate a rating earns at (rule book section 14): the one in
force at its seat-out for a closed rating, the current one for a live
slip. The settings are versioned (:mod:`service.players.casino_settings`),
each version with the instant it was saved, so a closed rating's comps are
derived again the same way whatever the admin changes later; before any
version was saved the rule book's default (20 %) was in force."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from fractions import Fraction

from sqlalchemy import select

from service.players.casino_settings import DEFAULT_COMP_RATE
from service.players.rated.inputs import DEALS
from service.players.rated.slip import comps_earned
from service.store.db import Db
from service.store.models import CasinoSettingsVersion

#: basis points in a percentage point (the rated figures take a percentage)
_PER_PERCENT = 100


@dataclass(frozen=True, slots=True)
class CompRates:
    """Every saved version's instant and comp rate (basis points), oldest
    version first."""

    versions: tuple[tuple[datetime, int], ...] = ()

    def basis_points_at(self, at: datetime | None) -> int:
        """The rate in force at ``at``: the newest version saved at or
        before it (the default before the first); ``None``: the current
        one, the newest version."""
        if at is None:
            return self.versions[-1][1] if self.versions else DEFAULT_COMP_RATE
        rate = DEFAULT_COMP_RATE
        for saved, basis_points in self.versions:
            if saved <= at:
                rate = basis_points
        return rate

    def percent_at(self, at: datetime | None) -> Fraction:
        """:meth:`basis_points_at` as the percentage the figures take."""
        return Fraction(self.basis_points_at(at), _PER_PERCENT)


def comp_rates(db: Db) -> CompRates:
    rows = db.execute(
        select(CasinoSettingsVersion.created_at, CasinoSettingsVersion.comp_rate_basis_points).order_by(
            CasinoSettingsVersion.version
        )
    ).all()
    return CompRates(tuple((row.created_at, row.comp_rate_basis_points) for row in rows))


def comps_of(theoretical: int, rates: CompRates, seated_out_at: datetime | None) -> int:
    """A rating's comps from its stored theoretical win (the numerator over
    :data:`~service.players.rated.inputs.DEALS`), at the rate of its
    seat-out (``None``: live, the current rate), rounded down."""
    return comps_earned(Fraction(theoretical, DEALS), rates.percent_at(seated_out_at))
