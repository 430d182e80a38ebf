"""What a table's configuration versions, its schedule and a configuration's
preview look like as JSON (the admin page reads them to edit a table)."""

from __future__ import annotations

from marshmallow import Schema, fields

from service.api.tables.table_schemas import SHIFT_STARTS_HELP, ConfigSchema


class ConfigVersionSchema(Schema):
    version = fields.Integer(
        required=True, metadata={"description": "1 when the table was created, one more each change"}
    )
    config = fields.Nested(ConfigSchema, required=True, metadata={"description": "the rules of this version"})
    digest = fields.String(
        required=True,
        metadata={
            "description": "SHA-256 of the rules without the version: equal digests play the same game"
        },
    )
    created_at = fields.DateTime(required=True, metadata={"description": "when this version was saved"})
    created_by = fields.String(required=True, metadata={"description": "the name of who saved it"})


class TableScheduleSchema(Schema):
    timezone = fields.String(required=True, metadata={"description": "IANA zone of the casino"})
    shift_starts = fields.List(fields.String(), required=True, metadata={"description": SHIFT_STARTS_HELP})
    version = fields.Integer(
        required=True, metadata={"description": "1 when the table was created, one more each change"}
    )
    changed_at = fields.DateTime(
        required=True, allow_none=True, metadata={"description": "when this version was made"}
    )
    changed_by = fields.String(
        required=True,
        allow_none=True,
        metadata={"description": "the name of who made it (null: none on record)"},
    )


class PayLineSchema(Schema):
    category = fields.String(
        required=True, metadata={"description": 'the Break Bonus category, or "none" for anything else'}
    )
    name = fields.String(required=True, metadata={"description": "the category as people read it"})
    net = fields.Integer(required=True, metadata={"description": "pays this many to 1; -1: the bet loses"})
    combinations = fields.Integer(
        required=True, metadata={"description": "seven-card hands of the 53-card deck that make it"}
    )
    probability = fields.Float(required=True, metadata={"description": "of a hand making it"})


class ConfigPreviewSchema(Schema):
    config = fields.Nested(
        ConfigSchema, required=True, metadata={"description": "the version the change would save"}
    )
    break_bonus_house_edge = fields.Float(
        required=True, metadata={"description": "as a fraction, house ahead > 0"}
    )
    break_bonus_house_edge_exact = fields.String(
        required=True, metadata={"description": 'the same, exact: a fraction such as "3/100"'}
    )
    pay_table = fields.List(
        fields.Nested(PayLineSchema),
        required=True,
        metadata={"description": "the Break Bonus pay table it would save, highest category first"},
    )
