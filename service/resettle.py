"""Re-settling a stored round: run its stored cards, settings and bets
through the rules engine again, under the configuration version it was
settled with, and compare the result with every stored figure.

A stored round never changes (the database refuses it), so a difference
means the rows were edited behind the service's back, the configuration
version's rules were, or the engine now settles differently from the one
that stored the round. Each is worth a loud report, field by field.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import Select, select
from sqlalchemy.orm import Session

from service.engine.cards import codes
from service.engine.errors import RulesError
from service.engine.round import SeatEntry
from service.engine.round_json import round_from_json
from service.engine.settlement import RoundSettlement, settle_round
from service.models import AuditEvent, ConfigVersion, RoundRecord, SeatRecord
from service.rounds import placement, request_digest, round_ref_of, seat_columns, settlement_json
from service.tables import config_of

PAGE = 500  # rounds per query when re-settling them all
ABSENT = "(absent)"
RESETTLED, SEALED = "re-settled", "sealed"  # what a stored figure is compared with


@dataclass(frozen=True)
class Mismatch:
    """A stored figure and what re-settling gives instead (or, for where the
    round was placed, what its sealed ``round_settled`` event says)."""

    field: str  # e.g. "seats[2].main_net", "settlement.house_net", "gaming_day"
    stored: Any
    resettled: Any
    against: str = RESETTLED  # what the stored figure was compared with

    def to_json(self) -> dict[str, Any]:
        return {"field": self.field, "stored": self.stored, self.against.replace("-", ""): self.resettled}


@dataclass(frozen=True)
class Verdict:
    """Every mismatch, and what could not be checked (and why)."""

    mismatches: list[Mismatch]
    unchecked: list[str]


def verify(session: Session, record: RoundRecord) -> Verdict:
    """Re-settle ``record`` and compare every stored figure, and compare
    where it was placed (dealer, time, gaming day, shift, revision) with its
    sealed ``round_settled`` event."""
    placement, unchecked = _placement(session, record)
    return Verdict(_resettled(session, record) + placement, unchecked)


def resettle(session: Session, record: RoundRecord) -> list[Mismatch]:
    """Every stored field of ``record`` that re-settling (or its sealed
    placement) does not reproduce; empty when the round re-settles to
    exactly what was stored."""
    return verify(session, record).mismatches


def _resettled(session: Session, record: RoundRecord) -> list[Mismatch]:
    version = session.get(ConfigVersion, record.config_id)
    if version is None:
        return [Mismatch("config_id", record.config_id, "no such configuration version")]
    found: list[Mismatch] = []
    try:
        config = config_of(version)
    except RulesError as error:
        return [Mismatch("config.rules", version.rules, f"refused: {error.message}")]
    if config.digest != version.digest:
        # The version's rules were edited after it was saved.
        found.append(Mismatch("config.digest", version.digest, config.digest))
    digest = request_digest(record.table_id, record.entered)
    if digest != record.request_digest:
        # The round as entered was edited after it was stored.
        found.append(Mismatch("request_digest", record.request_digest, digest))
    try:
        round_ = round_from_json(record.entered, legacy_number_id=True)  # as it was stored
        settled = settle_round(round_, config)
    except RulesError as error:
        found.append(Mismatch("entered", "settled", f"refused: {error.field}: {error.message}"))
        return found
    found += _round_fields(record, settled, round_.dealer, round_.round_id)
    found += _compare("settlement", record.settlement, _as_stored(settlement_json(settled)))
    found += _seats(record.seats, round_.seats, settled)
    return found


#: the key of the event's "placement" -> the column
COLUMNS = {"supersedes": "supersedes_id"}


def _placement(session: Session, record: RoundRecord) -> tuple[list[Mismatch], list[str]]:
    """The placement columns against the latest ``round_settled`` event of
    the round (written in the same transaction, then sealed): the mismatches,
    and a note when the event predates the placement it now carries."""
    event = session.execute(
        select(AuditEvent.id, AuditEvent.payload)
        .where(AuditEvent.kind == "round_settled", AuditEvent.subject == f"round:{record.id}")
        .order_by(AuditEvent.id.desc())
        .limit(1)
    ).first()
    if event is None:
        return [Mismatch("round_settled", f"round:{record.id}", "no round_settled event", SEALED)], []
    event_id, payload = event
    if not isinstance(payload, dict) or "placement" not in payload:
        return [], [
            f"placement: round_settled event {event_id} carries no placement (the round was stored "
            "before placements were sealed); entered_by, entered_at, gaming_day, shift, "
            "utc_offset_minutes, revision and supersedes_id not checked"
        ]
    stored, sealed = placement(record), payload["placement"]
    if not isinstance(sealed, dict):
        return [Mismatch("placement", stored, sealed, SEALED)], []
    found = []
    for key, value in stored.items():
        column = COLUMNS.get(key, key)
        other = sealed.get(key, ABSENT)
        if not _same(column, value, other):
            found.append(Mismatch(column, value, other, SEALED))
    return found, []


def _same(column: str, stored: Any, sealed: Any) -> bool:
    if column == "entered_at" and isinstance(sealed, str):
        try:  # the same instant, however it is written
            return datetime.fromisoformat(stored) == datetime.fromisoformat(sealed)
        except ValueError:
            return False
    return type(stored) is type(sealed) and stored == sealed


def _as_stored(document: dict[str, Any]) -> Any:
    """The settlement as the JSON column gives it back (enums as their values)."""
    return json.loads(json.dumps(document))


def _round_fields(
    record: RoundRecord, settled: RoundSettlement, dealer: tuple[Any, ...], round_id: str | int
) -> Iterator[Mismatch]:
    expected = {
        "house_net": settled.house_net,
        "dealer_cards": codes(dealer),
        "round_ref": round_ref_of(round_id, record.revision),
    }
    for name, value in expected.items():
        stored = getattr(record, name)
        if stored != value:
            yield Mismatch(name, stored, value)


def _seats(
    stored: list[SeatRecord], entered: tuple[SeatEntry, ...], settled: RoundSettlement
) -> Iterator[Mismatch]:
    by_seat = {seat.seat: seat for seat in stored}
    for entry, result in zip(entered, settled.seats, strict=True):
        row = by_seat.pop(result.seat, None)
        if row is None:
            yield Mismatch(f"seats[{result.seat}]", ABSENT, "a settled seat")
            continue
        for name, value in seat_columns(entry, result).items():
            if getattr(row, name) != value:
                yield Mismatch(f"seats[{result.seat}].{name}", getattr(row, name), value)
    for extra in sorted(by_seat):
        yield Mismatch(f"seats[{extra}]", "a stored seat", ABSENT)


def _compare(path: str, stored: Any, resettled: Any) -> Iterator[Mismatch]:
    """The leaves of two JSON documents that differ, by path."""
    if isinstance(stored, dict) and isinstance(resettled, dict):
        for key in sorted(stored.keys() | resettled.keys(), key=str):
            yield from _compare(f"{path}.{key}", stored.get(key, ABSENT), resettled.get(key, ABSENT))
    elif isinstance(stored, list) and isinstance(resettled, list) and len(stored) == len(resettled):
        for index, (old, new) in enumerate(zip(stored, resettled, strict=True)):
            yield from _compare(f"{path}[{index}]", old, new)
    elif type(stored) is not type(resettled) or stored != resettled:
        yield Mismatch(path, stored, resettled)


def stored_rounds(session: Session, table_id: int | None = None) -> Iterator[RoundRecord]:
    """Every stored round (of one table), oldest first, a keyset page at a
    time; each page is let go of before the next is read."""
    after = 0
    while True:
        query: Select[RoundRecord] = select(RoundRecord).where(RoundRecord.id > after)
        if table_id is not None:
            query = query.where(RoundRecord.table_id == table_id)
        page = list(session.scalars(query.order_by(RoundRecord.id).limit(PAGE)))
        if not page:
            return
        yield from page
        after = page[-1].id
        session.expunge_all()
        if len(page) < PAGE:
            return
