"""What each cash rules event claims about the stored cash records
(:mod:`service.players.cash_rules`, rule book section 14): a cash buy-in
(``buy_in_recorded``, its ``cash_in``) its ``cash_ins`` row, an entry of
the multiple transaction log (``cash_transaction_logged``) its
``cash_log_entries`` row, a player-day listed for a currency transaction
report (``report_day_listed``) its ``report_days`` row, and an
identification recorded (``player_identified``) its
``player_identifications`` row: who, for which player, which version and
when, never the document (its ciphertext is checked by its own
authentication tag when read). Each row is written in the transaction of
its event, so it is matched the way the players' are
(:mod:`service.compliance.player_claims`).

Events written before they carried all of it stay readable: a cash
buy-in's without ``cash_in`` claims the row's id and amount, a log
entry's or a report day's without ``minor_unit`` leaves it out, a report
day's without ``player_id`` names the player by its subject, and an
identification's without ``identification_id`` is looked up by its
player and version. An amount or a day edited in the database, or a row
inserted by SQL, is named."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from sqlalchemy import select

from service.accounting.records import Record
from service.audit.kinds import EventKind
from service.compliance.accounting_claims import Claim, SealedEvent, Table
from service.store.db import Db
from service.store.models import BuyIn, CashIn, CashLogEntry, PlayerIdentification, ReportDay

CASH_INS, LOG, REPORT_DAYS, IDENTIFICATIONS = (
    "cash_ins",
    "cash_log_entries",
    "report_days",
    "player_identifications",
)
#: the kinds of event only cash records have (a cash buy-in's is a rating's too)
CASH_KINDS = (EventKind.CASH_TRANSACTION_LOGGED, EventKind.REPORT_DAY_LISTED, EventKind.PLAYER_IDENTIFIED)


def cash_in_fields(row: CashIn) -> Record:
    return {
        "buy_in_id": row.buy_in_id,
        "player_id": row.player_id,
        "table_id": row.table_id,
        "gaming_day": row.gaming_day.isoformat(),
        "currency": row.currency,
        "amount": row.amount,
    }


def entry_fields(row: CashLogEntry) -> Record:
    """An entry as its event carries it (its writer and time are the event's)."""
    return {
        "entry_id": row.id,
        "table_id": row.table_id,
        "gaming_day": row.gaming_day.isoformat(),
        "currency": row.currency,
        "minor_unit": row.minor_unit,
        "amount": row.amount,
        "player_id": row.player_id,
        "buy_in_id": row.buy_in_id,
        "description": row.description,
    }


def report_day_fields(row: ReportDay) -> Record:
    """A report day as its event carries it (its time is the event's)."""
    return {
        "report_day_id": row.id,
        "player_id": row.player_id,
        "gaming_day": row.gaming_day.isoformat(),
        "currency": row.currency,
        "minor_unit": row.minor_unit,
        "buy_in_id": row.buy_in_id,
    }


def identification_fields(row: PlayerIdentification) -> Record:
    """An identification as its event carries it: never the document."""
    return {"identification_id": row.id, "player_id": row.player_id, "version": row.version}


CASH_TABLES: Mapping[str, Table] = {
    CASH_INS: Table(CASH_INS, CashIn, "buy_in_id", cash_in_fields, ident="buy_in_id"),
    LOG: Table(LOG, CashLogEntry, "entry_id", entry_fields),
    REPORT_DAYS: Table(REPORT_DAYS, ReportDay, "report_day_id", report_day_fields),
    IDENTIFICATIONS: Table(IDENTIFICATIONS, PlayerIdentification, "identification_id", identification_fields),
}


def cash_claims(db: Db, event: SealedEvent) -> list[Claim]:
    """What a cash event says its stored row is; empty for another kind,
    a buy-in of chips, or a payload that is not a record."""
    payload = event.payload
    if not isinstance(payload, dict):
        return []
    if event.kind == EventKind.BUY_IN_RECORDED:
        return _cash_in(db, payload)
    if event.kind == EventKind.CASH_TRANSACTION_LOGGED:
        made = {"recorded_by": event.actor_id, "at": event.occurred_at}
        return [_claim(LOG, payload, made)]
    if event.kind == EventKind.REPORT_DAY_LISTED:
        player = {"player_id": _subject_id(event.subject)} | payload
        return [_claim(REPORT_DAYS, player, {"listed_at": event.occurred_at})]
    if event.kind == EventKind.PLAYER_IDENTIFIED:
        return [_identification(db, event, payload)]
    return []


def _claim(table: str, payload: Record, columns: Record) -> Claim:
    """The table's row as the payload has it; a field it lacks (an older
    event) is not compared."""
    fields = _FIELDS[table]
    sealed = {name: payload[name] for name in fields if name in payload}
    skipped = frozenset(name for name in fields if name not in payload)
    return Claim(table, _id(payload.get(CASH_TABLES[table].key)), sealed, columns, skipped)


def _cash_in(db: Db, payload: Record) -> list[Claim]:
    if payload.get("kind") != "cash":
        return []
    cash_in = payload.get("cash_in")
    if isinstance(cash_in, dict):
        return [_claim(CASH_INS, cash_in, {})]
    # An older event: its row, if the buy-in was placed in a day, by id and amount.
    buy_in_id = _id(payload.get("buy_in_id"))
    if buy_in_id is None or db.get(CashIn, buy_in_id) is None:
        return []
    return [_claim(CASH_INS, {"buy_in_id": buy_in_id, "amount": payload.get("amount")}, {})]


def _identification(db: Db, event: SealedEvent, payload: Record) -> Claim:
    made = {"recorded_by": event.actor_id, "recorded_at": event.occurred_at}
    found = {"player_id": _subject_id(event.subject)} | payload
    if "identification_id" not in found:  # an older event: by player and version
        found["identification_id"] = db.scalar(
            select(PlayerIdentification.id).where(
                PlayerIdentification.player_id == found["player_id"],
                PlayerIdentification.version == _id(found.get("version")),
            )
        )
    return _claim(IDENTIFICATIONS, found, made)


_FIELDS = {
    CASH_INS: ("buy_in_id", "player_id", "table_id", "gaming_day", "currency", "amount"),
    LOG: (
        "entry_id",
        "table_id",
        "gaming_day",
        "currency",
        "minor_unit",
        "amount",
        "player_id",
        "buy_in_id",
        "description",
    ),
    REPORT_DAYS: ("report_day_id", "player_id", "gaming_day", "currency", "minor_unit", "buy_in_id"),
    IDENTIFICATIONS: ("identification_id", "player_id", "version"),
}


def cash_subject(db: Db, table: str, row: Any) -> str:
    """The subject a cash row's event would have."""
    if table == CASH_INS:
        buy_in = db.get(BuyIn, row.buy_in_id)
        return f"rating:{buy_in.rating_id}" if buy_in is not None else f"buy-in {row.buy_in_id}"
    if table == LOG:
        return f"cash_log:{row.id}"
    return f"player:{row.player_id}"


def _subject_id(subject: str) -> int | None:
    kind, _, number = subject.partition(":")
    return int(number) if kind == "player" and number.isdigit() and len(number) <= 18 else None


def _id(value: Any) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None
