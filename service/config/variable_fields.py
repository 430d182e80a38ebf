"""How the text of one environment variable is read: the marshmallow
fields of :mod:`service.config.environment` and the parsers of its values,
each raising ValidationError saying what is wrong."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from ipaddress import IPv4Network, IPv6Network, ip_network
from typing import Any

from marshmallow import ValidationError, fields
from marshmallow.validate import Range
from sqlalchemy.engine import make_url
from sqlalchemy.exc import ArgumentError

from service.config.currency import Currency, parse_currency
from service.jobs.queues import QUEUES

LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL")
BIND_PATTERN = re.compile(r"(?:\[[0-9A-Fa-f:.]+\]|[^\s:\[\]]*):(\d{1,5})")


class Parsed(fields.Field):  # type: ignore[type-arg]
    """Text made a value by ``parse``, which raises ValidationError saying what is wrong."""

    def __init__(self, parse: Callable[[str], Any], **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.parse = parse

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> Any:
        return self.parse(str(value).strip())


def parsed(variable: str, default: Any, parse: Callable[[str], Any], allowed: str) -> Parsed:
    return Parsed(parse, data_key=variable, load_default=default, metadata={"allowed": allowed})


def whole(variable: str, default: int | None, low: int, high: int, unit: str) -> fields.Integer:
    return fields.Integer(
        data_key=variable,
        load_default=default,
        validate=Range(low, high, error="out of range"),
        error_messages={"invalid": "not a whole number", "too_large": "out of range"},
        metadata={"allowed": f"a whole number of {unit}, {low} to {high}"},
    )


def entries(text: str, what: str) -> list[str]:
    entries = [entry.strip() for entry in text.split(",") if entry.strip()]
    if not entries:
        raise ValidationError(f"no {what} given")
    return entries


def retry_seconds(text: str) -> tuple[int, ...]:
    waits = []
    for entry in entries(text, "wait"):
        if not re.fullmatch(r"[+-]?\d+", entry):
            raise ValidationError(f"{entry!r} is not a whole number")
        if not 0 <= int(entry) <= 86400:
            raise ValidationError(f"{entry!r} is out of range")
        waits.append(int(entry))
    if len(waits) > 20:
        raise ValidationError(f"{len(waits)} waits, more than 20")
    return tuple(waits)


def proxies(text: str) -> tuple[str, ...]:
    entries = tuple(entry.strip() for entry in text.split(",") if entry.strip())
    try:
        parse_networks(entries)
    except ValueError as error:
        raise ValidationError(str(error)) from None
    return entries


def queues(text: str) -> tuple[str, ...]:
    names = tuple(entries(text, "queue"))
    for name in names:
        if name not in QUEUES:
            raise ValidationError(f"{name!r} is not a queue")
    return names


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


def currency(text: str) -> Currency:
    try:
        return parse_currency(text)
    except ValueError as error:
        raise ValidationError(str(error)) from None


def signed_heads(text: str) -> str:
    if (text != "syslog" and not text.startswith("file:")) or text == "file:":
        raise ValidationError("neither syslog nor file:PATH")
    return text


def level(text: str) -> str:
    if text.upper() not in LEVELS:
        raise ValidationError("not a level")
    return text.upper()


def bind(text: str) -> str:
    if not text.startswith("unix:") or text == "unix:":
        port = BIND_PATTERN.fullmatch(text)
        if port is None or int(port.group(1)) > 65535:
            raise ValidationError("not HOST:PORT or unix:PATH")
    return text


def database_url(text: str) -> str:
    try:
        backend = make_url(text).get_backend_name()
    except ArgumentError:
        backend = None
    if backend not in ("sqlite", "postgresql"):
        raise ValidationError("not a SQLite or PostgreSQL URL")
    return text


def redis_url(text: str) -> str:
    if text.partition("://")[0] not in ("redis", "rediss", "unix") or "://" not in text:
        raise ValidationError("not a Redis URL")
    return text
