"""Every environment variable is parsed and range-checked once, at the start:
a bad one stops it with a message naming the variable, its value and what
is allowed; unset or empty, each has its default."""

from __future__ import annotations

from pathlib import Path

import pytest

from service.config.environment import VARIABLES, SettingsError, read_environment
from service.config.settings import Settings

BAD = [
    ("BREAKPOKER_TOKEN_MINUTES", "12h", "not a whole number", "a whole number of minutes, 1 to 10080"),
    ("BREAKPOKER_TOKEN_IDLE_MINUTES", "1", "out of range", "a whole number of minutes, 2 to 10080"),
    ("BREAKPOKER_PASSWORD_MAX_AGE_DAYS", "90d", "not a whole number", "a whole number of days, 0 to 3650"),
    ("BREAKPOKER_LOGIN_WINDOW_SECONDS", "-5", "out of range", "a whole number of seconds, 1 to 86400"),
    ("BREAKPOKER_LOCKOUT_FAILURES", "0", "out of range", "a whole number of failures, 1 to 100"),
    ("BREAKPOKER_LOCKOUT_MINUTES", "1.5", "not a whole number", "a whole number of minutes, 1 to 1440"),
    ("BREAKPOKER_LOGIN_LIMIT_PER_ADDRESS", "many", "not a whole number", "attempts, 1 to 100000"),
    ("BREAKPOKER_LOGIN_LIMIT_PER_NAME", "100001", "out of range", "attempts, 1 to 100000"),
    ("BREAKPOKER_SWEEP_SECONDS", "0", "out of range", "a whole number of seconds, 1 to 3600"),
    ("BREAKPOKER_SWEEP_GRACE_SECONDS", "1m", "not a whole number", "seconds, 1 to 86400"),
    ("BREAKPOKER_HEARTBEAT_GRACE", "-1", "out of range", "seconds, 1 to 3600"),
    ("BREAKPOKER_VERIFY_SECONDS", "1h", "not a whole number", "seconds, 1 to 10800"),
    ("BREAKPOKER_ROUNDS_WITHOUT_SESSION", "yes", "neither refuse nor allow", "refuse or allow"),
    ("BREAKPOKER_CHIPS_TOLERANCE", "-1", "out of range", "minor units, 0 to 1000000000000"),
    ("BREAKPOKER_CURRENCY", "usd", "'usd' is not an ISO 4217 code this service knows", "an ISO 4217 code"),
    ("BREAKPOKER_STRATEGY_TABLES", "auto", "neither build nor manual", "build or manual"),
    ("BREAKPOKER_SIGNED_HEADS", "file:", "neither syslog nor file:PATH", "syslog or file:PATH"),
    ("WEB_CONCURRENCY", "0", "out of range", "a whole number of processes, 1 to 64"),
    ("BREAKPOKER_THREADS", "four", "not a whole number", "threads, 1 to 64"),
    ("BREAKPOKER_TIMEOUT", "0", "out of range", "seconds, 1 to 3600"),
    ("BREAKPOKER_GRACEFUL_TIMEOUT", "30s", "not a whole number", "seconds, 1 to 3600"),
    ("BREAKPOKER_KEEPALIVE", "99999", "out of range", "seconds, 1 to 3600"),
    ("BREAKPOKER_RETRY_SECONDS", "1,x,30", "'x' is not a whole number", "0 to 86400 each, separated by"),
    ("BREAKPOKER_RETRY_SECONDS", "1,-2", "'-2' is out of range", "1 to 20 whole numbers of seconds"),
    ("BREAKPOKER_RETRY_SECONDS", ",", "no wait given", "1 to 20 whole numbers of seconds"),
    ("BREAKPOKER_TRUSTED_PROXIES", "10.0.0.0/8, 10.0.0.300", "'10.0.0.300' is not an address or a CIDR network", "CIDR"),  # noqa: E501
    ("BREAKPOKER_WORKER_QUEUES", "audit,nope", "'nope' is not a queue", "audit, metrics, values, analysis, verify, exports"),  # noqa: E501
    ("BREAKPOKER_LOG_LEVEL", "LOUD", "not a level", "DEBUG, INFO, WARNING, ERROR or CRITICAL"),
    ("BREAKPOKER_BIND", "8000", "not HOST:PORT or unix:PATH", "HOST:PORT (port 0 to 65535) or unix:PATH"),
    ("BREAKPOKER_BIND", "0.0.0.0:70000", "not HOST:PORT or unix:PATH", "unix:PATH"),
    ("DATABASE_URL", "mysql://db/x", "not a SQLite or PostgreSQL URL", "postgresql://"),
    ("MIGRATE_DATABASE_URL", "mysql://db/x", "not a SQLite or PostgreSQL URL", "postgresql://"),
    ("REDIS_URL", "http://cache:6379", "not a Redis URL", "redis://, rediss:// or unix://"),
]  # fmt: skip


@pytest.fixture
def environ(monkeypatch):
    for variable in VARIABLES:
        monkeypatch.delenv(variable, raising=False)

    def setting(**values: str) -> None:
        for name, value in values.items():
            monkeypatch.setenv(name, value)

    return setting


@pytest.mark.parametrize(("variable", "value", "problem", "allowed"), BAD)
def test_a_bad_value_is_refused_naming_the_variable_its_value_and_what_is_allowed(
    environ, variable, value, problem, allowed
):
    environ(**{variable: value})
    with pytest.raises(SettingsError) as refused:
        read_environment()
    message = str(refused.value)
    assert message.startswith(f"{variable}={value!r}: {problem} (allowed: ")
    assert allowed in message
    assert message.count("\n") == 0  # one line for the one bad variable
    with pytest.raises(SettingsError):
        Settings.from_environment()  # what every process starts with


def test_every_variable_has_a_bad_value_tested():
    checked = {variable for variable, *_ in BAD}
    # Free text, any value allowed: a path, a token.
    free = {
        "BREAKPOKER_INSTANCE",
        "BREAKPOKER_METRICS_TOKEN",
        "BREAKPOKER_GUNICORN_CONFIG",
        "BREAKPOKER_EVENT_KEY_FILE",
        "BREAKPOKER_SIGNING_KEY_FILE",
        "BREAKPOKER_IDENTIFICATION_KEY_FILE",
        "BREAKPOKER_PUBLIC_KEYS",
    }
    assert set(VARIABLES) - checked == free


def test_every_bad_variable_is_named_at_once(environ):
    environ(BREAKPOKER_TOKEN_MINUTES="12h", BREAKPOKER_LOGIN_WINDOW_SECONDS="-5", BREAKPOKER_THREADS="0")
    with pytest.raises(SettingsError) as refused:
        read_environment()
    lines = str(refused.value).splitlines()
    assert [line.split("=")[0] for line in lines] == [
        "BREAKPOKER_TOKEN_MINUTES",
        "BREAKPOKER_LOGIN_WINDOW_SECONDS",
        "BREAKPOKER_THREADS",
    ]


def test_a_password_in_a_bad_url_is_not_shown(environ):
    environ(DATABASE_URL="mysql://breakpoker:hunter2-secret@db/x", REDIS_URL="http://:s3cret@cache:6379")
    with pytest.raises(SettingsError) as refused:
        read_environment()
    message = str(refused.value)
    assert "hunter2" not in message
    assert "s3cret" not in message
    assert "'mysql://breakpoker:***@db/x'" in message
    assert "'http://:***@cache:6379'" in message


def test_unset_or_empty_each_has_its_default(environ):
    defaults = read_environment()
    environ(**dict.fromkeys(VARIABLES, ""))
    assert read_environment() == defaults
    assert (defaults.token_minutes, defaults.lockout_failures, defaults.login_window_seconds) == (720, 5, 60)
    assert (defaults.bind, defaults.web_concurrency, defaults.threads, defaults.log_level) == (
        "127.0.0.1:8000",
        None,
        4,
        "INFO",
    )
    assert defaults.retry_seconds == (1, 5, 30, 120, 600)
    assert defaults.worker_queues is None
    assert defaults.instance == Path("instance")


def test_good_values_reach_the_settings(environ, tmp_path):
    environ(
        BREAKPOKER_TOKEN_MINUTES=" 90 ",
        BREAKPOKER_LOGIN_WINDOW_SECONDS="30",
        BREAKPOKER_RETRY_SECONDS="0, 2,10",
        BREAKPOKER_TRUSTED_PROXIES="10.0.0.0/8, 192.0.2.1",
        BREAKPOKER_LOG_LEVEL="debug",
        BREAKPOKER_INSTANCE=str(tmp_path),
        DATABASE_URL="postgresql://breakpoker:pw@db:5432/breakpoker",
        REDIS_URL="unix:///run/redis.sock",
        BREAKPOKER_WORKER_QUEUES="audit, metrics",
    )
    found = read_environment()
    assert (found.log_level, found.worker_queues) == ("DEBUG", ("audit", "metrics"))
    settings = Settings.from_environment()
    assert (settings.token_minutes, settings.login_window_seconds) == (90, 30)
    assert settings.retry_seconds == (0, 2, 10)
    assert [str(network) for network in settings.trusted_networks] == ["10.0.0.0/8", "192.0.2.1/32"]
    assert settings.instance == tmp_path
    assert settings.database == "postgresql://breakpoker:pw@db:5432/breakpoker"
    assert settings.redis == "unix:///run/redis.sock"


def test_the_identification_key_is_under_the_instance_unless_named(environ, tmp_path):
    environ(BREAKPOKER_INSTANCE=str(tmp_path))
    assert Settings.from_environment().identification_key == tmp_path / "keys" / "identification.key"
    environ(BREAKPOKER_IDENTIFICATION_KEY_FILE=str(tmp_path / "elsewhere.key"))
    assert Settings.from_environment().identification_key == tmp_path / "elsewhere.key"
