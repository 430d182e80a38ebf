"""What a table's configuration versions, its schedule and a configuration's
preview look like as JSON (the admin page reads them to edit a table)."""

from __future__ import annotations

from marshmallow import Schema

from service.api.http import fields as api_fields
from service.api.http.answers import answer
from service.api.tables.table_schemas import SHIFT_STARTS_HELP, ConfigSchema
from service.tables.versions import ConfigVersionJson

ConfigVersionSchema = answer(ConfigVersionJson, "ConfigVersionSchema")


class TableScheduleSchema(Schema):
    timezone = api_fields.text("IANA zone of the casino")
    shift_starts = api_fields.texts(SHIFT_STARTS_HELP)
    version = api_fields.integer("1 when the table was created, one more each change")
    changed_at = api_fields.instant("when this version was made", allow_none=True)
    changed_by = api_fields.text("the name of who made it (null: none on record)", allow_none=True)


class PayLineSchema(Schema):
    category = api_fields.text('the Break Bonus category, or "none" for anything else')
    name = api_fields.text("the category as people read it")
    net = api_fields.integer("pays this many to 1; -1: the bet loses")
    combinations = api_fields.integer("seven-card hands of the 53-card deck that make it")
    probability = api_fields.number("of a hand making it")


class ConfigPreviewSchema(Schema):
    config = api_fields.nested(ConfigSchema, "the version the change would save")
    break_bonus_house_edge = api_fields.number("as a fraction, house ahead > 0")
    break_bonus_house_edge_exact = api_fields.text('the same, exact: a fraction such as "3/100"')
    pay_table = api_fields.nested_list(
        PayLineSchema, "the Break Bonus pay table it would save, highest category first"
    )
