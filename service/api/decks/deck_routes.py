"""The deck feed: a card-reading shuffler or shoe posts each deck it
reads (the ``device`` role, which may do nothing else), the tablet waits
for the newest one no round has used (no card shown) and the dealer marks
its hands exposed to get them; the table's deal order."""

from __future__ import annotations

from flask.views import MethodView

from service.accounts.roles import Role
from service.api.decks.deck_schemas import (
    DealOrderChangeJson,
    DealOrderChangeSchema,
    DeckFeedSchema,
    DeckInJson,
    DeckInSchema,
    ExposedDeckSchema,
    ExposureInJson,
    ExposureInSchema,
)
from service.api.http.blueprint import Blueprint
from service.api.http.security import current_user, roles
from service.api.http.transactions import committed
from service.api.http.work import db, now, sessionless
from service.api.tables.table_routes import SAVED_AT_ONCE, table_json
from service.api.tables.table_schemas import TableSchema
from service.errors import ServiceError
from service.tables.deal_order import change_deal_order
from service.tables.deck_exposure import ExposedJson, expose_deck
from service.tables.decks import DeckFeedJson, feed_json, next_deck, receive_deck
from service.tables.table_json import TableJson
from service.tables.tables import get_table

blp = Blueprint("decks", __name__, url_prefix="/tables", description="Decks read by a shuffler or shoe")


@blp.route("/<id:table_id>/decks", methods=["POST"])
@blp.arguments(DeckInSchema)
@blp.response(201, DeckFeedSchema)
@blp.alt_response(
    200,
    schema=DeckFeedSchema,
    description="the stored deck: this sequence came with these cards before",
    success=True,
)
@blp.error(
    409,
    "table_closed, sequence_used (the device sent this sequence with other cards) or round_settled "
    "(a round was dealt from it already)",
)
@roles(Role.DEVICE)
def post_deck(body: DeckInJson, table_id: int) -> tuple[DeckFeedJson, int]:
    """A deck as a device read it: its 53 cards in the order dealt, with the
    device's id and sequence number; the answer shows no card of it. 422
    wrong_count, invalid_card or duplicate_card name the card at fault;
    every refusal is also a ``deck_refused`` event."""
    received = committed(
        lambda: receive_deck(
            db(),
            table_id,
            current_user(),
            body["device_id"],
            body["sequence"],
            body["cards"],
            now(),
            sessionless=sessionless(),
        ),
        keep=(ServiceError,),  # the refusal's event stays
    )
    return received["feed"], 200 if received["replayed"] else 201


@blp.route("/<id:table_id>/decks/next")
@blp.response(200, DeckFeedSchema)
@blp.error(404, "no_deck: no deck read at the table waits for a round (or table_not_found)")
@roles(Role.DEALER, Role.PIT_BOSS, Role.ADMIN)
def deck_next(table_id: int) -> DeckFeedJson:
    """The newest deck read at the table that no stored round has used: its
    id, device, sequence and status, never a card (its order is secret
    until the dealer marks its hands exposed)."""
    return feed_json(db(), next_deck(db(), get_table(db(), table_id)))


@blp.route("/<id:table_id>/decks/<id:deck_id>/exposure", methods=["POST"])
@blp.arguments(ExposureInSchema)
@blp.response(201, ExposedDeckSchema)
@blp.alt_response(
    200,
    schema=ExposedDeckSchema,
    description="the hands exposed before for these seats, shown again (a read on the audit trail)",
    success=True,
)
@blp.error(404, "deck_not_found: no such deck at the table (or table_not_found)")
@blp.error(409, "deck_exposed (exposed before for other seats) or deck_used (a round was dealt from it)")
@roles(Role.DEALER)
def expose(body: ExposureInJson, deck_id: int, table_id: int) -> tuple[ExposedJson, int]:
    """The dealer marks the round's hands exposed: the answer is the dealer's
    hand and each seat in play's, never another seat's or the cards left
    undealt. Marked once (a ``deck_exposed`` event); every answer, a repeat
    too, is a ``deck_read`` event. A round is dealt from the deck only after
    it, for these seats."""
    table = get_table(db(), table_id)
    exposed = committed(lambda: expose_deck(db(), table, deck_id, current_user(), body["seats"], now()))
    return exposed["deck"], 201 if exposed["first"] else 200


@blp.route("/<id:table_id>/deal-order")
class DealOrderView(MethodView):
    @blp.arguments(DealOrderChangeSchema)
    @blp.response(200, TableSchema)
    @blp.error(409, SAVED_AT_ONCE)
    @roles(Role.ADMIN)
    def put(self, body: DealOrderChangeJson, table_id: int) -> TableJson:
        """Change how a deck read by the shoe is dealt: the seat dealt first,
        where the dealer's hand falls, seven cards a hand or one to each hand
        in turn. Not game math: the configuration's version stays."""
        table = get_table(db(), table_id)
        committed(lambda: change_deal_order(db(), table, current_user(), body["deal_order"], now()))
        return table_json(table)
