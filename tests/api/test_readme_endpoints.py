"""The endpoint tables of docs/api.md (moved there from the README) name
every operation of the OpenAPI document, and no other, with the roles the code admits: a new route left
out of them, or a role changed in one place only, fails here."""

from __future__ import annotations

import re
from pathlib import Path

from service.accounts.roles import ROLES
from service.api.http.security import ANY_ROLE

API_DOC = Path(__file__).resolve().parents[2] / "docs" / "api.md"
METHODS = ("get", "post", "put", "patch", "delete")
#: the document's words for a set of roles
WORDS = {
    "anyone": frozenset(),
    "any role": frozenset(ANY_ROLE),
    "any signed-in role": frozenset(ROLES),
}
OPERATION = re.compile(r"(?:\b(GET|POST|PUT|PATCH|DELETE) )?(/[^\s`?]*)")


def key(path: str) -> str:
    """A path with its parameters unnamed: ``/tables/{}/rounds``."""
    return re.sub(r"\{[^}]*\}", "{}", path.removeprefix("/api/v1"))


def table_rows(text: str) -> list[tuple[str, str]]:
    """(endpoint cell, roles cell) of every row of every endpoint table."""
    rows = []
    inside = False
    for line in text.splitlines():
        if line.startswith("| endpoint | roles |"):
            inside = True
        elif not line.startswith("|"):
            inside = False
        elif inside and not line.startswith("|---"):
            endpoint, roles = line.strip("|").rsplit(" | ", 1)
            rows.append((endpoint, roles.strip()))
    return rows


def operations_of(cell: str) -> list[tuple[str, str]]:
    """(method, path) of each backquoted operation in a cell; a bare path
    takes the method named before it (``POST /a``, ``/b``)."""
    found = []
    method = None
    for quoted in re.findall(r"`([^`]+)`", cell):
        for named, path in OPERATION.findall(quoted):
            method = named.lower() or method
            if (named or (quoted.startswith("/") and method)) and path != "/":
                found.append((method, key(path)))
    return found


def roles_of(cell: str) -> frozenset[str]:
    words = cell.removeprefix("a second ")
    if words in WORDS:
        return WORDS[words]
    named = frozenset(re.split(r",\s*", words))
    assert named <= set(ROLES), f"not roles: {cell!r}"
    return named


def documented() -> dict[tuple[str, str], frozenset[str]]:
    found: dict[tuple[str, str], frozenset[str]] = {}
    for endpoint, roles in table_rows(API_DOC.read_text()):
        for operation in operations_of(endpoint):
            assert operation not in found, f"{operation} is in two rows"
            found[operation] = roles_of(roles)
    return found


def served(client) -> dict[tuple[str, str], frozenset[str]]:
    spec = client.get("/api/v1/openapi.json").json
    return {
        (method, key(path)): frozenset(operation.get("x-roles", ()))
        for path, item in spec["paths"].items()
        for method, operation in item.items()
        if method in METHODS
    }


def test_every_operation_is_in_the_api_doc_s_tables_and_no_other(client):
    app, doc = served(client), documented()
    assert sorted(set(app) - set(doc)) == [], "served but in no table of docs/api.md"
    assert sorted(set(doc) - set(app)) == [], "in the tables of docs/api.md but not served"


def test_the_api_doc_s_tables_name_the_roles_the_code_admits(client):
    app, doc = served(client), documented()
    differ = {operation: (doc[operation], app[operation]) for operation in app if operation in doc}
    assert {op: roles for op, roles in differ.items() if roles[0] != roles[1]} == {}
