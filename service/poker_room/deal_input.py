"""A showdown's input read and checked: the board (Breaker Hold'em's five)
or the community cards (Wild Joker Stud's two), each seat's cards, its
total contribution and whether it folded, the button and the table's
options. Every refusal is a :class:`RulesError` naming the seat, card or
field (its ``field`` a path into the JSON: ``seats[2].cards[1]``).

>>> deal = read_deal({"board": ["Qs", "Js", "8s", "5d", "2c"], "button": 1, "seats": [
...     {"seat": 1, "cards": ["Qc", "JK"], "contribution": 100},
...     {"seat": 2, "cards": ["Ks", "3s"], "contribution": 100}]}, Game.BREAKER)
>>> [seat.seat for seat in deal.seats], deal.table
([1, 2], BreakerTable(dual=False, locked=False))
>>> read_deal({"board": ["Qs", "Js", "8s", "5d", "2c"], "button": 1, "seats": [
...     {"seat": 1, "cards": ["Qc", "JK"], "contribution": 100},
...     {"seat": 2, "cards": ["Ks", "Qc"], "contribution": 100}]}, Game.BREAKER)
Traceback (most recent call last):
...
service.engine.errors.RulesError: Qc appears twice: seat 1 and seat 2
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from service.engine.errors import ErrorCode, RulesError, key_name, show
from service.poker_room.breaker import BreakerTable
from service.poker_room.room_cards import RoomCard, parse_room_card

MAX_SEAT = 10
#: The largest contribution taken (chips); far above any table's.
MAX_CONTRIBUTION = 10**12


class Game(StrEnum):
    BREAKER = "breaker"
    WILD_JOKER_STUD = "wild-joker-stud"


@dataclass(frozen=True, slots=True)
class Rules:
    """What a game deals: shared cards, each player's, players, jokers."""

    name: str
    shared: int
    private: int
    players: tuple[int, int]
    jokers_on_board: bool


RULES = {
    Game.BREAKER: Rules("Breaker Hold'em", 5, 2, (2, MAX_SEAT), False),
    Game.WILD_JOKER_STUD: Rules("Wild Joker Stud", 2, 5, (2, 9), True),
}


@dataclass(frozen=True, slots=True)
class SeatIn:
    seat: int
    cards: tuple[RoomCard, ...]
    contribution: int
    folded: bool


@dataclass(frozen=True, slots=True)
class Deal:
    game: Game
    board: tuple[RoomCard, ...]
    seats: tuple[SeatIn, ...]
    button: int
    table: BreakerTable


FIELDS = {"board", "community", "seats", "button", "options", "game"}
SEAT_FIELDS = {"seat", "cards", "contribution", "folded"}
OPTIONS = {"dual", "locked"}


def read_deal(data: object, game: Game) -> Deal:
    """The deal ``data`` (a JSON object as loaded) describes."""
    rules = RULES[game]
    body = _object(data, "the showdown", None)
    _known(body, FIELDS, None)
    if "game" in body and body["game"] != game.value:
        raise RulesError(
            ErrorCode.WRONG_GAME, f"game is {show(body['game'])}, but this is {game.value}", "game"
        )
    table = _options(body.get("options", {}), game)
    board_key = _board_key(body, rules)
    board = tuple(_cards(body[board_key], board_key, "the board", rules.shared, rules.shared))
    seats = _seats(body.get("seats"), rules)
    _button = _integer(body.get("button"), "button", "the button", 1, MAX_SEAT)
    deal = Deal(game, board, seats, _button, table)
    _check_cards(deal, rules, board_key)
    return deal


def _object(value: object, what: str, field: str | None) -> Mapping[str, Any]:
    if not isinstance(value, dict):
        raise RulesError(ErrorCode.INVALID_SHOWDOWN, f"{what} is a JSON object, not {show(value)}", field)
    return value


def _known(body: Mapping[str, Any], known: set[str], prefix: str | None) -> None:
    for key in body:
        if key not in known:
            where = f"{prefix}.{key_name(key)}" if prefix else key_name(key)
            raise RulesError(
                ErrorCode.UNKNOWN_FIELD, f"{where} is not a field: {', '.join(sorted(known))}", where
            )


def _options(value: object, game: Game) -> BreakerTable:
    options = _object(value, "options", "options")
    _known(options, OPTIONS, "options")
    flags = {}
    for name in OPTIONS:
        flag = options.get(name, False)
        if not isinstance(flag, bool):
            raise RulesError(
                ErrorCode.INVALID_OPTION,
                f"options.{name} is true or false, not {show(flag)}",
                f"options.{name}",
            )
        # A client may send one options object for both games: an option
        # off is no option, one on is refused where it means nothing.
        if flag and game is not Game.BREAKER:
            raise RulesError(
                ErrorCode.BREAKER_OPTION,
                f"options.{name} is a Breaker Hold'em option: {RULES[game].name} has none",
                f"options.{name}",
            )
        flags[name] = flag
    return BreakerTable(dual=flags["dual"], locked=flags["locked"])


def _board_key(body: Mapping[str, Any], rules: Rules) -> str:
    given = [key for key in ("board", "community") if key in body]
    if len(given) != 1:
        raise RulesError(
            ErrorCode.INVALID_BOARD,
            f"enter the {rules.shared} shared cards once, as board (or community)",
            "board",
        )
    return given[0]


def _cards(value: object, field: str, owner: str, least: int, most: int) -> list[RoomCard]:
    if not isinstance(value, list):
        raise RulesError(
            ErrorCode.INVALID_CARDS, f"{owner}: cards are a list of card codes, not {show(value)}", field
        )
    if not least <= len(value) <= most:
        wanted = str(most) if least == most else f"{least} to {most}"
        count = f"{len(value)} card{'' if len(value) == 1 else 's'}"
        raise RulesError(ErrorCode.WRONG_CARD_COUNT, f"{owner} has {count}, not {wanted}", field)
    cards = []
    for index, text in enumerate(value):
        try:
            cards.append(parse_room_card(text))
        except RulesError as error:
            raise RulesError(error.code, f"{owner}: {error.message}", f"{field}[{index}]") from None
    return cards


def _integer(value: object, field: str, what: str, least: int, most: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise RulesError(ErrorCode.INVALID_NUMBER, f"{what} is a whole number, not {show(value)}", field)
    if value < least:
        word = "never negative" if least == 0 else f"at least {least}"
        raise RulesError(ErrorCode.OUT_OF_RANGE, f"{what} is {value}: {word}", field)
    if value > most:
        raise RulesError(ErrorCode.OUT_OF_RANGE, f"{what} is {show(value)}: at most {most}", field)
    return value


def _seats(value: object, rules: Rules) -> tuple[SeatIn, ...]:
    least, most = rules.players
    if not isinstance(value, list) or not least <= len(value) <= most:
        raise RulesError(
            ErrorCode.WRONG_PLAYER_COUNT,
            f"seats lists {least} to {most} players for {rules.name}, not {show(value)}",
            "seats",
        )
    seats: list[SeatIn] = []
    for index, entry in enumerate(value):
        field = f"seats[{index}]"
        body = _object(entry, field, field)
        _known(body, SEAT_FIELDS, field)
        seat = _integer(body.get("seat"), f"{field}.seat", f"{field}.seat", 1, MAX_SEAT)
        if any(other.seat == seat for other in seats):
            raise RulesError(ErrorCode.DUPLICATE_SEAT, f"seat {seat} is entered twice", f"{field}.seat")
        folded = body.get("folded", False)
        if not isinstance(folded, bool):
            raise RulesError(
                ErrorCode.INVALID_FOLDED,
                f"seat {seat}: folded is true or false, not {show(folded)}",
                f"{field}.folded",
            )
        # A folded player's cards may be left out (mucked) or partly known.
        fewest = 0 if folded else rules.private
        cards = _cards(
            body.get("cards", [] if folded else None), f"{field}.cards", f"seat {seat}", fewest, rules.private
        )
        contribution = _integer(
            body.get("contribution"),
            f"{field}.contribution",
            f"seat {seat}'s contribution",
            0,
            MAX_CONTRIBUTION,
        )
        seats.append(SeatIn(seat, tuple(cards), contribution, folded))
    if all(seat.folded for seat in seats):
        raise RulesError(ErrorCode.EVERYONE_FOLDED, "every player folded: nobody shows down", "seats")
    return tuple(seats)


def _check_cards(deal: Deal, rules: Rules, board_key: str) -> None:
    """No card twice; jokers where and as many as the game allows."""
    seen: dict[str, str] = {}
    jokers: list[tuple[str, str, str]] = []  # (code, owner, field)
    places = [("the board", board_key, deal.board)] + [
        (f"seat {seat.seat}", f"seats[{index}].cards", seat.cards) for index, seat in enumerate(deal.seats)
    ]
    for owner, field, cards in places:
        for index, card in enumerate(cards):
            where = f"{field}[{index}]"
            if card.code in seen:
                also = "" if seen[card.code] != owner else " (twice in one hand)"
                raise RulesError(
                    ErrorCode.DUPLICATE_CARD,
                    f"{card.code} appears twice: {seen[card.code]} and {owner}{also}",
                    where,
                )
            if card.is_joker:
                if owner == "the board" and not rules.jokers_on_board:
                    raise RulesError(
                        ErrorCode.JOKER_ON_BOARD,
                        f"the board holds {card.code}: a Breaker dealt to the board is dead and replaced",
                        where,
                    )
                _check_joker(deal, jokers, card.code, owner, where)
                jokers.append((card.code, owner, where))
            if card.code != "JK":
                seen[card.code] = owner


def _check_joker(deal: Deal, jokers: list[tuple[str, str, str]], code: str, owner: str, where: str) -> None:
    allowed = 2 if deal.game is Game.WILD_JOKER_STUD or deal.table.dual else 1
    if len(jokers) < allowed:
        return
    if allowed == 1:
        first = jokers[0][1]
        if first == owner:
            message = f"{owner} holds both Breakers, but this table plays one Breaker (no Dual Breaker)"
        else:
            message = f"a second Breaker: {first} and {owner} both hold one, but this table plays one"
        raise RulesError(ErrorCode.TWO_BREAKERS, message, where)
    holders = " and ".join(sorted({holder for _, holder, _ in jokers}))
    raise RulesError(
        ErrorCode.TOO_MANY_JOKERS, f"{owner}'s {code} is a third joker: {holders} hold the two", where
    )
