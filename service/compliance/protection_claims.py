"""What game protection's events claim about their stored rows
(:mod:`service.protection.alerts`): an ``alert_raised`` its ``alerts``
row, an ``alert_acknowledged`` its ``alert_acknowledgements`` row, each
written in the transaction of the event that carries it whole; so each
row is matched to its sealed event the way the comps' are
(:mod:`service.compliance.comp_claims`).

An alert or a note edited in the database, an acknowledgement inserted by
SQL (an alert silenced without an event) or an alert deleted is named."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from service.audit.kinds import EventKind
from service.compliance.accounting_claims import Claim, SealedEvent, Table
from service.protection.alerts import acknowledgement_record, alert_record
from service.store.models import Alert, AlertAcknowledgement

ALERTS, ACKNOWLEDGEMENTS = "alerts", "alert_acknowledgements"
PROTECTION_KINDS = (EventKind.ALERT_RAISED, EventKind.ALERT_ACKNOWLEDGED)
PROTECTION_TABLES: Mapping[str, Table] = {
    ALERTS: Table(ALERTS, Alert, "alert_id", alert_record),
    ACKNOWLEDGEMENTS: Table(
        ACKNOWLEDGEMENTS, AlertAcknowledgement, "alert_id", acknowledgement_record, ident="alert_id"
    ),
}
#: each kind's table and the fields of its record, as the event carries them
FIELDS = {
    EventKind.ALERT_RAISED: (
        ALERTS,
        (
            "alert_id",
            "kind",
            "severity",
            "natural_key",
            "summary",
            "figure",
            "threshold",
            "table_id",
            "seat",
            "player_id",
            "dealer_id",
            "device_id",
            "decks",
            "rounds",
            "raised_at",
        ),
    ),
    EventKind.ALERT_ACKNOWLEDGED: (
        ACKNOWLEDGEMENTS,
        ("alert_id", "note", "acknowledged_by", "acknowledged_at"),
    ),
}


def protection_claims(event: SealedEvent) -> list[Claim]:
    """What an alert's event says its stored row is; empty for another
    kind, or a payload that is not a record (the caller names it). A field
    missing from the payload is read as null."""
    payload = event.payload
    if not isinstance(payload, dict) or event.kind not in PROTECTION_KINDS:
        return []
    table, names = FIELDS[EventKind(event.kind)]
    sealed = {name: payload.get(name) for name in names}
    return [Claim(table, _id(payload.get("alert_id")), sealed)]


def _id(value: Any) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def protection_subject(table: str, row: Any) -> str:
    """The subject of the row's event: its alert."""
    return f"alert:{row.id if table == ALERTS else row.alert_id}"
