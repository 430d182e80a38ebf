"""Bad showdown input is refused with a clear error naming the seat, card
or field: a card twice, a joker on a Breaker board, both Breakers in a
single-Breaker game, wrong counts, negative contributions."""

from __future__ import annotations

import pytest

from service.engine.errors import RulesError
from service.poker_room.breaker import BreakerTable
from service.poker_room.deal_input import Game, read_deal

BOARD = ["Qs", "Js", "8s", "5d", "2c"]


def body(*seats, board=BOARD, **extra):
    return {"board": board, "button": 1, "seats": list(seats), **extra}


def seat(number, cards, contribution=10, **extra):
    return {"seat": number, "cards": cards.split(), "contribution": contribution, **extra}


def refused(data, game=Game.BREAKER):
    with pytest.raises(RulesError) as caught:
        read_deal(data, game)
    return caught.value


@pytest.mark.parametrize(
    ("data", "code", "message", "field"),
    [
        (
            body(seat(1, "Ad Kd"), seat(2, "Ad 3c")),
            "duplicate_card",
            "Ad appears twice: seat 1 and seat 2",
            "seats[1].cards[0]",
        ),
        (
            body(seat(1, "Qs Kd"), seat(2, "4d 3c")),
            "duplicate_card",
            "Qs appears twice: the board and seat 1",
            "seats[0].cards[0]",
        ),
        (
            body(seat(1, "Ad Ad"), seat(2, "4d 3c")),
            "duplicate_card",
            "twice in one hand",
            "seats[0].cards[1]",
        ),
        (
            body(seat(1, "Ad Kd"), seat(2, "4d 3c"), board=[*BOARD[:4], "JK"]),
            "joker_on_board",
            "the board holds JK",
            "board[4]",
        ),
        (
            body(seat(1, "JK Kd"), seat(2, "JK 3c")),
            "two_breakers",
            "seat 1 and seat 2 both hold one",
            "seats[1].cards[0]",
        ),
        (
            body(seat(1, "JK1 JK2"), seat(2, "4d 3c")),
            "two_breakers",
            "seat 1 holds both Breakers",
            "seats[0].cards[1]",
        ),
        (
            body(seat(1, "Ad Kd 4h"), seat(2, "4d 3c")),
            "wrong_card_count",
            "seat 1 has 3 cards, not 2",
            "seats[0].cards",
        ),
        (
            body(seat(1, "Ad Kd"), seat(2, "4d 3c"), board=BOARD[:4]),
            "wrong_card_count",
            "the board has 4 cards, not 5",
            "board",
        ),
        (
            body(seat(1, "Ad Kd", -5), seat(2, "4d 3c")),
            "out_of_range",
            "seat 1's contribution is -5: never negative",
            "seats[0].contribution",
        ),
        (
            body(seat(1, "Ad Kd", 2.5), seat(2, "4d 3c")),
            "invalid_number",
            "seat 1's contribution is a whole number",
            "seats[0].contribution",
        ),
        (
            body(seat(1, "Ad Zz"), seat(2, "4d 3c")),
            "invalid_card",
            "seat 1: 'Zz' is not a card",
            "seats[0].cards[1]",
        ),
        (
            body(seat(1, "Ad Kd"), seat(1, "4d 3c")),
            "duplicate_seat",
            "seat 1 is entered twice",
            "seats[1].seat",
        ),
        (body(seat(1, "Ad Kd")), "wrong_player_count", "2 to 10 players", "seats"),
        (
            body(seat(1, "Ad Kd", folded=True), seat(2, "4d 3c", folded=True)),
            "everyone_folded",
            "every player folded",
            "seats",
        ),
        (
            body(seat(1, "Ad Kd"), seat(2, "4d 3c"), options={"dual": "yes"}),
            "invalid_option",
            "options.dual",
            "options.dual",
        ),
        (body(seat(1, "Ad Kd"), seat(2, "4d 3c"), shoe=1), "unknown_field", "shoe is not a field", "shoe"),
        ([], "invalid_showdown", "the showdown is a JSON object", None),
    ],
)
def test_bad_breaker_input_is_refused_naming_where(data, code, message, field):
    error = refused(data)
    assert error.code == code
    assert message in error.message
    assert error.field == field


def test_dual_breaker_takes_two_breakers_and_refuses_a_third_joker():
    dual = {"dual": True}
    deal = read_deal(body(seat(1, "JK1 Kd"), seat(2, "JK2 3c"), options=dual), Game.BREAKER)
    assert [card.code for card in deal.seats[0].cards] == ["JK1", "Kd"]
    error = refused(body(seat(1, "JK1 Kd"), seat(2, "JK2 3c"), seat(3, "JK 4c"), options=dual))
    assert error.code == "too_many_jokers"
    assert "seat 3's JK is a third joker" in error.message
    assert refused(body(seat(1, "JK1 Kd"), seat(2, "JK1 3c"), options=dual)).code == "duplicate_card"


def test_folded_players_may_leave_their_cards_out():
    deal = read_deal(
        body(seat(1, "Ad Kd"), seat(2, "4d 3c"), {"seat": 3, "contribution": 5, "folded": True}), Game.BREAKER
    )
    assert deal.seats[2].cards == ()


def test_wild_joker_stud_counts_and_jokers():
    community = ["JK1", "7c"]
    good = {
        "community": community,
        "button": 2,
        "seats": [seat(1, "As Ah Ad Ac JK2"), seat(2, "2c 3c 4c 5c 6c")],
    }
    assert len(read_deal(good, Game.WILD_JOKER_STUD).board) == 2
    short = {**good, "seats": [seat(1, "As Ah Ad Ac"), seat(2, "2c 3c 4c 5c 6c")]}
    assert refused(short, Game.WILD_JOKER_STUD).message == "seat 1 has 4 cards, not 5"
    third = {**good, "seats": [seat(1, "As Ah Ad Ac JK2"), seat(2, "2c 3c 4c 5c JK")]}
    assert refused(third, Game.WILD_JOKER_STUD).code == "too_many_jokers"
    # The same options object may be sent for both games: off, it is no
    # option; on, it is refused as Breaker Hold'em's.
    off = {**good, "options": {"dual": False, "locked": False}}
    assert read_deal(off, Game.WILD_JOKER_STUD).table == BreakerTable()
    on = refused({**good, "options": {"locked": True}}, Game.WILD_JOKER_STUD)
    assert (on.code, on.field) == ("breaker_option", "options.locked")
    assert on.message == "options.locked is a Breaker Hold'em option: Wild Joker Stud has none"
    assert refused({**good, "options": {"wild": True}}, Game.WILD_JOKER_STUD).code == "unknown_field"
    ten = {**good, "seats": [seat(n, "") for n in range(1, 11)]}
    assert "2 to 9 players" in refused(ten, Game.WILD_JOKER_STUD).message
