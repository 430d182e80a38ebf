"""A cash buy-in the dealer missed, recorded late by a pit boss, follows
the cash rules of the gaming day it happened in, with every cash buy-in of
that day recorded so far: logged from the log threshold on, refused past
the report threshold until the player is identified. Late is no way round
them; chips brought are still no cash."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from sqlalchemy import func, select

from service.audit.kinds import EventKind
from service.store.models import BuyIn, CashIn, RatingCorrection
from tests.players.conftest import ALICE
from tests.support.app import databases
from tests.support.players import PASSPORT, seat, step

pytestmark = pytest.mark.store

LOG, REPORT = 300_000, 1_000_000  # the defaults in USD cents
#: the app's clock: 20:00 of gaming day 2026-12-07 (06:00 to 06:00 UTC)
EVENING = datetime(2026, 12, 7, 20, 0, tzinfo=UTC)
DAY_BEFORE = datetime(2026, 12, 7, 5, 30, tzinfo=UTC)  # gaming day 2026-12-06
SAME_DAY = datetime(2026, 12, 7, 7, 0, tzinfo=UTC)  # gaming day 2026-12-07


@pytest.fixture(autouse=True)
def clock(app):
    app.extensions["breakpoker"]["clock"] = lambda: EVENING


@pytest.fixture
def rating(client, as_role, table, players):
    """Alice's rating, which the dealer missed from 04:00 on."""
    seated_at = datetime(2026, 12, 7, 4, 0, tzinfo=UTC).isoformat()
    opened = seat(client, as_role["pit_boss"], table["id"], ALICE, 1, seated_at=seated_at, reason="busy")
    assert opened.status_code == 201, opened.json
    return opened.json["id"]


def late(client, as_role, rating_id, amount, at, kind="cash"):
    body = {
        "reason": "the dealer missed it",
        "buy_in": {"kind": kind, "amount": amount, "at": at.isoformat()},
    }
    return client.post(f"/api/v1/ratings/{rating_id}/corrections", json=body, headers=as_role["pit_boss"])


def stored(app):
    with databases(app)() as db:
        return tuple(
            db.scalar(select(func.count()).select_from(model)) for model in (RatingCorrection, BuyIn, CashIn)
        )


def log_entries(client, as_role):
    answer = client.get("/api/v1/compliance/cash-transactions", headers=as_role["compliance"])
    assert answer.status_code == 200, answer.json
    return [(entry["gaming_day"], entry["amount"], entry["at"][:19]) for entry in answer.json]


def test_a_late_cash_buy_in_is_logged_in_the_gaming_day_it_happened(app, client, as_role, rating):
    assert late(client, as_role, rating, LOG, DAY_BEFORE).status_code == 201
    assert late(client, as_role, rating, LOG - 1, SAME_DAY).status_code == 201  # below: not logged
    assert late(client, as_role, rating, LOG * 3, SAME_DAY, kind="chips").status_code == 201  # no cash
    assert log_entries(client, as_role) == [("2026-12-06", LOG, "2026-12-07T05:30:00")]
    with databases(app)() as db:
        days = db.execute(select(CashIn.gaming_day, CashIn.amount).order_by(CashIn.buy_in_id)).all()
    assert [(day.isoformat(), amount) for day, amount in days] == [
        ("2026-12-06", LOG),
        ("2026-12-07", LOG - 1),
    ]


def test_a_late_cash_buy_in_cannot_pass_the_report_threshold_unidentified(app, client, as_role, rating):
    bought = step(client, as_role["dealer"], rating, "buy-ins", {"kind": "cash", "amount": 600_000})
    assert bought.status_code == 201, bought.json
    refusal = late(client, as_role, rating, 400_001, SAME_DAY)  # the same gaming day: 1,000,001 in all
    assert refusal.status_code == 409, refusal.json
    assert (refusal.json["code"], refusal.json["field"]) == ("identification_required", "buy_in.amount")
    assert "2026-12-07" in refusal.json["message"]
    assert stored(app) == (0, 1, 1)
    # Exactly the threshold does not pass it; the day before is a day of its own.
    assert late(client, as_role, rating, 400_000, SAME_DAY).status_code == 201
    assert late(client, as_role, rating, 900_000, DAY_BEFORE).status_code == 201
    refused_again = late(client, as_role, rating, 100_001, DAY_BEFORE)
    assert (refused_again.status_code, refused_again.json["field"]) == (409, "buy_in.amount")
    assert stored(app) == (2, 3, 3)


def test_once_identified_a_late_one_past_the_threshold_lists_its_day(app, client, as_role, rating):
    body = {**PASSPORT.fields(), "expiry": "2099-01-31"}
    identified = client.post(f"/api/v1/players/{ALICE}/identification", json=body, headers=as_role["cage"])
    assert identified.status_code == 201, identified.json
    assert late(client, as_role, rating, REPORT + 1, DAY_BEFORE).status_code == 201
    days = client.get("/api/v1/compliance/report-days", headers=as_role["compliance"]).json
    assert [(day["club_number"], day["gaming_day"], day["cash_in"]) for day in days] == [
        (ALICE, "2026-12-06", REPORT + 1)
    ]
    with databases(app)() as db:
        from service.store.models import AuditEvent

        listed = db.scalars(
            select(AuditEvent.occurred_at).where(AuditEvent.kind == EventKind.REPORT_DAY_LISTED)
        )
        assert [moment.replace(tzinfo=UTC) for moment in listed] == [EVENING]  # listed when recorded
