"""flask-smorest's Blueprint with a stricter argument parser: request bodies
are parsed by the engine's strict JSON rules (a repeated key, NaN or a
100,000-digit number is refused, not guessed at), unknown or repeated query
parameters are refused, and ids in paths must fit the database."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

import flask
import flask_smorest
from marshmallow import missing
from webargs.flaskparser import FlaskParser, is_json_request
from werkzeug.datastructures import MultiDict
from werkzeug.exceptions import RequestEntityTooLarge
from werkzeug.routing import BaseConverter, ValidationError

from service.api.http.error_docs import ErrorSchema
from service.api.http.fields import MAX_ID
from service.api.http.problems import MEDIA_TYPE
from service.errors import ErrorCode, Invalid, ServiceError
from service.rounds.batch_settle import parse_json

View = TypeVar("View", bound=Callable[..., Any])


def parse_body(req: flask.Request) -> Any:
    data = req.get_data(cache=True)
    limit = req.max_content_length
    if req.content_length is None and limit is not None and len(data) >= limit:
        # A chunked body is cut at the limit rather than refused: refuse it.
        raise RequestEntityTooLarge(f"the request body is larger than {limit:,} bytes")
    try:
        return parse_json(data)
    except RecursionError:
        raise ServiceError(ErrorCode.INVALID_JSON, "the request body is nested too deeply", "body") from None
    except (ValueError, UnicodeDecodeError) as error:
        raise ServiceError(
            ErrorCode.INVALID_JSON, f"the request body is not valid JSON: {error}", "body"
        ) from None


class StrictParser(FlaskParser):
    # None: the schema's own rule applies, and every schema here raises.
    DEFAULT_UNKNOWN_BY_LOCATION = {  # noqa: RUF012  (webargs reads it per class)
        **FlaskParser.DEFAULT_UNKNOWN_BY_LOCATION,
        "query": None,
        "querystring": None,
    }

    def _raw_load_json(self, req: flask.Request) -> Any:
        if not is_json_request(req):
            return missing
        return parse_body(req)

    def load_querystring(self, req: flask.Request, schema: Any) -> Any:
        args: MultiDict[str, str] = req.args
        for name, values in args.lists():
            if len(values) > 1:
                raise Invalid(
                    ErrorCode.INVALID_FIELD, f"{name} is given {len(values)} times; give it once", name
                )
        return super().load_querystring(req, schema)


class Blueprint(flask_smorest.Blueprint):  # type: ignore[misc]
    ARGUMENTS_PARSER = StrictParser()

    def error(self, status: int, description: str) -> Callable[[Any], Any]:
        """Document an error answer only this route gives (a 409, a 429)."""
        decorator: Callable[[Any], Any] = self.alt_response(
            status, schema=ErrorSchema, description=description, content_type=MEDIA_TYPE
        )
        return decorator


def stacked(*decorators: Callable[[Any], Any]) -> Callable[[View], View]:
    """One decorator for views that share theirs: ``decorators`` applied as
    if written one above the other, the first on top."""

    def decorate(view: View) -> View:
        for decorator in reversed(decorators):
            view = decorator(view)
        return view

    return decorate


class IdConverter(BaseConverter):
    """A positive id that the database can hold; anything else is a 404."""

    regex = r"[1-9][0-9]{0,9}"

    def to_python(self, value: str) -> int:
        number = int(value)
        if number > MAX_ID:
            raise ValidationError()
        return number

    def to_url(self, value: Any) -> str:
        return str(int(value))
