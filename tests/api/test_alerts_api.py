"""The alerts through the API: the open ones listed newest first a keyset
page at a time, one with the rounds behind it and their times (dealt from
its decks), and a pit boss's acknowledgement with a note, once."""

from __future__ import annotations

import pytest

from tests.api.decks_support import enter
from tests.support.alerts import raise_one
from tests.support.decks import dealing, deck_body, expose, post_deck
from tests.support.rounds_data import round_body

pytestmark = pytest.mark.store


def test_the_open_alerts_newest_first_by_pages(app, client, as_role, table):
    ids = [raise_one(app, f"deck:{n}", table["id"]) for n in range(3)]
    boss = as_role["pit_boss"]
    page = client.get("/api/v1/alerts?limit=2", headers=boss)
    assert page.status_code == 200
    assert [alert["id"] for alert in page.json] == [ids[2], ids[1]]
    assert (page.json[0]["state"], page.json[0]["table_name"]) == ("open", "BP-1")
    assert 'rel="next"' in page.headers["Link"]
    cursor = page.headers["Link"].split('rel="next"')[0].rsplit("<", 1)[1].split(">")[0]
    rest = client.get(cursor, headers=boss)
    assert [alert["id"] for alert in rest.json] == [ids[0]]
    for role in ("compliance", "admin"):
        assert client.get("/api/v1/alerts?state=all", headers=as_role[role]).status_code == 200
    assert client.get("/api/v1/alerts", headers=as_role["dealer"]).status_code == 403
    assert client.get("/api/v1/alerts?state=closed", headers=boss).status_code == 422


def test_one_alert_shows_the_rounds_dealt_from_its_decks(app, client, as_role, table):
    deck = post_deck(client, as_role["device"], table["id"], deck_body(dealing(), sequence=5)).json["id"]
    alert_id = raise_one(app, "deck:x", table["id"], decks=(deck,))
    assert (
        expose(client, as_role["dealer"], table["id"], deck).status_code == 201
    )  # the dealer shows the hands
    dealt = enter(client, as_role["dealer"], table["id"], round_body("r1", deck_id=deck), "r1")
    assert dealt.status_code == 201, dealt.json
    shown = client.get(f"/api/v1/alerts/{alert_id}", headers=as_role["compliance"])
    assert shown.status_code == 200
    assert shown.json["decks"] == [deck]
    assert [(r["id"], r["deck_id"], r["table_id"]) for r in shown.json["rounds"]] == [
        (dealt.json["id"], deck, table["id"])
    ]
    assert shown.json["rounds"][0]["entered_at"].endswith("Z")
    assert client.get(f"/api/v1/alerts/{alert_id + 1}", headers=as_role["pit_boss"]).json["code"] == (
        "alert_not_found"
    )


def test_a_pit_boss_acknowledges_once_with_a_note(app, client, as_role, table):
    alert_id = raise_one(app, "deck:y", table["id"])
    url = f"/api/v1/alerts/{alert_id}/acknowledgement"
    assert client.post(url, json={"note": "seen"}, headers=as_role["admin"]).status_code == 403
    blank = client.post(url, json={"note": "  "}, headers=as_role["pit_boss"])
    assert (blank.status_code, blank.json["field"]) == (422, "note")
    done = client.post(url, json={"note": " video pulled "}, headers=as_role["pit_boss"])
    assert done.status_code == 201, done.json
    assert done.json["state"] == "acknowledged"
    assert (done.json["acknowledgement"]["note"], done.json["acknowledgement"]["by"]) == (
        "video pulled",
        "pit_boss",
    )
    again = client.post(url, json={"note": "again"}, headers=as_role["pit_boss"])
    assert (again.status_code, again.json["code"], again.json["field"]) == (
        409,
        "alert_acknowledged",
        "alert_id",
    )
    assert client.get("/api/v1/alerts", headers=as_role["pit_boss"]).json == []
    listed = client.get("/api/v1/alerts?state=acknowledged", headers=as_role["pit_boss"]).json
    assert [alert["id"] for alert in listed] == [alert_id]


def test_one_alert_shows_its_named_rounds_and_its_decks_once_each_oldest_first(
    app, client, as_role, table, monkeypatch
):
    dealer = as_role["dealer"]
    named = [enter(client, dealer, table["id"], round_body(f"n{n}"), f"n{n}").json["id"] for n in range(3)]
    deck = post_deck(client, as_role["device"], table["id"], deck_body(dealing(), sequence=6)).json["id"]
    assert expose(client, dealer, table["id"], deck).status_code == 201
    dealt = enter(client, dealer, table["id"], round_body("d1", deck_id=deck), "d1").json["id"]
    # The dealt round named too, and the rounds named out of order.
    alert_id = raise_one(app, "deck:z", table["id"], decks=(deck,), rounds=(dealt, named[2], named[0]))
    shown = client.get(f"/api/v1/alerts/{alert_id}", headers=as_role["pit_boss"]).json
    assert [(r["id"], r["deck_id"]) for r in shown["rounds"]] == [
        (named[0], None),
        (named[2], None),
        (dealt, deck),
    ]
    monkeypatch.setattr("service.protection.listing.MAX_ROUNDS", 2)  # a shift's worth, here two
    shown = client.get(f"/api/v1/alerts/{alert_id}", headers=as_role["pit_boss"]).json
    assert [r["id"] for r in shown["rounds"]] == [named[0], named[2]]
