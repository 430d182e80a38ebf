"""Recall: the last games oldest first, bad queries refused, corrected games
read in a few queries."""

from __future__ import annotations

import pytest
from sqlalchemy import event

from tests.review.review_support import corrected_body
from tests.support.rounds_data import enter, round_body

pytestmark = pytest.mark.store


def test_recall_shows_the_last_games_oldest_first(client, as_role, boss2, table):
    games = [enter(client, as_role["dealer"], table, f"r{number}") for number in range(12)]
    recall = client.get(f"/api/v1/tables/{table['id']}/recall", headers=as_role["pit_boss"])
    assert recall.status_code == 200, recall.json
    shown = recall.json["games"]
    assert recall.json["last"] == 10
    assert [game["round_id"] for game in shown] == [f"r{number}" for number in range(2, 12)]
    first = shown[0]
    seat = first["seats"][0]
    assert first["dealer"]["cards"] == games[2]["dealer"]["cards"]
    assert first["dealer"]["rule"]
    assert seat["cards"]
    assert seat["setting_entered"] == "house_way"
    assert seat["low"]
    assert seat["high"]
    assert seat["bets"] == {"main": 1000, "dealer_break_bonus": 500, "break_bonus": 100}
    assert seat["main"]["outcome"] == "lose"
    assert seat["main"]["net"] == -1000
    assert seat["house_way"]["rule"]
    assert first["entered_by"] == "dealer"
    assert first["entered_at"]
    # A corrected game shows the record that stands for it now; a void is marked.
    fix = client.post(
        f"/api/v1/rounds/{games[11]['id']}/corrections",
        json={"reason": "bet", "round": {**corrected_body(), "round_id": "r11"}},
        headers=as_role["pit_boss"],
    ).json
    client.post(f"/api/v1/exceptions/{fix['id']}/approve", json={}, headers=boss2)
    void = client.post(f"/api/v1/rounds/{games[10]['id']}/void", json={"reason": "x"}, headers=boss2).json
    client.post(f"/api/v1/exceptions/{void['id']}/approve", json={}, headers=as_role["pit_boss"])
    shown = client.get(f"/api/v1/tables/{table['id']}/recall?last=11", headers=as_role["compliance"]).json[
        "games"
    ]
    assert [game["round_id"] for game in shown] == [
        f"r{number}" for number in range(1, 12)
    ]  # games, not records
    assert shown[-1]["status"] == "superseded"
    assert shown[-1]["current"]["revision"] == 1
    assert shown[-2]["status"] == "void"
    assert shown[-2]["current"] is None


@pytest.mark.parametrize("query", ["last=9", "last=0", "last=501", "last=x", "lats=10"])
def test_recall_refuses_bad_queries(client, as_role, table, query):
    response = client.get(f"/api/v1/tables/{table['id']}/recall?{query}", headers=as_role["pit_boss"])
    assert response.status_code == 422, response.json
    assert response.json["field"] in {"last", "lats"}


# The records themselves


def test_recall_reads_corrected_games_in_a_few_queries(app, client, as_role, boss2, table):
    games = [enter(client, as_role["dealer"], table, f"q{number}") for number in range(12)]
    for game in games[:6]:
        record = game
        for bosses, main in (((as_role["pit_boss"], boss2), 3000), ((boss2, as_role["pit_boss"]), 1000)):
            body = round_body(game["round_id"])
            body["seats"][0]["bets"]["main"] = main
            asked = client.post(
                f"/api/v1/rounds/{record['id']}/corrections",
                json={"reason": "bet", "round": body},
                headers=bosses[0],
            ).json
            record = client.post(
                f"/api/v1/exceptions/{asked['id']}/approve", json={}, headers=bosses[1]
            ).json["round_after"]
    statements = []
    engine = app.extensions["breakpoker"]["engine"]

    def count(*_args):
        statements.append(1)

    event.listen(engine, "before_cursor_execute", count)
    try:
        shown = client.get(f"/api/v1/tables/{table['id']}/recall?last=12", headers=as_role["pit_boss"]).json[
            "games"
        ]
    finally:
        event.remove(engine, "before_cursor_execute", count)
    assert [game["current"]["revision"] for game in shown[:6]] == [2] * 6
    assert len(statements) < 20  # sign-in, the games, and a few per correction level; not per game
