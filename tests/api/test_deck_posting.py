"""The deck feed: a shoe posts the 53 cards as dealt (the device role, which
may do nothing else) and the tablet takes the newest unused deck. Every
refusal is an event."""

from __future__ import annotations

from dataclasses import replace

import pytest

from service.config.environment import SessionlessRounds
from service.engine.cards import DECK, codes
from tests.api.decks_support import enter, events, with_card
from tests.support.app import app_with_users, sign_in
from tests.support.decks import deck_body, post_deck, shuffled
from tests.support.rounds_data import round_body


def test_a_shoe_posts_a_deck_and_the_tablet_waits_for_it_with_no_card(app, client, as_role, table):
    cards = shuffled(1)
    response = post_deck(client, as_role["device"], table["id"], deck_body(cards, sequence=12))
    assert response.status_code == 201, response.json
    feed = response.json
    assert set(feed) == {"id", "table_id", "device_id", "sequence", "received_at", "status"}
    assert (feed["table_id"], feed["device_id"], feed["sequence"], feed["status"]) == (
        table["id"],
        "shoe-7",
        12,
        "waiting",
    )
    assert feed["received_at"].endswith("Z")
    for role in ("dealer", "pit_boss", "admin"):
        assert client.get(f"/api/v1/tables/{table['id']}/decks/next", headers=as_role[role]).json == feed
    (received,) = events(app, "deck_received")
    assert (received["device_id"], received["sequence"]) == ("shoe-7", 12)
    assert "cards" not in received  # the trail is read through the API
    assert not set(cards) & set(str(received).replace("'", " ").split())
    # The newest unused deck is the one offered.
    newer = post_deck(client, as_role["device"], table["id"], deck_body(shuffled(2), sequence=13)).json
    assert client.get(f"/api/v1/tables/{table['id']}/decks/next", headers=as_role["dealer"]).json == newer


def test_no_deck_waiting_is_a_404(client, as_role, table):
    response = client.get(f"/api/v1/tables/{table['id']}/decks/next", headers=as_role["dealer"])
    assert response.status_code == 404
    assert (response.json["code"], response.json["field"]) == ("no_deck", "table_id")


def test_the_same_deck_sent_again_answers_the_stored_one(app, client, as_role, table):
    body = deck_body(shuffled(3), sequence=4)
    first = post_deck(client, as_role["device"], table["id"], body)
    again = post_deck(client, as_role["device"], table["id"], body)
    assert (first.status_code, again.status_code) == (201, 200)
    assert again.json == first.json
    assert len(events(app, "deck_received")) == 1
    other = post_deck(client, as_role["device"], table["id"], deck_body(shuffled(4), sequence=4))
    assert other.status_code == 409
    assert (other.json["code"], other.json["field"]) == ("sequence_used", "sequence")
    assert "the last sent is 4" in other.json["message"]
    (refused,) = events(app, "deck_refused")
    assert (refused["code"], refused["sequence"], refused["device_id"]) == ("sequence_used", 4, "shoe-7")


@pytest.mark.parametrize(
    ("cards", "code", "field", "said"),
    [
        (codes(DECK)[:52], "wrong_count", "cards", "not 52"),
        ([*codes(DECK), "JK"], "wrong_count", "cards", "not 54"),
        (with_card(codes(DECK), 20, "Xx"), "invalid_card", "cards[20]", "'Xx' is not a card"),
        (
            with_card(codes(DECK), 30, "As"),
            "duplicate_card",
            "cards[30]",
            "As is in the deck twice: at positions 2 and 31",
        ),
        ("JK As", "invalid_field", "cards", "list"),
    ],
)
def test_a_bad_deck_is_refused_naming_the_card_and_recorded(
    app, client, as_role, table, cards, code, field, said
):
    response = post_deck(client, as_role["device"], table["id"], deck_body(cards))
    assert response.status_code == 422, response.json
    assert (response.json["code"], response.json["field"]) == (code, field)
    assert said in response.json["message"]
    (refused,) = events(app, "deck_refused")
    assert (refused["code"], refused["field"], refused["device_id"], refused["sequence"]) == (
        code,
        field,
        "shoe-7",
        1,
    )
    assert events(app, "deck_received") == []
    assert (
        client.get(f"/api/v1/tables/{table['id']}/decks/next", headers=as_role["dealer"]).status_code == 404
    )


def test_a_device_id_must_be_printable(app, client, as_role, table):
    for device_id in (" ", "shoe\x00"):
        response = post_deck(
            client, as_role["device"], table["id"], deck_body(shuffled(), device_id=device_id)
        )
        assert response.status_code == 422
        assert (response.json["code"], response.json["field"]) == ("invalid_field", "device_id")
    assert [event["device_id"] for event in events(app, "deck_refused")] == ["' '", "'shoe\\x00'"]


def test_a_deck_for_an_unknown_table_is_refused_and_recorded(app, client, as_role):
    response = post_deck(client, as_role["device"], 999, deck_body(shuffled()))
    assert response.status_code == 404
    assert (response.json["code"], response.json["field"]) == ("table_not_found", "table_id")
    assert [event["code"] for event in events(app, "deck_refused")] == ["table_not_found"]


def test_a_deck_for_a_closed_table_is_refused_and_recorded(settings):
    users = app_with_users(replace(settings, rounds_without_session=SessionlessRounds.REFUSE))
    app = next(users)
    client = app.test_client()
    table = client.post("/api/v1/tables", json={"name": "BP-9"}, headers=sign_in(client, "admin")).json
    response = post_deck(client, sign_in(client, "device"), table["id"], deck_body(shuffled()))
    assert response.status_code == 409
    assert (response.json["code"], response.json["field"]) == ("table_closed", "table_id")
    assert [event["code"] for event in events(app, "deck_refused")] == ["table_closed"]
    next(users, None)


def test_a_device_does_nothing_but_post_decks(client, as_role, table):
    device = as_role["device"]
    for path in (f"/tables/{table['id']}", "/tables", f"/tables/{table['id']}/decks/next", "/reports/floor"):
        response = client.get(f"/api/v1{path}", headers=device)
        assert response.status_code == 403, path
        assert "device" in response.json["message"]
    entered = enter(client, device, table["id"], round_body("r1"), "k")
    assert entered.status_code == 403
    for role in ("dealer", "pit_boss", "admin", "compliance", "cage", "count"):
        response = post_deck(client, as_role[role], table["id"], deck_body(shuffled(), device_id=role))
        assert response.status_code == 403, role
