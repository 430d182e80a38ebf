"""A player's identification sealed with a key the database never holds,
as the audit trail's event MAC key is (:mod:`service.audit.keys`):
whoever reads the database, a backup or a dump of it, sees random bytes.

- **The key**: 32 random bytes, hex, in ``<instance>/keys/identification.key``
  (``BREAKPOKER_IDENTIFICATION_KEY_FILE`` points elsewhere), made on first
  use, atomically, mode 0600. Its id (the first 16 hex digits of its
  SHA-256) is stored with each row, so a row written with another key is
  named as such rather than taken for a tampered one.
- **The cipher**: AES-256-GCM (``cryptography``, already in the lock), a
  random 96-bit nonce a row, never reused with the key.
- **The associated data**: the player's id and the row's version. They
  are authenticated, not encrypted: a row copied to another player, or
  put in place of another of the same player's, does not decrypt.
"""

from __future__ import annotations

import hashlib
import json
import os
from dataclasses import dataclass
from typing import Any

from cryptography.exceptions import InvalidTag
from cryptography.hazmat.primitives.ciphers.aead import AESGCM

from service.audit.keys import secret_key_at
from service.config.settings import Settings

NONCE_BYTES = 12  # GCM's 96 bits


class Unreadable(ValueError):
    """A sealed identification that does not open with this key: written
    with another key, or changed, or moved to another player or version."""


@dataclass(frozen=True, slots=True)
class IdentificationKey:
    key: bytes = b""
    key_id: str = ""

    def __repr__(self) -> str:  # never the key itself, in a log or a traceback
        return f"IdentificationKey(key_id={self.key_id!r})"


@dataclass(frozen=True, slots=True)
class Sealed:
    key_id: str
    nonce: bytes
    ciphertext: bytes  # with GCM's 16-byte tag at its end


def identification_key(settings: Settings) -> IdentificationKey:
    """The key of the settings' key file, made on first use."""
    key = secret_key_at(settings.identification_key, "an identification key")[:32]
    return IdentificationKey(key, hashlib.sha256(key).hexdigest()[:16])


def _bound(player_id: int, version: int) -> bytes:
    """The associated data: which row of which player this is."""
    return f"breakpoker player_identifications player={player_id} version={version}".encode()


def seal(key: IdentificationKey, player_id: int, version: int, fields: dict[str, Any]) -> Sealed:
    """``fields`` (a JSON document, the identification's) sealed for that
    player's row of that version."""
    nonce = os.urandom(NONCE_BYTES)
    plain = json.dumps(fields, sort_keys=True, separators=(",", ":")).encode()
    return Sealed(key.key_id, nonce, AESGCM(key.key).encrypt(nonce, plain, _bound(player_id, version)))


def unseal(key: IdentificationKey, player_id: int, version: int, sealed: Sealed) -> dict[str, Any]:
    """The fields of a sealed row, or :class:`Unreadable` saying why not."""
    if sealed.key_id != key.key_id:
        raise Unreadable(f"it was written with key {sealed.key_id}; the key file holds key {key.key_id}")
    try:
        plain = AESGCM(key.key).decrypt(sealed.nonce, sealed.ciphertext, _bound(player_id, version))
    except InvalidTag:
        raise Unreadable(
            "it does not decrypt: it was changed, or moved from another player or version"
        ) from None
    fields: dict[str, Any] = json.loads(plain)  # the document seal wrote (a JSON boundary)
    return fields
