"""A player's comps through the API (rule book section 14): each closed
rating earns the comp rate in force at its seat-out × its theoretical win,
rounded down, once its figures are complete; the balance is earned less
redeemed, a currency at a time; a redemption past it needs a second pit
boss, who signs with their password; a dealer redeems nothing."""

from __future__ import annotations

from datetime import timedelta
from fractions import Fraction

import pytest
from sqlalchemy import select

from service.store.db import utc_now
from service.store.models import AuditEvent, CompRedemption
from tests.players.conftest import ALICE, BOB
from tests.support.app import PASSWORD, databases, user_id
from tests.support.comps import closed_rating, comp_rate, comps, figured, redeem
from tests.support.players import seat

pytestmark = pytest.mark.store


@pytest.fixture
def clock(app):
    """The app's clock from now on, moved by the test (``clock[0]``) a few
    minutes at a time (a token signed in now stays valid)."""
    moment = [utc_now().replace(microsecond=0)]
    app.extensions["breakpoker"]["clock"] = lambda: moment[0]
    return moment


def balance_of(client, headers, club_number, currency="USD"):
    found = [row for row in comps(client, headers, club_number)["balances"] if row["currency"] == currency]
    assert len(found) == 1, found
    return found[0]


def redemptions_in_store(app):
    with databases(app)() as db:
        return db.scalars(select(CompRedemption.amount).order_by(CompRedemption.id)).all()


def test_each_closed_rating_earns_its_own_comps_rounded_down(app, client, as_role, table, players):
    dealer, boss = as_role["dealer"], as_role["pit_boss"]
    first = closed_rating(client, dealer, table["id"], ALICE, 1)
    second = closed_rating(client, dealer, table["id"], ALICE, 2)
    losing = closed_rating(client, dealer, table["id"], ALICE, 3)
    figured(app, first, Fraction(10490, 100))  # 20 % of 104.90 is 20.98: 20
    figured(app, second, Fraction(490, 100))  # 0.98: 0 (summed first it would be 21)
    figured(app, losing, Fraction(-5000))  # a negative theoretical win earns nothing, no debit
    assert seat(client, dealer, table["id"], ALICE, 4).status_code == 201  # open: earns nothing yet
    shown = comps(client, boss, ALICE)
    assert shown["club_number"] == ALICE
    assert shown["balances"] == [
        {"currency": "USD", "minor_unit": 2, "earned": 20, "redeemed": 0, "balance": 20, "pending_ratings": 0}
    ]
    assert shown["redemptions"] == []
    assert comps(client, boss, BOB)["balances"] == []


def test_a_rating_whose_figures_wait_has_not_earned_yet(app, client, as_role, table, players):
    dealer, boss = as_role["dealer"], as_role["pit_boss"]
    waiting = closed_rating(client, dealer, table["id"], ALICE, 1)
    figured(app, waiting, Fraction(100_000), pending=1)
    done = closed_rating(client, dealer, table["id"], ALICE, 2)
    figured(app, done, Fraction(1000))
    assert balance_of(client, boss, ALICE) == {
        "currency": "USD",
        "minor_unit": 2,
        "earned": 200,
        "redeemed": 0,
        "balance": 200,
        "pending_ratings": 1,
    }
    # Not earned, so not redeemable without a second pit boss.
    answer = redeem(client, boss, ALICE, 201)
    assert (answer.status_code, answer.json["code"], answer.json["field"]) == (
        409,
        "comp_balance_exceeded",
        "amount",
    )


def test_a_closed_rating_earns_at_the_rate_of_its_seat_out(app, client, as_role, table, players, clock):
    dealer, boss = as_role["dealer"], as_role["pit_boss"]
    before = closed_rating(client, dealer, table["id"], ALICE, 1)
    figured(app, before, Fraction(1000))
    start = clock[0]
    comp_rate(app, 1000, start + timedelta(minutes=1))  # 10 % from then on
    clock[0] = start + timedelta(minutes=2)
    after = closed_rating(client, dealer, table["id"], ALICE, 2)
    figured(app, after, Fraction(1000))
    live = seat(client, dealer, table["id"], ALICE, 3).json["id"]
    figured(app, live, Fraction(1000))
    comp_rate(app, 3000, start + timedelta(minutes=3))  # 30 % now: neither closed rating moves
    clock[0] = start + timedelta(minutes=4)
    assert balance_of(client, boss, ALICE)["earned"] == 200 + 100
    slips = [
        client.get(f"/api/v1/ratings/{rating}/slip", headers=boss).json for rating in (before, after, live)
    ]
    assert [slip["figures"]["comps"] for slip in slips] == [200, 100, 300]  # the live one at the rate now
    figures = client.get(f"/api/v1/players/{ALICE}/figures?period=lifetime", headers=boss).json
    assert figures["figures"]["comps"] == 200 + 100 + 300


def test_a_redemption_within_the_balance_is_the_pit_boss_own(app, client, as_role, table, players, clock):
    dealer, boss = as_role["dealer"], as_role["pit_boss"]
    figured(app, closed_rating(client, dealer, table["id"], ALICE, 1), Fraction(5000))  # earns 1000
    first = redeem(client, boss, ALICE, 600)
    assert first.status_code == 201, first.json
    assert first.json == {
        "id": first.json["id"],
        "amount": 600,
        "currency": "USD",
        "minor_unit": 2,
        "reason": "dinner for two",
        "redeemed_at": clock[0].isoformat(),
        "redeemed_by": "pit_boss",
        "cosigned_by": None,
        "balance": 1000,
    }
    clock[0] += timedelta(minutes=5)
    second = redeem(client, as_role["admin"], ALICE, 400, reason="  show tickets ")
    assert second.status_code == 201, second.json
    shown = comps(client, as_role["compliance"], ALICE)
    assert shown["balances"][0] == {
        "currency": "USD",
        "minor_unit": 2,
        "earned": 1000,
        "redeemed": 1000,
        "balance": 0,
        "pending_ratings": 0,
    }
    assert [(row["amount"], row["reason"], row["redeemed_by"]) for row in shown["redemptions"]] == [
        (400, "show tickets", "admin"),
        (600, "dinner for two", "pit_boss"),
    ]
    with databases(app)() as db:
        event = db.scalars(
            select(AuditEvent).where(AuditEvent.kind == "comp_redeemed").order_by(AuditEvent.id)
        ).first()
        assert event is not None
        assert event.subject == f"player:{players[ALICE]}"
        assert event.actor_id == user_id(app, "pit_boss")
        assert event.payload["amount"] == 600
        assert event.payload["balance"] == 1000
        assert event.payload["club_number"] == ALICE
        assert event.payload["cosigned_by"] is None


def test_past_the_balance_a_second_pit_boss_signs(app, client, as_role, table, players):
    dealer, boss = as_role["dealer"], as_role["pit_boss"]
    figured(app, closed_rating(client, dealer, table["id"], ALICE, 1), Fraction(500))  # earns 100
    refused = redeem(client, boss, ALICE, 101)
    assert refused.status_code == 409, refused.json
    assert (refused.json["code"], refused.json["field"]) == ("comp_balance_exceeded", "amount")
    assert "1.00 USD" in refused.json["message"]
    assert redemptions_in_store(app) == []
    signed = redeem(client, boss, ALICE, 150, cosigner={"name": "pit_boss2", "password": PASSWORD})
    assert signed.status_code == 201, signed.json
    assert (signed.json["cosigned_by"], signed.json["balance"]) == ("pit_boss2", 100)
    assert balance_of(client, boss, ALICE)["balance"] == -50
    # From a negative balance every redemption needs the second signature.
    assert redeem(client, boss, ALICE, 1).status_code == 409
    assert redemptions_in_store(app) == [150]


@pytest.mark.parametrize(
    ("cosigner", "code", "field"),
    [
        ({"name": "pit_boss2", "password": "not the password"}, "bad_signature", "cosigner.password"),
        ({"name": "nobody", "password": PASSWORD}, "bad_signature", "cosigner.password"),
        ({"name": "pit_boss", "password": PASSWORD}, "same_person", "cosigner.name"),
        ({"name": "dealer", "password": PASSWORD}, "wrong_role", "cosigner.name"),
        ({"name": "compliance", "password": PASSWORD}, "wrong_role", "cosigner.name"),
    ],
)
def test_a_second_signature_refused_writes_nothing(
    app, client, as_role, table, players, cosigner, code, field
):
    answer = redeem(client, as_role["pit_boss"], ALICE, 100, cosigner=cosigner)
    assert answer.status_code == 403, answer.json
    assert (answer.json["code"], answer.json["field"]) == (code, field)
    assert redemptions_in_store(app) == []


def test_a_deactivated_pit_boss_signs_nothing(app, client, as_role, table, players):
    other = user_id(app, "pit_boss2")
    assert client.post(f"/api/v1/users/{other}/deactivate", headers=as_role["admin"]).status_code == 200
    answer = redeem(
        client, as_role["pit_boss"], ALICE, 100, cosigner={"name": "pit_boss2", "password": PASSWORD}
    )
    assert (answer.status_code, answer.json["code"]) == (403, "account_deactivated")
    assert redemptions_in_store(app) == []


@pytest.mark.parametrize("role", ["dealer", "compliance", "cage", "count"])
def test_only_a_pit_boss_or_an_admin_redeems(app, client, as_role, table, players, role):
    answer = redeem(client, as_role[role], ALICE, 1, cosigner={"name": "pit_boss2", "password": PASSWORD})
    assert (answer.status_code, answer.json["code"]) == (403, "forbidden")
    assert redemptions_in_store(app) == []


@pytest.mark.parametrize("amount", [0, -5, 1.5, "10", True, None, 2**63])
def test_an_amount_not_whole_minor_units_above_zero_is_refused(app, client, as_role, players, amount):
    answer = redeem(
        client, as_role["pit_boss"], ALICE, amount, cosigner={"name": "pit_boss2", "password": PASSWORD}
    )
    assert answer.status_code == 422, answer.json
    assert answer.json["field"] == "amount"
    assert redemptions_in_store(app) == []


@pytest.mark.parametrize(
    ("more", "field"),
    [
        ({"reason": "   "}, "reason"),
        ({"reason": ""}, "reason"),
        ({"currency": "ABC"}, "currency"),
        ({"currency": "usd"}, "currency"),
        ({"cosigner": {"name": "pit_boss2"}}, "cosigner.password"),
    ],
)
def test_a_redemption_without_a_reason_or_a_known_currency_is_refused(
    app, client, as_role, players, more, field
):
    answer = redeem(client, as_role["pit_boss"], ALICE, 10, **more)
    assert answer.status_code == 422, answer.json
    assert answer.json["field"] == field
    assert redemptions_in_store(app) == []


def test_an_unknown_player_has_no_comps(client, as_role):
    answer = client.get("/api/v1/players/C9999/comps", headers=as_role["pit_boss"])
    assert (answer.status_code, answer.json["code"], answer.json["field"]) == (
        404,
        "player_not_found",
        "club_number",
    )
    answer = redeem(
        client, as_role["pit_boss"], "C9999", 10, cosigner={"name": "pit_boss2", "password": PASSWORD}
    )
    assert (answer.status_code, answer.json["code"]) == (404, "player_not_found")


def test_balances_are_per_currency(app, client, as_role, table, players):
    dealer, boss, admin = as_role["dealer"], as_role["pit_boss"], as_role["admin"]
    yen = client.post("/api/v1/tables", json={"name": "BP-JPY", "currency": "JPY"}, headers=admin).json
    figured(app, closed_rating(client, dealer, table["id"], ALICE, 1), Fraction(500))  # 100 USD cents
    figured(app, closed_rating(client, dealer, yen["id"], ALICE, 1), Fraction(2000))  # 400 yen
    assert redeem(client, boss, ALICE, 300, currency="JPY").status_code == 201
    # 300 yen leave the dollars alone: 150 cents are past that balance.
    assert redeem(client, boss, ALICE, 150).status_code == 409
    shown = comps(client, boss, ALICE)["balances"]
    assert [(row["currency"], row["minor_unit"], row["earned"], row["balance"]) for row in shown] == [
        ("JPY", 0, 400, 100),
        ("USD", 2, 100, 100),
    ]
    # A currency the player never earned in has a balance of nothing.
    assert redeem(client, boss, ALICE, 1, currency="EUR").status_code == 409
