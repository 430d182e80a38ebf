"""Each event authenticated as it is written: an HMAC-SHA256 of its
canonical JSON (the very text the chain hashes) under the event key
(:mod:`service.audit.keys`), stored beside it in ``audit_event_macs``. The
sealer seals only events whose MAC holds: a row inserted by SQL has none
(or a wrong one) and is refused, with an alert
(:func:`service.audit.chain.seal_batch`).

The keys reach the audit trail with the session: a session factory made
by :func:`carry_keys` names the settings whose key files it uses; any
other session uses the settings of the environment (what every process
reads but a test's app, which is given its own).
"""

from __future__ import annotations

import hashlib
import hmac
from functools import lru_cache
from pathlib import Path

from sqlalchemy.orm import Session, sessionmaker

from service.audit.keys import event_key, event_key_at
from service.config.settings import Settings

_SETTINGS = "breakpoker.audit_settings"


def mac_of(key: bytes, document: str) -> str:
    return hmac.new(key, document.encode(), hashlib.sha256).hexdigest()


def holds(key: bytes, document: str, mac: str | None) -> bool:
    return mac is not None and hmac.compare_digest(mac_of(key, document), mac)


def carry_keys(sessions: sessionmaker[Session], settings: Settings) -> sessionmaker[Session]:
    """The sessions of ``sessions`` use the key files of ``settings`` (the
    event key made now, if missing, not at the first request)."""
    event_key(settings)
    sessions.configure(info={_SETTINGS: settings})
    return sessions


def settings_for(session: Session) -> Settings:
    """The settings naming the key files of this session's audit trail."""
    settings = session.info.get(_SETTINGS)
    return settings if isinstance(settings, Settings) else Settings.from_environment()


@lru_cache(maxsize=8)
def _key_of_file(path: Path) -> bytes:
    return event_key_at(path)


def key_for(session: Session) -> bytes:
    """The event key of this session's settings (read once a process)."""
    return _key_of_file(settings_for(session).event_key)
