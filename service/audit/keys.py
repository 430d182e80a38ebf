"""The audit trail's keys, kept in files the database never sees: whoever
can write to the database can rewrite rows and recompute every hash, but
cannot make a MAC or a signature without these.

- the event key (32 random bytes, hex): every process that writes events
  authenticates each with an HMAC-SHA256 under it (:mod:`service.audit.event_mac`);
- the signing key (Ed25519, PEM): the workers sign each new chain head and
  every export's manifest with it (:mod:`service.audit.head_signing`);
- the public keys, one PEM file a key named by its id (``<key_id>.pem``):
  verification reads these, old keys included, so signatures made before a
  rotation still verify.

Each is made on first use (mode 0600 for the secrets), atomically: two
processes starting at once both end up with the one file that won.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import secrets
from dataclasses import dataclass
from pathlib import Path

from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey, Ed25519PublicKey

from service.config.settings import Settings


class KeyFileError(ValueError):
    """A key file that is not what it should be."""


def _write_once(path: Path, content: bytes, mode: int) -> bool:
    """Write ``content`` to ``path`` unless it exists; whether this call wrote it.
    Written under a temporary name and linked into place: never half a key."""
    path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
    partial = path.with_name(f".{path.name}.{os.getpid()}.{secrets.token_hex(4)}")
    descriptor = os.open(partial, os.O_WRONLY | os.O_CREAT | os.O_EXCL, mode)
    try:
        with os.fdopen(descriptor, "wb") as file:
            file.write(content)
            file.flush()
            os.fsync(file.fileno())
        try:
            os.link(partial, path)  # fails if another process made it first
        except FileExistsError:
            return False
        return True
    finally:
        with contextlib.suppress(FileNotFoundError):
            partial.unlink()


def event_key(settings: Settings) -> bytes:
    """The MAC key of events, made on first use."""
    return event_key_at(settings.event_key)


def event_key_at(path: Path) -> bytes:
    """The MAC key of events in ``path``, made on first use."""
    return secret_key_at(path, "an event key")


def secret_key_at(path: Path, what: str) -> bytes:
    """A key of 32 random bytes kept as hex in ``path`` (mode 0600), made
    on first use: the event key, a player identification's key. ``what``
    names it in the error of a file that is not one."""
    if not path.exists():
        _write_once(path, secrets.token_hex(32).encode() + b"\n", 0o600)
    text = path.read_text().strip()
    try:
        key = bytes.fromhex(text)
    except ValueError:
        raise KeyFileError(f"{path} does not hold a hex key") from None
    if len(key) < 32:
        raise KeyFileError(f"{path} holds {len(key)} bytes; {what} has at least 32")
    return key


def key_id(public: Ed25519PublicKey) -> str:
    """A public key's id: the first 16 hex digits of the SHA-256 of its raw bytes."""
    raw = public.public_bytes(serialization.Encoding.Raw, serialization.PublicFormat.Raw)
    return hashlib.sha256(raw).hexdigest()[:16]


def public_pem(public: Ed25519PublicKey) -> bytes:
    return public.public_bytes(serialization.Encoding.PEM, serialization.PublicFormat.SubjectPublicKeyInfo)


def read_public_key(path: Path) -> Ed25519PublicKey:
    try:
        public = serialization.load_pem_public_key(path.read_bytes())
    except ValueError:
        raise KeyFileError(f"{path} is not a PEM public key") from None
    if not isinstance(public, Ed25519PublicKey):
        raise KeyFileError(f"{path} is not an Ed25519 public key")
    return public


@dataclass(frozen=True)
class Signer:
    """The signing key and its id."""

    key: Ed25519PrivateKey
    key_id: str

    def sign(self, message: bytes) -> str:
        return self.key.sign(message).hex()


def _private_pem(key: Ed25519PrivateKey) -> bytes:
    return key.private_bytes(
        serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption()
    )


def signer(settings: Settings) -> Signer:
    """The signing key, made on first use (its public key put with the others)."""
    path = settings.signing_key
    if not path.exists():
        _write_once(path, _private_pem(Ed25519PrivateKey.generate()), 0o600)
    try:
        key = serialization.load_pem_private_key(path.read_bytes(), password=None)
    except ValueError:
        raise KeyFileError(f"{path} is not a PEM private key") from None
    if not isinstance(key, Ed25519PrivateKey):
        raise KeyFileError(f"{path} is not an Ed25519 private key")
    found = Signer(key, key_id(key.public_key()))
    publish(settings, key.public_key())
    return found


def publish(settings: Settings, public: Ed25519PublicKey) -> Path:
    """Put a public key with the others (``<key_id>.pem``), once."""
    path = settings.public_keys / f"{key_id(public)}.pem"
    if not path.exists():
        _write_once(path, public_pem(public), 0o644)
    return path


def rotate(settings: Settings) -> tuple[str, str]:
    """A new signing key in place of the old one, whose public key stays
    with the others; the old and the new key ids."""
    old = signer(settings).key_id
    new = Ed25519PrivateKey.generate()
    publish(settings, new.public_key())
    partial = settings.signing_key.with_name(f".{settings.signing_key.name}.new")
    descriptor = os.open(partial, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(descriptor, "wb") as file:
        file.write(_private_pem(new))
        file.flush()
        os.fsync(file.fileno())
    os.replace(partial, settings.signing_key)  # the old private key is gone
    return old, key_id(new.public_key())


class KeyRing:
    """Public keys by id: what verification checks signatures with."""

    def __init__(self, keys: dict[str, Ed25519PublicKey]) -> None:
        self.keys = keys

    @classmethod
    def of_folder(cls, folder: Path) -> KeyRing:
        files = sorted(folder.glob("*.pem")) if folder.is_dir() else []
        return cls.of_files(files)

    @classmethod
    def of_files(cls, files: list[Path]) -> KeyRing:
        keys = [read_public_key(path) for path in files]
        return cls({key_id(key): key for key in keys})

    def verify(self, key: str, message: bytes, signature: str) -> str | None:
        """None when ``signature`` is ``key``'s over ``message``; else what is wrong."""
        public = self.keys.get(key)
        if public is None:
            return f"key {key} is not among the public keys"
        try:
            public.verify(bytes.fromhex(signature), message)
        except (InvalidSignature, ValueError):
            return f"the signature is not key {key}'s"
        return None


def ensure_keys(settings: Settings) -> None:
    """Every key made if missing (the first start of an instance)."""
    event_key(settings)
    signer(settings)
