"""Game protection's files of a compliance export (rule book section 15,
docs/game-protection.md): the alerts of the period and their pit boss's
acknowledgements.

An alert belongs to the export when it was raised in the audit window, or
acknowledged in it (an alert of an earlier period the pit answered now),
at one of its tables; an alert of no table (a device's) only when the
export is of every table. Each alert up to the cut (``alert_id``) goes
with its acknowledgement, if any. An acknowledgement has no id of its own
(its key is its alert's): it is cut by its ``alert_acknowledged`` event,
so one written while the export runs, whose event is past the cut's
``audit_event_id``, is left out of both files alike.

Their events are in the audit files of the export whose window holds them;
the verification matches every row to its sealed event
(:mod:`service.compliance.protection_claims`), so a note or a figure
edited by SQL, and a row deleted, is named."""

from __future__ import annotations

from collections.abc import Callable

from sqlalchemy import ColumnElement, String, and_, cast, literal, or_, select
from sqlalchemy.orm import InstrumentedAttribute, aliased

from service.audit.kinds import EventKind
from service.compliance.export_queries import Line, Query, Scope
from service.compliance.export_values import compact
from service.store.models import Alert, AlertAcknowledgement, AuditEvent, GameTable, Player, User

ALERT_COLUMNS = (
    "alert_id",
    "kind",
    "severity",
    "natural_key",
    "summary",
    "figure",
    "threshold",
    "table_id",
    "table",
    "seat",
    "player_id",
    "club_number",
    "dealer_id",
    "dealer",
    "device_id",
    "decks",
    "rounds",
    "raised_at_utc",
)
ACKNOWLEDGEMENT_COLUMNS = ("alert_id", "note", "acknowledged_by_id", "acknowledged_by", "acknowledged_at_utc")


def _sealed_before_cut(scope: Scope, alert_id: InstrumentedAttribute[int]) -> ColumnElement[bool]:
    """The alert's acknowledgement event is at or before the cut (the
    subject is the outer row's, looked up in the subjects' index)."""
    return (
        select(AuditEvent.id)
        .where(
            AuditEvent.kind == EventKind.ALERT_ACKNOWLEDGED,
            AuditEvent.subject == literal("alert:", String) + cast(alert_id, String),
            AuditEvent.id <= scope.cut.event_id,
        )
        .exists()
    )


def _alerts_of(scope: Scope) -> list[ColumnElement[bool]]:
    """The export's alerts: raised or acknowledged (before the cut) in the
    window, at its tables, up to the cut."""
    in_window = and_(Alert.raised_at >= scope.window_start, Alert.raised_at < scope.window_end)
    # An alias: the acknowledgements' file asks this of its own rows, which
    # SQLAlchemy would otherwise correlate this subquery to.
    acknowledgement = aliased(AlertAcknowledgement)
    answered = (
        select(acknowledgement.alert_id)
        .where(
            acknowledgement.alert_id == Alert.id,
            acknowledgement.acknowledged_at >= scope.window_start,
            acknowledgement.acknowledged_at < scope.window_end,
            _sealed_before_cut(scope, Alert.id),
        )
        .correlate(Alert)
        .exists()
    )
    conditions = [Alert.id <= scope.cut.alert_id, or_(in_window, answered)]
    if scope.table_ids is not None:
        conditions.append(Alert.table_id.in_(scope.table_ids))
    return conditions


def alerts_query(scope: Scope) -> Query:
    dealer = aliased(User)
    return (
        select(
            Alert.id,
            Alert.kind,
            Alert.severity,
            Alert.natural_key,
            Alert.summary,
            Alert.figure,
            Alert.threshold,
            Alert.table_id,
            GameTable.name,
            Alert.seat,
            Alert.player_id,
            Player.club_number,
            Alert.dealer_id,
            dealer.name,
            Alert.device_id,
            Alert.decks,
            Alert.rounds,
            Alert.raised_at,
        )
        .outerjoin(GameTable, GameTable.id == Alert.table_id)
        .outerjoin(Player, Player.id == Alert.player_id)
        .outerjoin(dealer, dealer.id == Alert.dealer_id)
        .where(*_alerts_of(scope))
        .order_by(Alert.id)
    )


def alert_row(row: Line) -> list[object]:
    """The decks and rounds (JSON lists of ids) as compact JSON."""
    *named, decks, rounds, raised_at = row
    return [*named, compact(decks), compact(rounds), raised_at]


def acknowledgements_query(scope: Scope) -> Query:
    of_export = select(Alert.id).where(*_alerts_of(scope))
    return (
        select(
            AlertAcknowledgement.alert_id,
            AlertAcknowledgement.note,
            AlertAcknowledgement.acknowledged_by,
            User.name,
            AlertAcknowledgement.acknowledged_at,
        )
        .join(User, User.id == AlertAcknowledgement.acknowledged_by)
        .where(
            AlertAcknowledgement.alert_id.in_(of_export),
            _sealed_before_cut(scope, AlertAcknowledgement.alert_id),
        )
        .order_by(AlertAcknowledgement.alert_id)
    )


#: the files, each its name, description, columns, query and how a row becomes a line
ALERT_FILES: tuple[
    tuple[str, str, tuple[str, ...], Callable[[Scope], Query], Callable[[Line], object]], ...
] = (
    (
        "alerts.csv",
        "every game protection alert (rule book section 15) raised in the audit window, or acknowledged "
        "in it, at the export's tables (one of no table, a device's, only when every table is exported) "
        "up to the export's cut: its kind and severity, the finding it names (natural_key), the summary, "
        "the figure and its threshold as exact text, whom and what it names (table, seat, player, "
        "dealer, device; empty: not named), the decks and rounds behind it (JSON lists of ids: "
        "round_decks.csv's deck_id, rounds.csv's record_id) and when it was raised",
        ALERT_COLUMNS,
        alerts_query,
        alert_row,
    ),
    (
        "alert_acknowledgements.csv",
        "the pit boss's acknowledgement of each of those alerts (at most one; an alert without one is "
        "open), written before the export's cut: the note, who acknowledged it and when",
        ACKNOWLEDGEMENT_COLUMNS,
        acknowledgements_query,
        list,
    ),
)
