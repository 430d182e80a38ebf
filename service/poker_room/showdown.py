"""A showdown judged, as JSON: per pot (the main pot first) the contenders,
each one's hand as judged (Breaker Hold'em: the Breaker played or dead, and
why; Wild Joker Stud: what each joker stands for), the winners and their
shares; and each seat's total won.

>>> answer = showdown({"board": ["Qs", "Js", "8s", "5d", "2c"], "button": 3, "seats": [
...     {"seat": 1, "cards": ["Ad", "JK"], "contribution": 100},
...     {"seat": 2, "cards": ["Ks", "3s"], "contribution": 100},
...     {"seat": 3, "cards": ["Qd", "9c"], "contribution": 100}]}, Game.BREAKER)
>>> pot = answer["pots"][0]
>>> pot["winners"], pot["shares"], pot["hands"][0]["breaker"], pot["hands"][0]["why"]
([2], [{'seat': 2, 'amount': 300}], 'dead', 'dead: with it played, its holder would not win this pot')
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Annotated, TypedDict

from service.engine.errors import ErrorCode, RulesError
from service.poker_room.breaker import JudgedHand, PotJudgement, dealt_both, judge_pots
from service.poker_room.deal_input import Deal, Game, read_deal
from service.poker_room.pots import Pot, build_pots, split_pot
from service.poker_room.room_cards import RoomCard
from service.poker_room.wild_stud import WildHand, best_wild_hand


class JokerJson(TypedDict):
    joker: Annotated[str, "the joker's code: JK, JK1 or JK2"]
    stands_for: Annotated[str, "the card it stands for, or a rank alone in five or six of a kind"]


class HandJson(TypedDict):
    seat: Annotated[int, "the contender's seat"]
    category: str
    cards: Annotated[list[str], "the cards it plays (five, six for six of a kind)"]
    natural: Annotated[bool, "no joker among its defining cards (Stud)"]
    breaker: str | None
    why: Annotated[str | None, "why the Breaker is played or dead (Breaker); the hand described (Stud)"]
    jokers: Annotated[list[JokerJson], "what each joker stands for (Stud)"]


class ShareJson(TypedDict):
    seat: Annotated[int, "a seat"]
    amount: Annotated[int, "chips"]


class PotJson(TypedDict):
    pot: Annotated[str, '"main", then "side 1", "side 2", ...']
    amount: Annotated[int, "the pot's chips"]
    level: Annotated[int, "the contribution that bounds it (a player still in put in that much)"]
    contenders: Annotated[list[int], "the seats that contest it: not folded, put in at least its level"]
    straights_and_flushes_broken: Annotated[bool, "a Breaker is played in this pot (Locked: in the main pot)"]
    hands: Annotated[list[HandJson], "each contender's hand"]
    winners: Annotated[list[int], "the seats that win it (several: a split)"]
    shares: Annotated[list[ShareJson], "each winner's share, the odd chips first clockwise from the button"]


class FoldedJson(TypedDict):
    seat: Annotated[int, "a folded seat"]
    why: Annotated[str, '"folded", or dealt both Breakers under Dual Breaker']


class ShowdownJson(TypedDict):
    game: Annotated[str, "the game judged"]
    button: Annotated[int, "the button's seat"]
    dual_breaker: Annotated[bool, "Dual Breaker was on"]
    locked_breaker: Annotated[bool, "Locked Breaker was on"]
    folded: Annotated[list[FoldedJson], "the seats out"]
    pots: Annotated[list[PotJson], "the main pot, then side pots"]
    won: Annotated[list[ShareJson], "each winner's total"]


def showdown(data: object, game: Game) -> ShowdownJson:
    """The showdown ``data`` (a JSON object as loaded) describes, judged."""
    return judge(read_deal(data, game))


def judge(deal: Deal) -> ShowdownJson:
    folded = [FoldedJson(seat=seat.seat, why="folded") for seat in deal.seats if seat.folded]
    out = {seat.seat for seat in deal.seats if seat.folded}
    holes = {seat.seat: seat.cards for seat in deal.seats if not seat.folded}
    if deal.game is Game.BREAKER and deal.table.dual:
        for seat in dealt_both(holes):
            folded.append(FoldedJson(seat=seat, why="dealt both Breakers: folded (Dual Breaker)"))
            out.add(seat)
    if len(out) == len(deal.seats):
        raise RulesError(ErrorCode.EVERYONE_FOLDED, "every player is folded: nobody shows down", "seats")
    pots = build_pots({seat.seat: seat.contribution for seat in deal.seats}, out)
    live = {seat: cards for seat, cards in holes.items() if seat not in out}
    if deal.game is Game.BREAKER:
        judged = [
            _breaker_pot(judgement, deal.button)
            for judgement in judge_pots(deal.board, live, pots, deal.table)
        ]
    else:
        hands = {seat: best_wild_hand([*cards, *deal.board]) for seat, cards in live.items()}
        judged = [_stud_pot(pot, hands, deal.button) for pot in pots]
    for index, pot in enumerate(judged):
        pot["pot"] = "main" if index == 0 else f"side {index}"
    return ShowdownJson(
        game=deal.game.value,
        button=deal.button,
        dual_breaker=deal.table.dual,
        locked_breaker=deal.table.locked,
        folded=sorted(folded, key=lambda entry: entry["seat"]),
        pots=judged,
        won=_won(judged),
    )


def _breaker_pot(judgement: PotJudgement, button: int) -> PotJson:
    hands = [_breaker_hand(hand) for hand in judgement.hands]
    return _pot(judgement.pot, hands, judgement.winners, button, judgement.broken)


def _breaker_hand(hand: JudgedHand) -> HandJson:
    return HandJson(
        seat=hand.seat,
        category=hand.best.label,
        cards=_codes(hand.best.cards),
        natural=True,
        breaker=None if hand.breaker is None else hand.breaker.value,
        why=hand.why,
        jokers=[],
    )


def _stud_pot(pot: Pot, hands: dict[int, WildHand], button: int) -> PotJson:
    top = max(hands[seat].value for seat in pot.contenders)
    winners = tuple(seat for seat in pot.contenders if hands[seat].value == top)
    return _pot(pot, [_stud_hand(seat, hands[seat]) for seat in pot.contenders], winners, button, False)


def _stud_hand(seat: int, hand: WildHand) -> HandJson:
    return HandJson(
        seat=seat,
        category=hand.label,
        cards=_codes(hand.cards),
        natural=hand.value.natural,
        breaker=None,
        why=hand.describe(),
        jokers=[JokerJson(joker=joker, stands_for=card) for joker, card in hand.stands_for],
    )


def _pot(pot: Pot, hands: list[HandJson], winners: Sequence[int], button: int, broken: bool) -> PotJson:
    shares = split_pot(pot.amount, winners, button)
    return PotJson(
        pot="",
        amount=pot.amount,
        level=pot.level,
        contenders=list(pot.contenders),
        straights_and_flushes_broken=broken,
        hands=hands,
        winners=list(winners),
        shares=[ShareJson(seat=seat, amount=amount) for seat, amount in shares.items()],
    )


def _won(pots: list[PotJson]) -> list[ShareJson]:
    totals: dict[int, int] = {}
    for pot in pots:
        for share in pot["shares"]:
            totals[share["seat"]] = totals.get(share["seat"], 0) + share["amount"]
    return [ShareJson(seat=seat, amount=amount) for seat, amount in sorted(totals.items())]


def _codes(cards: Sequence[RoomCard]) -> list[str]:
    return [card.code for card in cards]
