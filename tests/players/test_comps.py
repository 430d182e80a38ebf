"""The comps' service (rule book section 14) below the API: the comp rate
in force at an instant, a rating's comps at it rounded down, and a
redemption recorded with its event or refused with nothing written."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from fractions import Fraction

import pytest
from sqlalchemy import func, select

from service.errors import Conflict, Forbidden, Invalid
from service.players.comp_rates import CompRates, comps_of
from service.players.comps import RedemptionAsked, player_comps, redeem
from service.players.rated.inputs import DEALS
from service.store.models import AuditEvent, CompRedemption, User
from service.store.work import unit_of_work
from tests.players.conftest import ALICE
from tests.support.app import databases
from tests.support.comps import closed_rating, figured

MONDAY = datetime(2026, 12, 7, 12, 0, tzinfo=UTC)
RATES = CompRates(((MONDAY, 1000), (MONDAY + timedelta(days=1), 2500)))


def test_the_rate_in_force_is_the_newest_saved_by_then():
    assert RATES.basis_points_at(MONDAY - timedelta(seconds=1)) == 2000  # the rule book's, before any
    assert RATES.basis_points_at(MONDAY) == 1000  # saved at that very instant: in force
    assert RATES.basis_points_at(MONDAY + timedelta(hours=23)) == 1000
    assert RATES.basis_points_at(MONDAY + timedelta(days=2)) == 2500
    assert RATES.basis_points_at(None) == 2500  # live: the current one
    assert CompRates().basis_points_at(None) == 2000
    assert RATES.percent_at(MONDAY) == Fraction(10)


def test_a_rating_s_comps_are_rounded_down_and_never_negative():
    # 10 % of 1999 minor units is 199.9: 199; of −5000 nothing.
    assert comps_of(1999 * DEALS, RATES, MONDAY) == 199
    assert comps_of(-5000 * DEALS, RATES, MONDAY) == 0
    assert comps_of(1999 * DEALS + 1, RATES, None) == 499  # 25 % of 1999 and a hair: 499.75...


def users(db, *names):
    return [db.scalar(select(User).where(User.name == name)) for name in names]


def redemptions(app):
    with databases(app)() as db:
        rows = int(db.scalar(select(func.count(CompRedemption.id))) or 0)
        events = int(
            db.scalar(select(func.count(AuditEvent.id)).where(AuditEvent.kind == "comp_redeemed")) or 0
        )
        return rows, events


def test_a_redemption_is_recorded_with_its_event(app, client, as_role, table, players):
    figured(app, closed_rating(client, as_role["dealer"], table["id"], ALICE), Fraction(2500))  # earns 500
    with unit_of_work(databases(app)) as db:
        boss, other = users(db, "pit_boss", "admin")
        done = redeem(db, boss, ALICE, RedemptionAsked(200, "USD", " a meal "), None, MONDAY)
        signed = redeem(db, boss, ALICE, RedemptionAsked(400, "USD", "a room"), other, MONDAY)
    assert (done["amount"], done["reason"], done["balance"], done["cosigned_by"]) == (
        200,
        "a meal",
        500,
        None,
    )
    assert (signed["balance"], signed["cosigned_by"]) == (300, "admin")
    with databases(app)() as db:
        shown = player_comps(db, ALICE)
    ((balance),) = shown["balances"]
    assert (balance["currency"], balance["earned"], balance["redeemed"], balance["balance"]) == (
        "USD",
        500,
        600,
        -100,
    )
    assert [each["id"] for each in shown["redemptions"]] == [signed["id"], done["id"]]  # the newest first
    assert redemptions(app) == (2, 2)


@pytest.mark.parametrize(
    ("asked", "signer", "refusal", "field"),
    [
        (RedemptionAsked(1, "USD", "a meal"), None, Conflict, "amount"),
        (RedemptionAsked(0, "USD", "a meal"), None, Invalid, "amount"),
        (RedemptionAsked(True, "USD", "a meal"), None, Invalid, "amount"),  # type: ignore[arg-type]
        (RedemptionAsked(5, "XYZ", "a meal"), None, Invalid, "currency"),
        (RedemptionAsked(5, "USD", " \t"), None, Invalid, "reason"),
        (RedemptionAsked(5, "USD", "x" * 501), None, Invalid, "reason"),
        (RedemptionAsked(5, "USD", "a meal"), "pit_boss", Forbidden, "cosigner.name"),
        (RedemptionAsked(5, "USD", "a meal"), "cage", Forbidden, "cosigner.name"),
    ],
)
def test_a_refused_redemption_writes_nothing(app, players, asked, signer, refusal, field):
    with unit_of_work(databases(app)) as db:
        (boss,) = users(db, "pit_boss")
        cosigner = None if signer is None else users(db, signer)[0]
        with pytest.raises(refusal) as raised:
            redeem(db, boss, ALICE, asked, cosigner, MONDAY)
        assert raised.value.field == field
    assert redemptions(app) == (0, 0)
