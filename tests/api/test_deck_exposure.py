"""The dealer marks a deck's hands exposed (rule book section 15): the
answer is the seats in play's hands and the dealer's, marked once (a
``deck_exposed`` event) and every answer a ``deck_read`` event; a round is
dealt from the deck only after it, and only for those seats."""

from __future__ import annotations

import pytest

from tests.api.decks_support import enter, events
from tests.support.decks import dealing, deck_body, expose, post_deck, shuffled
from tests.support.rounds_data import DEALER, SEATS, round_body


def test_the_exposure_answers_the_seats_in_play_and_is_read_on_the_trail(app, client, as_role, table):
    cards = shuffled(8)
    feed = post_deck(client, as_role["device"], table["id"], deck_body(cards)).json
    first = expose(client, as_role["dealer"], table["id"], feed["id"], [2, 5])
    assert first.status_code == 201, first.json
    assert first.json["hands"] == {"dealer": cards[42:49], "2": cards[7:14], "5": cards[28:35]}
    assert (first.json["seats"], first.json["id"], first.json["sequence"]) == ([2, 5], feed["id"], 1)
    assert events(app, "deck_exposed") == [{"deck_id": feed["id"], "seats": [2, 5]}]
    read = {"deck_id": feed["id"], "hands": ["dealer", "2", "5"], "via": "exposure"}
    assert events(app, "deck_read") == [read]
    # Again: the same hands, marked once, read twice.
    again = expose(client, as_role["dealer"], table["id"], feed["id"], [5, 2])
    assert (again.status_code, again.json) == (200, first.json)
    assert len(events(app, "deck_exposed")) == 1
    assert events(app, "deck_read") == [read, read]
    waiting = client.get(f"/api/v1/tables/{table['id']}/decks/next", headers=as_role["dealer"]).json
    assert (waiting["id"], waiting["status"]) == (feed["id"], "exposed")
    # Other seats once exposed: refused, naming the seats, no card.
    other = expose(client, as_role["dealer"], table["id"], feed["id"], [1, 2])
    assert other.status_code == 409
    assert (other.json["code"], other.json["field"]) == ("deck_exposed", "seats")
    assert "seats 2, 5" in other.json["message"]
    assert len(events(app, "deck_read")) == 2


@pytest.mark.parametrize("seats", [[], [0], [7], [1, 1], ["1"], "1", [True]])
def test_the_seats_in_play_must_be_the_deck_s_each_once(client, as_role, table, seats):
    feed = post_deck(client, as_role["device"], table["id"], deck_body(shuffled())).json
    response = expose(client, as_role["dealer"], table["id"], feed["id"], seats)
    assert response.status_code == 422, response.json
    assert (response.json["code"], response.json["field"]) == ("invalid_field", "seats")


def test_only_a_deck_of_the_table_is_exposed(client, as_role, table):
    other = client.post("/api/v1/tables", json={"name": "BP-2"}, headers=as_role["admin"]).json
    feed = post_deck(client, as_role["device"], other["id"], deck_body(shuffled())).json
    for deck_id in (feed["id"], 999):
        response = expose(client, as_role["dealer"], table["id"], deck_id)
        assert response.status_code == 404
        assert (response.json["code"], response.json["field"]) == ("deck_not_found", "deck_id")


def test_a_round_plays_only_seats_whose_hands_were_exposed(app, client, as_role, table):
    feed = post_deck(client, as_role["device"], table["id"], deck_body(dealing())).json
    assert expose(client, as_role["dealer"], table["id"], feed["id"], [1, 2]).status_code == 201
    body = round_body("r1", deck_id=feed["id"])  # seats 1 to 3
    for path in ("rounds/preview", "rounds"):
        refused = client.post(
            f"/api/v1/tables/{table['id']}/{path}",
            json=body,
            headers={**as_role["dealer"], "Idempotency-Key": "r"},
        )
        assert refused.status_code == 409, refused.json
        assert (refused.json["code"], refused.json["field"]) == ("deck_not_exposed", "deck_id")
        assert "not seat 3" in refused.json["message"]
    two = round_body("r2", deck_id=feed["id"], seats=round_body()["seats"][:2])
    stored = enter(client, as_role["dealer"], table["id"], two, "r2")
    assert stored.status_code == 201, stored.json
    assert stored.json["deck"]["changed"] == []
    assert stored.json["dealer"]["cards"] == DEALER
    assert [seat["cards"] for seat in stored.json["seats"]] == [SEATS[1], SEATS[2]]
    # The deck is dealt: its hands are still the same read, audited.
    again = expose(client, as_role["dealer"], table["id"], feed["id"], [1, 2])
    assert again.status_code == 200
    assert [event["via"] for event in events(app, "deck_read")] == ["exposure", "exposure"]
