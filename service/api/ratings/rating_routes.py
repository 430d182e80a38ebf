"""Rated play at the tables: seating a player by club number, the open
ratings at a table (who sits at each seat), a rating, its pauses, resumes
and seat-out, and its buy-ins. The dealer at the tablet and the pit boss
record them; only a pit boss starts a rating the dealer missed, or
corrects one (the walk, a missed buy-in, a missed seat-out). A
rating's slip (its figures) is the floor's and compliance's to read, not
the dealer's: the tablet records play, it does not show what it is worth."""

from __future__ import annotations

from flask.views import MethodView

from service.accounts.roles import Role
from service.api.http.blueprint import Blueprint
from service.api.http.paging import decode_cursor, encode_cursor
from service.api.http.security import current_user, roles
from service.api.http.transactions import committed
from service.api.http.work import db, now
from service.api.ratings.correction_schemas import RatingCorrectionInJson, RatingCorrectionInSchema
from service.api.ratings.rating_schemas import (
    BuyInInJson,
    BuyInInSchema,
    RatingSchema,
    SeatInJson,
    SeatInSchema,
    SeatOutInJson,
    SeatOutInSchema,
    StepInJson,
    StepInSchema,
)
from service.api.ratings.slip_schemas import (
    FloorRatingSchema,
    RatingFeedQueryJson,
    RatingFeedQuerySchema,
    RatingFeedSchema,
    RatingSlipSchema,
)
from service.errors import ErrorCode, Forbidden, Invalid
from service.players.buy_ins import buy_in
from service.players.rating_corrections import (
    LateBuyIn,
    MissedSeatOut,
    correct_chips,
    late_buy_in,
    missed_seat_out,
)
from service.players.rating_feed import RatingFeedJson, closed_ratings
from service.players.rating_json import RatingJson, rating_json
from service.players.rating_lists import FloorRatingJson, open_on_the_floor
from service.players.rating_steps import pause, resume, seat_out
from service.players.rating_values import (
    BuyInKind,
    RatingValue,
    get_rating_row,
    open_ratings_at,
    rating_value,
)
from service.players.ratings import SeatIn, seat_in
from service.players.slip_json import SlipJson, slip_json
from service.players.slips import slip_of
from service.store.paging import Keyset, Order, Step
from service.tables.tables import get_table

blp = Blueprint("ratings", __name__, url_prefix="", description="Rated play: players at the seats")

AT_THE_TABLE = (Role.DEALER, Role.PIT_BOSS)
#: who reads what a rating is worth
SLIP_READERS = (Role.PIT_BOSS, Role.COMPLIANCE, Role.ADMIN)
CLOSED_409 = "rating_closed: the rating is seated out already"


def _seat_in(body: SeatInJson) -> SeatIn:
    """The seat-in asked for; a missed one (seat-in time and reason) only by a pit boss."""
    seated_at, reason = body.get("seated_at"), body.get("reason")
    if seated_at is None and reason is None:
        return SeatIn(body["club_number"], body["seat"])
    if current_user().role != Role.PIT_BOSS:
        raise Forbidden(
            ErrorCode.WRONG_ROLE, "seated_at: only a pit boss starts a rating the dealer missed", "seated_at"
        )
    if seated_at is None or reason is None:
        missing = "seated_at" if seated_at is None else "reason"
        raise Invalid(
            ErrorCode.MISSING_FIELD,
            f"{missing}: a missed rating needs its seat-in time and a reason",
            missing,
        )
    return SeatIn(body["club_number"], body["seat"], (reason, seated_at))


def _shown(rating_id: int) -> RatingValue:
    return rating_value(db(), get_rating_row(db(), rating_id))


@blp.route("/tables/<id:table_id>/ratings")
class TableRatings(MethodView):
    @blp.arguments(SeatInSchema)
    @blp.response(201, RatingSchema)
    @blp.error(404, "table_not_found, or player_not_found: no player with this club_number")
    @blp.error(
        409,
        "seat_rated: the seat has an open rating; player_seated_elsewhere: an open rating at another table",
    )
    @blp.error(403, "wrong_role: only a pit boss starts a missed rating (seated_at and reason)")
    @roles(*AT_THE_TABLE)
    def post(self, body: SeatInJson, table_id: int) -> RatingJson:
        """Seat a player (by club number) at a seat: a rating opens, and the
        seat's rounds are rated from now on. A pit boss starts a rating the
        dealer missed with the time the player sat down and a reason."""
        table = get_table(db(), table_id)
        wanted = _seat_in(body)
        return rating_json(committed(lambda: seat_in(db(), table, current_user(), wanted, now())))

    @blp.response(200, RatingSchema(many=True))
    @roles(*AT_THE_TABLE)
    def get(self, table_id: int) -> list[RatingJson]:
        """The open ratings at the table (paused ones too), by seat: who sits where."""
        return [rating_json(each) for each in open_ratings_at(db(), get_table(db(), table_id).id)]


@blp.route("/ratings/<id:rating_id>")
@blp.response(200, RatingSchema)
@roles(*AT_THE_TABLE)
def rating_view(rating_id: int) -> RatingJson:
    """A rating with its pauses, resumes, seat-out and buy-ins."""
    return rating_json(_shown(rating_id))


@blp.route("/ratings/<id:rating_id>/pauses", methods=["POST"])
@blp.arguments(StepInSchema)
@blp.response(201, RatingSchema)
@blp.error(409, f"rating_paused: paused already; {CLOSED_409}")
@roles(*AT_THE_TABLE)
def pause_view(body: StepInJson, rating_id: int) -> RatingJson:
    """The player steps away: the seat takes no rounds until a resume."""
    rating = get_rating_row(db(), rating_id)
    return rating_json(committed(lambda: pause(db(), rating, current_user(), body.get("reason"), now())))


@blp.route("/ratings/<id:rating_id>/resumes", methods=["POST"])
@blp.arguments(StepInSchema)
@blp.response(201, RatingSchema)
@blp.error(409, f"rating_not_paused: the rating is not paused; {CLOSED_409}")
@roles(*AT_THE_TABLE)
def resume_view(body: StepInJson, rating_id: int) -> RatingJson:
    """The player is back: the seat's rounds are rated again."""
    rating = get_rating_row(db(), rating_id)
    return rating_json(committed(lambda: resume(db(), rating, current_user(), body.get("reason"), now())))


@blp.route("/ratings/<id:rating_id>/seat-out", methods=["POST"])
@blp.arguments(SeatOutInSchema)
@blp.response(200, RatingSchema)
@blp.error(409, CLOSED_409)
@roles(*AT_THE_TABLE)
def seat_out_view(body: SeatOutInJson, rating_id: int) -> RatingJson:
    """Close the rating with the chips the player took away: the seat is free."""
    rating = get_rating_row(db(), rating_id)
    return rating_json(
        committed(
            lambda: seat_out(db(), rating, current_user(), body["chips_taken"], body.get("reason"), now())
        )
    )


@blp.route("/ratings/<id:rating_id>/buy-ins", methods=["POST"])
@blp.arguments(BuyInInSchema)
@blp.response(201, RatingSchema)
@blp.error(
    409,
    f"{CLOSED_409}; identification_required (field amount): with this cash the player's cash in "
    "over the gaming day would be above the report threshold, and no identification is recorded",
)
@roles(*AT_THE_TABLE)
def buy_in_view(body: BuyInInJson, rating_id: int) -> RatingJson:
    """A buy-in: cash or chips brought from elsewhere, whole minor units.
    Cash follows the cash rules (docs/cash-rules.md): at or above the log
    threshold it goes into the transaction log; past the report threshold
    it is refused until the player is identified, then the day is listed
    for a currency transaction report."""
    rating = get_rating_row(db(), rating_id)
    return rating_json(
        committed(lambda: buy_in(db(), rating, current_user(), body["kind"], body["amount"], now()))
    )


CORRECTIONS = ("chips_taken", "buy_in", "seat_out")


def _correct(body: RatingCorrectionInJson, rating_id: int) -> RatingValue:
    given = [name for name in CORRECTIONS if name in body]
    if not given:
        raise Invalid(
            ErrorCode.MISSING_FIELD,
            "chips_taken: a correction is one of chips_taken, buy_in or seat_out",
            "chips_taken",
        )
    if len(given) > 1:
        raise Invalid(
            ErrorCode.INVALID_FIELD, f"{given[1]}: one correction a request (with {given[0]})", given[1]
        )
    rating = get_rating_row(db(), rating_id)
    user, reason, moment = current_user(), body["reason"], now()
    if "buy_in" in body:
        bought = body["buy_in"]
        late = LateBuyIn(BuyInKind(bought["kind"]), bought["amount"], bought["at"])
        return committed(lambda: late_buy_in(db(), rating, user, reason, late, moment))
    if "seat_out" in body:
        out = MissedSeatOut(body["seat_out"]["at"], body["seat_out"]["chips_taken"])
        return committed(lambda: missed_seat_out(db(), rating, user, reason, out, moment))
    chips = body["chips_taken"]
    return committed(lambda: correct_chips(db(), rating, user, reason, chips, moment))


@blp.route("/ratings/<id:rating_id>/corrections", methods=["POST"])
@blp.arguments(RatingCorrectionInSchema)
@blp.response(201, RatingSchema)
@blp.error(
    409,
    "rating_open (chips_taken): not seated out yet; rating_closed: a seat-out of a rating seated out; "
    "rated_after_seat_out (seat_out.at): a round stored after that time rated the seat for the rating; "
    "conflict (seat_out.at): before its last pause or resume; identification_required (buy_in.amount): "
    "a late cash buy-in past the report threshold of its gaming day, the player not identified",
)
@roles(Role.PIT_BOSS)
def correction_view(body: RatingCorrectionInJson, rating_id: int) -> RatingJson:
    """A pit boss's correction of a rating, with its reason (a new record,
    never an overwrite): exactly one of ``chips_taken`` (a closed rating's
    walk estimated wrong), ``buy_in`` (a buy-in the dealer missed, at the
    time it happened; cash follows the cash rules of that gaming day) or
    ``seat_out`` (an open rating the dealer did not seat out, closed at a
    past time with the chips taken away). The slip and the rating show the
    corrected values; the feed sends a closed rating again."""
    return rating_json(_correct(body, rating_id))


@blp.route("/ratings/<id:rating_id>/slip")
@blp.response(200, RatingSlipSchema)
@blp.error(404, "rating_not_found")
@roles(*SLIP_READERS)
def slip_view(rating_id: int) -> SlipJson:
    """The rating slip: time played, rated rounds, pace, handle, average
    bet, the theoretical and actual wins with the actual win's four parts
    and the luck parts' standard deviations, comps, buy-ins, chips taken
    away and the chips check. Live (to now) while open, final at
    seat-out; ``pending_rounds`` says how many rated rounds the workers
    have not figured yet."""
    return slip_json(slip_of(db(), _shown(rating_id), now()))


@blp.route("/ratings/open")
@blp.response(200, FloorRatingSchema(many=True))
@roles(*SLIP_READERS)
def floor_view() -> list[FloorRatingJson]:
    """Every open rating on the floor (paused ones too), by table and seat,
    each with its live slip: the pit's view of who plays where, and for
    how much, in one call."""
    return open_on_the_floor(db(), now())


def _after(cursor: str | None) -> int:
    """The feed's position an ``after`` names (0: from the start)."""
    if cursor is None:
        return 0
    try:
        at = decode_cursor(Order.OLDEST, cursor)
    except Invalid:
        at = Keyset(Step.LAST)
    if at.step is not Step.AFTER:
        raise Invalid(ErrorCode.INVALID_FIELD, "after is not one a page's next gave", "after")
    return at.key


@blp.route("/ratings")
@blp.arguments(RatingFeedQuerySchema, location="query")
@blp.response(200, RatingFeedSchema)
@roles(*SLIP_READERS)
def feed_view(query: RatingFeedQueryJson) -> RatingFeedJson:
    """The closed ratings for the player-tracking system, each with its
    final slip: a rating at its seat-out, and again each time its slip
    changes afterwards (a pit boss's correction, its figures figured again
    after a void, a correction or values stored): keep the newest slip of
    each ``rating_id``. ``next`` is the ``after`` of the following page
    (keep it to poll for what changed since)."""
    cursor = query.get("after")
    page = closed_ratings(db(), _after(cursor), query["limit"], now())
    following = (
        cursor if page.last_key is None else encode_cursor(Order.OLDEST, Keyset(Step.AFTER, page.last_key))
    )
    return {"items": page.items, "next": following}
