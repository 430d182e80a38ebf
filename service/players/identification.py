"""A player's identification, as the cash rules require it (rule book
section 14): the document's type, its number, its expiry and the player's
date of birth. Recorded by the pit or the cage, read only by compliance.

- **Kept encrypted** (:mod:`service.players.identification_cipher`) in
  ``player_identifications``, append-only: a new identification is a new
  row (version 1, 2, ...), the newest counts, and none is overwritten.
- **Events**: ``player_identified`` when one is recorded and
  ``identification_read`` at every read, each saying who, for which
  player and which version (a recording its row's id too, which the
  compliance verification matches the row to), and nothing of the document: not its type,
  not its number, not even a digest of it. A document number is short
  and of few characters: its digest is found again by trying every
  number, so a digest would publish it to every reader of the trail.
- **Checks** (a 422 naming the field): the number 1 to 40 letters (A-Z,
  any case), digits, spaces and hyphens; an expiry before today (UTC) is
  refused, ``document_expired``: an expired document identifies no one;
  a date of birth must be in the past. The rule book sets no age, so
  none is checked here. No message repeats what was sent.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date, datetime
from enum import StrEnum
from typing import Annotated, Any, TypedDict

from sqlalchemy import func, select

from service.audit.events import record_event
from service.audit.kinds import EventKind
from service.errors import ErrorCode, Invalid, NotFound, ServiceError
from service.players.identification_cipher import IdentificationKey, Sealed, Unreadable, seal, unseal
from service.players.players import get_player
from service.store.db import Db
from service.store.models import Player, PlayerIdentification, User

NUMBER = re.compile(r"[A-Za-z0-9 -]{1,40}")


class DocumentType(StrEnum):
    PASSPORT = "passport"
    DRIVING_LICENCE = "driving_licence"
    NATIONAL_ID_CARD = "national_id_card"
    OTHER = "other"


@dataclass(frozen=True, slots=True)
class Identification:
    document_type: DocumentType
    number: str
    expiry: date
    date_of_birth: date

    def __repr__(self) -> str:  # a log line or a traceback shows none of it
        return "Identification(...)"

    def fields(self) -> dict[str, Any]:
        """What is sealed (a JSON document)."""
        return {
            "document_type": self.document_type.value,
            "number": self.number,
            "expiry": self.expiry.isoformat(),
            "date_of_birth": self.date_of_birth.isoformat(),
        }

    @classmethod
    def of_fields(cls, fields: dict[str, Any]) -> Identification:
        return cls(
            DocumentType(fields["document_type"]),
            fields["number"],
            date.fromisoformat(fields["expiry"]),
            date.fromisoformat(fields["date_of_birth"]),
        )


class ReceiptJson(TypedDict):
    club_number: Annotated[str, "the player's club number"]
    version: Annotated[
        int,
        "1 for the player's first identification, one more each new one; the newest counts",
    ]
    recorded_at: Annotated[datetime, "when it was recorded"]
    recorded_by: Annotated[str, "the name of who recorded it"]


class IdentificationJson(ReceiptJson):
    document_type: str
    number: Annotated[str, "the document's number: 1 to 40 letters (A-Z), digits, spaces and hyphens"]
    expiry: Annotated[date, "the last day the document is valid, ISO 8601"]
    date_of_birth: Annotated[date, "the player's, ISO 8601"]


def check_identification(
    document_type: str, number: str, expiry: date, date_of_birth: date, today: date
) -> Identification:
    """The identification as sent, checked; a 422 naming the field."""
    if document_type not in tuple(DocumentType):
        kinds = ", ".join(DocumentType)
        raise Invalid(ErrorCode.INVALID_FIELD, f"document_type must be one of {kinds}", "document_type")
    number = number.strip()
    if not NUMBER.fullmatch(number):
        raise Invalid(
            ErrorCode.INVALID_FIELD,
            "number must be 1 to 40 letters (A-Z), digits, spaces and hyphens",
            "number",
        )
    if expiry < today:
        raise Invalid(
            ErrorCode.DOCUMENT_EXPIRED,
            f"expiry is before today ({today.isoformat()}): an expired document cannot identify the player",
            "expiry",
        )
    if date_of_birth >= today:
        raise Invalid(ErrorCode.INVALID_FIELD, "date_of_birth must be a day before today", "date_of_birth")
    return Identification(DocumentType(document_type), number, expiry, date_of_birth)


def record_identification(
    db: Db, key: IdentificationKey, club_number: str, given: Identification, user: User, now: datetime
) -> ReceiptJson:
    """A new identification of the player, sealed, with its event. Two
    recorded at once: the unique (player, version) refuses the second at
    commit (the API answers 409)."""
    player = get_player(db, club_number)
    newest = db.scalar(
        select(func.max(PlayerIdentification.version)).where(PlayerIdentification.player_id == player.id)
    )
    version = (newest or 0) + 1
    sealed = seal(key, player.id, version, given.fields())
    row = PlayerIdentification(
        player_id=player.id,
        version=version,
        key_id=sealed.key_id,
        nonce=sealed.nonce,
        ciphertext=sealed.ciphertext,
        recorded_by=user.id,
        recorded_at=now,
    )
    db.add(row)
    db.flush()
    _event(db, EventKind.PLAYER_IDENTIFIED, player, version, user, now, row.id)
    return {
        "club_number": player.club_number,
        "version": version,
        "recorded_at": now,
        "recorded_by": user.name,
    }


def read_identification(
    db: Db, key: IdentificationKey, club_number: str, user: User, now: datetime
) -> IdentificationJson:
    """The player's newest identification, decrypted, and the read's event."""
    player = get_player(db, club_number)
    newest = db.execute(
        select(PlayerIdentification, User.name)
        .join(User, User.id == PlayerIdentification.recorded_by)
        .where(PlayerIdentification.player_id == player.id)
        .order_by(PlayerIdentification.version.desc())
        .limit(1)
    ).first()
    if newest is None:
        raise NotFound(
            ErrorCode.IDENTIFICATION_NOT_FOUND, "no identification is recorded for this player", "club_number"
        )
    row, recorded_by = newest
    try:
        found = Identification.of_fields(
            unseal(key, player.id, row.version, Sealed(row.key_id, row.nonce, row.ciphertext))
        )
    except Unreadable as error:
        raise ServiceError(
            ErrorCode.IDENTIFICATION_UNREADABLE,
            f"the player's identification version {row.version} cannot be read: {error}",
            "club_number",
            status=500,
        ) from None
    _event(db, EventKind.IDENTIFICATION_READ, player, row.version, user, now)
    return {
        "club_number": player.club_number,
        "version": row.version,
        "recorded_at": row.recorded_at,
        "recorded_by": recorded_by,
        "document_type": found.document_type.value,
        "number": found.number,
        "expiry": found.expiry,
        "date_of_birth": found.date_of_birth,
    }


def has_identification(db: Db, player_id: int) -> bool:
    """Whether any identification is recorded for the player (read without
    decrypting it, and without an event: what the cash rules ask)."""
    found = db.scalar(
        select(PlayerIdentification.id).where(PlayerIdentification.player_id == player_id).limit(1)
    )
    return found is not None


def _event(
    db: Db,
    kind: EventKind,
    player: Player,
    version: int,
    user: User,
    now: datetime,
    row_id: int | None = None,
) -> None:
    # Who, which player, which version (and a recording's row, which the
    # compliance verification matches to it): never the document (see above).
    payload: dict[str, Any] = {"club_number": player.club_number, "version": version}
    if row_id is not None:
        payload |= {"identification_id": row_id, "player_id": player.id}
    record_event(
        db,
        kind,
        f"player:{player.id}",
        payload,
        user.id,
        at=now,
    )
