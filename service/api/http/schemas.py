"""The bases every resource's schemas build on: ``StrictSchema`` for what a
request sends, and a schema of one field per bet."""

from __future__ import annotations

from typing import Any, ClassVar

from marshmallow import RAISE, Schema, fields, pre_load

from service.api.http.text_input import refuse_untextual
from service.engine.table_config import BetType


class StrictSchema(Schema):
    """Every request's schema: no unknown field, and no NUL or lone
    surrogate in any text (:mod:`service.api.http.text_input`)."""

    #: keys left as sent: compared with a stored secret (such text is a
    #: wrong one there), or checked by a service that records each refusal
    as_sent: ClassVar[frozenset[str]] = frozenset()

    class Meta:
        unknown = RAISE

    @pre_load
    def _only_text(self, data: Any, **_kwargs: Any) -> Any:
        refuse_untextual(self, data, self.as_sent)
        return data


def per_bet(inner: type[Schema], name: str) -> type[Schema]:
    """A schema of one required ``inner`` for each bet, named as BetType
    names them: the bets are listed once, in the engine."""
    nested: dict[str, fields.Field[Any]] = {
        bet.value: fields.Nested(inner, required=True, metadata={"description": f"the {bet.label.name} bet"})
        for bet in BetType
    }
    return Schema.from_dict(nested, name=name)
