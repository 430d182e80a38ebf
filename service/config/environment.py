"""Every environment variable a Break Poker process reads, read here and only
here: each is parsed and range-checked once, at the start, and a bad one
stops the start with a line naming the variable, its value and what is
allowed (every bad one at once). Unset or empty, each has its default.

Parsed with marshmallow, which already validates the API's requests.
environs (built on marshmallow) or pydantic-settings would do it too; neither
is used because environs treats an empty value as a bad one, where an empty
``NAME=`` line (an env file, compose's ``${NAME}``) has always meant the
default here, and adds .env files (python-dotenv) the service must not read;
pydantic-settings would bring pydantic and its compiled core for one schema.

ops/README.md lists every variable with its default and what is allowed
(tests/ops/test_runbook.py holds it to this file).
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from enum import StrEnum
from functools import lru_cache
from ipaddress import IPv4Network, IPv6Network, ip_network
from pathlib import Path
from typing import Any

from marshmallow import Schema, ValidationError, fields
from marshmallow.validate import Range
from sqlalchemy.engine import make_url
from sqlalchemy.exc import ArgumentError

from service.config.currency import USD, Currency, parse_currency
from service.jobs.queues import QUEUES, RETRY_SECONDS

EX_CONFIG = 78  # sysexits.h: the exit status of a start stopped by its configuration
LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL")
_BIND = re.compile(r"(?:\[[0-9A-Fa-f:.]+\]|[^\s:\[\]]*):(\d{1,5})")
_PASSWORD = re.compile(r"(://[^:/@]*:)[^@/]*@")


class SettingsError(ValueError):
    """Bad environment variables: a line for each."""


@dataclass(frozen=True)
class Environment:
    """What the environment says, parsed: see :data:`VARIABLES`."""

    database_url: str
    migrate_database_url: str
    redis_url: str
    instance: Path
    metrics_token: str
    token_minutes: int
    token_idle_minutes: int
    password_max_age_days: int
    lockout_failures: int
    lockout_minutes: int
    login_limit_per_address: int
    login_limit_per_name: int
    login_window_seconds: int
    trusted_proxies: tuple[str, ...]
    retry_seconds: tuple[int, ...]
    sweep_seconds: int
    sweep_grace_seconds: int
    heartbeat_grace: int
    rounds_without_session: SessionlessRounds
    chips_tolerance: int
    currency: Currency
    strategy_tables: StrategyTables
    verify_seconds: int
    log_level: str
    bind: str
    web_concurrency: int | None
    threads: int
    timeout: int
    graceful_timeout: int
    keepalive: int
    gunicorn_config: Path | None
    worker_queues: tuple[str, ...] | None
    event_key_file: Path | None
    signing_key_file: Path | None
    public_keys_folder: Path | None
    signed_heads: str


def parse_networks(entries: Iterable[str]) -> tuple[IPv4Network | IPv6Network, ...]:
    """Addresses or CIDR networks (empty entries skipped); :class:`ValueError`
    naming the first that is neither."""
    networks = []
    for entry in (entry.strip() for entry in entries):
        if entry:
            try:
                networks.append(ip_network(entry, strict=False))
            except ValueError:
                raise ValueError(f"{entry!r} is not an address or a CIDR network") from None
    return tuple(networks)


def read_environment(environ: Mapping[str, str] | None = None) -> Environment:
    """The variables of ``environ`` (the process's), or :class:`SettingsError`."""
    source = os.environ if environ is None else environ
    return _parse(tuple((name, source[name]) for name in VARIABLES if source.get(name, "").strip()))


@lru_cache(maxsize=8)
def _parse(given: tuple[tuple[str, str], ...]) -> Environment:
    values = dict(given)
    try:
        return Environment(**_Variables().load(values))
    except ValidationError as error:
        raise SettingsError(_explain(error.normalized_messages(), values)) from None  # type: ignore[no-untyped-call]


def _explain(problems: dict[str, Any], values: dict[str, str]) -> str:
    lines = []
    for name, field in VARIABLES.items():
        if name in problems:
            shown = _PASSWORD.sub(r"\1***@", values[name])
            said = "; ".join(problems[name])
            lines.append(f"{name}={shown!r}: {said} (allowed: {field.metadata['allowed']})")
    return "\n".join(lines)


class _Parsed(fields.Field):  # type: ignore[type-arg]
    """Text made a value by ``parse``, which raises ValidationError saying what is wrong."""

    def __init__(self, parse: Callable[[str], Any], **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.parse = parse

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> Any:
        return self.parse(str(value).strip())


def _parsed(variable: str, default: Any, parse: Callable[[str], Any], allowed: str) -> _Parsed:
    return _Parsed(parse, data_key=variable, load_default=default, metadata={"allowed": allowed})


def _whole(variable: str, default: int | None, low: int, high: int, unit: str) -> fields.Integer:
    return fields.Integer(
        data_key=variable,
        load_default=default,
        validate=Range(low, high, error="out of range"),
        error_messages={"invalid": "not a whole number", "too_large": "out of range"},
        metadata={"allowed": f"a whole number of {unit}, {low} to {high}"},
    )


def _entries(text: str, what: str) -> list[str]:
    entries = [entry.strip() for entry in text.split(",") if entry.strip()]
    if not entries:
        raise ValidationError(f"no {what} given")
    return entries


def _retry_seconds(text: str) -> tuple[int, ...]:
    waits = []
    for entry in _entries(text, "wait"):
        if not re.fullmatch(r"[+-]?\d+", entry):
            raise ValidationError(f"{entry!r} is not a whole number")
        if not 0 <= int(entry) <= 86400:
            raise ValidationError(f"{entry!r} is out of range")
        waits.append(int(entry))
    if len(waits) > 20:
        raise ValidationError(f"{len(waits)} waits, more than 20")
    return tuple(waits)


def _proxies(text: str) -> tuple[str, ...]:
    entries = tuple(entry.strip() for entry in text.split(",") if entry.strip())
    try:
        parse_networks(entries)
    except ValueError as error:
        raise ValidationError(str(error)) from None
    return entries


def _queues(text: str) -> tuple[str, ...]:
    names = tuple(_entries(text, "queue"))
    for name in names:
        if name not in QUEUES:
            raise ValidationError(f"{name!r} is not a queue")
    return names


class SessionlessRounds(StrEnum):
    """What a table with no open session does with a round."""

    REFUSE = "refuse"
    ALLOW = "allow"


class StrategyTables(StrEnum):
    """Who builds the strategy table of a dealer qualifier (about a minute
    and 300 MB): the par sheet job, or only a person running the CLI."""

    BUILD = "build"
    MANUAL = "manual"


def _currency(text: str) -> Currency:
    try:
        return parse_currency(text)
    except ValueError as error:
        raise ValidationError(str(error)) from None


def _strategy_tables(text: str) -> StrategyTables:
    if text not in tuple(StrategyTables):
        raise ValidationError("neither build nor manual")
    return StrategyTables(text)


def _signed_heads(text: str) -> str:
    if (text != "syslog" and not text.startswith("file:")) or text == "file:":
        raise ValidationError("neither syslog nor file:PATH")
    return text


def _sessionless(text: str) -> SessionlessRounds:
    if text not in tuple(SessionlessRounds):
        raise ValidationError("neither refuse nor allow")
    return SessionlessRounds(text)


def _level(text: str) -> str:
    if text.upper() not in LEVELS:
        raise ValidationError("not a level")
    return text.upper()


def _bind(text: str) -> str:
    if not text.startswith("unix:") or text == "unix:":
        port = _BIND.fullmatch(text)
        if port is None or int(port.group(1)) > 65535:
            raise ValidationError("not HOST:PORT or unix:PATH")
    return text


def _database_url(text: str) -> str:
    try:
        backend = make_url(text).get_backend_name()
    except ArgumentError:
        backend = None
    if backend not in ("sqlite", "postgresql"):
        raise ValidationError("not a SQLite or PostgreSQL URL")
    return text


def _redis_url(text: str) -> str:
    if text.partition("://")[0] not in ("redis", "rediss", "unix") or "://" not in text:
        raise ValidationError("not a Redis URL")
    return text


class _Variables(Schema):
    """Each variable (``data_key``) and its value's name in :class:`Environment`."""

    database_url = _parsed(
        "DATABASE_URL", "", _database_url, "sqlite:///PATH or postgresql://USER:PASSWORD@HOST:PORT/DATABASE"
    )
    migrate_database_url = _parsed(
        "MIGRATE_DATABASE_URL",
        "",
        _database_url,
        "sqlite:///PATH or postgresql://USER:PASSWORD@HOST:PORT/DATABASE",
    )
    redis_url = _parsed("REDIS_URL", "", _redis_url, "a redis://, rediss:// or unix:// URL")
    instance = _parsed("BREAKPOKER_INSTANCE", Path("instance"), Path, "a folder")
    metrics_token = _parsed("BREAKPOKER_METRICS_TOKEN", "", str, "any text")
    token_minutes = _whole("BREAKPOKER_TOKEN_MINUTES", 720, 1, 10080, "minutes")
    token_idle_minutes = _whole("BREAKPOKER_TOKEN_IDLE_MINUTES", 30, 2, 10080, "minutes")
    password_max_age_days = _whole("BREAKPOKER_PASSWORD_MAX_AGE_DAYS", 0, 0, 3650, "days")
    lockout_failures = _whole("BREAKPOKER_LOCKOUT_FAILURES", 5, 1, 100, "failures")
    lockout_minutes = _whole("BREAKPOKER_LOCKOUT_MINUTES", 15, 1, 1440, "minutes")
    login_limit_per_address = _whole("BREAKPOKER_LOGIN_LIMIT_PER_ADDRESS", 20, 1, 100000, "attempts")
    login_limit_per_name = _whole("BREAKPOKER_LOGIN_LIMIT_PER_NAME", 30, 1, 100000, "attempts")
    login_window_seconds = _whole("BREAKPOKER_LOGIN_WINDOW_SECONDS", 60, 1, 86400, "seconds")
    trusted_proxies = _parsed(
        "BREAKPOKER_TRUSTED_PROXIES", (), _proxies, "addresses or CIDR networks, separated by commas"
    )
    retry_seconds = _parsed(
        "BREAKPOKER_RETRY_SECONDS",
        RETRY_SECONDS,
        _retry_seconds,
        "1 to 20 whole numbers of seconds, 0 to 86400 each, separated by commas",
    )
    sweep_seconds = _whole("BREAKPOKER_SWEEP_SECONDS", 30, 1, 3600, "seconds")
    sweep_grace_seconds = _whole("BREAKPOKER_SWEEP_GRACE_SECONDS", 60, 1, 86400, "seconds")
    heartbeat_grace = _whole("BREAKPOKER_HEARTBEAT_GRACE", 60, 1, 3600, "seconds")
    rounds_without_session = _parsed(
        "BREAKPOKER_ROUNDS_WITHOUT_SESSION", SessionlessRounds.REFUSE, _sessionless, "refuse or allow"
    )
    chips_tolerance = _whole("BREAKPOKER_CHIPS_TOLERANCE", 0, 0, 10**12, "minor units")
    currency = _parsed(
        "BREAKPOKER_CURRENCY",
        USD,
        _currency,
        "an ISO 4217 code in service/config/currency.py (three capitals, e.g. USD)",
    )
    strategy_tables = _parsed(
        "BREAKPOKER_STRATEGY_TABLES", StrategyTables.BUILD, _strategy_tables, "build or manual"
    )
    # At most 3 hours: BreakPokerAuditChainNotVerified fires after that.
    verify_seconds = _whole("BREAKPOKER_VERIFY_SECONDS", 3600, 1, 10800, "seconds")
    log_level = _parsed(
        "BREAKPOKER_LOG_LEVEL", "INFO", _level, f"{', '.join(LEVELS[:-1])} or {LEVELS[-1]}, in any case"
    )
    bind = _parsed("BREAKPOKER_BIND", "127.0.0.1:8000", _bind, "HOST:PORT (port 0 to 65535) or unix:PATH")
    web_concurrency = _whole("WEB_CONCURRENCY", None, 1, 64, "processes")
    threads = _whole("BREAKPOKER_THREADS", 4, 1, 64, "threads")
    timeout = _whole("BREAKPOKER_TIMEOUT", 120, 1, 3600, "seconds")
    graceful_timeout = _whole("BREAKPOKER_GRACEFUL_TIMEOUT", 30, 1, 3600, "seconds")
    keepalive = _whole("BREAKPOKER_KEEPALIVE", 75, 1, 3600, "seconds")
    gunicorn_config = _parsed("BREAKPOKER_GUNICORN_CONFIG", None, Path, "a file")
    worker_queues = _parsed(
        "BREAKPOKER_WORKER_QUEUES", None, _queues, f"queue names, separated by commas: {', '.join(QUEUES)}"
    )

    # The audit trail's keys, kept off the database (service/audit/keys.py);
    # unset: under the instance folder, made on first start.
    event_key_file = _parsed("BREAKPOKER_EVENT_KEY_FILE", None, Path, "a file")
    signing_key_file = _parsed("BREAKPOKER_SIGNING_KEY_FILE", None, Path, "a file")
    public_keys_folder = _parsed("BREAKPOKER_PUBLIC_KEYS", None, Path, "a folder")
    signed_heads = _parsed("BREAKPOKER_SIGNED_HEADS", "", _signed_heads, "syslog or file:PATH")


#: Every variable read, by name, and its field (``metadata["allowed"]``).
VARIABLES: dict[str, fields.Field] = {  # type: ignore[type-arg]
    str(field.data_key): field for field in _Variables().fields.values()
}
