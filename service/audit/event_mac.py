"""Each event authenticated as it is written: an HMAC-SHA256 of its
canonical JSON (the very text the chain hashes) under the event key
(:mod:`service.audit.keys`), stored beside it in ``audit_event_macs``. The
sealer seals only events whose MAC holds: a row inserted by SQL has none
(or a wrong one) and is refused, with an alert
(:func:`service.audit.chain.seal_batch`).

The key files are the database's: :func:`keyed_databases` names the settings
whose key files sign what is written through an engine (the API's, the
workers', a command's); any other engine uses the settings of the
environment (what every process reads but a test's app, which is given
its own). They go with the engine, not down the calls nor on each
database handle: every use case that changes something records an
event, and none should carry the key files to do it.
"""

from __future__ import annotations

import hashlib
import hmac
from functools import lru_cache
from pathlib import Path
from weakref import WeakKeyDictionary

from sqlalchemy import Engine

from service.audit.keys import event_key, event_key_at
from service.config.settings import Settings
from service.store.db import Databases, Db, database_factory

#: each bound engine's settings, forgotten with the engine
_BOUND: WeakKeyDictionary[Engine, Settings] = WeakKeyDictionary()


def mac_of(key: bytes, document: str) -> str:
    return hmac.new(key, document.encode(), hashlib.sha256).hexdigest()


def holds(key: bytes, document: str, mac: str | None) -> bool:
    return mac is not None and hmac.compare_digest(mac_of(key, document), mac)


def keyed_databases(engine: Engine, settings: Settings) -> Databases:
    """The database handles of ``engine``, whose writes use the key files
    of ``settings`` (the event key made now, if missing, not at the first
    request)."""
    event_key(settings)
    _BOUND[engine] = settings
    return database_factory(engine)


def settings_for(db: Db) -> Settings:
    """The settings naming the key files of this database's audit trail."""
    settings = _BOUND.get(db.get_bind().engine)
    return settings if settings is not None else Settings.from_environment()


@lru_cache(maxsize=8)
def _key_of_file(path: Path) -> bytes:
    return event_key_at(path)


def key_for(db: Db) -> bytes:
    """The event key of this database's settings (read once a process)."""
    return _key_of_file(settings_for(db).event_key)
