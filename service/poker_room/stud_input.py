"""Wild Joker Stud's smaller questions read and checked: the exposed cards
of the bring-in, the first button's draws and a betting action with its
round's history. Each refusal names the seat, card or field.

>>> read_bring_in({"seats": [{"seat": 1, "up": ["Kd", "JK"]}, {"seat": 2, "up": ["Kd", "2c"]}]})
Traceback (most recent call last):
...
service.engine.errors.RulesError: Kd appears twice: seat 1 and seat 2
>>> read_action({"players": 3, "history": [{"action": "bet", "amount": 5}], "action": {"action": "call"}})[2]
Action(kind=<ActionKind.CALL: 'call'>, amount=None)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from service.engine.errors import ErrorCode, RulesError, key_name, show
from service.poker_room.betting import WAGERS, Action, ActionKind
from service.poker_room.room_cards import RoomCard, parse_room_card

MAX_SEAT = 10
PLAYERS = (2, 9)
#: The longest round history taken (a heads-up round has no cap).
MAX_HISTORY = 1000
MAX_AMOUNT = 10**9


def read_bring_in(data: object) -> dict[int, tuple[RoomCard, ...]]:
    """Each seat's two face-up cards."""
    body = _object(data, "the bring-in", None, {"seats"})
    entries = _seats(body.get("seats"))
    return _cards_of(entries, "up", 2)


def read_first_button(data: object) -> tuple[dict[int, RoomCard], int | None]:
    """Each seat's drawn card, and the coin flip's seat if entered."""
    body = _object(data, "the first button's draw", None, {"seats", "coin_flip"})
    entries = _seats(body.get("seats"))
    drawn = {seat: cards[0] for seat, cards in _cards_of(entries, "card", 1).items()}
    flip = body.get("coin_flip")
    coin_flip = None if flip is None else _integer(flip, "coin_flip", "the coin flip's seat", 1, MAX_SEAT)
    return drawn, coin_flip


def read_action(data: object) -> tuple[int, list[Action], Action]:
    """The players who began the round, its history, the action entered."""
    body = _object(data, "the action check", None, {"players", "history", "action"})
    players = _integer(body.get("players"), "players", "players", *PLAYERS)
    history = body.get("history", [])
    if not isinstance(history, list) or len(history) > MAX_HISTORY:
        raise RulesError(
            ErrorCode.INVALID_HISTORY, f"history is a list of actions, not {show(history)}", "history"
        )
    done = [_action(entry, f"history[{index}]") for index, entry in enumerate(history)]
    return players, done, _action(body.get("action"), "action")


def _action(value: object, field: str) -> Action:
    body = _object(value, field, field, {"action", "amount"})
    kinds = [kind.value for kind in ActionKind]
    if body.get("action") not in kinds:
        raise RulesError(
            ErrorCode.INVALID_ACTION,
            f"{field}.action is one of {', '.join(kinds)}, not {show(body.get('action'))}",
            f"{field}.action",
        )
    kind = ActionKind(body["action"])
    amount = body.get("amount")
    if kind in WAGERS:
        return Action(kind, _integer(amount, f"{field}.amount", f"{field}: a {kind}'s amount", 0, MAX_AMOUNT))
    if amount is not None:
        raise RulesError(ErrorCode.INVALID_AMOUNT, f"{field}: a {kind} has no amount", f"{field}.amount")
    return Action(kind)


def _object(value: object, what: str, field: str | None, known: set[str]) -> Mapping[str, Any]:
    if not isinstance(value, dict):
        raise RulesError(ErrorCode.INVALID_BODY, f"{what} is a JSON object, not {show(value)}", field)
    for key in value:
        if key not in known:
            where = f"{field}.{key_name(key)}" if field else key_name(key)
            raise RulesError(
                ErrorCode.UNKNOWN_FIELD, f"{where} is not a field: {', '.join(sorted(known))}", where
            )
    return value


def _integer(value: object, field: str, what: str, least: int, most: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise RulesError(ErrorCode.INVALID_NUMBER, f"{what} is a whole number, not {show(value)}", field)
    if not least <= value <= most:
        raise RulesError(ErrorCode.OUT_OF_RANGE, f"{what} is {show(value)}: {least} to {most}", field)
    return value


def _seats(value: object) -> list[tuple[int, Mapping[str, Any], str]]:
    least, most = PLAYERS
    if not isinstance(value, list) or not least <= len(value) <= most:
        raise RulesError(
            ErrorCode.WRONG_PLAYER_COUNT, f"seats lists {least} to {most} players, not {show(value)}", "seats"
        )
    entries: list[tuple[int, Mapping[str, Any], str]] = []
    for index, entry in enumerate(value):
        field = f"seats[{index}]"
        body = _object(entry, field, field, {"seat", "up", "card"})
        seat = _integer(body.get("seat"), f"{field}.seat", f"{field}.seat", 1, MAX_SEAT)
        if any(seat == other for other, _, _ in entries):
            raise RulesError(ErrorCode.DUPLICATE_SEAT, f"seat {seat} is entered twice", f"{field}.seat")
        entries.append((seat, body, field))
    return entries


def _cards_of(
    entries: list[tuple[int, Mapping[str, Any], str]], key: str, count: int
) -> dict[int, tuple[RoomCard, ...]]:
    """Each seat's cards under ``key`` (a list of two, or one card), no card
    twice and at most the two jokers."""
    seen: dict[str, int] = {}
    jokers: list[int] = []
    found: dict[int, tuple[RoomCard, ...]] = {}
    for seat, body, field in entries:
        raw = body.get(key)
        texts = raw if count > 1 else [raw]
        if not isinstance(texts, list) or len(texts) != count:
            raise RulesError(
                ErrorCode.WRONG_CARD_COUNT,
                f"seat {seat}: {key} is {count} cards, not {show(raw)}",
                f"{field}.{key}",
            )
        cards = []
        for index, text in enumerate(texts):
            where = f"{field}.{key}" + (f"[{index}]" if count > 1 else "")
            try:
                card = parse_room_card(text)
            except RulesError as error:
                raise RulesError(error.code, f"seat {seat}: {error.message}", where) from None
            if card.code in seen:
                raise RulesError(
                    ErrorCode.DUPLICATE_CARD,
                    f"{card.code} appears twice: seat {seen[card.code]} and seat {seat}",
                    where,
                )
            if card.is_joker:
                if len(jokers) == 2:
                    raise RulesError(
                        ErrorCode.TOO_MANY_JOKERS, f"seat {seat}'s {card.code} is a third joker", where
                    )
                jokers.append(seat)
            if card.code != "JK":
                seen[card.code] = seat
            cards.append(card)
        found[seat] = tuple(cards)
    return found
