"""What a compliance export holds, file by file: each file's name,
description and columns, the query behind it and how its rows become lines."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from service.compliance.export_queries import Line, Query, Scope
from service.compliance.export_rounds import MONEY_COLUMNS, round_row, rounds_query, seat_row, seats_query
from service.compliance.export_trail import (
    chain_line,
    chain_query,
    event_row,
    events_query,
    exception_row,
    exceptions_query,
)


@dataclass(frozen=True)
class ExportFile:
    name: str
    description: str
    columns: tuple[str, ...] | None  # None: JSON lines
    query: Callable[[Scope], Query]
    line: Callable[[Line], Any]  # a CSV row (list) or a JSON line (dict)


FILES = (
    ExportFile(
        "rounds.csv",
        "every round record whose gaming day is in the period, with its status (settled, void, or "
        "superseded by an approved correction); money in minor units, house_net from the house's side",
        (
            "record_id",
            "table_id",
            "table",
            "round_id",
            "revision",
            "supersedes_id",
            "status",
            "superseded_by",
            "config_version",
            "dealer_cards",
            "entered_by",
            "entered_at_utc",
            "utc_offset_minutes",
            "gaming_day",
            "shift",
            "house_net",
        ),
        rounds_query,
        round_row,
    ),
    ExportFile(
        "seats.csv",
        "every seat of those rounds: cards, setting as entered and as settled (low / high), the house-way "
        "rule, foul, and each bet's stake, outcome and net from the player's side",
        (
            "record_id",
            "table_id",
            "round_id",
            "revision",
            "gaming_day",
            "seat",
            "cards",
            "setting_entered",
            "low",
            "high",
            "rule",
            "fouled",
            *MONEY_COLUMNS,
        ),
        seats_query,
        seat_row,
    ),
    ExportFile(
        "exceptions.csv",
        "every void and correction requested on those rounds, decided or pending, with both users, times, "
        "reason, note and the changed fields (JSON, before and after)",
        (
            "exception_id",
            "record_id",
            "table_id",
            "round_id",
            "revision",
            "kind",
            "reason",
            "requested_by",
            "requested_at_utc",
            "decision",
            "decided_by",
            "decided_at_utc",
            "note",
            "replacement_id",
            "changes",
        ),
        exceptions_query,
        exception_row,
    ),
    ExportFile(
        "audit_events.csv",
        "every significant event that occurred in the audit window, of any table or none; seq is its "
        "link in the hash chain (empty: not sealed yet)",
        (
            "event_id",
            "occurred_at_utc",
            "kind",
            "subject",
            "actor_id",
            "actor",
            "table_id",
            "payload",
            "seq",
        ),
        events_query,
        event_row,
    ),
    ExportFile(
        "audit_chain.jsonl",
        "the hash chain's links for those events in seq order, each with the event in the chain's canonical "
        "form: hash = SHA-256(previous_hash + canonical JSON of event), and each previous_hash is the hash "
        "of the line before",
        None,
        chain_query,
        chain_line,
    ),
)
