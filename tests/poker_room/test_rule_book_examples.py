"""Every example and Decision of the poker-room rule book
(``shared/docs/poker-room-rules.md``), through the showdown's JSON."""

from __future__ import annotations

import pytest

from service.engine.errors import RulesError
from service.poker_room.betting import Action, ActionKind, check_action
from service.poker_room.bring_in import bring_in, first_button
from service.poker_room.deal_input import Game
from service.poker_room.room_cards import parse_room_card, room_cards
from service.poker_room.showdown import showdown
from service.poker_room.wild_stud import best_wild_hand

BOARD = ["Qs", "Js", "8s", "5d", "2c"]


def breaker(seats, *, button=1, **options):
    body = {"board": BOARD, "button": button, "seats": seats}
    if options:
        body["options"] = options
    return showdown(body, Game.BREAKER)


def seat(number, cards, contribution=100, folded=False):
    return {"seat": number, "cards": cards.split(), "contribution": contribution, "folded": folded}


def hand_of(pot, number):
    return next(hand for hand in pot["hands"] if hand["seat"] == number)


def test_the_breaker_played_breaks_the_flush_and_wins():
    answer = breaker([seat(1, "Qc JK"), seat(2, "Ks 3s"), seat(3, "Qd 9c")])
    (pot,) = answer["pots"]
    assert pot["winners"] == [1]
    assert pot["shares"] == [{"seat": 1, "amount": 300}]
    assert pot["straights_and_flushes_broken"] is True
    a, b, c = (hand_of(pot, n) for n in (1, 2, 3))
    assert (a["category"], a["breaker"]) == ("pair", "played")
    assert sorted(a["cards"]) == sorted(["Qc", "Qs", "JK", "Js", "8s"])
    assert (b["category"], b["cards"]) == ("high card", ["Ks", "Qs", "Js", "8s", "5d"])
    assert (c["category"], sorted(c["cards"])) == ("pair", sorted(["Qd", "Qs", "Js", "9c", "8s"]))


def test_a_breaker_that_would_lose_is_dead_and_the_flush_wins():
    answer = breaker([seat(1, "Ad JK"), seat(2, "Ks 3s"), seat(3, "Qd 9c")])
    (pot,) = answer["pots"]
    assert pot["winners"] == [2]
    assert pot["straights_and_flushes_broken"] is False
    a = hand_of(pot, 1)
    assert a["breaker"] == "dead"
    assert "would not win" in a["why"]
    assert "JK" not in a["cards"]  # best five of the other six
    assert hand_of(pot, 2)["category"] == "flush"


def test_side_pots_are_judged_apart_played_in_one_dead_in_another():
    answer = breaker([seat(1, "Ad JK"), seat(2, "Ks 3s"), seat(3, "Qd 9c", contribution=50)])
    main, side = answer["pots"]
    assert (main["amount"], main["contenders"], main["winners"]) == (150, [1, 2, 3], [2])
    assert hand_of(main, 1)["breaker"] == "dead"
    assert (side["amount"], side["contenders"], side["winners"]) == (100, [1, 2], [1])
    assert hand_of(side, 1)["breaker"] == "played"
    assert hand_of(side, 2)["category"] == "high card"
    assert answer["won"] == [{"seat": 1, "amount": 100}, {"seat": 2, "amount": 150}]


def test_locked_breaker_keeps_the_main_pots_order_of_finish():
    answer = breaker([seat(1, "Ad JK"), seat(2, "Ks 3s"), seat(3, "Qd 9c", contribution=50)], locked=True)
    main, side = answer["pots"]
    assert main["winners"] == [2]
    assert side["winners"] == [2]
    assert hand_of(side, 1)["breaker"] == "dead"
    assert "locked" in hand_of(side, 1)["why"]
    assert hand_of(side, 2)["category"] == "flush"


def test_a_breaker_affects_only_the_pots_its_holder_contests():
    # Seat 1 is all in for 50: the side pot is plain Hold'em.
    answer = breaker([seat(1, "Qc JK", contribution=50), seat(2, "Ks 3s"), seat(3, "Qd 9c")])
    main, side = answer["pots"]
    assert main["winners"] == [1]
    assert main["straights_and_flushes_broken"]
    assert side["contenders"] == [2, 3]
    assert side["winners"] == [2]
    assert not side["straights_and_flushes_broken"]
    assert hand_of(side, 2)["category"] == "flush"


def test_hands_that_are_not_straights_or_flushes_are_never_broken():
    answer = breaker([seat(1, "Qc JK"), seat(2, "Qd Qh")])  # trips of queens beat Q-Q-Breaker
    (pot,) = answer["pots"]
    assert pot["winners"] == [2]
    assert hand_of(pot, 2)["category"] == "three of a kind"
    assert hand_of(pot, 1)["breaker"] == "dead"


FULL_HOUSE_BOARD = ["Qs", "Qd", "8s", "8d", "2c"]


def on_full_house_board(*seats):
    body = {"board": FULL_HOUSE_BOARD, "button": 1, "seats": list(seats)}
    (pot,) = showdown(body, Game.BREAKER)["pots"]
    return pot


def test_a_played_breaker_gives_up_the_full_house_among_the_other_six():
    # Seat 1's other six make 8-8-8-Q-Q; played, the hand is the Breaker
    # with the four best of them: trips of eights, the Breaker the kicker,
    # which still beats seat 2's kings and queens.
    pot = on_full_house_board(seat(1, "8c JK"), seat(2, "Ks Kd"))
    assert pot["winners"] == [1]
    one = hand_of(pot, 1)
    assert (one["category"], one["breaker"]) == ("three of a kind", "played")
    assert sorted(one["cards"]) == sorted(["JK", "8c", "8s", "8d", "Qs"])
    assert hand_of(pot, 2)["category"] == "two pair"


def test_a_holder_whose_breaker_would_lose_lets_it_die_and_keeps_the_full_house():
    # Played, seat 1's trips lose to seat 2's twos full of queens; dead,
    # seat 1's eights full of queens win.
    pot = on_full_house_board(seat(1, "8c JK"), seat(2, "2d 2h"))
    assert pot["winners"] == [1]
    assert pot["straights_and_flushes_broken"] is False
    one = hand_of(pot, 1)
    assert (one["category"], one["breaker"]) == ("full house", "dead")
    assert "would not win" in one["why"]
    assert sorted(one["cards"]) == sorted(["8c", "8s", "8d", "Qs", "Qd"])


def test_a_played_breaker_gives_up_its_holders_own_flush():
    body = {
        "board": ["As", "Ks", "8s", "5s", "2c"],
        "button": 1,
        "seats": [seat(1, "3s JK"), seat(2, "Ad Kd")],
    }
    (pot,) = showdown(body, Game.BREAKER)["pots"]
    # Played: A-K-8-5 and the Breaker, high card, below aces and kings.
    assert pot["winners"] == [1]
    one = hand_of(pot, 1)
    assert (one["category"], one["breaker"]) == ("flush", "dead")


def test_dual_breaker_both_played_split_the_pot():
    answer = breaker([seat(1, "Qc JK1"), seat(2, "Ks 3s"), seat(3, "Qh JK2")], dual=True)
    (pot,) = answer["pots"]
    assert pot["winners"] == [1, 3]
    assert hand_of(pot, 1)["breaker"] == hand_of(pot, 3)["breaker"] == "played"
    assert {share["seat"]: share["amount"] for share in pot["shares"]} == {1: 150, 3: 150}


def test_dual_breaker_the_losing_holder_is_made_dead_and_judged_again():
    answer = breaker([seat(1, "Qc JK1"), seat(2, "Ks 3s"), seat(3, "3d JK2")], dual=True)
    (pot,) = answer["pots"]
    assert pot["winners"] == [1]
    assert hand_of(pot, 1)["breaker"] == "played"
    three = hand_of(pot, 3)
    assert three["breaker"] == "dead"
    assert "seats 1 and 3" in three["why"]
    assert pot["straights_and_flushes_broken"] is True  # seat 1's still breaks seat 2's flush


def test_dual_breaker_with_no_holder_winning_is_plain_holdem():
    answer = breaker([seat(1, "Ad JK1"), seat(2, "Ks 3s"), seat(3, "3d JK2"), seat(4, "Qd 9c")], dual=True)
    (pot,) = answer["pots"]
    assert pot["winners"] == [2]
    assert hand_of(pot, 1)["breaker"] == hand_of(pot, 3)["breaker"] == "dead"
    assert not pot["straights_and_flushes_broken"]


def test_dual_breaker_a_player_dealt_both_is_folded_and_their_chips_stay():
    answer = breaker([seat(1, "JK1 JK2", contribution=40), seat(2, "Ks 3s"), seat(3, "Qd 9c")], dual=True)
    assert answer["folded"] == [{"seat": 1, "why": "dealt both Breakers: folded (Dual Breaker)"}]
    (pot,) = answer["pots"]
    assert pot["amount"] == 240
    assert pot["contenders"] == [2, 3]
    assert pot["winners"] == [2]


def test_both_breakers_in_a_single_breaker_game_is_refused():
    with pytest.raises(RulesError, match="seat 1 holds both Breakers"):
        breaker([seat(1, "JK1 JK2"), seat(2, "Ks 3s")])
    with pytest.raises(RulesError, match="seat 1 and seat 2 both hold one"):
        breaker([seat(1, "Ad JK"), seat(2, "Ks JK")])


def test_a_board_with_a_joker_is_refused_with_that_message():
    with pytest.raises(RulesError, match="a Breaker dealt to the board is dead and replaced") as caught:
        showdown(
            {
                "board": ["Qs", "Js", "8s", "5d", "JK"],
                "button": 1,
                "seats": [seat(1, "Ad Kd"), seat(2, "2s 3s")],
            },
            Game.BREAKER,
        )
    assert caught.value.field == "board[4]"


def test_folded_players_chips_stay_and_the_odd_chip_goes_clockwise_from_the_button():
    # Seats 2 and 5 tie (both play the board's straight); seat 3 folded 25.
    body = {
        "board": ["9h", "Tc", "Jd", "Qs", "Kh"],
        "button": 4,
        "seats": [seat(2, "2c 3d", 50), seat(3, "", 25, folded=True), seat(5, "2d 3c", 50)],
    }
    (pot,) = showdown(body, Game.BREAKER)["pots"]
    assert pot["amount"] == 125
    assert pot["winners"] == [2, 5]
    assert pot["shares"] == [{"seat": 5, "amount": 63}, {"seat": 2, "amount": 62}]


def test_wild_no_double_ace_flush():
    hand = best_wild_hand(room_cards("Ah Kh Qh 9h JK 2c 3d"))
    assert hand.label == "flush"
    assert hand.stands_for == (("JK", "Jh"),)


def test_natural_beats_wild_before_kickers():
    natural_ace_flush = best_wild_hand(room_cards("Ah 7h 5h 4h 2h 9c 9d")).value
    wild_ace_flush = best_wild_hand(room_cards("Ad Qd Jd 9d JK 2s 3s")).value  # JK as Kd
    natural_king_flush = best_wild_hand(room_cards("Kc Qc Jc 9c 8c 2s 3h")).value
    assert natural_ace_flush > wild_ace_flush > natural_king_flush
    natural_aces = best_wild_hand(room_cards("As Ah 4c 5d 7s 8h 9c")).value
    wild_aces = best_wild_hand(room_cards("Ad JK Kc Qd 3s 4h 6c"))
    # The joker makes a pair of aces with K-Q kickers, still below the natural pair.
    assert wild_aces.label == "pair"
    assert natural_aces > wild_aces.value


def test_two_wild_hands_are_not_told_apart_by_their_jokers():
    one = best_wild_hand(room_cards("As Ks Qs Js JK 2d 3c")).value  # a royal flush, one joker
    two = best_wild_hand(room_cards("Ah Kh Qh JK1 JK2 2c 3d")).value  # a royal flush, two
    assert one == two
    assert one.label == "straight flush"
    assert not one.natural


def test_six_and_five_of_a_kind_top_the_ranking():
    six = best_wild_hand(room_cards("2s 2h 2d 2c JK1 JK2 3d"))
    five = best_wild_hand(room_cards("As Ah Ad Ac JK 3d 4c"))
    royal = best_wild_hand(room_cards("As Ks Qs Js Ts 3d 4c"))
    assert (six.label, len(six.cards)) == ("six of a kind", 6)
    assert five.label == "five of a kind"
    assert six.value > five.value > royal.value


def test_wild_joker_stud_showdown_shares_the_pot():
    body = {
        "community": ["JK", "7c"],
        "button": 2,
        "seats": [
            seat(1, "7s 7h 2d 3c 9s", 60),
            seat(2, "Ad Kd Qd Td 4c", 60),
            seat(3, "5s 5h 2c 3d 9h", 0, True),
        ],
    }
    answer = showdown(body, Game.WILD_JOKER_STUD)
    (pot,) = answer["pots"]
    assert pot["winners"] == [2]  # the joker makes seat 2's royal flush, seat 1 four sevens
    assert hand_of(pot, 2)["category"] == "straight flush"
    assert hand_of(pot, 1)["category"] == "four of a kind"
    assert hand_of(pot, 2)["jokers"] == [{"joker": "JK", "stands_for": "Jd"}]


def test_bring_in():
    up = {1: room_cards("Kd JK"), 2: room_cards("Qs Qh"), 3: room_cards("As 9c")}
    assert bring_in(up).forced == 1  # the joker pairs the king
    assert bring_in({1: room_cards("JK1 JK2"), 2: room_cards("Ks Kh")}).forced == 1  # two jokers: aces
    assert bring_in({1: room_cards("JK1 JK2"), 2: room_cards("As Ah")}).forced is None  # tie
    assert bring_in({1: room_cards("Kd JK"), 2: room_cards("Ks Kh")}).forced is None  # rank only
    assert bring_in({1: room_cards("Kd 2c"), 2: room_cards("As Qh")}).forced is None  # no pair


def test_first_button():
    draws = {1: parse_room_card("Ah"), 2: parse_room_card("As"), 3: parse_room_card("Ad")}
    assert first_button(draws).seat == 2
    # Suits break a tie spades, hearts, diamonds, clubs; rank comes first.
    assert first_button({1: parse_room_card("Qd"), 2: parse_room_card("Qh")}).seat == 2
    assert first_button({1: parse_room_card("Qd"), 2: parse_room_card("Qc")}).seat == 1
    assert first_button({1: parse_room_card("Kc"), 2: parse_room_card("Qs")}).seat == 1
    assert first_button({1: parse_room_card("Ah"), 5: parse_room_card("JK")}).seat == 5
    assert first_button({1: parse_room_card("JK1"), 5: parse_room_card("JK2")}, coin_flip=1).seat == 1
    with pytest.raises(RulesError, match="coin flip"):
        first_button({1: parse_room_card("JK1"), 5: parse_room_card("JK2")})


def test_betting_multiples_of_five_four_bets_no_cap_heads_up():
    bet, raise_ = Action(ActionKind.BET, 5), Action(ActionKind.RAISE, 10)
    assert check_action(3, [], Action(ActionKind.BET, 15)).allowed
    assert not check_action(3, [], Action(ActionKind.BET, 12)).allowed
    assert not check_action(3, [], Action(ActionKind.BET, 0)).allowed
    four = [bet, raise_, raise_, raise_]
    assert check_action(3, four[:3], raise_).allowed
    assert not check_action(3, four, raise_).allowed
    assert check_action(3, four, Action(ActionKind.CALL)).allowed
    assert check_action(2, four * 3, raise_).allowed  # heads-up: no cap
