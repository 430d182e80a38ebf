"""Segregation of duties: who may sign what. Each refusal is a 403 that
names the rule it applies, so the person at the screen knows who must
sign instead."""

from __future__ import annotations

from collections.abc import Sequence

from service.accounts.roles import Role
from service.errors import ErrorCode, Forbidden
from service.store.models import User


def one_each(first: User, second: User, roles: tuple[Role, Role], what: str, field: str) -> tuple[User, User]:
    """The two signers of ``what`` as (roles[0], roles[1]), whichever signed
    first: one of each role, two different people."""
    pair = {first.role, second.role}
    if first.id == second.id or pair != set(roles):
        raise Forbidden(
            ErrorCode.TWO_SIGNATURES,
            f"{what} is signed by a {roles[0]} and a {roles[1]}, two people "
            f"(here: {first.name} ({first.role}) and {second.name} ({second.role}))",
            field,
        )
    return (first, second) if first.role == roles[0] else (second, first)


def holds(user: User, allowed: Sequence[Role], what: str, field: str) -> User:
    if user.role not in allowed:
        raise Forbidden(
            ErrorCode.WRONG_ROLE,
            f"{what} is signed by a {' or '.join(allowed)}; {user.name} is a {user.role}",
            field,
        )
    return user


def not_signed_before(user: User, earlier: dict[int, str], what: str, field: str) -> None:
    """Each signature of a slip is a different person's: ``earlier`` is
    who signed it before, by user id, with the step they signed."""
    step = earlier.get(user.id)
    if step is not None:
        raise Forbidden(
            ErrorCode.SAME_PERSON,
            f"{user.name} {step} this slip and so may not {what} it: each signature is another person's",
            field,
        )
