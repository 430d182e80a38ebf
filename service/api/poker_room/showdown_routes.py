"""The poker room's dealer-assist: a showdown judged per pot (Breaker
Hold'em, Wild Joker Stud), and Wild Joker Stud's bring-in, first button
and betting-action check, for a signed-in dealer or pit boss. Nothing is
stored: the rules answer (``service/poker_room``)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from flask.views import MethodView
from marshmallow import Schema

from service.accounts.roles import Role
from service.api.http.blueprint import Blueprint, View, stacked
from service.api.http.security import roles
from service.api.poker_room.showdown_schemas import (
    ShowdownInJson,
    ShowdownInSchema,
    ShowdownSchema,
)
from service.api.poker_room.stud_schemas import (
    ActionCheckInJson,
    ActionCheckInSchema,
    ActionCheckSchema,
    BringInInJson,
    BringInInSchema,
    BringInSchema,
    FirstButtonInJson,
    FirstButtonInSchema,
    FirstButtonSchema,
)
from service.engine.errors import RulesError
from service.errors import Invalid
from service.poker_room.betting import check_action
from service.poker_room.bring_in import bring_in, first_button
from service.poker_room.deal_input import Game
from service.poker_room.showdown import ShowdownJson, showdown
from service.poker_room.stud_input import read_action, read_bring_in, read_first_button
from service.poker_room.stud_json import (
    ActionCheckJson,
    BringInJson,
    FirstButtonJson,
    action_check_json,
    bring_in_json,
    first_button_json,
)

blp = Blueprint("showdowns", __name__, description="The poker room's showdowns, bring-in and betting check")

#: who runs a poker-room table's showdown
DEALERS = (Role.DEALER, Role.PIT_BOSS)

Answer = TypeVar("Answer")


def assist(body: type[Schema], answer: type[Schema]) -> Callable[[View], View]:
    """A dealer-assist operation: ``body`` in, the rules' ``answer`` out,
    for a dealer or a pit boss."""
    return stacked(blp.arguments(body), blp.response(200, answer), roles(*DEALERS))


def _ruled(work: Callable[[], Answer], default_field: str) -> Answer:
    """The rules' answer; their refusal a 422 naming the field, seat and card."""
    try:
        return work()
    except RulesError as error:
        raise Invalid(error.code, error.message, error.field or default_field) from None


@blp.route("/showdowns")
class Showdowns(MethodView):
    @assist(ShowdownInSchema, ShowdownSchema)
    def post(self, body: ShowdownInJson) -> ShowdownJson:
        """A showdown in (the board or community cards, each seat's cards,
        contribution and fold, the button, the table's options); per pot
        the contenders, each hand as judged (Breaker Hold'em: the Breaker
        played or dead, and why), the winners and their shares."""
        return _ruled(lambda: showdown(body, Game(body["game"])), "seats")


@blp.route("/showdowns/bring-in")
class BringInView(MethodView):
    @assist(BringInInSchema, BringInSchema)
    def post(self, body: BringInInJson) -> BringInJson:
        """Wild Joker Stud: given each seat's face-up cards, who must
        complete the opening wager (the uniquely highest exposed pair), or
        nobody."""
        return _ruled(lambda: bring_in_json(bring_in(read_bring_in(body))), "seats")


@blp.route("/showdowns/first-button")
class FirstButtonView(MethodView):
    @assist(FirstButtonInSchema, FirstButtonSchema)
    def post(self, body: FirstButtonInJson) -> FirstButtonJson:
        """Wild Joker Stud: given the card each seat drew, who takes the
        first button (a joker above an ace, suits s h d c; both jokers: the
        coin flip entered)."""
        return _ruled(lambda: first_button_json(first_button(*read_first_button(body))), "seats")


@blp.route("/showdowns/action-check")
class ActionCheckView(MethodView):
    @assist(ActionCheckInSchema, ActionCheckSchema)
    def post(self, body: ActionCheckInJson) -> ActionCheckJson:
        """Wild Joker Stud: given an action and the round's history,
        whether it is allowed (bets and raises multiples of 5 chips, at
        most four bets a round with three or more players, no cap
        heads-up) and why."""
        return _ruled(lambda: action_check_json(check_action(*read_action(body))), "action")
