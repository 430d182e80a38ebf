"""The service's settings, with defaults that need no setup; from the
environment through :mod:`service.config.environment`, which reads and checks
every variable."""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from ipaddress import IPv4Network, IPv6Network
from pathlib import Path

from service.config.currency import USD, Currency
from service.config.environment import SessionlessRounds, StrategyTables, read_environment
from service.config.instance import instance_path
from service.config.variable_fields import parse_networks
from service.jobs.queues import RETRY_SECONDS


def _sqlite_url(instance: Path) -> str:
    return f"sqlite:///{instance / 'breakpoker.sqlite3'}"


def embedded_redis_url(instance: Path) -> str:
    """Where the embedded Redis of an instance folder listens."""
    return f"unix://{instance / 'redis.sock'}"


@dataclass(frozen=True)
class Settings:
    instance: Path = field(default_factory=instance_path)
    database_url: str = ""  # empty: SQLite in the instance folder
    # Who migrates: the owner of the tables, on PostgreSQL a role apart from
    # the one the API and workers connect as (ops/README.md); empty: DATABASE_URL.
    migrate_database_url: str = ""
    redis_url: str = ""  # empty: the embedded Redis on a socket in the instance folder
    token_minutes: int = 12 * 60  # a sign-in lasts one shift and a half
    # A token unused for this long is refused (token_idle). Thirty minutes:
    # NIST SP 800-63B's inactivity limit at AAL2, and longer than a dealer's
    # twenty-minute break, so a quiet table does not sign its dealer out,
    # while a tablet left signed in on an empty table does not stay open
    # for the rest of the shift. At least 2: use is noted to the minute.
    token_idle_minutes: int = 30
    # Days a password is good for; past them the sign-in answers
    # must_change_password. 0: no maximum (NIST SP 800-63B advises against
    # forced periodic changes; some regulators' checklists still ask one).
    password_max_age_days: int = 0
    lockout_failures: int = 5  # wrong passwords in a row from one address that lock the account there
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
    # A round at a table with no open session: "refuse" (a casino floor: no
    # tray, no drop box, nothing for the chips to be checked against) or
    # "allow" (training, demonstrations, the tests of other parts).
    rounds_without_session: SessionlessRounds = SessionlessRounds.REFUSE
    # How far a session's win from the chips may be from its rounds' net
    # before the check flags it, in minor units.
    chips_tolerance: int = 0
    # The currency of a table created without one (a table's own is fixed
    # at its creation: service/config/currency.py).
    currency: Currency = USD
    # Whether the par sheet job also builds the strategy table of its
    # qualifier (the hand calculator and the expected win read it), or only
    # `breakpoker strategy build` does (the tests of other parts).
    strategy_tables: StrategyTables = StrategyTables.BUILD
    # The audit trail's keys, which the database never holds: the MAC key of
    # every event written, the Ed25519 key the workers sign chain heads and
    # export manifests with, and the public keys (by key id) verification
    # reads. None: under <instance>/keys, made on first start.
    event_key_file: Path | None = None
    signing_key_file: Path | None = None
    public_keys_folder: Path | None = None
    # The key players' identifications are encrypted with (AES-256-GCM),
    # which the database never holds either. None: under <instance>/keys,
    # made on first use (service/players/identification_cipher.py).
    identification_key_file: Path | None = None
    # Where each signed head is written as well: "file:PATH" (an append-only
    # log), "syslog"; empty: <instance>/signed-heads.log.
    signed_heads: str = ""

    def __post_init__(self) -> None:
        # Parsed once, here, not at every sign-in (from the environment, a
        # mistyped one has stopped the start already, naming the variable).
        object.__setattr__(self, "trusted_networks", parse_networks(self.trusted_proxies))

    @property
    def database(self) -> str:
        return self.database_url or _sqlite_url(self.instance)

    @property
    def migration_database(self) -> str:
        """The URL the migrations run on: the owner role's."""
        return self.migrate_database_url or self.database

    @property
    def redis(self) -> str:
        return self.redis_url or embedded_redis_url(self.instance)

    @property
    def event_key(self) -> Path:
        return self.event_key_file or self.instance / "keys" / "event-mac.key"

    @property
    def signing_key(self) -> Path:
        return self.signing_key_file or self.instance / "keys" / "chain-signing.pem"

    @property
    def identification_key(self) -> Path:
        return self.identification_key_file or self.instance / "keys" / "identification.key"

    @property
    def public_keys(self) -> Path:
        return self.public_keys_folder or self.instance / "keys" / "public"

    @property
    def signed_heads_log(self) -> Path | None:
        """The file signed heads are appended to; None: syslog."""
        if self.signed_heads == "syslog":
            return None
        return (
            Path(self.signed_heads.removeprefix("file:"))
            if self.signed_heads
            else self.instance / "signed-heads.log"
        )

    @classmethod
    def from_environment(cls, **overrides: object) -> Settings:
        """From the environment (:class:`~service.config.environment.SettingsError`
        naming every bad variable), then ``overrides``."""
        environment = read_environment()
        values: dict[str, object] = {
            item.name: getattr(environment, item.name)
            for item in fields(cls)
            if item.init and item.name != "instance"
        }
        values["instance"] = instance_path()
        values.update(overrides)
        return cls(**values)  # type: ignore[arg-type]
