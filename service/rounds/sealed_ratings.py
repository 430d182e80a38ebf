"""A round's rated seats (``rated_seats``) against what the chain seals
of them, for :mod:`service.rounds.sealed`: the round's ``round_settled``
event names each rated seat and its rating (``rated``, absent when none
is), and a rating a pit boss started for a seat the dealer missed names
the rounds it rated back (its ``rating_opened`` event's ``back_filled``:
those rounds' own events were written before it). A round moved to
another rating in the database, a link inserted by SQL or one deleted
differs from them, seat by seat."""

from __future__ import annotations

import json
from collections import defaultdict
from collections.abc import Iterator, Sequence
from datetime import datetime
from typing import Any

from sqlalchemy import select

from service.audit.kinds import EventKind
from service.store.db import Db
from service.store.models import AuditEvent, AuditSeal, RatedSeat, Rating, SeatRecord

#: a round's rated seats: seat -> rating id
Rated = dict[int, int]
ABSENT = "(absent)"
MISSED = "missed"  # RatingStart.MISSED (service.players, a layer above)
PAGE = 500  # subjects a query


def stored_rated(db: Db, round_ids: Sequence[int]) -> dict[int, Rated]:
    """Each round's rated seats as stored."""
    found: defaultdict[int, Rated] = defaultdict(dict)
    rows = db.execute(
        select(SeatRecord.round_id, SeatRecord.seat, RatedSeat.rating_id)
        .join(RatedSeat, RatedSeat.seat_id == SeatRecord.id)
        .where(SeatRecord.round_id.in_(round_ids))
    )
    for row in rows:
        found[row.round_id][row.seat] = row.rating_id
    return dict(found)


def back_filled(db: Db, table_id: int | None = None, entered_at: datetime | None = None) -> dict[int, Rated]:
    """The seats each round was rated by a missed rating started after it
    (of one table, seated in by ``entered_at``), as the ratings' sealed
    events say. Only missed ratings back-fill, and they are few: their
    events are found by their ratings (a rating edited to hide one leaves
    its links unsealed, which is named, and differs from its own event)."""
    missed = select(Rating.id).where(Rating.started == MISSED)
    if table_id is not None:
        missed = missed.where(Rating.table_id == table_id)
    if entered_at is not None:
        missed = missed.where(Rating.seated_at <= entered_at)
    subjects = [f"rating:{rating_id}" for rating_id in db.scalars(missed)]
    found: defaultdict[int, Rated] = defaultdict(dict)
    for start in range(0, len(subjects), PAGE):
        batch = subjects[start : start + PAGE]
        rows = db.execute(
            select(AuditEvent.payload, AuditSeal.canonical)
            .outerjoin(AuditSeal, AuditSeal.event_id == AuditEvent.id)
            .where(AuditEvent.kind == EventKind.RATING_OPENED, AuditEvent.subject.in_(batch))
        )
        for row in rows:
            for round_id, seat, rating_id in _back_fills(_sealed(row.canonical, row.payload)):
                found[round_id].setdefault(seat, rating_id)
    return dict(found)


def rated_differences(stored: Rated, payload: Any, back: Rated) -> Iterator[tuple[str, Any, Any]]:
    """Each seat whose stored rating is not the sealed one: (field,
    stored, sealed), the field ``rated_seats[SEAT]``; ``rated`` itself
    when the event's is not readable."""
    sealed = _sealed_rated(payload)
    if sealed is None:
        yield "rated", _as_json(stored), payload.get("rated", ABSENT)
        return
    sealed = {**back, **sealed}  # a seat rated twice is not back-filled
    for seat in sorted(stored.keys() | sealed.keys()):
        found, wanted = stored.get(seat, ABSENT), sealed.get(seat, ABSENT)
        if found != wanted:
            yield f"rated_seats[{seat}]", found, wanted


def _sealed_rated(payload: dict[str, Any]) -> Rated | None:
    listed = payload.get("rated", [])
    if not isinstance(listed, list):
        return None
    found: Rated = {}
    for entry in listed:
        if not isinstance(entry, dict) or not _ints(entry.get("seat"), entry.get("rating_id")):
            return None
        found[entry["seat"]] = entry["rating_id"]
    return found


def _back_fills(payload: Any) -> Iterator[tuple[int, int, int]]:
    if not isinstance(payload, dict):
        return
    rounds, seat, rating_id = payload.get("back_filled"), payload.get("seat"), payload.get("rating_id")
    if not isinstance(rounds, list) or not isinstance(seat, int) or not isinstance(rating_id, int):
        return
    for round_id in rounds:
        if _ints(round_id):
            yield round_id, seat, rating_id


def _ints(*values: Any) -> bool:
    return all(isinstance(value, int) and not isinstance(value, bool) for value in values)


def _as_json(rated: Rated) -> list[dict[str, int]]:
    return [{"seat": seat, "rating_id": rated[seat]} for seat in sorted(rated)]


def _sealed(canonical: str | None, payload: Any) -> Any:
    if canonical is None:
        return payload
    try:
        return json.loads(canonical)["payload"]
    except (ValueError, TypeError, KeyError):
        return payload  # a rewritten seal: the chain's walk names it
