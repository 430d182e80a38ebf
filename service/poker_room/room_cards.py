"""Cards of the poker-room games: the engine's parsing, plus the two jokers
told apart as ``JK1`` and ``JK2`` (``JK`` when there is one).

>>> parse_room_card("10h").code, parse_room_card("jk2").code, parse_room_card("JK").is_joker
('Th', 'JK2', True)
>>> parse_room_card("As").rank, parse_room_card("As").suit, parse_room_card("JK").rank
(14, 's', 15)
"""

from __future__ import annotations

from dataclasses import dataclass

from service.engine.cards import JOKER, Card, Rank, parse_card
from service.engine.errors import RulesError

#: The joker's rank as these games order it: above an ace (the Breaker's
#: kicker, the first button's draw).
JOKER_RANK = int(Rank.JOKER)
LABELLED_JOKERS = ("JK1", "JK2")


@dataclass(frozen=True, slots=True)
class RoomCard:
    """One physical card; ``code`` tells the two jokers apart."""

    card: Card
    code: str

    @property
    def is_joker(self) -> bool:
        return self.card.is_joker

    @property
    def rank(self) -> int:
        return int(self.card.rank)

    @property
    def suit(self) -> str | None:
        return None if self.card.suit is None else self.card.suit.value

    def __str__(self) -> str:
        return self.code


def parse_room_card(text: object) -> RoomCard:
    """The card a code names (the engine's codes, and ``JK1``, ``JK2``).

    >>> parse_room_card("Zx")
    Traceback (most recent call last):
    ...
    service.engine.errors.RulesError: 'Zx' is not a card: ... the joker is JK (JK1, JK2 for two)
    """
    if isinstance(text, str) and text.isascii() and text.upper() in LABELLED_JOKERS:
        return RoomCard(JOKER, text.upper())
    try:
        card = parse_card(text)
    except RulesError as error:
        raise RulesError(error.code, f"{error.message} (JK1, JK2 for two)") from None
    return RoomCard(card, card.code)


def room_cards(texts: str) -> tuple[RoomCard, ...]:
    """Cards from codes known to be good, space separated (tests, examples).

    >>> [card.code for card in room_cards("Qs JK1 2c")]
    ['Qs', 'JK1', '2c']
    """
    return tuple(parse_room_card(text) for text in texts.split())
