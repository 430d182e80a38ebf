"""Entering a round: validate, settle under the table's current configuration
version, and store the round with its settlement in one transaction.

Every round carries an idempotency key, the user's own at the table: the
same key with the same body returns the stored result and settles nothing
new; the same key with another body is a conflict.
"""

from __future__ import annotations

import hashlib
import json
import re
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import bindparam, select

from service.engine.errors import RulesError
from service.engine.round import Round
from service.engine.round_json import round_from_json
from service.engine.settlement import RoundSettlement, settle_round
from service.errors import Conflict, ErrorCode, Invalid
from service.jobs.queues import JobKind
from service.rounds.deck_round import EXTRA_KEYS, RoundDeckJson, exposed_for, feed_for_round, record_deck
from service.rounds.showing import get_round
from service.rounds.storing import RoundValues, StoredSeatRow, record_settled, round_ref_of, store_round
from service.rounds.value_sums import ShiftKey
from service.store.db import Db
from service.store.models import ConfigVersion, GameTable, RoundRecord, User
from service.tables.gaming_day import place
from service.tables.status import TableStatus
from service.tables.tables import config_of, current_config

# The statements of every round entered, built once (building one cost
# about as much as running it).
_BY_KEY = select(RoundRecord.id, RoundRecord.request_digest).where(
    RoundRecord.table_id == bindparam("table_id"),
    RoundRecord.entered_by == bindparam("user_id"),
    RoundRecord.idempotency_key == bindparam("key"),
)

_BY_REF = select(RoundRecord.id).where(
    RoundRecord.table_id == bindparam("table_id"),
    RoundRecord.round_ref.in_([bindparam("ref"), bindparam("number_ref")]),
)

# A round_id that reads as a whole number: a round stored before ids had to
# be strings may hold it as a number (its ref is then the digits, unquoted).
#: the jobs an entered round queues: its shift's counts, its hands'
#: expected values, and the hidden-information test of its seats' settings
ENTERED_JOBS = (JobKind.AGGREGATE, JobKind.EXPECTED_VALUES, JobKind.HIDDEN_INFORMATION)
_WHOLE_NUMBER = re.compile(r"-?(?:0|[1-9][0-9]*)")


@dataclass(frozen=True)
class Entered:
    """A round entered, or found entered by an earlier request.

    A round stored just now comes with its seat rows, and its record is not
    in the session (its ``seats`` relationship is empty): read ``seats``."""

    record: RoundRecord
    replayed: bool  # an earlier request with the same key and body
    seats: list[StoredSeatRow] | None = None  # the seat rows just stored; None: the record's
    deck: RoundDeckJson | None = None  # the feed it was dealt from, for a round stored just now


def request_digest(table_id: int, body: object) -> str:
    canonical = json.dumps({"table_id": table_id, "body": body}, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(canonical.encode()).hexdigest()


def replay(db: Db, table: GameTable, user: User, key: str, digest: str) -> Entered | None:
    """The stored round of an earlier request with this key, if any. A key
    is the user's own at the table: another dealer's same key is not a
    retry of theirs, nor is the same key sent to another table's rounds."""
    # Two columns first: on the hot path there is no earlier request, and
    # loading a whole record (with its joined config and user) costs more.
    found = db.connection().execute(_BY_KEY, {"table_id": table.id, "user_id": user.id, "key": key}).first()
    if found is None:
        return None
    record_id, stored_digest = found
    if stored_digest != digest:
        raise Conflict(
            ErrorCode.IDEMPOTENCY_KEY_REUSED,
            f"Idempotency-Key {key!r} was used for a different round (round {record_id}); use a new key",
            "Idempotency-Key",
        )
    return Entered(get_round(db, record_id), replayed=True)


def enter_round(
    db: Db,
    table: GameTable,
    user: User,
    body: Any,
    key: str,
    now: datetime,
    *,
    sessionless: bool = False,
) -> Entered:
    """``key`` is the user's idempotency key, checked by the caller;
    ``sessionless`` lets a table with no open session take it
    (``BREAKPOKER_ROUNDS_WITHOUT_SESSION=allow``)."""
    digest = request_digest(table.id, body)
    earlier = replay(db, table, user, key, digest)
    if earlier is not None:
        return earlier
    version, round_, settled = settle_body(db, table, body, sessionless=sessionless)
    feed = feed_for_round(db, table, body)
    if feed is not None:
        exposed_for(db, feed, round_)  # before anything is written
    ref = round_ref_of(round_.round_id)
    taken = _settled_as(db, table, round_.round_id, ref)
    if taken is not None:
        # A concurrent request with this very key may have just stored it.
        won = replay(db, table, user, key, digest)
        if won is not None:
            return won
        raise Conflict(
            ErrorCode.ROUND_EXISTS,
            f"round_id {round_.round_id!r} is already settled at this table (round {taken})",
            "round_id",
        )
    when = place(now, table.timezone, table.shift_starts)
    values: RoundValues = {
        "table_id": table.id,
        "config_id": version.id,
        "entered_by": user.id,
        "round_ref": ref,
        "entered": body,
        "entered_at": now,
        "utc_offset_minutes": when.utc_offset_minutes,
        "gaming_day": when.gaming_day,
        "shift": when.shift,
        "idempotency_key": key,
        "request_digest": digest,
        "revision": 0,
        "supersedes_id": None,
    }
    record_id, stored, seats, rated = store_round(db, values, round_, settled, ENTERED_JOBS)
    # The record as stored, for the answer and the event, kept out of the
    # handle: its row is written already, and an object in the handle
    # would outlive a rollback and clash with the retry's.
    record = RoundRecord(id=record_id, **stored)
    record.config = version
    record.user = user
    record_settled(db, record, version.version, digest, user.id, now, rated=rated)
    slot = ShiftKey(table.id, when.gaming_day, when.shift, user.id)
    deck = None if feed is None else record_deck(db, record_id, slot, feed, round_, user.id, now)
    return Entered(record, replayed=False, seats=seats, deck=deck)


def _settled_as(db: Db, table: GameTable, round_id: str | int, ref: str) -> int | None:
    """The record of this round_id at the table, if one is settled already:
    a whole number matches whether it was stored as a number or a string."""
    text = str(round_id)
    number_ref = text if _WHOLE_NUMBER.fullmatch(text) else ref
    found = (
        db.connection()
        .execute(_BY_REF, {"table_id": table.id, "ref": ref, "number_ref": number_ref})
        .scalar()
    )
    return None if found is None else int(found)


def settle_body(
    db: Db, table: GameTable, body: Any, *, sessionless: bool = False
) -> tuple[ConfigVersion, Round, RoundSettlement]:
    """Validate a round sent to an open table (one with an open session,
    unless ``sessionless``) and settle it under the table's current
    configuration version (nothing is stored)."""
    if table.status != TableStatus.OPEN and not sessionless:
        raise Conflict(
            ErrorCode.TABLE_CLOSED,
            f"table {table.name!r} has no open session: a pit boss and a dealer open it (the tray "
            "counted) before rounds are entered",
            "table_id",
        )
    if isinstance(body, dict) and "config" in body:
        raise Invalid(
            ErrorCode.UNKNOWN_FIELD, "config is the table's; it cannot be sent with a round", "config"
        )
    version = current_config(db, table)
    try:
        round_ = round_from_json(body, extra_keys=EXTRA_KEYS)  # deck_id: feed_for_round's
        settled = settle_round(round_, config_of(version))
    except RulesError as error:
        raise Invalid(error.code, error.message, error.field) from None
    _storable_round_id(round_.round_id)
    return version, round_, settled


def _storable_round_id(round_id: str | int) -> None:
    """The engine takes any short string; a stored round's id must also be
    something every database and report can hold and show: printable (no
    NUL, control characters or lone surrogates) and not blank."""
    if isinstance(round_id, str) and (not round_id.isprintable() or not round_id.strip()):
        raise Invalid(
            ErrorCode.INVALID_FIELD,
            "round_id must be printable and not blank to be stored (no control characters)",
            "round_id",
        )
