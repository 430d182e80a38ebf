"""Schemas of the optimal strategy's figures in the par sheet answer: the
Main Bet with the player setting optimally, or how far its strategy table
is built."""

from __future__ import annotations

from typing import Any

from marshmallow import Schema, fields

from service.analysis.optimal_sheet import OptimalSheet, sheet_json
from service.analysis.par_sheet import EXACT_FIGURES
from service.analysis.strategy_table import BLOCKS
from service.api.http import fields as api_fields
from service.api.tables.sheet_schemas import BetSheetSchema, DottedKeys, OutcomeLineSchema


def _exact_schema() -> type[Schema]:
    exact: dict[str, fields.Field[Any]] = {
        f"main.{figure}": fields.String(
            required=True, metadata={"description": f"the optimal-strategy Main Bet's {figure}, a fraction"}
        )
        for figure in EXACT_FIGURES
    }
    gain = "house-way edge minus optimal edge, a fraction"
    exact["gain"] = fields.String(required=True, metadata={"description": gain})
    exact["differs_probability"] = fields.String(
        required=True, metadata={"description": "a hand's optimal setting is not the house way's, a fraction"}
    )
    return DottedKeys.from_dict(exact, name="OptimalExactFiguresSchema")


class OptimalStrategySchema(Schema):
    status = api_fields.text("ready, or building (the strategy table is not complete yet)")
    blocks_built = api_fields.integer("blocks of the qualifier's strategy table built so far")
    blocks = api_fields.integer(f"blocks in a whole table ({BLOCKS})")
    main = fields.Nested(
        BetSheetSchema,
        metadata={"description": "the Main Bet with every player hand set optimally (when ready)"},
    )
    house_way_main_house_edge = fields.Float(
        metadata={"description": "the house-way edge read from the strategy table (equals main's; a check)"}
    )
    gain = fields.Float(metadata={"description": "what optimal play saves against the house way, per unit"})
    differs_probability = fields.Float(
        metadata={"description": "how often a hand's optimal setting is not the house way's"}
    )
    exact = fields.Nested(_exact_schema(), metadata={"description": 'the figures as exact fractions ("p/q")'})
    house_way_outcomes = fields.List(
        fields.Nested(OutcomeLineSchema),
        metadata={"description": "the house-way Main Bet's outcomes as read from the strategy table"},
    )


def optimal_strategy_json(sheet: OptimalSheet | None, built: int) -> dict[str, Any]:
    if sheet is None:
        return {"status": "building", "blocks_built": built, "blocks": BLOCKS}
    return {"status": "ready", "blocks_built": built, "blocks": BLOCKS, **sheet_json(sheet)}
