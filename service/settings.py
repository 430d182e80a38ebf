"""Settings from the environment, with defaults that need no setup."""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from ipaddress import IPv4Network, IPv6Network, ip_network
from pathlib import Path

from service.instance import instance_path

RETRY_SECONDS = (1, 5, 30, 120, 600)  # between a failed job's attempts


def _sqlite_url(instance: Path) -> str:
    return f"sqlite:///{instance / 'breakpoker.sqlite3'}"


def embedded_redis_url(instance: Path) -> str:
    """Where the embedded Redis of an instance folder listens."""
    return f"unix://{instance / 'redis.sock'}"


@dataclass(frozen=True)
class Settings:
    instance: Path = field(default_factory=instance_path)
    database_url: str = ""  # empty: SQLite in the instance folder
    redis_url: str = ""  # empty: the embedded Redis on a socket in the instance folder
    token_minutes: int = 12 * 60  # a sign-in lasts one shift and a half
    lockout_failures: int = 5  # consecutive failed logins that lock an account
    lockout_minutes: int = 15
    # Sign-in attempts per window from one client address, and for one name.
    login_limit_per_address: int = 20
    login_limit_per_name: int = 30
    login_window_seconds: int = 60
    # Proxies whose X-Forwarded-For is believed (addresses or CIDR); none by default.
    trusted_proxies: tuple[str, ...] = ()
    trusted_networks: tuple[IPv4Network | IPv6Network, ...] = field(init=False, repr=False, compare=False)
    retry_seconds: tuple[int, ...] = RETRY_SECONDS
    # The bearer token Prometheus scrapes /metrics with; empty: /metrics is open
    # (make run on a laptop). It shows each table's handle and win.
    metrics_token: str = ""
    sweep_seconds: int = 30  # between the dispatcher's looks for lost work
    sweep_grace_seconds: int = 60  # how long work may be undone before it counts as lost

    def __post_init__(self) -> None:
        # Parsed once, here: a mistyped proxy stops the start with its name,
        # rather than failing every sign-in.
        networks = []
        for proxy in self.trusted_proxies:
            if not proxy.strip():
                continue
            try:
                networks.append(ip_network(proxy.strip(), strict=False))
            except ValueError:
                raise ValueError(
                    f"BREAKPOKER_TRUSTED_PROXIES: {proxy.strip()!r} is not an address or a CIDR network"
                ) from None
        object.__setattr__(self, "trusted_networks", tuple(networks))

    @property
    def database(self) -> str:
        return self.database_url or _sqlite_url(self.instance)

    @property
    def redis(self) -> str:
        return self.redis_url or embedded_redis_url(self.instance)

    @classmethod
    def from_environment(cls, **overrides: object) -> Settings:
        values: dict[str, object] = {
            "database_url": os.environ.get("DATABASE_URL", ""),
            "redis_url": os.environ.get("REDIS_URL", ""),
            "metrics_token": os.environ.get("BREAKPOKER_METRICS_TOKEN", ""),
        }
        for name, variable in (
            ("token_minutes", "BREAKPOKER_TOKEN_MINUTES"),
            ("lockout_failures", "BREAKPOKER_LOCKOUT_FAILURES"),
            ("lockout_minutes", "BREAKPOKER_LOCKOUT_MINUTES"),
            ("sweep_seconds", "BREAKPOKER_SWEEP_SECONDS"),
            ("sweep_grace_seconds", "BREAKPOKER_SWEEP_GRACE_SECONDS"),
            ("login_limit_per_address", "BREAKPOKER_LOGIN_LIMIT_PER_ADDRESS"),
            ("login_limit_per_name", "BREAKPOKER_LOGIN_LIMIT_PER_NAME"),
            ("login_window_seconds", "BREAKPOKER_LOGIN_WINDOW_SECONDS"),
        ):
            if os.environ.get(variable):
                values[name] = int(os.environ[variable])
        if os.environ.get("BREAKPOKER_RETRY_SECONDS"):
            values["retry_seconds"] = tuple(int(s) for s in os.environ["BREAKPOKER_RETRY_SECONDS"].split(","))
        if os.environ.get("BREAKPOKER_TRUSTED_PROXIES"):
            values["trusted_proxies"] = tuple(os.environ["BREAKPOKER_TRUSTED_PROXIES"].split(","))
        values.update(overrides)
        return cls(**values)  # type: ignore[arg-type]
