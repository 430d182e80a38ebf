"""A table as the API shows it: its name, status and schedule, its
currency, its current configuration with the game's bets and its seats,
and its deal order."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, TypedDict, cast

from service.config.currency import CurrencyJson
from service.engine.table_config import BetType
from service.store.db import Db
from service.store.models import GameTable
from service.tables.deal_order import DealOrderJson, deal_order, deal_order_json
from service.tables.status import TableStatus
from service.tables.tables import config_of, currency_of_table, current_config
from service.tables.versions import SHIFT_STARTS_HELP
from service.tables.views import BetJson, ConfigJson, bet_json


class TableJson(TypedDict):
    id: Annotated[int, "the table's id in every /tables/{id} path"]
    name: Annotated[str, "unique in any letter case"]
    game: Annotated[str, "break_poker"]
    status: TableStatus  # open: a session is open (its tray counted), closed: none is
    takes_rounds: Annotated[
        bool,
        "whether a round sent now is taken: a session is open, or the service "
        "allows rounds without one (BREAKPOKER_ROUNDS_WITHOUT_SESSION=allow)",
    ]
    timezone: Annotated[str, "IANA zone of the casino"]
    shift_starts: Annotated[list[str], SHIFT_STARTS_HELP]
    currency: Annotated[CurrencyJson, "what every amount of the table (limits, bets, counts) is in; fixed"]
    config: Annotated[ConfigJson, "the current configuration version"]
    config_created_at: datetime  # when the current version was saved
    bets: Annotated[list[BetJson], "the game's bets, in the order a page lists them"]
    seat_numbers: Annotated[list[int], "the table's seats, 1 to config.seats: where a seat can play"]
    deal_order: Annotated[DealOrderJson, "how a deck read by the shoe is dealt to the hands (not game math)"]


def table_json(db: Db, table: GameTable, *, sessionless: bool) -> TableJson:
    """The table; ``sessionless``: the service takes rounds at a table
    with no open session (BREAKPOKER_ROUNDS_WITHOUT_SESSION=allow)."""
    version = current_config(db, table)
    seats = config_of(version).seats
    # The bets and seats come with the table, so the pages list them from
    # here, never from a copy of their own.
    return {
        "id": table.id,
        "name": table.name,
        "game": table.game,
        "status": TableStatus(table.status),
        "takes_rounds": table.status == TableStatus.OPEN or sessionless,
        "timezone": table.timezone,
        "shift_starts": table.shift_starts,
        "currency": currency_of_table(db, table).json(),
        # Stored as TableConfig.to_json() wrote it, and shown as stored.
        "config": cast(ConfigJson, version.rules),
        "config_created_at": version.created_at,
        "bets": [bet_json(bet) for bet in BetType],
        "seat_numbers": list(config_of(version).seat_numbers),
        "deal_order": deal_order_json(deal_order(db, table), seats),
    }
