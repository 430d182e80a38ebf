"""A rating's slip and a player's figures (rule book section 14), read from
the figures the workers keep (``rating_figures``,
:mod:`service.players.rating_figures`), never from the rounds: every
figure rounded once from the exact sums (:mod:`service.players.rated`).

A slip is live while the rating is open (time played to now, no chips
check) and final at seat-out. A pit boss's corrections are in it: the
chips taken away as corrected last, a late buy-in among the buy-ins, a
missed seat-out as the seat-out (:mod:`service.players.rating_corrections`).
Rounds that count but whose values (or whose figures) the workers have not
stored yet are said as ``pending_rounds``: the slip's figures are then
those of the rounds figured, never a guess. The chips check alone sums the
rating's counting seats' nets straight (settled amounts, known before any
value): a round waiting for its values must not show as a difference in
the chips. The player's-cards standard deviation is null, with a reason,
while the configuration's card spread cannot be had (its strategy table
not complete). The comp rate is the one in force at the seat-out for a
final slip (the settings' version of that instant, so the comps are
derived again the same way after the admin changes the rate), the current
one for a live slip (:mod:`service.players.comp_rates`)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import func, select

from service.players.comp_rates import comp_rates
from service.players.correction_values import CorrectionJson
from service.players.rated.inputs import PerBet
from service.players.rated.parts import Parts, RoundedParts, of_numerators
from service.players.rated.rating_slip import BuyIns, rating_slip
from service.players.rated.slip import Pause, chips_check, time_played
from service.players.rating_figures import out_of_date, stored_sums
from service.players.rating_values import BuyInKind, RatingEventKind, RatingState, RatingValue
from service.rounds.status import counting
from service.store.db import Db
from service.store.models import (
    RatedSeat,
    Rating,
    RatingFigures,
    RoundRecord,
    SeatRecord,
)

#: why a player's-cards standard deviation is null
NO_CARD_SPREAD = "the configuration's strategy table is not complete: no card spread yet"


@dataclass(frozen=True, slots=True)
class Figures:
    """Rounded once from exact sums: the theoretical and actual wins, the
    actual win's four parts (adding up to it), the luck parts' standard
    deviations (minor units), the handle per bet and the comps."""

    rated_rounds: int
    pending_rounds: int
    handle: PerBet
    average_bet: int | None
    parts: RoundedParts
    player_cards_sd: float | None  # null: no card spread yet (``sd_missing`` says why)
    sd_missing: str | None
    comps: int


@dataclass(frozen=True, slots=True)
class SlipValue:
    rating_id: int
    player_id: int
    club_number: str
    table_id: int
    seat: int
    state: RatingState
    final: bool  # seated out: the figures no longer move with the clock
    seated_at: datetime
    as_of: datetime  # the seat-out, or now while open
    seconds_played: int
    pace: int | None
    up_to_date: bool  # the kept figures reflect every counting round's seat
    figures: Figures
    cash: int
    chips_brought: int
    chips_taken: int | None  # as corrected last
    chips_check: int | None
    corrections: tuple[CorrectionJson, ...] = ()


def _pauses(rating: RatingValue) -> list[Pause]:
    pauses: list[Pause] = []
    for step in rating.steps:
        if step["kind"] == RatingEventKind.PAUSE:
            pauses.append(Pause(step["at"]))
        elif step["kind"] == RatingEventKind.RESUME and pauses:
            pauses[-1] = Pause(pauses[-1].paused, step["at"])
    return pauses


def _counting_seats(db: Db, rating_id: int) -> int:
    return int(
        db.scalar(
            select(func.count(SeatRecord.id))
            .join(RatedSeat, RatedSeat.seat_id == SeatRecord.id)
            .join(RoundRecord, RoundRecord.id == SeatRecord.round_id)
            .where(RatedSeat.rating_id == rating_id, counting())
        )
        or 0
    )


def _nets(db: Db, rating_id: int) -> int:
    """The player's nets over the rating's counting seats: settled amounts,
    known before the workers value the rounds, so the chips check does not
    wait for the figures (nor show a pending round's net as a difference)."""
    net = SeatRecord.main_net + SeatRecord.dealer_break_bonus_net + SeatRecord.break_bonus_net
    return int(
        db.scalar(
            select(func.coalesce(func.sum(net), 0))
            .join(RatedSeat, RatedSeat.seat_id == SeatRecord.id)
            .join(RoundRecord, RoundRecord.id == SeatRecord.round_id)
            .where(RatedSeat.rating_id == rating_id, counting())
        )
        or 0
    )


def kept_parts(db: Db, rating_id: int) -> tuple[Parts, bool, int, bool]:
    """The rating's exact sums as kept, whether the player's-cards variance
    is known, its pending rounds, and whether the row is up to date."""
    row = db.get(RatingFigures, rating_id)
    stale = bool(db.scalar(select(Rating.id).where(Rating.id == rating_id, out_of_date())))
    if row is None:
        return Parts(), True, _counting_seats(db, rating_id), not stale
    parts = of_numerators(stored_sums(row))
    pending = max(_counting_seats(db, rating_id) - row.rounds, 0) if stale else row.pending_rounds
    return parts, row.player_cards_variance is not None, pending, not stale


def figures_of(parts: Parts, known_spread: bool, pending: int, comps: int) -> Figures:
    rounded = parts.rounded()
    return Figures(
        rated_rounds=parts.rounds,
        pending_rounds=pending,
        handle=parts.handle,
        average_bet=None if parts.rounds == 0 else rating_slip(parts, 0, BuyIns()).average_bet,
        parts=rounded,
        player_cards_sd=rounded.player_cards_sd if known_spread else None,
        sd_missing=None if known_spread else NO_CARD_SPREAD,
        comps=comps,
    )


def slip_of(db: Db, rating: RatingValue, now: datetime) -> SlipValue:
    """The rating's slip: live to ``now`` while open, final at seat-out."""
    parts, known_spread, pending, current = kept_parts(db, rating.id)
    final = rating.state == RatingState.CLOSED
    # Live: to now, or to the last step should the clock have gone back since.
    latest = max([rating.seated_at, *(each["at"] for each in rating.steps)])
    end = rating.seated_out_at if final and rating.seated_out_at is not None else max(now, latest)
    seconds = time_played(rating.seated_at, end, _pauses(rating))
    cash = sum(each["amount"] for each in rating.buy_ins if each["kind"] == BuyInKind.CASH)
    brought = sum(each["amount"] for each in rating.buy_ins if each["kind"] == BuyInKind.CHIPS)
    rate = comp_rates(db).percent_at(rating.seated_out_at if final else None)
    slip = rating_slip(parts, seconds, BuyIns(cash, brought, rating.chips_taken), rate)
    return SlipValue(
        rating_id=rating.id,
        player_id=rating.player_id,
        club_number=rating.club_number,
        table_id=rating.table_id,
        seat=rating.seat,
        state=rating.state,
        final=final,
        seated_at=rating.seated_at,
        as_of=end,
        seconds_played=seconds,
        pace=slip.pace,
        up_to_date=current,
        figures=figures_of(parts, known_spread, pending, slip.comps),
        cash=cash,
        chips_brought=brought,
        chips_taken=rating.chips_taken,
        chips_check=None
        if rating.chips_taken is None
        else chips_check(rating.chips_taken, cash, brought, _nets(db, rating.id)),
        corrections=rating.corrections,
    )
