"""POST /showdowns and Wild Joker Stud's bring-in, first button and
betting check: the rules' answers for a signed-in dealer or pit boss, a
422 naming the field, seat and card for bad input, other roles refused."""

from __future__ import annotations

import pytest

from service.poker_room.deal_input import Game
from service.poker_room.showdown import showdown

pytestmark = pytest.mark.store

BREAKER = {
    "game": "breaker",
    "board": ["Qs", "Js", "8s", "5d", "2c"],
    "button": 1,
    "seats": [
        {"seat": 1, "cards": ["Ad", "JK"], "contribution": 100},
        {"seat": 2, "cards": ["Ks", "3s"], "contribution": 100},
        {"seat": 3, "cards": ["Qd", "9c"], "contribution": 50},
    ],
}
STUD = {
    "game": "wild-joker-stud",
    "community": ["JK", "7c"],
    "button": 2,
    "seats": [
        {"seat": 1, "cards": ["7s", "7h", "2d", "3c", "9s"], "contribution": 60},
        {"seat": 2, "cards": ["Ad", "Kd", "Qd", "Td", "4c"], "contribution": 61},
        {"seat": 4, "contribution": 15, "folded": True},
    ],
}


def post(client, headers, path, body):
    return client.post(f"/api/v1{path}", json=body, headers=headers)


@pytest.mark.parametrize("role", ["dealer", "pit_boss"])
def test_a_breaker_showdown_is_judged_per_pot(client, as_role, role):
    response = post(client, as_role[role], "/showdowns", BREAKER)
    assert response.status_code == 200, response.json
    assert response.json == showdown(BREAKER, Game.BREAKER)
    main, side = response.json["pots"]
    assert main["winners"] == [2]
    assert side["winners"] == [1]
    assert main["hands"][0]["breaker"] == "dead"
    assert side["hands"][0]["breaker"] == "played"


def test_a_wild_joker_stud_showdown(client, as_role):
    response = post(client, as_role["dealer"], "/showdowns", STUD)
    assert response.status_code == 200, response.json
    main, side = response.json["pots"]
    assert (main["amount"], main["winners"]) == (135, [2])
    assert (side["amount"], side["contenders"]) == (1, [2])
    assert response.json["won"] == [{"seat": 2, "amount": 136}]


@pytest.mark.parametrize("role", ["admin", "compliance"])
def test_other_roles_are_refused(client, as_role, role):
    assert post(client, as_role[role], "/showdowns", BREAKER).status_code == 403


def test_no_token_is_refused(client):
    assert client.post("/api/v1/showdowns", json=BREAKER).status_code == 401


@pytest.mark.parametrize(
    ("change", "field", "words"),
    [
        ({"board": ["Qs", "Js", "8s", "5d", "JK"]}, "board[4]", "a Breaker dealt to the board is dead"),
        (
            {"seats": [*BREAKER["seats"][:2], {"seat": 3, "cards": ["Ad", "9c"], "contribution": 50}]},
            "seats[2].cards[0]",
            "Ad appears twice: seat 1 and seat 3",
        ),
        (
            {"seats": [*BREAKER["seats"][:2], {"seat": 3, "cards": ["Qd", "JK"], "contribution": 50}]},
            "seats[2].cards[1]",
            "a second Breaker",
        ),
        (
            {"seats": [*BREAKER["seats"][:2], {"seat": 3, "cards": ["Qd", "Xx"], "contribution": 50}]},
            "seats[2].cards[1]",
            "seat 3: 'Xx' is not a card",
        ),
        (
            {"seats": [*BREAKER["seats"][:2], {"seat": 3, "cards": ["Qd"], "contribution": 50}]},
            "seats[2].cards",
            "seat 3 has 1 card, not 2",
        ),
    ],
)
def test_bad_input_is_a_422_naming_the_field_seat_and_card(client, as_role, change, field, words):
    response = post(client, as_role["dealer"], "/showdowns", {**BREAKER, **change})
    assert response.status_code == 422, response.json
    assert response.json["field"] == field
    assert words in response.json["message"]


@pytest.mark.parametrize(
    ("contribution", "words"),
    [
        (-1, "seat 1's contribution is -1: never negative"),
        # Read as is, never rounded: 5.5 chips were once taken as 5.
        (5.5, "seat 1's contribution is a whole number, not 5.5"),
        ("5", "seat 1's contribution is a whole number, not '5'"),
    ],
)
def test_a_bad_contribution_is_refused_naming_the_seat(client, as_role, contribution, words):
    seats = [{**BREAKER["seats"][0], "contribution": contribution}, *BREAKER["seats"][1:]]
    response = post(client, as_role["dealer"], "/showdowns", {**BREAKER, "seats": seats})
    assert response.status_code == 422, response.json
    assert (response.json["field"], response.json["message"]) == ("seats[0].contribution", words)


@pytest.mark.parametrize(
    ("path", "body", "field"),
    [
        ("/showdowns", {**BREAKER, "button": 1.5}, "button"),
        ("/showdowns", {**BREAKER, "button": "1"}, "button"),
        (
            "/showdowns",
            {**BREAKER, "seats": [{**BREAKER["seats"][0], "seat": 1.5}, *BREAKER["seats"][1:]]},
            "seats.0.seat",
        ),
        (
            "/showdowns/action-check",
            {"players": 3, "action": {"action": "bet", "amount": 10.5}},
            "action.amount",
        ),
        ("/showdowns/action-check", {"players": 3.5, "action": {"action": "check"}}, "players"),
        (
            "/showdowns/first-button",
            {"seats": [{"seat": 1, "card": "JK1"}, {"seat": 2, "card": "JK2"}], "coin_flip": 2.5},
            "coin_flip",
        ),
    ],
)
def test_a_number_that_is_not_whole_is_refused_not_truncated(client, as_role, path, body, field):
    response = post(client, as_role["dealer"], path, body)
    assert response.status_code == 422, response.json
    assert response.json["field"] == field


def test_the_bring_in(client, as_role):
    body = {
        "seats": [
            {"seat": 1, "up": ["Kd", "JK"]},
            {"seat": 2, "up": ["Qs", "Qh"]},
            {"seat": 3, "up": ["As", "9c"]},
        ]
    }
    response = post(client, as_role["dealer"], "/showdowns/bring-in", body)
    assert response.status_code == 200, response.json
    assert response.json["forced"] == 1
    assert response.json["completes_to"] == 5
    assert response.json["pairs"] == [
        {"seat": 1, "pair": "K"},
        {"seat": 2, "pair": "Q"},
        {"seat": 3, "pair": None},
    ]
    tied = {"seats": [{"seat": 1, "up": ["JK1", "JK2"]}, {"seat": 2, "up": ["As", "Ah"]}]}
    assert post(client, as_role["dealer"], "/showdowns/bring-in", tied).json["forced"] is None
    twice = {"seats": [{"seat": 1, "up": ["As", "Kd"]}, {"seat": 2, "up": ["As", "Ah"]}]}
    response = post(client, as_role["dealer"], "/showdowns/bring-in", twice)
    assert response.status_code == 422
    assert (response.json["field"], response.json["message"]) == (
        "seats[1].up[0]",
        "As appears twice: seat 1 and seat 2",
    )


def test_the_first_button(client, as_role):
    body = {"seats": [{"seat": 1, "card": "Ah"}, {"seat": 2, "card": "As"}, {"seat": 3, "card": "Kc"}]}
    response = post(client, as_role["pit_boss"], "/showdowns/first-button", body)
    assert response.status_code == 200, response.json
    assert response.json["seat"] == 2
    jokers = {"seats": [{"seat": 1, "card": "JK1"}, {"seat": 2, "card": "JK2"}]}
    response = post(client, as_role["pit_boss"], "/showdowns/first-button", jokers)
    assert response.status_code == 422
    assert response.json["field"] == "coin_flip"
    response = post(client, as_role["pit_boss"], "/showdowns/first-button", {**jokers, "coin_flip": 2})
    assert response.json["seat"] == 2


def test_the_action_check(client, as_role):
    four = [{"action": "bet", "amount": 5}] + [{"action": "raise", "amount": 10}] * 3
    check = {"players": 3, "history": four, "action": {"action": "raise", "amount": 10}}
    response = post(client, as_role["dealer"], "/showdowns/action-check", check)
    assert response.status_code == 200, response.json
    assert response.json == {
        "allowed": False,
        "reason": "the round is capped: 4 bets already, with 3 players in the hand",
        "bets": 4,
        "cap": 4,
    }
    heads_up = post(client, as_role["dealer"], "/showdowns/action-check", {**check, "players": 2})
    assert heads_up.json["allowed"] is True
    assert heads_up.json["cap"] is None
    odd = {"players": 4, "action": {"action": "bet", "amount": 12}}
    assert post(client, as_role["dealer"], "/showdowns/action-check", odd).json["allowed"] is False
    call_with_amount = {"players": 4, "action": {"action": "call", "amount": 5}}
    response = post(client, as_role["dealer"], "/showdowns/action-check", call_with_amount)
    assert response.status_code == 422
    assert response.json["field"] == "action.amount"
