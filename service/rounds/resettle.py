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
from typing import Any

from service.engine.cards import codes
from service.engine.errors import RulesError
from service.engine.round import SeatEntry
from service.engine.round_json import round_from_json
from service.engine.settlement import RoundSettlement, settle_round
from service.rounds.deck_round import EXTRA_KEYS
from service.rounds.entering import request_digest
from service.rounds.sealed import ABSENT, Mismatch, round_pages, sealed_mismatches
from service.rounds.settlement_json import StoredSettlementJson, settlement_json
from service.rounds.storing import round_ref_of, seat_columns
from service.store.db import Db
from service.store.models import ConfigVersion, RoundRecord, SeatRecord
from service.tables.tables import config_of


@dataclass(frozen=True)
class Verdict:
    """Every mismatch, and what could not be checked (and why)."""

    mismatches: list[Mismatch]
    unchecked: list[str]


def verify(db: Db, record: RoundRecord) -> Verdict:
    """Re-settle ``record`` and compare every stored figure, and compare
    its money, digest and where it was placed (dealer, time, gaming day,
    shift, revision) with its sealed ``round_settled`` event."""
    sealed, unchecked = sealed_mismatches(db, record)
    return Verdict(_resettled(db, record) + sealed, unchecked)


def resettle(db: Db, record: RoundRecord) -> list[Mismatch]:
    """Every stored field of ``record`` that re-settling (or its sealed
    event) does not reproduce; empty when the round re-settles to
    exactly what was stored."""
    return verify(db, record).mismatches


def _resettled(db: Db, record: RoundRecord) -> list[Mismatch]:
    version = db.get(ConfigVersion, record.config_id)
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
        # as it was stored (its deck_id, if any, is the round's link to its feed)
        round_ = round_from_json(record.entered, EXTRA_KEYS, legacy_number_id=True)
        settled = settle_round(round_, config)
    except RulesError as error:
        found.append(Mismatch("entered", "settled", f"refused: {error.field}: {error.message}"))
        return found
    found += _round_fields(record, settled, round_.dealer, round_.round_id)
    found += _compare("settlement", record.settlement, _as_stored(settlement_json(settled)))
    found += _seats(record.seats, round_.seats, settled)
    return found


def _as_stored(document: StoredSettlementJson) -> Any:
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


def stored_rounds(db: Db, table_id: int | None = None) -> Iterator[RoundRecord]:
    """Every stored round (of one table), oldest first, a page at a time."""
    for page in round_pages(db, table_id):
        yield from page
