"""A dealer's time at a table (issue 43): the dealer signs in at the
tablet and signs out, or is relieved. Another dealer signing in at the
table ends the previous dealer's session at the same instant (a relief);
a dealer signing in at another table ends their own session here (a
dealer is at one table at a time); the table's close ends its dealer's.

Each session and each sign-out is a record written once, with its event
(``dealer_signed_in``, ``dealer_signed_out``, each holding its record
whole). The dealer at each table now is a ``dealer_posts`` row, locked
first by every change: two sign-ins racing at one table, or one dealer at
two tables, take their turns and the second sees the first; its keys hold
whatever races are lost. Rounds do not need a session: a round is the
dealer's who entered it, as before."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import or_, select

from service.accounting.dealer_values import (
    CurrentDealerJson,
    DealerSessionJson,
    SignedInJson,
    SignOutReason,
    session_json,
    session_record,
)
from service.accounts.roles import Role
from service.audit.events import record_event
from service.audit.kinds import EventKind
from service.errors import Conflict, ErrorCode, Invalid
from service.store.db import Db, hold_writer
from service.store.models import DealerPost, DealerSession, DealerSignOut, GameTable, TableSession, User
from service.store.work import Clock
from service.tables.gaming_day import place


@dataclass(frozen=True)
class SignedIn:
    """A sign-in's answer: the new session (or the one the dealer already
    had here) and the sessions its sign-in ended, at the same instant."""

    session: DealerSessionJson
    ended: list[DealerSessionJson]
    created: bool


def signed_in_json(signed: SignedIn) -> SignedInJson:
    """The sign-in's answer (``created`` is its status, not a key)."""
    return {"session": signed.session, "ended": signed.ended}


def _posts(db: Db, table: GameTable, dealer: User) -> list[DealerPost]:
    """The table's post and the dealer's, locked to the end of the
    transaction (SQLite: the single writer's turn), as they are now."""
    hold_writer(db)
    locked = (
        select(DealerPost)
        .where(or_(DealerPost.table_id == table.id, DealerPost.dealer_id == dealer.id))
        .with_for_update()
    )
    return list(db.scalars(locked.execution_options(populate_existing=True)))


def sign_in(db: Db, table: GameTable, dealer: User, clock: Clock) -> SignedIn:
    """``dealer`` signs in at ``table``: ends the table's dealer's session
    (a relief) and the dealer's own at another table, at the instant
    ``clock`` tells once the posts are locked (read before, a racing
    sign-in could begin after it and be relieved before it began)."""
    if dealer.role != Role.DEALER:
        raise Invalid(ErrorCode.WRONG_ROLE, f"dealer: {dealer.name!r} is not a dealer", "dealer")
    # The table's open session, read here (sessions.py ends this module's
    # sessions at the close, so it cannot be imported from here).
    # Locked: a close racing this sign-in waits for it (and then ends its
    # session), or goes first and this sign-in finds the table closed.
    hold_writer(db)
    table_session = db.scalar(
        select(TableSession)
        .where(TableSession.table_id == table.id, TableSession.closed_at.is_(None))
        .with_for_update()
        .execution_options(populate_existing=True)
    )
    if table_session is None:
        raise Conflict(
            ErrorCode.TABLE_CLOSED, f"table {table.name!r} is closed: a pit boss opens it first", "table_id"
        )
    posts = _posts(db, table, dealer)
    now = clock()
    here = next((post for post in posts if post.table_id == table.id), None)
    if here is not None and here.dealer_id == dealer.id:
        found = db.get(DealerSession, here.session_id)
        assert found is not None  # a post names its session
        return SignedIn(session_json(db, found, None), [], created=False)
    ended = [
        _end(
            db, post, SignOutReason.RELIEF if post.table_id == table.id else SignOutReason.MOVED, dealer, now
        )
        for post in posts
    ]
    db.flush()  # the posts gone before the new one takes their keys
    placed = place(now, table.timezone, table.shift_starts)
    session = DealerSession(
        table_id=table.id,
        dealer_id=dealer.id,
        table_session_id=table_session.id,
        gaming_day=placed.gaming_day,
        shift=placed.shift,
        signed_in_at=now,
        relieved_id=None if here is None else here.session_id,
    )
    db.add(session)
    db.flush()
    db.add(DealerPost(table_id=table.id, dealer_id=dealer.id, session_id=session.id))
    record_event(
        db,
        EventKind.DEALER_SIGNED_IN,
        f"dealer_session:{session.id}",
        session_record(session, None),
        dealer.id,
        table.id,
        at=now,
    )
    return SignedIn(session_json(db, session, None), ended, created=True)


def sign_out(db: Db, table: GameTable, dealer: User, clock: Clock) -> DealerSessionJson:
    """``dealer`` signs out at ``table``, where they must be signed in, at
    the instant ``clock`` tells once the posts are locked."""
    post = next((post for post in _posts(db, table, dealer) if post.table_id == table.id), None)
    now = clock()
    if post is None or post.dealer_id != dealer.id:
        raise Conflict(
            ErrorCode.DEALER_NOT_SIGNED_IN,
            f"{dealer.name!r} is not signed in at table {table.name!r}",
            "table_id",
        )
    return _end(db, post, SignOutReason.SIGN_OUT, dealer, now)


def end_at_close(db: Db, table: GameTable, user: User, now: datetime) -> DealerSessionJson | None:
    """The table closes: its dealer's session ends with it (the caller
    closes the table session in the same transaction)."""
    hold_writer(db)
    locked = select(DealerPost).where(DealerPost.table_id == table.id).with_for_update()
    post = db.scalar(locked.execution_options(populate_existing=True))
    return None if post is None else _end(db, post, SignOutReason.TABLE_CLOSED, user, now)


def _end(db: Db, post: DealerPost, reason: SignOutReason, user: User, now: datetime) -> DealerSessionJson:
    """The post's session ended at ``now``: its sign-out row and event,
    and the post deleted."""
    session = db.get(DealerSession, post.session_id)
    assert session is not None  # a post names its session
    if now < session.signed_in_at:
        # A clock set back: a session must not end before it began.
        raise Conflict(
            ErrorCode.SESSION_OVERLAPS,
            f"dealer session {session.id} began at {session.signed_in_at.isoformat()}, after now",
            "table_id",
        )
    signed_out = DealerSignOut(session_id=session.id, reason=reason, signed_out_by=user.id, signed_out_at=now)
    db.add(signed_out)
    db.delete(post)
    db.flush()
    record_event(
        db,
        EventKind.DEALER_SIGNED_OUT,
        f"dealer_session:{session.id}",
        session_record(session, signed_out),
        user.id,
        session.table_id,
        at=now,
    )
    return session_json(db, session, signed_out)


def current_at(db: Db, table: GameTable) -> CurrentDealerJson:
    """The session of the dealer signed in at ``table`` now, if any."""
    post = db.get(DealerPost, table.id)
    session = None if post is None else db.get(DealerSession, post.session_id)
    return {"session": None if session is None else session_json(db, session, None)}
