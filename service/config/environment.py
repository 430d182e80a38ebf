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
from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from functools import lru_cache
from pathlib import Path
from typing import Any

from marshmallow import Schema, ValidationError, fields

from service.config import variable_fields as parse
from service.config.currency import USD, Currency
from service.jobs.queues import QUEUES, RETRY_SECONDS

EX_CONFIG = 78  # sysexits.h: the exit status of a start stopped by its configuration
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
    identification_key_file: Path | None
    signed_heads: str


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


class SessionlessRounds(StrEnum):
    """What a table with no open session does with a round."""

    REFUSE = "refuse"
    ALLOW = "allow"


class StrategyTables(StrEnum):
    """Who builds the strategy table of a dealer qualifier (about a minute
    and 300 MB): the par sheet job, or only a person running the CLI."""

    BUILD = "build"
    MANUAL = "manual"


def _strategy_tables(text: str) -> StrategyTables:
    if text not in tuple(StrategyTables):
        raise ValidationError("neither build nor manual")
    return StrategyTables(text)


def _sessionless(text: str) -> SessionlessRounds:
    if text not in tuple(SessionlessRounds):
        raise ValidationError("neither refuse nor allow")
    return SessionlessRounds(text)


class _Variables(Schema):
    """Each variable (``data_key``) and its value's name in :class:`Environment`."""

    database_url = parse.parsed(
        "DATABASE_URL",
        "",
        parse.database_url,
        "sqlite:///PATH or postgresql://USER:PASSWORD@HOST:PORT/DATABASE",
    )
    migrate_database_url = parse.parsed(
        "MIGRATE_DATABASE_URL",
        "",
        parse.database_url,
        "sqlite:///PATH or postgresql://USER:PASSWORD@HOST:PORT/DATABASE",
    )
    redis_url = parse.parsed("REDIS_URL", "", parse.redis_url, "a redis://, rediss:// or unix:// URL")
    instance = parse.parsed("BREAKPOKER_INSTANCE", Path("instance"), Path, "a folder")
    metrics_token = parse.parsed("BREAKPOKER_METRICS_TOKEN", "", str, "any text")
    token_minutes = parse.whole("BREAKPOKER_TOKEN_MINUTES", 720, 1, 10080, "minutes")
    token_idle_minutes = parse.whole("BREAKPOKER_TOKEN_IDLE_MINUTES", 30, 2, 10080, "minutes")
    password_max_age_days = parse.whole("BREAKPOKER_PASSWORD_MAX_AGE_DAYS", 0, 0, 3650, "days")
    lockout_failures = parse.whole("BREAKPOKER_LOCKOUT_FAILURES", 5, 1, 100, "failures")
    lockout_minutes = parse.whole("BREAKPOKER_LOCKOUT_MINUTES", 15, 1, 1440, "minutes")
    login_limit_per_address = parse.whole("BREAKPOKER_LOGIN_LIMIT_PER_ADDRESS", 20, 1, 100000, "attempts")
    login_limit_per_name = parse.whole("BREAKPOKER_LOGIN_LIMIT_PER_NAME", 30, 1, 100000, "attempts")
    login_window_seconds = parse.whole("BREAKPOKER_LOGIN_WINDOW_SECONDS", 60, 1, 86400, "seconds")
    trusted_proxies = parse.parsed(
        "BREAKPOKER_TRUSTED_PROXIES", (), parse.proxies, "addresses or CIDR networks, separated by commas"
    )
    retry_seconds = parse.parsed(
        "BREAKPOKER_RETRY_SECONDS",
        RETRY_SECONDS,
        parse.retry_seconds,
        "1 to 20 whole numbers of seconds, 0 to 86400 each, separated by commas",
    )
    sweep_seconds = parse.whole("BREAKPOKER_SWEEP_SECONDS", 30, 1, 3600, "seconds")
    sweep_grace_seconds = parse.whole("BREAKPOKER_SWEEP_GRACE_SECONDS", 60, 1, 86400, "seconds")
    heartbeat_grace = parse.whole("BREAKPOKER_HEARTBEAT_GRACE", 60, 1, 3600, "seconds")
    rounds_without_session = parse.parsed(
        "BREAKPOKER_ROUNDS_WITHOUT_SESSION", SessionlessRounds.REFUSE, _sessionless, "refuse or allow"
    )
    chips_tolerance = parse.whole("BREAKPOKER_CHIPS_TOLERANCE", 0, 0, 10**12, "minor units")
    currency = parse.parsed(
        "BREAKPOKER_CURRENCY",
        USD,
        parse.currency,
        "an ISO 4217 code in service/config/currency.py (three capitals, e.g. USD)",
    )
    strategy_tables = parse.parsed(
        "BREAKPOKER_STRATEGY_TABLES", StrategyTables.BUILD, _strategy_tables, "build or manual"
    )
    # At most 3 hours: BreakPokerAuditChainNotVerified fires after that.
    verify_seconds = parse.whole("BREAKPOKER_VERIFY_SECONDS", 3600, 1, 10800, "seconds")
    log_level = parse.parsed(
        "BREAKPOKER_LOG_LEVEL",
        "INFO",
        parse.level,
        f"{', '.join(parse.LEVELS[:-1])} or {parse.LEVELS[-1]}, in any case",
    )
    bind = parse.parsed(
        "BREAKPOKER_BIND", "127.0.0.1:8000", parse.bind, "HOST:PORT (port 0 to 65535) or unix:PATH"
    )
    web_concurrency = parse.whole("WEB_CONCURRENCY", None, 1, 64, "processes")
    threads = parse.whole("BREAKPOKER_THREADS", 4, 1, 64, "threads")
    timeout = parse.whole("BREAKPOKER_TIMEOUT", 120, 1, 3600, "seconds")
    graceful_timeout = parse.whole("BREAKPOKER_GRACEFUL_TIMEOUT", 30, 1, 3600, "seconds")
    keepalive = parse.whole("BREAKPOKER_KEEPALIVE", 75, 1, 3600, "seconds")
    gunicorn_config = parse.parsed("BREAKPOKER_GUNICORN_CONFIG", None, Path, "a file")
    worker_queues = parse.parsed(
        "BREAKPOKER_WORKER_QUEUES",
        None,
        parse.queues,
        f"queue names, separated by commas: {', '.join(QUEUES)}",
    )

    # The audit trail's keys, kept off the database (service/audit/keys.py);
    # unset: under the instance folder, made on first start.
    event_key_file = parse.parsed("BREAKPOKER_EVENT_KEY_FILE", None, Path, "a file")
    signing_key_file = parse.parsed("BREAKPOKER_SIGNING_KEY_FILE", None, Path, "a file")
    public_keys_folder = parse.parsed("BREAKPOKER_PUBLIC_KEYS", None, Path, "a folder")
    # Players' identifications are encrypted with a key kept off the database
    # too (service/players/identification_cipher.py).
    identification_key_file = parse.parsed("BREAKPOKER_IDENTIFICATION_KEY_FILE", None, Path, "a file")
    signed_heads = parse.parsed("BREAKPOKER_SIGNED_HEADS", "", parse.signed_heads, "syslog or file:PATH")


#: Every variable read, by name, and its field (``metadata["allowed"]``).
VARIABLES: dict[str, fields.Field] = {  # type: ignore[type-arg]
    str(field.data_key): field for field in _Variables().fields.values()
}
