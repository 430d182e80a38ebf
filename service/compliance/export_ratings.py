"""The rated play files of a compliance export: the period's ratings, their
pauses, resumes and seat-outs, their buy-ins, a pit boss's corrections of
them, and which rating rated which seat of the period's rounds.

The ratings are the period's, not the register's: an auditor reads them
beside the period's rounds and drop, and a casino seats thousands of
ratings a month. A rating is the period's when it was open at any moment
of the export's audit window at one of its tables (seated in before the
window's end, not seated out before its start); so every rating that
rated a seat of the period's rounds is one, as the window covers every
such round (:func:`service.compliance.export_queries.widened_window`).
Each rating's steps, buy-ins and corrections go whole, up to the cut,
even those after the window: the seat-out closes it. A correction recorded
in the window of a rating of an earlier period goes too (at the period's
tables): the auditor sees every change the pit made in the period. ``rated_seats.csv`` holds the links
of the period's rounds (every revision), as ``seats.csv`` their seats.

Their events are in the audit files of the export whose window holds
them; the verification matches every row to its sealed event
(:mod:`service.compliance.rating_claims`) and every link to its round's
(:mod:`service.rounds.sealed_ratings`)."""

from __future__ import annotations

from collections.abc import Callable

from sqlalchemy import ColumnElement, and_, or_, select
from sqlalchemy.orm import aliased

from service.compliance.export_queries import Query, Scope, rounds_in
from service.players.rating_values import RatingEventKind
from service.store.models import (
    BuyIn,
    GameTable,
    Player,
    RatedSeat,
    Rating,
    RatingCorrection,
    RatingEvent,
    RoundRecord,
    SeatRecord,
    User,
)

RATING_COLUMNS = (
    "rating_id",
    "player_id",
    "club_number",
    "table_id",
    "table",
    "seat",
    "seated_at_utc",
    "started",
    "reason",
    "started_by",
    "recorded_at_utc",
)
STEP_COLUMNS = (
    "event_id",
    "rating_id",
    "club_number",
    "kind",
    "chips_taken",
    "reason",
    "recorded_by",
    "at_utc",
)
BUY_IN_COLUMNS = (
    "buy_in_id",
    "rating_id",
    "club_number",
    "table_id",
    "kind",
    "amount",
    "recorded_by",
    "at_utc",
)
CORRECTION_COLUMNS = (
    "correction_id",
    "rating_id",
    "club_number",
    "table_id",
    "kind",
    "reason",
    "chips_taken",
    "buy_in_id",
    "rating_event_id",
    "recorded_by",
    "recorded_at_utc",
)
RATED_SEAT_COLUMNS = ("record_id", "table_id", "gaming_day", "seat", "rating_id", "player_id", "club_number")


def _of_period(scope: Scope) -> list[ColumnElement[bool]]:
    """The ratings open at some moment of the window, at its tables, up to the cut."""
    out = aliased(RatingEvent)
    seated_out_before = (
        select(out.id)
        .where(
            out.rating_id == Rating.id,
            out.kind == RatingEventKind.SEAT_OUT,
            out.id <= scope.cut.rating_event_id,
            out.at < scope.window_start,
        )
        .exists()
    )
    conditions = [
        Rating.id <= scope.cut.rating_id,
        Rating.seated_at < scope.window_end,
        ~seated_out_before,
    ]
    if scope.table_ids is not None:
        conditions.append(Rating.table_id.in_(scope.table_ids))
    return conditions


def _period_ids(scope: Scope) -> Query:
    return select(Rating.id).where(*_of_period(scope))


def ratings_query(scope: Scope) -> Query:
    return (
        select(
            Rating.id,
            Rating.player_id,
            Player.club_number,
            Rating.table_id,
            GameTable.name,
            Rating.seat,
            Rating.seated_at,
            Rating.started,
            Rating.reason,
            User.name,
            Rating.recorded_at,
        )
        .join(Player, Player.id == Rating.player_id)
        .join(GameTable, GameTable.id == Rating.table_id)
        .join(User, User.id == Rating.started_by)
        .where(*_of_period(scope))
        .order_by(Rating.id)
    )


def steps_query(scope: Scope) -> Query:
    return (
        select(
            RatingEvent.id,
            RatingEvent.rating_id,
            Player.club_number,
            RatingEvent.kind,
            RatingEvent.chips_taken,
            RatingEvent.reason,
            User.name,
            RatingEvent.at,
        )
        .join(Rating, Rating.id == RatingEvent.rating_id)
        .join(Player, Player.id == Rating.player_id)
        .join(User, User.id == RatingEvent.recorded_by)
        .where(RatingEvent.id <= scope.cut.rating_event_id, RatingEvent.rating_id.in_(_period_ids(scope)))
        .order_by(RatingEvent.id)
    )


def buy_ins_query(scope: Scope) -> Query:
    return (
        select(
            BuyIn.id,
            BuyIn.rating_id,
            Player.club_number,
            Rating.table_id,
            BuyIn.kind,
            BuyIn.amount,
            User.name,
            BuyIn.at,
        )
        .join(Rating, Rating.id == BuyIn.rating_id)
        .join(Player, Player.id == Rating.player_id)
        .join(User, User.id == BuyIn.recorded_by)
        .where(BuyIn.id <= scope.cut.buy_in_id, BuyIn.rating_id.in_(_period_ids(scope)))
        .order_by(BuyIn.id)
    )


def corrections_query(scope: Scope) -> Query:
    recorded_in_window = and_(
        RatingCorrection.recorded_at >= scope.window_start,
        RatingCorrection.recorded_at < scope.window_end,
        *([] if scope.table_ids is None else [Rating.table_id.in_(scope.table_ids)]),
    )
    return (
        select(
            RatingCorrection.id,
            RatingCorrection.rating_id,
            Player.club_number,
            Rating.table_id,
            RatingCorrection.kind,
            RatingCorrection.reason,
            RatingCorrection.chips_taken,
            RatingCorrection.buy_in_id,
            RatingCorrection.rating_event_id,
            User.name,
            RatingCorrection.recorded_at,
        )
        .join(Rating, Rating.id == RatingCorrection.rating_id)
        .join(Player, Player.id == Rating.player_id)
        .join(User, User.id == RatingCorrection.recorded_by)
        .where(
            RatingCorrection.id <= scope.cut.rating_correction_id,
            or_(RatingCorrection.rating_id.in_(_period_ids(scope)), recorded_in_window),
        )
        .order_by(RatingCorrection.id)
    )


def rated_seats_query(scope: Scope) -> Query:
    return (
        select(
            SeatRecord.round_id,
            RoundRecord.table_id,
            RoundRecord.gaming_day,
            SeatRecord.seat,
            RatedSeat.rating_id,
            Rating.player_id,
            Player.club_number,
        )
        .join(SeatRecord, SeatRecord.id == RatedSeat.seat_id)
        .join(RoundRecord, RoundRecord.id == SeatRecord.round_id)
        .join(Rating, Rating.id == RatedSeat.rating_id)
        .join(Player, Player.id == Rating.player_id)
        .where(*rounds_in(scope), RatedSeat.rating_id <= scope.cut.rating_id)
        .order_by(SeatRecord.round_id, SeatRecord.seat)
    )


#: the files, each its name, description, columns and query (all plain rows)
RATED_PLAY: tuple[tuple[str, str, tuple[str, ...], Callable[[Scope], Query]], ...] = (
    (
        "ratings.csv",
        "every rating open at some moment of the audit window at the period's tables (seated in before its "
        "end, not seated out before its start): the player, the table and seat, when the player sat down, "
        "how it was started (tablet: by the dealer; missed: by a pit boss, with the reason), who started "
        "it and when it was recorded",
        RATING_COLUMNS,
        ratings_query,
    ),
    (
        "rating_events.csv",
        "every pause, resume and seat-out of those ratings up to the export's cut, the window's end or "
        "not; a seat-out carries the chips the player took away (minor units of the table's currency)",
        STEP_COLUMNS,
        steps_query,
    ),
    (
        "buy_ins.csv",
        "every buy-in of those ratings up to the export's cut: cash (its notes to the drop box) or chips "
        "brought from elsewhere, in minor units of the table's currency",
        BUY_IN_COLUMNS,
        buy_ins_query,
    ),
    (
        "rating_corrections.csv",
        "every pit boss's correction of those ratings up to the export's cut, and of earlier ratings "
        "recorded in the window: its reason and kind (chips_taken: the chips taken away corrected; "
        "buy_in: a buy-in the dealer missed, buy_in_id in buy_ins.csv at the time it happened; seat_out: "
        "a seat-out the dealer missed, rating_event_id in rating_events.csv), the chips taken away as "
        "corrected (minor units), who recorded it and when",
        CORRECTION_COLUMNS,
        corrections_query,
    ),
    (
        "rated_seats.csv",
        "every seat of the period's rounds (every revision) a rating rated, with the rating and its "
        "player; a seat not listed was not rated",
        RATED_SEAT_COLUMNS,
        rated_seats_query,
    ),
)
