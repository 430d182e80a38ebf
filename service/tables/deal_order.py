"""A table's deal order: how a deck read by a shoe is dealt to its hands
(``service.engine.dealing``). Versioned like the configuration, every
change a new row and an event, but apart from it: it is not game math, so
it leaves the configuration's digest (and its par sheet) alone."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, TypedDict

from sqlalchemy import select

from service.audit.events import record_event
from service.audit.kinds import EventKind
from service.engine.dealing import DealOrder, DealStyle
from service.engine.errors import RulesError
from service.errors import Invalid
from service.store.db import Db, utc_now
from service.store.models import DealOrderVersion, GameTable, User
from service.tables.tables import config_of, current_config


class DealOrderJson(TypedDict):
    first_seat: Annotated[int, "the seat dealt first"]
    dealer_place: Annotated[int, "seats dealt before the dealer's hand: 0 first, seats last"]
    style: DealStyle


def seats_of(db: Db, table: GameTable) -> int:
    return config_of(current_config(db, table)).seats


def _latest(db: Db, table: GameTable) -> DealOrderVersion | None:
    return db.scalar(
        select(DealOrderVersion)
        .where(DealOrderVersion.table_id == table.id)
        .order_by(DealOrderVersion.version.desc())
        .limit(1)
    )


def deal_order(db: Db, table: GameTable) -> DealOrder:
    """The table's deal order, fitted to its seats now (the default:
    seat 1 first, the dealer's hand last, seven cards a hand)."""
    found = _latest(db, table)
    order = (
        DealOrder()
        if found is None
        else DealOrder(found.first_seat, found.dealer_place, DealStyle(found.style))
    )
    return order.fitted(seats_of(db, table))


def deal_order_json(order: DealOrder, seats: int) -> DealOrderJson:
    fitted = order.fitted(seats)
    assert fitted.dealer_place is not None  # fitted places the dealer
    return {"first_seat": fitted.first_seat, "dealer_place": fitted.dealer_place, "style": fitted.style}


def change_deal_order(
    db: Db, table: GameTable, user: User, data: object, now: datetime | None = None
) -> DealOrder:
    """Save a new deal order (fields left out keep theirs); the same order
    again changes and records nothing."""
    seats = seats_of(db, table)
    before = deal_order(db, table)
    merged = {**deal_order_json(before, seats), **data} if isinstance(data, dict) else data
    try:
        order = DealOrder.from_json(merged, seats)
    except RulesError as error:
        raise Invalid(error.code, error.message, error.field) from None
    if order == before:
        return order
    latest = _latest(db, table)
    version = 1 if latest is None else latest.version + 1
    assert order.dealer_place is not None  # from_json places the dealer
    moment = now or utc_now()
    db.add(
        DealOrderVersion(
            table_id=table.id,
            version=version,
            first_seat=order.first_seat,
            dealer_place=order.dealer_place,
            style=order.style,
            created_by=user.id,
            created_at=moment,
        )
    )
    record_event(
        db,
        EventKind.DEAL_ORDER_CHANGED,
        f"table:{table.id}",
        {"version": version, "before": before.to_json(seats), "after": order.to_json(seats)},
        user.id,
        table.id,
        at=moment,
    )
    db.flush()
    return order
