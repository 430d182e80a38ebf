"""A buy-in during a rating: cash (its notes go to the drop box) or chips
brought from elsewhere, a positive whole number of minor units. Recorded
only while the rating is open (paused too: a player may buy in standing
by the table). A cash buy-in follows the cash rules in its transaction
(:mod:`service.players.cash_rules`): logged at or above the log
threshold, refused past the report threshold until the player is
identified; chips brought are no cash and follow none of them."""

from __future__ import annotations

from datetime import datetime

from service.audit.events import record_event
from service.audit.kinds import EventKind
from service.errors import ErrorCode, Invalid
from service.players.cash_rules import cash_in_record, check_cash_in, record_cash_in
from service.players.rating_steps import open_claim
from service.players.rating_values import BuyInKind, RatingValue, buy_in_record, rating_value
from service.store.db import Db
from service.store.models import BuyIn, GameTable, Rating, User

#: the largest amount a BIGINT column holds
MAX_AMOUNT = 2**63 - 1


def buy_in(db: Db, rating: Rating, user: User, kind: BuyInKind, amount: int, now: datetime) -> RatingValue:
    if isinstance(amount, bool) or not isinstance(amount, int) or not 0 < amount <= MAX_AMOUNT:
        raise Invalid(
            ErrorCode.INVALID_AMOUNT, "amount: a whole number of minor units, more than 0", "amount"
        )
    open_claim(db, rating)  # a rating seated out takes no buy-in
    table = db.get_one(GameTable, rating.table_id)
    day = check_cash_in(db, rating, table, amount, now) if kind == BuyInKind.CASH else None
    row = BuyIn(rating_id=rating.id, kind=kind, amount=amount, recorded_by=user.id, at=now)
    db.add(row)
    db.flush()
    payload = buy_in_record(row)
    if day is not None:  # its cash_ins row, sealed with it
        payload["cash_in"] = cash_in_record(row, rating, day)
    record_event(
        db,
        EventKind.BUY_IN_RECORDED,
        f"rating:{rating.id}",
        payload,
        user.id,
        rating.table_id,
        at=now,
    )
    if day is not None:
        record_cash_in(db, row, rating, day, user)
    return rating_value(db, rating)
