"""Properties of the showdowns on random deals: a pot's shares add up to
it, suits never change a result, and under Dual Breaker every played
Breaker's holder wins."""

from __future__ import annotations

from hypothesis import given, reject, settings
from hypothesis import strategies as st

from service.engine.errors import RulesError
from service.poker_room.deal_input import Game
from service.poker_room.pots import build_pots, split_pot
from service.poker_room.showdown import showdown
from tests.poker_room.naive import DECK52

SEATS = st.lists(st.integers(1, 10), min_size=2, max_size=8, unique=True)


@st.composite
def contributions(draw):
    seats = draw(SEATS)
    amounts = {seat: draw(st.integers(0, 500)) for seat in seats}
    folded = set(draw(st.lists(st.sampled_from(seats), max_size=len(seats) - 1, unique=True)))
    return amounts, folded


@given(contributions(), st.integers(1, 10))
def test_the_pots_hold_every_chip_and_their_shares_add_up(entered, button):
    amounts, folded = entered
    pots = build_pots(amounts, folded)
    assert sum(pot.amount for pot in pots) == sum(amounts.values())
    for pot in pots:
        assert pot.contenders
        assert not set(pot.contenders) & folded
        for winners in (pot.contenders, pot.contenders[:1], pot.contenders[-2:]):
            shares = split_pot(pot.amount, winners, button)
            assert sum(shares.values()) == pot.amount
            assert max(shares.values()) - min(shares.values()) <= 1


@st.composite
def deals(draw, game: Game, jokers: int):
    players = draw(st.integers(2, 6))
    shared, private = (5, 2) if game is Game.BREAKER else (2, 5)
    cards = draw(st.permutations(DECK52))[: shared + private * players]
    labels = ["JK1", "JK2"][:jokers]
    places = draw(
        st.lists(
            st.integers(shared if game is Game.BREAKER else 0, len(cards) - 1),
            min_size=jokers,
            max_size=jokers,
            unique=True,
        )
    )
    for label, place in zip(labels, places, strict=True):
        cards[place] = label
    seats = draw(st.lists(st.integers(1, 10), min_size=players, max_size=players, unique=True))
    entries = [
        {
            "seat": seat,
            "cards": cards[shared + private * index : shared + private * (index + 1)],
            "contribution": draw(st.sampled_from([0, 5, 25, 50, 100, 101])),
            "folded": index > 0 and draw(st.booleans()) and draw(st.booleans()),
        }
        for index, seat in enumerate(seats)
    ]
    body = {"board": cards[:shared], "button": draw(st.sampled_from(seats)), "seats": entries}
    if game is Game.BREAKER:
        body["options"] = {"dual": jokers == 2, "locked": draw(st.booleans())}
    return body


def permuted(body, mapping):
    def card(code):
        return code if code.startswith("JK") else code[0] + mapping[code[1]]

    return {
        **body,
        "board": [card(code) for code in body["board"]],
        "seats": [{**entry, "cards": [card(code) for code in entry["cards"]]} for entry in body["seats"]],
    }


def outcome(answer):
    """What a showdown decides, suits aside."""
    return [
        (
            pot["amount"],
            pot["contenders"],
            pot["winners"],
            pot["shares"],
            [(hand["seat"], hand["category"], hand["breaker"]) for hand in pot["hands"]],
        )
        for pot in answer["pots"]
    ]


def judged(body, game):
    try:
        return showdown(body, game)
    except RulesError as error:
        # The only player left was dealt both Breakers: folded too.
        if error.code != "everyone_folded":
            raise
        reject()


SUIT_ORDERS = st.permutations("shdc").map(lambda order: dict(zip("shdc", order, strict=True)))


@given(st.data(), SUIT_ORDERS)
def test_suits_never_change_a_breaker_result(data, mapping):
    body = data.draw(deals(Game.BREAKER, data.draw(st.integers(0, 2))))
    assert outcome(judged(permuted(body, mapping), Game.BREAKER)) == outcome(judged(body, Game.BREAKER))


@settings(max_examples=40)
@given(st.data(), SUIT_ORDERS)
def test_suits_never_change_a_wild_joker_stud_result(data, mapping):
    body = data.draw(deals(Game.WILD_JOKER_STUD, data.draw(st.integers(0, 2))))
    answer = showdown(body, Game.WILD_JOKER_STUD)
    assert outcome(showdown(permuted(body, mapping), Game.WILD_JOKER_STUD)) == outcome(answer)
    for pot in answer["pots"]:
        assert sum(share["amount"] for share in pot["shares"]) == pot["amount"]


@given(deals(Game.BREAKER, 2))
def test_under_dual_breaker_every_played_breakers_holder_wins(body):
    answer = judged(body, Game.BREAKER)
    for pot in answer["pots"]:
        assert sum(share["amount"] for share in pot["shares"]) == pot["amount"]
        for hand in pot["hands"]:
            if hand["breaker"] == "played":
                assert hand["seat"] in pot["winners"]
        played_here = any(hand["breaker"] == "played" for hand in pot["hands"])
        # Locked: a side pot keeps the main pot's hands, broken there or not.
        broken = (
            answer["pots"][0]["straights_and_flushes_broken"] if answer["locked_breaker"] else played_here
        )
        assert pot["straights_and_flushes_broken"] == broken
