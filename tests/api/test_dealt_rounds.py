"""Rounds dealt from a shoe's deck: the table's deal order deals it and
leaves the rules alone, the round records the cards the dealer changed by
hand, names a deck of its own table, re-settles and takes a correction."""

from __future__ import annotations

import pytest
from sqlalchemy import select

from service.rounds.resettle import resettle
from service.store.models import ConfigVersion, RoundRecord
from tests.api.decks_support import enter, entered_seats, events
from tests.support.app import databases
from tests.support.decks import dealing, deck_body, expose, post_deck, shuffled
from tests.support.rounds_data import DEALER, SEATS, round_body


def test_a_round_dealt_from_a_deck_records_the_cards_changed_by_hand(app, client, as_role, table):
    cards = dealing()
    feed = post_deck(client, as_role["device"], table["id"], deck_body(cards, sequence=20)).json
    exposed = expose(client, as_role["dealer"], table["id"], feed["id"]).json
    assert exposed["hands"]["dealer"] == DEALER
    assert all(exposed["hands"][str(seat)] == hand for seat, hand in SEATS.items())
    # The dealer keys the dealer's 2s as 3s (an undealt card), and seat 2's
    # cards in another order (no change).
    undealt = next(card for card in cards[49:] if card[0] == "3")
    body = round_body("r1", dealer=[*DEALER[:6], undealt], deck_id=feed["id"])
    body["seats"][1]["cards"] = list(reversed(SEATS[2]))
    response = enter(client, as_role["dealer"], table["id"], body, "r1")
    assert response.status_code == 201, response.json
    change = {"hand": "dealer", "position": 7, "fed": "2s", "entered": undealt}
    assert response.json["deck"] == {
        "id": feed["id"],
        "device_id": "shoe-7",
        "sequence": 20,
        "changed": [change],
    }
    stored = client.get(f"/api/v1/rounds/{response.json['id']}", headers=as_role["pit_boss"]).json
    assert stored == response.json
    (event,) = events(app, "deck_cards_changed")
    assert event == {"deck_id": feed["id"], "device_id": "shoe-7", "sequence": 20, "changed": [change]}
    # The deck is used: no longer offered, taken by no other round, and the
    # shoe cannot send it again.
    assert (
        client.get(f"/api/v1/tables/{table['id']}/decks/next", headers=as_role["dealer"]).status_code == 404
    )
    again = enter(client, as_role["dealer"], table["id"], round_body("r2", deck_id=feed["id"]), "r2")
    assert again.status_code == 409
    assert (again.json["code"], again.json["field"]) == ("deck_used", "deck_id")
    resent = post_deck(client, as_role["device"], table["id"], deck_body(cards, sequence=20))
    assert resent.status_code == 409
    assert (resent.json["code"], resent.json["field"]) == ("round_settled", "sequence")
    assert [event["code"] for event in events(app, "deck_refused")] == ["round_settled"]
    # The same request again is the stored round, with its deck.
    replayed = enter(client, as_role["dealer"], table["id"], body, "r1")
    assert (replayed.status_code, replayed.json) == (200, response.json)
    recalled = client.get(f"/api/v1/tables/{table['id']}/recall", headers=as_role["pit_boss"]).json
    assert recalled["games"][0]["deck"] == response.json["deck"]


def test_a_round_dealt_as_fed_records_no_change_and_no_event(app, client, as_role, table):
    feed = post_deck(client, as_role["device"], table["id"], deck_body(dealing())).json
    assert expose(client, as_role["dealer"], table["id"], feed["id"]).status_code == 201
    response = enter(client, as_role["dealer"], table["id"], round_body("r1", deck_id=feed["id"]), "r1")
    assert response.status_code == 201, response.json
    assert response.json["deck"]["changed"] == []
    assert events(app, "deck_cards_changed") == []
    plain = enter(client, as_role["dealer"], table["id"], round_body("r2"), "r2")
    assert plain.status_code == 201, plain.json
    assert plain.json["deck"] is None


def test_a_round_names_a_deck_of_its_own_table(client, as_role, table):
    other = client.post("/api/v1/tables", json={"name": "BP-2"}, headers=as_role["admin"]).json
    feed = post_deck(client, as_role["device"], other["id"], deck_body(dealing())).json
    assert expose(client, as_role["dealer"], other["id"], feed["id"]).status_code == 201
    for deck_id, status, code in (
        (feed["id"], 409, "deck_other_table"),
        (999, 404, "deck_not_found"),
        ("5", 422, "invalid_field"),
        (2**63, 422, "invalid_field"),
    ):
        for path in ("rounds", "rounds/preview"):
            response = client.post(
                f"/api/v1/tables/{table['id']}/{path}",
                json=round_body("r1", deck_id=deck_id),
                headers={**as_role["dealer"], "Idempotency-Key": f"k{deck_id}"},
            )
            assert response.status_code == status, response.json
            assert (response.json["code"], response.json["field"]) == (code, "deck_id")
    preview = client.post(
        f"/api/v1/tables/{other['id']}/rounds/preview",
        json=round_body("r1", deck_id=feed["id"]),
        headers=as_role["dealer"],
    )
    assert preview.status_code == 200, preview.json


def test_the_deal_order_is_the_table_s_and_leaves_its_rules_alone(app, client, as_role, table):
    assert table["deal_order"] == {"first_seat": 1, "dealer_place": 6, "style": "consecutive"}
    changed = client.put(
        f"/api/v1/tables/{table['id']}/deal-order",
        json={"deal_order": {"first_seat": 3, "dealer_place": 0, "style": "round_robin"}},
        headers=as_role["admin"],
    )
    assert changed.status_code == 200, changed.json
    assert changed.json["deal_order"] == {"first_seat": 3, "dealer_place": 0, "style": "round_robin"}
    assert changed.json["config"] == table["config"]  # the same version: not game math
    listed = client.get("/api/v1/tables", headers=as_role["dealer"]).json
    assert listed[0]["deal_order"] == changed.json["deal_order"]
    with databases(app)() as db:
        assert len(db.scalars(select(ConfigVersion)).all()) == 1
    (event,) = events(app, "deal_order_changed")
    assert event["before"] == table["deal_order"]
    assert event["after"] == changed.json["deal_order"]
    # The deal goes dealer, 3, 4, 5, 6, 1, 2: a card to each in turn.
    cards = shuffled(5)
    feed = post_deck(client, as_role["device"], table["id"], deck_body(cards)).json
    hands = expose(client, as_role["dealer"], table["id"], feed["id"], [1, 2, 3, 4, 5, 6]).json["hands"]
    assert hands["dealer"] == cards[0:49:7]
    assert hands["3"] == cards[1:49:7]
    assert hands["2"] == cards[6:49:7]
    # Only a field sent changes; the same order again records nothing.
    kept = client.put(
        f"/api/v1/tables/{table['id']}/deal-order",
        json={"deal_order": {"style": "round_robin"}},
        headers=as_role["admin"],
    )
    assert kept.json["deal_order"] == changed.json["deal_order"]
    assert len(events(app, "deal_order_changed")) == 1


@pytest.mark.parametrize(
    ("order", "field"),
    [
        ({"first_seat": 7}, "deal_order.first_seat"),
        ({"first_seat": 0}, "deal_order.first_seat"),
        ({"dealer_place": 7}, "deal_order.dealer_place"),
        ({"style": "shuffled"}, "deal_order.style"),
        ({"seat": 1}, "deal_order.seat"),
    ],
)
def test_a_bad_deal_order_is_refused_naming_the_field(client, as_role, table, order, field):
    response = client.put(
        f"/api/v1/tables/{table['id']}/deal-order", json={"deal_order": order}, headers=as_role["admin"]
    )
    assert response.status_code == 422, response.json
    assert response.json["field"] == field
    for role in ("dealer", "pit_boss", "device"):
        refused = client.put(
            f"/api/v1/tables/{table['id']}/deal-order",
            json={"deal_order": {"first_seat": 2}},
            headers=as_role[role],
        )
        assert refused.status_code == 403


def test_a_round_from_a_deck_resettles_and_takes_a_correction(app, client, as_role, table):
    feed = post_deck(client, as_role["device"], table["id"], deck_body(dealing())).json
    assert expose(client, as_role["dealer"], table["id"], feed["id"]).status_code == 201
    entered = enter(client, as_role["dealer"], table["id"], round_body("r1", deck_id=feed["id"]), "r1").json
    with databases(app)() as db:
        assert resettle(db, db.get_one(RoundRecord, entered["id"])) == []
    corrected = client.post(
        f"/api/v1/rounds/{entered['id']}/corrections",
        json={
            "reason": "bet keyed wrong",
            "round": round_body("r1", dealer=DEALER[::-1], seats=entered_seats()),
        },
        headers=as_role["pit_boss"],
    )
    assert corrected.status_code == 201, corrected.json
