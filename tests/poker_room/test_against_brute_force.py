"""The evaluators and the Breaker's judgement against the independent slow
reading in :mod:`tests.poker_room.naive`, on random deals (biased towards
few ranks or suits, so that straights, flushes and kinds are common)."""

from __future__ import annotations

import random

import pytest

from service.poker_room.breaker import judge_pot
from service.poker_room.deal_input import Game
from service.poker_room.five_cards import best_five
from service.poker_room.pots import Pot
from service.poker_room.room_cards import room_cards
from service.poker_room.showdown import showdown
from service.poker_room.wild_stud import best_wild_hand
from tests.poker_room.naive import (
    DECK52,
    brute_breaker_pot,
    brute_wild_best,
    is_joker,
    naive_best,
    naive_pots,
    naive_shares,
)


def as_key(value):
    return (int(value.category), value.defining, value.natural, value.kickers)


def deck_for(rng: random.Random) -> list[str]:
    """The whole deck, or a narrow part of it (few suits, or high ranks)."""
    style = rng.randrange(4)
    if style == 0:
        return list(DECK52)
    if style == 1:
        return [code for code in DECK52 if code[1] in "sh"]
    if style == 2:
        return [code for code in DECK52 if code[0] in "9TJQKA2345"]
    return [code for code in DECK52 if code[0] in "AKQJT"]


def wild_deal(rng: random.Random, jokers: int) -> list[str]:
    deck = deck_for(rng)
    return rng.sample(deck, 7 - jokers) + ["JK1", "JK2"][:jokers]


@pytest.mark.slow
@pytest.mark.parametrize("jokers", [0, 1])
def test_wild_stud_hands_match_every_substitution(jokers):
    rng = random.Random(2300 + jokers)
    for _ in range(100):
        codes = wild_deal(rng, jokers)
        assert as_key(best_wild_hand(room_cards(" ".join(codes))).value) == brute_wild_best(codes), codes


@pytest.mark.slow
def test_wild_stud_hands_with_both_jokers_match_every_substitution():
    rng = random.Random(2302)
    for _ in range(12):
        codes = wild_deal(rng, 2)
        assert as_key(best_wild_hand(room_cards(" ".join(codes))).value) == brute_wild_best(codes), codes


@pytest.mark.parametrize(
    "codes",
    [
        "As Ah Ad Ac JK1 JK2 Kd",  # six of a kind
        "As Ah Ad JK1 JK2 Kd Kc",  # five of a kind
        "Ah Kh Qh 9h JK 2c 3d",  # no double-ace flush
        "Ah 7h 5h 4h 2h JK 3c",  # a natural flush, or the joker's wheel straight flush
        "Kd Qd JK1 JK2 2c 3c 4s",  # a wild royal flush
        "2s 3d 4h 5c JK 9s Ts",  # wild straights
        "Th Tc 9d 9s JK 2c 3h",  # wild full house
    ],
)
def test_hard_wild_hands(codes):
    assert as_key(best_wild_hand(room_cards(codes)).value) == brute_wild_best(codes.split())


def test_plain_best_five_matches_the_naive_ranking():
    rng = random.Random(2303)
    for _ in range(400):
        codes = rng.sample(deck_for(rng), 7)
        for breaks in (False, True):
            found = best_five(room_cards(" ".join(codes)), breaks=breaks).value
            assert as_key(found) == naive_best(codes, breaks=breaks), codes


def breaker_deal(rng: random.Random, players: int, breakers: int):
    deck = rng.sample(deck_for(rng) if rng.random() < 0.5 else DECK52, 5 + 2 * players)
    cards = deck[5:]
    holders = rng.sample(range(players), breakers)
    for index, holder in enumerate(holders):
        cards[2 * holder] = ["JK1", "JK2"][index]
    holes = {seat + 1: cards[2 * seat : 2 * seat + 2] for seat in range(players)}
    return deck[:5], holes


@pytest.mark.parametrize("breakers", [1, 2])
def test_breaker_judgement_matches_the_rule_books_decision(breakers):
    rng = random.Random(2310 + breakers)
    for _ in range(250):
        players = rng.randint(2, 6)
        board, holes = breaker_deal(rng, players, breakers)
        contenders = tuple(sorted(rng.sample(sorted(holes), rng.randint(2, players))))
        judged = judge_pot(
            room_cards(" ".join(board)),
            {seat: room_cards(" ".join(hole)) for seat, hole in holes.items()},
            Pot(100, 100, contenders),
        )
        played, winners, keys = brute_breaker_pot(board, holes, contenders)
        assert list(judged.winners) == winners, (board, holes, contenders)
        assert {
            hand.seat for hand in judged.hands if hand.breaker and hand.breaker.value == "played"
        } == played
        assert {hand.seat: as_key(hand.best.value) for hand in judged.hands} == keys


def showdown_deal(rng: random.Random, game: Game) -> dict:
    """A whole showdown: folds, all-ins at odd levels, a button anywhere,
    Breaker Hold'em's options (Wild Joker Stud: at most one joker, to stay
    fast)."""
    players = rng.randint(2, 7 if game is Game.BREAKER else 4)
    shared, private = (5, 2) if game is Game.BREAKER else (2, 5)
    deck = deck_for(rng)
    deck = deck if len(deck) >= shared + private * players else DECK52
    cards = rng.sample(deck, shared + private * players)
    jokers = rng.choice([0, 1, 2]) if game is Game.BREAKER else rng.choice([0, 1])
    first = shared if game is Game.BREAKER else 0
    for label, place in zip(["JK1", "JK2"], rng.sample(range(first, len(cards)), jokers), strict=False):
        cards[place] = label
    seats = rng.sample(range(1, 11), players)
    body = {
        "board": cards[:shared],
        "button": rng.randint(1, 10),
        "seats": [
            {
                "seat": seat,
                "cards": cards[shared + private * index : shared + private * (index + 1)],
                "contribution": rng.choice([0, 1, 7, 25, 33, 50, 100, 101]),
                "folded": index > 0 and rng.random() < 0.3,
            }
            for index, seat in enumerate(seats)
        ],
    }
    if game is Game.BREAKER:
        body["options"] = {"dual": jokers == 2 or rng.random() < 0.3, "locked": rng.random() < 0.4}
    return body


def slow_showdown(body: dict, game: Game) -> list:
    """Per pot (amount, contenders, winners, shares) by the slow reading."""
    holes = {entry["seat"]: entry["cards"] for entry in body["seats"]}
    folded = {entry["seat"] for entry in body["seats"] if entry["folded"]}
    options = body.get("options", {})
    if options.get("dual"):
        folded |= {seat for seat, hole in holes.items() if sum(map(is_joker, hole)) == 2}
    pots = naive_pots({entry["seat"]: entry["contribution"] for entry in body["seats"]}, folded)
    if game is Game.WILD_JOKER_STUD:
        keys = {seat: brute_wild_best(holes[seat] + body["board"]) for seat in holes if seat not in folded}
    answer = []
    for index, (amount, contenders) in enumerate(pots):
        if game is Game.BREAKER and not (options["locked"] and index):
            _, _, keys = brute_breaker_pot(body["board"], holes, contenders)
        top = max(keys[seat] for seat in contenders)
        winners = [seat for seat in contenders if keys[seat] == top]
        answer.append((amount, contenders, winners, naive_shares(amount, winners, body["button"])))
    return answer


@pytest.mark.parametrize(("game", "deals"), [(Game.BREAKER, 200), (Game.WILD_JOKER_STUD, 40)])
def test_whole_showdowns_match_the_slow_reading(game, deals):
    rng = random.Random(2320)
    checked = 0
    for _ in range(deals):
        body = showdown_deal(rng, game)
        live = [entry for entry in body["seats"] if not entry["folded"]]
        if len(live) == 1 and sum(map(is_joker, live[0]["cards"])) == 2 and body["options"]["dual"]:
            continue  # the only player still in was dealt both Breakers
        pots = [
            (
                pot["amount"],
                pot["contenders"],
                pot["winners"],
                {s["seat"]: s["amount"] for s in pot["shares"]},
            )
            for pot in showdown(body, game)["pots"]
        ]
        assert pots == slow_showdown(body, game), body
        checked += 1
    assert checked > deals * 0.9
