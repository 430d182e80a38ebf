"""Game recall: a table's last few games, oldest first, each as entered
and settled with its status, a corrected game with the record that now
stands for it."""

from __future__ import annotations

from typing import Annotated, TypedDict

from sqlalchemy import select

from service.rounds.showing import RoundShownJson, rounds_json
from service.store.db import Db
from service.store.models import GameTable, RoundRecord


class RecalledRoundJson(RoundShownJson):
    current: RoundShownJson | None  # the approved correction that stands for the game


class RecallJson(TypedDict):
    """A table's game recall as the API answers it."""

    table_id: Annotated[int, "the table recalled"]
    last: Annotated[int, "how many games were asked for"]
    games: Annotated[
        list[RecalledRoundJson],
        "oldest first; each as entered, with its status and the current correction",
    ]


def recall_json(db: Db, table: GameTable, last: int) -> RecallJson:
    return {"table_id": table.id, "last": last, "games": recall(db, table, last)}


def recall(db: Db, table: GameTable, last: int) -> list[RecalledRoundJson]:
    """Game recall: the table's ``last`` most recent games, oldest first, each
    as entered and settled, with its status; a corrected game also shows the
    record that now stands for it (``current``)."""
    games = list(
        db.scalars(
            select(RoundRecord)
            .where(RoundRecord.table_id == table.id, RoundRecord.revision == 0)
            .order_by(RoundRecord.id.desc())
            .limit(last)
        )
    )[::-1]
    shown = rounds_json(db, games)
    # Follow approved corrections to the record that stands now, a level at
    # a time: one query per level, not per game.
    standing: dict[int, RoundShownJson] = {}
    level = {game["superseded_by"] for game in shown if game["superseded_by"] is not None}
    while level:
        records = list(db.scalars(select(RoundRecord).where(RoundRecord.id.in_(level))))
        found = {record["id"]: record for record in rounds_json(db, records)}
        standing.update(found)
        level = {record["superseded_by"] for record in found.values() if record["superseded_by"] is not None}
    return [{**game, "current": _standing_for(game, standing)} for game in shown]


def _standing_for(game: RoundShownJson, standing: dict[int, RoundShownJson]) -> RoundShownJson | None:
    current = None
    link = game["superseded_by"]
    while link is not None:
        current = standing[link]
        link = current["superseded_by"]
    return current
