"""The payout preview the tablet shows before a round is submitted: the same
settlement the round will get, each foul explained, and nothing stored."""

from __future__ import annotations

import pytest
from sqlalchemy import func, select

from service.store.models import AuditEvent, OutboxEntry, RoundRecord
from tests.support.app import databases, edit
from tests.support.rounds_data import round_body

pytestmark = pytest.mark.store

SETTLED_KEYS = ("seat", "low", "high", "fouled", "lucky_break", "main", "dealer_break_bonus", "break_bonus")


def preview(client, headers, table_id, body):
    return client.post(f"/api/v1/tables/{table_id}/rounds/preview", json=body, headers=headers)


def stored(app):
    with databases(app)() as db:
        return tuple(
            db.scalar(select(func.count()).select_from(model))
            for model in (RoundRecord, AuditEvent, OutboxEntry)
        )


def fouled_body(round_id="r1"):
    """Seat 2 (8-8 / K-K-A by the house way) sets its kings in the low."""
    body = round_body(round_id)
    body["seats"][1]["setting"] = {"low": ["Kh", "Ks"], "high": ["8h", "8s", "Ac"]}
    return body


def test_the_preview_is_the_settlement_the_round_then_gets(app, client, as_role, table):
    dealer = as_role["dealer"]  # signed in (an event) before the count
    before = stored(app)
    shown = preview(client, dealer, table["id"], fouled_body())
    assert shown.status_code == 200, shown.json
    assert stored(app) == before  # no round, no event, no job
    entered = client.post(
        f"/api/v1/tables/{table['id']}/rounds",
        json=fouled_body(),
        headers={**as_role["dealer"], "Idempotency-Key": "k1"},
    )
    assert entered.status_code == 201, entered.json
    settled = entered.json
    assert shown.json["preview"] is True
    assert shown.json["config_version"] == settled["config_version"] == 1
    assert shown.json["house_net"] == settled["house_net"]
    for key in ("low", "high", "rule", "qualifies", "lucky_break", "explanation"):
        assert shown.json["dealer"][key] == settled["dealer"][key]
    for seen, kept in zip(shown.json["seats"], settled["seats"], strict=True):
        for key in (*SETTLED_KEYS, "cards", "setting_entered", "bets", "house_way"):
            assert seen[key] == kept[key], key
        assert seen["net"] == sum(kept[bet]["net"] for bet in ("main", "dealer_break_bonus", "break_bonus"))


def test_a_foul_is_explained_with_the_house_way_it_is_reset_to(client, as_role, table):
    shown = preview(client, as_role["pit_boss"], table["id"], fouled_body()).json
    assert shown["foul_policy"] == "house_way"
    clean, fouled, _third = shown["seats"]
    assert (clean["fouled"], clean["foul"]) == (False, None)
    assert fouled["fouled"] is True
    # Cards in display order: rank, then suits s h d c.
    assert fouled["setting_entered"] == {"low": ["Ks", "Kh"], "high": ["Ac", "8s", "8h"]}
    assert fouled["foul"] == {
        "low": ["Ks", "Kh"],
        "high": ["Ac", "8s", "8h"],
        "message": "Seat 2 fouls: the low K-K (pair) outranks the high 8-8-A (pair); "
        "the hand is reset by the house way and settled.",
        "policy": "house_way",
        "house_way": {"low": ["8s", "8h"], "high": ["Ac", "Ks", "Kh"], "rule": 5},
    }
    # Reset by the house way, 8-8 / K-K-A beats the dealer's A-9 / Q-Q-7.
    assert (fouled["low"], fouled["high"]) == (["8s", "8h"], ["Ac", "Ks", "Kh"])
    assert fouled["main"] == {"outcome": "win", "net": 1000, "reason": "both_hands_won"}


def test_under_forfeit_the_fouled_main_bet_is_lost(client, as_role, table):
    changed = edit(
        client,
        f"/api/v1/tables/{table['id']}/config",
        json={"config": {"foul_policy": "forfeit"}},
        headers=as_role["admin"],
    )
    assert changed.status_code == 200, changed.json
    shown = preview(client, as_role["dealer"], table["id"], fouled_body()).json
    assert (shown["foul_policy"], shown["config_version"]) == ("forfeit", 2)
    fouled = shown["seats"][1]
    assert fouled["main"] == {"outcome": "lose", "net": -1000, "reason": "foul_forfeited"}
    assert fouled["foul"]["message"].endswith("the Main Bet is forfeited; the side bets settle on the cards.")
    assert (fouled["low"], fouled["high"]) == (["Ks", "Kh"], ["Ac", "8s", "8h"])  # as played
    assert fouled["net"] == -1000 - 500 - 100


@pytest.mark.parametrize(
    ("change", "status", "code", "field"),
    [
        (lambda b: b["seats"][0]["cards"].__setitem__(0, "Qs"), 422, "duplicate_card", "seats[0].cards"),
        (lambda b: b["seats"][2]["bets"].__setitem__("main", 1), 422, "bet_below_minimum", None),
        (lambda b: b["seats"][1].__setitem__("setting", {"low": ["Kh"]}), 422, None, None),
        (lambda b: b.__setitem__("config", {}), 422, "unknown_field", "config"),
        (lambda b: b.pop("dealer"), 422, "missing_field", "dealer"),
        (lambda b: b.__setitem__("round_id", 777), 422, "invalid_field", "round_id"),
    ],
)
def test_a_bad_round_is_refused_naming_the_field(app, client, as_role, table, change, status, code, field):
    body = round_body()
    change(body)
    dealer = as_role["dealer"]  # signed in (an event) before the count
    before = stored(app)
    response = preview(client, dealer, table["id"], body)
    assert response.status_code == status, response.json
    if code:
        assert response.json["code"] == code
    if field:
        assert response.json["field"] == field
    else:
        assert response.json["field"].startswith("seats[")
    assert stored(app) == before


def test_the_preview_reads_json_only(client, as_role, table):
    response = client.post(
        f"/api/v1/tables/{table['id']}/rounds/preview", data="seats", headers=as_role["dealer"]
    )
    assert response.status_code == 400
    assert response.json["field"] == "body"
    missing = client.post("/api/v1/tables/9999/rounds/preview", json=round_body(), headers=as_role["dealer"])
    assert missing.status_code == 404
