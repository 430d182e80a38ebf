"""Raising an alert (once per finding: a job run twice, or the sweep's
second run, raises nothing more) and a pit boss's acknowledgement of it
with a note (once). Each is a row and its audit event in one
transaction, and a raised alert is counted for Prometheus."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import select

from service.audit.events import record_event
from service.audit.kinds import EventKind
from service.errors import Conflict, ErrorCode, Invalid, NotFound
from service.protection.values import Finding
from service.store.db import Db, iso
from service.store.models import Alert, AlertAcknowledgement, User

MAX_NOTE = 2000


def raise_alert(db: Db, finding: Finding, now: datetime) -> Alert | None:
    """Store the finding as an alert with its ``alert_raised`` event; None
    when it was raised before (its natural key is stored)."""
    key = f"{finding.kind}:{finding.key}"
    if db.scalar(select(Alert.id).where(Alert.natural_key == key)) is not None:
        return None
    alert = Alert(
        natural_key=key,
        kind=finding.kind,
        severity=finding.severity,
        table_id=finding.table_id,
        seat=finding.seat,
        player_id=finding.player_id,
        dealer_id=finding.dealer_id,
        device_id=finding.device_id,
        figure=finding.figure,
        threshold=finding.threshold,
        summary=finding.summary,
        decks=list(finding.decks),
        rounds=list(finding.rounds),
        raised_at=now,
    )
    db.add(alert)
    db.flush()
    payload = alert_record(alert)
    record_event(db, EventKind.ALERT_RAISED, f"alert:{alert.id}", payload, None, alert.table_id, at=now)
    return alert


def alert_record(alert: Alert) -> dict[str, Any]:
    """An alert as its ``alert_raised`` event carries it, whole (the
    verification matches the row to it)."""
    return {
        "alert_id": alert.id,
        "kind": alert.kind,
        "severity": alert.severity,
        "natural_key": alert.natural_key,
        "summary": alert.summary,
        "figure": alert.figure,
        "threshold": alert.threshold,
        "table_id": alert.table_id,
        "seat": alert.seat,
        "player_id": alert.player_id,
        "dealer_id": alert.dealer_id,
        "device_id": alert.device_id,
        "decks": alert.decks,
        "rounds": alert.rounds,
        "raised_at": iso(alert.raised_at),
    }


def acknowledgement_record(row: AlertAcknowledgement) -> dict[str, Any]:
    """An acknowledgement as its ``alert_acknowledged`` event carries it."""
    return {
        "alert_id": row.alert_id,
        "note": row.note,
        "acknowledged_by": row.acknowledged_by,
        "acknowledged_at": iso(row.acknowledged_at),
    }


def get_alert(db: Db, alert_id: int) -> Alert:
    alert = db.get(Alert, alert_id)
    if alert is None:
        raise NotFound(ErrorCode.ALERT_NOT_FOUND, f"no alert with id {alert_id}", "alert_id")
    return alert


def acknowledge(db: Db, alert_id: int, user: User, note: str, now: datetime) -> AlertAcknowledgement:
    """A pit boss's acknowledgement with a note (the caller checks the
    role): 422 at ``note`` when blank, 409 when acknowledged already."""
    told = note.strip()
    if not told or len(told) > MAX_NOTE or not told.isprintable():
        raise Invalid(
            ErrorCode.INVALID_FIELD, f"note must be printable text of 1 to {MAX_NOTE} characters", "note"
        )
    alert = get_alert(db, alert_id)
    # The row's primary key is the alert: a second acknowledgement racing
    # this one fails at its insert, whichever commits first.
    if db.get(AlertAcknowledgement, alert.id) is not None:
        raise Conflict(ErrorCode.ALERT_ACKNOWLEDGED, f"alert {alert.id} is acknowledged already", "alert_id")
    row = AlertAcknowledgement(alert_id=alert.id, note=told, acknowledged_by=user.id, acknowledged_at=now)
    db.add(row)
    db.flush()
    payload = acknowledgement_record(row)
    record_event(
        db, EventKind.ALERT_ACKNOWLEDGED, f"alert:{alert.id}", payload, user.id, alert.table_id, at=now
    )
    return row
