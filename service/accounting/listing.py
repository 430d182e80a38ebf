"""The lists of the money at the tables the API pages through: slips by
table and state a keyset page at a time (the cage's list to issue), a
session's slips in number order, and the sessions of the cards-against-
chips list. Their queries live here so that no route builds SQL."""

from __future__ import annotations

from datetime import date

from sqlalchemy import select

from service.accounting.slip_states import SlipState, in_state
from service.store.db import Db
from service.store.models import Slip, TableSession
from service.store.paging import Keyset, KeysetPage, Order, keyset_page

LATEST_SESSIONS = 100  # the check's list when no gaming day is asked for


def slip_page(
    db: Db,
    order: Order,
    limit: int,
    at: Keyset | None,
    table_id: int | None = None,
    state: SlipState | None = None,
) -> KeysetPage[Slip]:
    """A page of slips by number, a table's or the floor's, in one state or any."""
    statement = select(Slip)
    if table_id is not None:
        statement = statement.where(Slip.table_id == table_id)
    if state is not None:
        statement = statement.where(in_state(state))
    return keyset_page(db, statement, Slip.number, order, limit, at)


def slips_of_session(db: Db, session_id: int) -> list[Slip]:
    """A table session's slips, by number."""
    return list(db.scalars(select(Slip).where(Slip.session_id == session_id).order_by(Slip.number)))


def checked_sessions(db: Db, day: date | None = None, table_id: int | None = None) -> list[TableSession]:
    """A gaming day's sessions by table and number, or the latest ones
    (newest first) when no day is named; a table's only when one is."""
    if day is not None:
        statement = select(TableSession).where(TableSession.gaming_day == day)
        statement = statement.order_by(TableSession.table_id, TableSession.number)
    else:
        statement = select(TableSession).order_by(TableSession.id.desc()).limit(LATEST_SESSIONS)
    if table_id is not None:
        statement = statement.where(TableSession.table_id == table_id)
    return list(db.scalars(statement))
