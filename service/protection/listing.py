"""Alerts as the pit reads them: a keyset page of them (open,
acknowledged or all, newest first by default), and one alert with the
rounds behind it and their times (to pull the surveillance video): the
rounds named when it was raised and those dealt since from its decks."""

from __future__ import annotations

from collections.abc import Sequence

from sqlalchemy import select

from service.protection.alerts import get_alert
from service.protection.values import Acknowledgement, AlertKind, AlertRound, AlertState, AlertValue, Severity
from service.store.db import Db, iso
from service.store.models import Alert, AlertAcknowledgement, GameTable, Player, RoundDeck, RoundRecord, User
from service.store.paging import Keyset, KeysetPage, Order, keyset_page

#: an alert's rounds shown at most (a shift's worth for a table)
MAX_ROUNDS = 1000


def alert_page(db: Db, state: str, order: Order, limit: int, at: Keyset | None) -> KeysetPage[AlertValue]:
    """A page of alerts in ``state`` (``all``: either)."""
    acknowledged = select(AlertAcknowledgement.alert_id).where(AlertAcknowledgement.alert_id == Alert.id)
    statement = select(Alert)
    if state == AlertState.OPEN:
        statement = statement.where(~acknowledged.exists())
    elif state == AlertState.ACKNOWLEDGED:
        statement = statement.where(acknowledged.exists())
    page: KeysetPage[Alert] = keyset_page(db, statement, Alert.id, order, limit, at)
    shown = [alert_value(db, alert) for alert in page.items]
    return KeysetPage(shown, page.any_rows, page.per_page, page.previous, page.following)


def alert_view(db: Db, alert_id: int) -> AlertValue:
    """One alert with its rounds, oldest first (404 ``alert_not_found``)."""
    alert = get_alert(db, alert_id)
    return alert_value(db, alert, rounds_of(db, alert.rounds, alert.decks))


def alert_value(db: Db, alert: Alert, rounds: list[AlertRound] | None = None) -> AlertValue:
    table = None if alert.table_id is None else db.get(GameTable, alert.table_id)
    player = None if alert.player_id is None else db.get(Player, alert.player_id)
    dealer = None if alert.dealer_id is None else db.get(User, alert.dealer_id)
    return AlertValue(
        id=alert.id,
        kind=AlertKind(alert.kind),
        severity=Severity(alert.severity),
        state=AlertState.OPEN if (ack := _acknowledgement(db, alert.id)) is None else AlertState.ACKNOWLEDGED,
        summary=alert.summary,
        figure=alert.figure,
        threshold=alert.threshold,
        table_id=alert.table_id,
        table_name=None if table is None else table.name,
        seat=alert.seat,
        club_number=None if player is None else player.club_number,
        dealer=None if dealer is None else dealer.name,
        device_id=alert.device_id,
        decks=list(alert.decks),
        raised_at=iso(alert.raised_at),
        acknowledgement=ack,
        rounds=rounds or [],
    )


def _acknowledgement(db: Db, alert_id: int) -> Acknowledgement | None:
    row = db.get(AlertAcknowledgement, alert_id)
    if row is None:
        return None
    by = db.get(User, row.acknowledged_by)
    assert by is not None  # its foreign key
    return Acknowledgement(row.note, by.name, iso(row.acknowledged_at))


def rounds_of(db: Db, round_ids: Sequence[int], deck_ids: Sequence[int]) -> list[AlertRound]:
    """The rounds named and those dealt from the decks, oldest first."""
    dealt = select(RoundDeck.round_id).where(RoundDeck.feed_id.in_(list(deck_ids)))
    named = RoundRecord.id.in_(list(round_ids)) | RoundRecord.id.in_(dealt)
    rows = db.execute(
        select(
            RoundRecord.id,
            RoundRecord.table_id,
            RoundRecord.entered_at,
            RoundRecord.gaming_day,
            RoundDeck.feed_id,
        )
        .outerjoin(RoundDeck, RoundDeck.round_id == RoundRecord.id)
        .where(named)
        .order_by(RoundRecord.id)
        .limit(MAX_ROUNDS)
    ).all()
    return [
        AlertRound(round_id, table_id, iso(entered_at), day.isoformat(), feed_id)
        for round_id, table_id, entered_at, day, feed_id in rows
    ]
