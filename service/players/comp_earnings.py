"""What a player's ratings earned in comps (rule book section 14), per
currency: each rating earns the comp rate × its theoretical win, rounded
down (:func:`service.players.rated.slip.comps_earned`), and a player's
earnings are the sum of their ratings'.

**Decision: only a closed rating whose figures are complete has earned.**
A rating earns at its seat-out, at the comp rate in force then
(:mod:`service.players.comp_rates`), from the final figures the workers
keep (``rating_figures``). While any of its counting rounds still waits
for its values, or its figures row is out of date (a round voided or
corrected since, values stored since), the rating has earned nothing yet
and is counted as pending: a balance is never made of figures short of
rounds, so a redemption is never allowed on comps that may not be there.
An open rating earns nothing until its seat-out (its live slip shows its
comps so far, at the current rate). A void or a correction approved
after a redemption may lower what was earned below what was redeemed:
the balance is then negative, and any redemption needs a second pit boss.

**Decision: balances are per currency.** A rating earns in its table's
currency (service/config/currency.py); the service converts none, so a
player who played at tables of two currencies has two balances."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import select

from service.config.currency import Currency
from service.players.comp_rates import CompRates, comp_rates, comps_of
from service.players.rating_figures import out_of_date
from service.players.rating_values import RatingEventKind
from service.store.db import Db
from service.store.models import GameTable, Player, Rating, RatingEvent, RatingFigures
from service.tables.tables import currencies_of


@dataclass(frozen=True, slots=True)
class Earned:
    """What a player's closed ratings earned in one currency (minor
    units), and how many closed ratings have not earned yet (figures
    waiting)."""

    currency: Currency
    earned: int = 0
    pending_ratings: int = 0


def earned_comps(db: Db, player: Player) -> dict[str, Earned]:
    """The player's earnings by currency code: every currency of a table
    they were rated at, closed ratings only."""
    rows = db.execute(
        select(
            Rating.id,
            Rating.table_id,
            RatingEvent.at,
            RatingFigures.theoretical,
            RatingFigures.pending_rounds,
        )
        .join(
            RatingEvent, (RatingEvent.rating_id == Rating.id) & (RatingEvent.kind == RatingEventKind.SEAT_OUT)
        )
        .outerjoin(RatingFigures, RatingFigures.rating_id == Rating.id)
        .where(Rating.player_id == player.id)
        .order_by(Rating.id)
    ).all()
    stale = set(db.scalars(select(Rating.id).where(Rating.player_id == player.id, out_of_date())))
    currencies = _currencies(db, player)
    rates = comp_rates(db)
    found = {currency.code: Earned(currency) for currency in currencies.values()}
    for rating_id, table_id, seated_out_at, theoretical, pending in rows:
        code = currencies[table_id].code
        complete = rating_id not in stale and not pending
        found[code] = _add(found[code], complete, theoretical, rates, seated_out_at)
    return found


def _add(so_far: Earned, complete: bool, theoretical: int | None, rates: CompRates, at: datetime) -> Earned:
    if not complete:
        return Earned(so_far.currency, so_far.earned, so_far.pending_ratings + 1)
    # No figures row and not out of date: no counting round, nothing earned.
    comps = 0 if theoretical is None else comps_of(theoretical, rates, at)
    return Earned(so_far.currency, so_far.earned + comps, so_far.pending_ratings)


def _currencies(db: Db, player: Player) -> dict[int, Currency]:
    """The currency of each table the player was rated at, by table id."""
    tables = db.scalars(
        select(GameTable).where(
            GameTable.id.in_(select(Rating.table_id).where(Rating.player_id == player.id))
        )
    ).all()
    return currencies_of(db, tables)
