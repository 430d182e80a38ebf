"""Roles, round statuses, exception kinds and states, job kinds and states,
event kinds and table statuses are StrEnums defined once: the service names them through
the enum, never as a bare string where one is compared, passed or stored
(a typo there would be a silent bug, not an error)."""

from __future__ import annotations

import ast
from pathlib import Path

from service.accounts.roles import Role
from service.audit.kinds import EventKind
from service.jobs.progress import State
from service.jobs.queues import JobKind, QueueName
from service.rounds.status import DecisionState, ExceptionKind, RoundStatus
from service.tables.status import TableStatus

ROOT = Path(__file__).resolve().parent.parent
ENUMS = (Role, EventKind, State, JobKind, QueueName, DecisionState, ExceptionKind, RoundStatus, TableStatus)
#: the attributes, names and keywords that hold one of them
HOLDERS = {"kind", "status", "state", "role", "job", "queue"}
#: calls and the positions (or keywords) where one goes
CALLS = {
    "record_event": (1, "kind"),
    "queue_job": (1, "job"),
    "enqueue": (1, "job"),
    "create_user": (2, "role"),
    "set_role": (2, "role"),
    "service_event": (1, "kind"),
    "queue": (0, "name"),
    "literal": (0, "value"),  # a CASE of SQL literals
    "_approved": (0, "kind"),
}
VALUES = {member.value for enum in ENUMS for member in enum}


def _name(node: ast.AST) -> str | None:
    if isinstance(node, ast.Attribute):
        return node.attr
    if isinstance(node, ast.Name):
        return node.id
    return None


def _literal(node: ast.AST) -> bool:
    return isinstance(node, ast.Constant) and node.value in VALUES


def bare_literals(tree: ast.AST) -> list[tuple[int, str]]:
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Compare):
            sides = [node.left, *node.comparators]
            if any(_name(side) in HOLDERS for side in sides):
                found += [(side.lineno, side.value) for side in sides if _literal(side)]
        elif isinstance(node, ast.Call):
            called = _name(node.func)
            for keyword in node.keywords:
                if keyword.arg in HOLDERS and _literal(keyword.value):
                    found.append((keyword.value.lineno, keyword.value.value))
            if called == "roles":
                found += [(arg.lineno, arg.value) for arg in node.args if _literal(arg)]
            elif called in CALLS:
                position, keyword_name = CALLS[called]
                args = node.args[position : position + 1]
                args += [k.value for k in node.keywords if k.arg == keyword_name]
                found += [(arg.lineno, arg.value) for arg in args if _literal(arg)]
    return found


def test_the_check_finds_a_bare_literal():
    source = 'record_event(s, "login", x)\nif user.role == "admin": pass\n@roles("dealer")\ndef f(): pass\n'
    assert [value for _, value in bare_literals(ast.parse(source))] == ["login", "admin", "dealer"]
    assert bare_literals(ast.parse("record_event(s, EventKind.LOGIN, x)\nhand = 'dealer'\n")) == []


def test_the_check_finds_a_bare_table_status():
    source = 'if table.status != "open": pass\nGameTable(name=n, status="closed")\n'
    assert [value for _, value in bare_literals(ast.parse(source))] == ["open", "closed"]


def found_in_modules() -> set[tuple[str, int, str]]:
    # The benchmarks too (moved out of service/ to tests/bench/), not their tests.
    benches = [path for path in (ROOT / "tests" / "bench").glob("*.py") if not path.name.startswith("test_")]
    modules = [*(ROOT / "service").rglob("*.py"), *(ROOT / "workers").rglob("*.py"), *benches]
    return {
        (path.relative_to(ROOT).as_posix(), line, value)
        for path in modules
        if "migrations" not in path.parts
        for line, value in bare_literals(ast.parse(path.read_text()))
    }


def test_no_module_names_them_as_bare_strings():
    found = {f"{path}:{line}: {value!r}" for path, line, value in found_in_modules()}
    assert sorted(found) == []
