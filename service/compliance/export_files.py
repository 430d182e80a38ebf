"""What a compliance export holds, file by file: each file's name,
description and columns, the query behind it and how its rows become lines."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from service.compliance.export_accounting import (
    drop_lines,
    drops_query,
    notes_query,
    plain_row,
    session_row,
    sessions_query,
    slip_row,
    slips_query,
)
from service.compliance.export_alerts import ALERT_FILES
from service.compliance.export_cash import CASH_RECORDS
from service.compliance.export_chain import chain_lines, chain_query
from service.compliance.export_comps import COMP_COLUMNS, comps_query
from service.compliance.export_comps import DESCRIPTION as COMPS_DESCRIPTION
from service.compliance.export_decks import COLUMNS as DECK_COLUMNS
from service.compliance.export_decks import deck_row, decks_query
from service.compliance.export_heads import DESCRIPTION as HEADS_DESCRIPTION
from service.compliance.export_heads import head_line, heads_query
from service.compliance.export_players import NAME_COLUMNS, PLAYER_COLUMNS, names_query, players_query
from service.compliance.export_queries import Line, Query, Scope
from service.compliance.export_ratings import RATED_PLAY
from service.compliance.export_rounds import MONEY_COLUMNS, round_lines, rounds_query, seat_lines, seats_query
from service.compliance.export_trail import (
    event_lines,
    events_query,
    exception_row,
    exceptions_query,
)
from service.store.db import Db


@dataclass(frozen=True)
class ExportFile:
    name: str
    description: str
    columns: tuple[str, ...] | None  # None: JSON lines
    query: Callable[[Scope], Query]
    line: Callable[[Line], Any]  # a CSV row (list) or a JSON line (dict)
    # A line that needs what its rows cannot carry (the names of a JSON list
    # of user ids): made once a build, in place of ``line``.
    lines: Callable[[Db], Callable[[Line], Any]] | None = None

    def bound(self, db: Db) -> ExportFile:
        """The file with its line made for this build."""
        if self.lines is None:
            return self
        return ExportFile(self.name, self.description, self.columns, self.query, self.lines(db))


FILES = (
    ExportFile(
        "rounds.csv",
        "every round record whose gaming day is in the period, with its status (settled, void, or "
        "superseded by an approved correction); money in minor units of the table's currency (ISO 4217 "
        "code in currency), house_net from the house's side",
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
            "currency",
        ),
        rounds_query,
        plain_row,  # made for each build: round_lines
        round_lines,
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
        plain_row,  # made for each build: seat_lines
        seat_lines,
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
        "round_decks.csv",
        "every one of those rounds dealt from a deck a shuffler or shoe read: the device, its sequence "
        "number, when the deck came, its 53 cards as dealt, the deal order it was dealt by (JSON) and each "
        "card the dealer entered otherwise (JSON: hand, position 1-7, fed, entered; [] none)",
        DECK_COLUMNS,
        decks_query,
        deck_row,
    ),
    ExportFile(
        "table_sessions.csv",
        "every table session opened in the period's gaming days: when it was opened and closed, and its "
        "opener and closer tray counts by denomination (lines: JSON, denomination -> amount, minor units) "
        "with the dealer and pit boss who signed each; an opener that differs from the last closer carries "
        "the difference and the explanation; closed_at and the closer are empty while it is open",
        (
            "session_id",
            "table_id",
            "table",
            "number",
            "gaming_day",
            "shift",
            "opened_at_utc",
            "closed_at_utc",
            "opener_count_id",
            "opener_lines",
            "opener_total",
            "opener_dealer",
            "opener_pit_boss",
            "opener_difference",
            "opener_explanation",
            "closer_count_id",
            "closer_lines",
            "closer_total",
            "closer_dealer",
            "closer_pit_boss",
        ),
        sessions_query,
        session_row,
    ),
    ExportFile(
        "slips.csv",
        "every fill and credit of those sessions, a row a slip in number order: its state (requested, "
        "issued, received or voided), lines and total, and each signature: who requested it, the cage "
        "cashier who issued it, the two who received it at the table, the two who voided it and why",
        (
            "number",
            "slip_id",
            "kind",
            "state",
            "table_id",
            "table",
            "session_id",
            "gaming_day",
            "lines",
            "total",
            "requested_by",
            "requested_at_utc",
            "issued_by",
            "issued_at_utc",
            "received_by",
            "received_cosigned_by",
            "received_at_utc",
            "voided_by",
            "voided_cosigned_by",
            "voided_at_utc",
            "void_reason",
        ),
        slips_query,
        slip_row,
    ),
    ExportFile(
        "drop_counts.csv",
        "every count of those sessions' drop boxes by denomination, recounts too: the counters (user ids "
        "and names, the signer first), the count it supersedes and the reason, the recount that superseded "
        "it, and whether it is the current one",
        (
            "drop_count_id",
            "session_id",
            "table_id",
            "table",
            "gaming_day",
            "lines",
            "total",
            "counter_ids",
            "counters",
            "counted_at_utc",
            "supersedes_id",
            "superseded_by",
            "reason",
            "current",
        ),
        drops_query,
        plain_row,
        drop_lines,
    ),
    ExportFile(
        "check_notes.csv",
        "every pit boss's note on those sessions' cards-against-chips checks (the latest is the current one)",
        ("note_id", "session_id", "table_id", "table", "gaming_day", "note", "written_by", "written_at_utc"),
        notes_query,
        plain_row,
    ),
    ExportFile(
        "players.csv",
        "every player of the player club enrolled up to the export's cut, whatever the period (the "
        "register as a whole): the club number the casino's player-tracking system gave, who enrolled "
        "the player and when; the names are in player_names.csv",
        PLAYER_COLUMNS,
        players_query,
        plain_row,
    ),
    ExportFile(
        "player_names.csv",
        "every name of those players, a change of name a row of its own (version 1 at enrolment, then one "
        "more each change; the highest is the name now), with who recorded it and when",
        NAME_COLUMNS,
        names_query,
        plain_row,
    ),
    *(ExportFile(name, about, columns, query, plain_row) for name, about, columns, query in RATED_PLAY),
    *(ExportFile(name, about, columns, query, plain_row) for name, about, columns, query in CASH_RECORDS),
    ExportFile("comp_redemptions.csv", COMPS_DESCRIPTION, COMP_COLUMNS, comps_query, plain_row),
    *(ExportFile(*alert_file) for alert_file in ALERT_FILES),
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
        plain_row,  # made for each build: event_lines
        event_lines,
    ),
    ExportFile(
        "audit_chain.jsonl",
        "the hash chain's links for those events in seq order, each with the event in the chain's canonical "
        "form: hash = SHA-256(previous_hash + canonical JSON of event), and each previous_hash is the hash "
        "of the line before; a line is JSON with sorted keys and no spaces, so its event is the very "
        "text hashed",
        None,
        chain_query,
        plain_row,  # made for each build: chain_lines
        chain_lines,
    ),
    ExportFile("audit_head_signatures.jsonl", HEADS_DESCRIPTION, None, heads_query, head_line),
)
