"""A day of cash at one table for the compliance tests: an identified
player's cash buy-ins logged and passing the report threshold, a buy-in
of chips (no cash), an unknown patron logged by the pit boss; every event
sealed."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from sqlalchemy import func, select

from service.audit.chain import seal_batch
from service.store.models import AuditEvent, BuyIn, PlayerIdentification, ReportDay
from service.store.work import unit_of_work
from tests.support.app import databases
from tests.support.players import identified, seat, step

#: the default thresholds at 2 digits: 3,000.00 logged, above 10,000.00 reported
LOGGED, UNLOGGED, PASSING = 400_000, 20_000, 700_000


@dataclass(frozen=True)
class CashDay:
    player: int  # K1's id
    buy_ins: tuple[int, ...]  # logged, under the log threshold, passing the report threshold
    chips: int  # the buy-in of chips brought (no cash in)
    patron: int  # the unknown patron's log entry
    report_day: int
    identification: int


def play_cash_day(
    app: Any, settings: Any, client: Any, as_role: dict[str, Any], table: dict[str, Any]
) -> CashDay:
    dealer, boss = as_role["dealer"], as_role["pit_boss"]
    player = identified(app, settings, "K1")["id"]
    rating = seat(client, dealer, table["id"], "K1", 2).json["id"]
    for kind, amount in (("cash", LOGGED), ("cash", UNLOGGED), ("chips", 50_000), ("cash", PASSING)):
        answer = step(client, dealer, rating, "buy-ins", {"kind": kind, "amount": amount})
        assert answer.status_code == 201, answer.json
    body = {"amount": 500_000, "description": "tall man, grey coat, no club card"}
    patron = client.post(f"/api/v1/tables/{table['id']}/cash-transactions", json=body, headers=boss)
    assert patron.status_code == 201, patron.json
    with unit_of_work(databases(app)) as db:
        seal_batch(db, db.scalar(select(func.max(AuditEvent.id))), limit=10_000)
        buy_ins = list(db.scalars(select(BuyIn.id).order_by(BuyIn.id)))
        report_day = db.scalar(select(ReportDay.id))
        identification = db.scalar(select(PlayerIdentification.id))
    cash = (buy_ins[0], buy_ins[1], buy_ins[3])
    return CashDay(player, cash, buy_ins[2], patron.json["id"], report_day, identification)
