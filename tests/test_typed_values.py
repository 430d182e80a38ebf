"""Roles, round statuses, exception kinds and states, job kinds and states,
event kinds, table statuses, the table accounting's kinds, steps, states and
check statuses, and error codes are StrEnums defined once: the service names
them through the enum, never as a bare string where one is compared, passed
or stored (a typo there would be a silent bug, not an error). An error is
raised with an ``ErrorCode`` member, never a string of its own."""

from __future__ import annotations

import ast
from pathlib import Path

from service.accounting.check import CheckStatus
from service.accounting.sessions import CountKind
from service.accounting.slip_states import SlipKind, SlipState, SlipStep
from service.accounts.roles import Role
from service.audit.kinds import EventKind
from service.errors import ErrorCode
from service.jobs.progress import State
from service.jobs.queues import JobKind, QueueName
from service.players.identification import DocumentType
from service.reports.pending_sessions import PendingReason
from service.rounds.status import DecisionState, ExceptionKind, RoundStatus
from service.tables.status import TableStatus

ROOT = Path(__file__).resolve().parent.parent
ENUMS = (
    Role,
    EventKind,
    State,
    JobKind,
    QueueName,
    DecisionState,
    ExceptionKind,
    RoundStatus,
    TableStatus,
    CheckStatus,
    CountKind,
    SlipKind,
    SlipStep,
    SlipState,
    PendingReason,
    DocumentType,
    ErrorCode,
)
#: the attributes, names and keywords that hold one of them
HOLDERS = {"kind", "status", "state", "role", "job", "queue", "step", "reason", "code", "document_type"}
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
#: the errors and where their code goes: there any string is refused, a
#: code not in ErrorCode as much as one in it
ERRORS = {
    **dict.fromkeys(
        ("ServiceError", "NotFound", "Conflict", "Unauthorized", "Forbidden", "Invalid", "Unavailable"), 0
    ),
    **dict.fromkeys(("RulesError", "RoleRefused"), 0),
    **dict.fromkeys(("error_response", "error_body", "problem"), 1),
}


def _name(node: ast.AST) -> str | None:
    if isinstance(node, ast.Attribute):
        return node.attr
    if isinstance(node, ast.Name):
        return node.id
    return None


def _literal(node: ast.AST) -> bool:
    return isinstance(node, ast.Constant) and node.value in VALUES


def _parts(node: ast.expr) -> list[ast.expr]:
    return list(node.elts) if isinstance(node, ast.Tuple | ast.List | ast.Set) else [node]


def _text(node: ast.AST) -> bool:
    return isinstance(node, ast.Constant) and isinstance(node.value, str)


def bare_literals(tree: ast.AST) -> list[tuple[int, str]]:
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Compare):
            sides = [node.left, *node.comparators]
            if any(_name(side) in HOLDERS for side in sides):
                # a side may be a literal or a tuple, list or set of them (``in``)
                values = [part for side in sides for part in _parts(side)]
                found += [(value.lineno, value.value) for value in values if _literal(value)]
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
            elif called in ERRORS:
                code = [*node.args[ERRORS[called] : ERRORS[called] + 1], *_keyword(node, "code")]
                found += [(arg.lineno, arg.value) for arg in code if _text(arg)]
            elif called == "__init__":  # an error's own class passing its code on
                found += [(arg.lineno, arg.value) for arg in node.args[:1] if _literal(arg)]
    return sorted(set(found))  # in line order, once (a code= keyword is a holder too)


def _keyword(node: ast.Call, name: str) -> list[ast.expr]:
    return [keyword.value for keyword in node.keywords if keyword.arg == name]


def test_the_check_finds_a_bare_literal():
    source = 'record_event(s, "login", x)\nif user.role == "admin": pass\n@roles("dealer")\ndef f(): pass\n'
    assert [value for _, value in bare_literals(ast.parse(source))] == ["login", "admin", "dealer"]
    assert bare_literals(ast.parse("record_event(s, EventKind.LOGIN, x)\nhand = 'dealer'\n")) == []


def test_the_check_finds_a_bare_table_status():
    source = 'if table.status != "open": pass\nGameTable(name=n, status="closed")\n'
    assert [value for _, value in bare_literals(ast.parse(source))] == ["open", "closed"]


def test_the_check_finds_a_bare_accounting_value():
    source = (
        'if slip.kind == "fill": pass\nSlipSignature.step == "issued"\nif state != "voided": pass\n'
        'CheckNote(status="differs")\nTableCount(kind="opener")\nif reason == "figuring": pass\n'
    )
    found = [value for _, value in bare_literals(ast.parse(source))]
    assert found == ["fill", "issued", "voided", "differs", "opener", "figuring"]


def test_the_check_finds_a_bare_error_code():
    source = (
        'raise Invalid("invalid_field", "x", "f")\nraise NotFound("a_code_never_named", "x")\n'
        'raise RulesError(code="duplicate_card", message="x")\nerror_response(409, "conflict", "x")\n'
        'super().__init__("rate_limited", message)\nif error.code == "invalid_token": pass\n'
        'if error.code not in ("sequence_used", other): pass\n'
    )
    found = [value for _, value in bare_literals(ast.parse(source))]
    assert found == [
        "invalid_field",
        "a_code_never_named",
        "duplicate_card",
        "conflict",
        "rate_limited",
        "invalid_token",
        "sequence_used",
    ]
    named = 'raise Invalid(ErrorCode.INVALID_FIELD, "invalid_field: no", "invalid_field")\n'
    assert bare_literals(ast.parse(named)) == []


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
