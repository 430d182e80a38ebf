"""Alerts as the pit reads them: a keyset page of them (open,
acknowledged or all, newest first by default), and one alert with the
rounds behind it and their times (to pull the surveillance video): the
rounds named when it was raised and those dealt since from its decks."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from sqlalchemy import select
from sqlalchemy.orm import aliased

from service.protection.alerts import get_alert
from service.protection.values import (
    AcknowledgementJson,
    AlertDetailJson,
    AlertJson,
    AlertKind,
    AlertRoundJson,
    AlertState,
    Severity,
)
from service.store.db import Db, iso
from service.store.models import Alert, AlertAcknowledgement, GameTable, Player, RoundDeck, RoundRecord, User
from service.store.paging import Keyset, KeysetPage, Order, keyset_page

#: an alert's rounds shown at most (a shift's worth for a table)
MAX_ROUNDS = 1000


def alert_page(db: Db, state: str, order: Order, limit: int, at: Keyset | None) -> KeysetPage[AlertJson]:
    """A page of alerts in ``state`` (``all``: either): the page's alerts,
    then what they name and their acknowledgements by one query for the
    page (a query an alert was most of a page's time)."""
    acknowledged = select(AlertAcknowledgement.alert_id).where(AlertAcknowledgement.alert_id == Alert.id)
    statement = select(Alert)
    if state == AlertState.OPEN:
        statement = statement.where(~acknowledged.exists())
    elif state == AlertState.ACKNOWLEDGED:
        statement = statement.where(acknowledged.exists())
    page: KeysetPage[Alert] = keyset_page(db, statement, Alert.id, order, limit, at)
    named = _named(db, [alert.id for alert in page.items])
    shown = [_value(alert, named[alert.id]) for alert in page.items]
    return KeysetPage(shown, page.any_rows, page.per_page, page.previous, page.following)


def alert_view(db: Db, alert_id: int) -> AlertDetailJson:
    """One alert with its rounds, oldest first (404 ``alert_not_found``)."""
    alert = get_alert(db, alert_id)
    shown = _value(alert, _named(db, [alert.id])[alert.id])
    return {**shown, "rounds": rounds_of(db, alert.rounds, alert.decks)}


@dataclass(frozen=True)
class _Named:
    """What an alert's ids name, and its acknowledgement (None: open)."""

    table_name: str | None
    club_number: str | None
    dealer: str | None
    acknowledgement: AcknowledgementJson | None


def _named(db: Db, alert_ids: Sequence[int]) -> dict[int, _Named]:
    """The names and acknowledgements of the alerts, by one query."""
    if not alert_ids:
        return {}
    dealer, acknowledger = aliased(User), aliased(User)
    rows = db.execute(
        select(
            Alert.id,
            GameTable.name,
            Player.club_number,
            dealer.name,
            AlertAcknowledgement.note,
            acknowledger.name,
            AlertAcknowledgement.acknowledged_at,
        )
        .outerjoin(GameTable, GameTable.id == Alert.table_id)
        .outerjoin(Player, Player.id == Alert.player_id)
        .outerjoin(dealer, dealer.id == Alert.dealer_id)
        .outerjoin(AlertAcknowledgement, AlertAcknowledgement.alert_id == Alert.id)
        .outerjoin(acknowledger, acknowledger.id == AlertAcknowledgement.acknowledged_by)
        .where(Alert.id.in_(list(alert_ids)))
    ).all()
    return {
        alert_id: _Named(
            table,
            club_number,
            dealer_name,
            None if at is None else {"note": note, "by": by, "at": iso(at)},
        )
        for alert_id, table, club_number, dealer_name, note, by, at in rows
    }


def _value(alert: Alert, named: _Named) -> AlertJson:
    return {
        "id": alert.id,
        "kind": AlertKind(alert.kind),
        "severity": Severity(alert.severity),
        "state": AlertState.OPEN if named.acknowledgement is None else AlertState.ACKNOWLEDGED,
        "summary": alert.summary,
        "figure": alert.figure,
        "threshold": alert.threshold,
        "table_id": alert.table_id,
        "table_name": named.table_name,
        "seat": alert.seat,
        "club_number": named.club_number,
        "dealer": named.dealer,
        "device_id": alert.device_id,
        "decks": list(alert.decks),
        "raised_at": iso(alert.raised_at),
        "acknowledgement": named.acknowledgement,
    }


def rounds_of(db: Db, round_ids: Sequence[int], deck_ids: Sequence[int]) -> list[AlertRoundJson]:
    """The rounds named and those dealt from the decks, oldest first.

    The decks' rounds are looked up first (a deck deals one round), then
    every round by its key: one ``OR`` of the two made PostgreSQL read the
    whole rounds table (620-660 ms at 1M rounds, ``bench-alerts``). A
    stored round is never deleted (migration 0002), so the first
    ``MAX_ROUNDS`` ids are the first ``MAX_ROUNDS`` rounds."""
    dealt: Sequence[int] = []
    if deck_ids:
        dealt = db.scalars(select(RoundDeck.round_id).where(RoundDeck.feed_id.in_(list(deck_ids)))).all()
    wanted = sorted({*round_ids, *dealt})[:MAX_ROUNDS]
    if not wanted:
        return []
    rows = db.execute(
        select(
            RoundRecord.id,
            RoundRecord.table_id,
            RoundRecord.entered_at,
            RoundRecord.gaming_day,
            RoundDeck.feed_id,
        )
        .outerjoin(RoundDeck, RoundDeck.round_id == RoundRecord.id)
        .where(RoundRecord.id.in_(wanted))
        .order_by(RoundRecord.id)
    ).all()
    return [
        {
            "id": round_id,
            "table_id": table_id,
            "entered_at": iso(entered_at),
            "gaming_day": day.isoformat(),
            "deck_id": feed_id,
        }
        for round_id, table_id, entered_at, day, feed_id in rows
    ]
