"""A body or query that flask-smorest loaded reaches its handler typed.

The handlers of service/api take what ``@blp.arguments(Schema)`` loaded as
the TypedDict of that schema: a plain ``dict`` there hides a misspelt key
or a wrong value type from mypy.
"""

from __future__ import annotations

import ast
from pathlib import Path

API = Path(__file__).resolve().parents[2] / "service" / "api"


def _is_handler(function: ast.FunctionDef) -> bool:
    """Whether the function is a route handler: decorated by a call, as
    ``@blp.arguments(...)`` or a helper that wraps it (``@admin_edit(...)``)."""
    return any(isinstance(decorator, ast.Call) for decorator in function.decorator_list)


def untyped_parameters(source: str) -> list[str]:
    """``function(parameter): annotation`` for each loaded parameter of a
    handler in the source annotated as a plain dict."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.FunctionDef) or not _is_handler(node):
            continue
        for parameter in node.args.args:
            annotation = parameter.annotation
            if annotation is None:
                continue
            text = ast.unparse(annotation)
            if text == "dict" or text.startswith(("dict[", "Dict[", "Mapping[")):
                found.append(f"{node.name}({parameter.arg}): {text}")
    return found


def test_the_check_sees_a_plain_dict_body() -> None:
    source = (
        "@blp.arguments(NoteInSchema)\n"
        "def note(body: dict[str, Any], session_id: int) -> None: ...\n"
        "@blp.arguments(NoteInSchema)\n"
        "def typed(body: NoteInJson, session_id: int) -> None: ...\n"
    )
    assert untyped_parameters(source) == ["note(body): dict[str, Any]"]


def test_every_loaded_body_and_query_has_a_typed_dict() -> None:
    routes = sorted(API.rglob("*_routes.py"))
    assert len(routes) > 15  # every resource's folder, not only the top one
    found = {
        path.relative_to(API).as_posix(): untyped
        for path in routes
        if (untyped := untyped_parameters(path.read_text()))
    }
    assert found == {}
