"""The password policy (issue 21, the IT controls an auditor asks for): at
least 12 characters, not the user's name nor containing it, not one of the
most common passwords, and text.

The common passwords are ``common_passwords.txt`` beside this module: the
19,640 that Django ships (``django/contrib/auth/common-passwords.txt.gz``
of Django 5.2.19, BSD licence), most common first, lower case. Most are
shorter than 12 characters and so refused by the length already; they are
kept whole so the file stays the published list, comparable line by line.

Each refusal is a 422 naming the field the password came in (``password``
when it is set for someone, ``new_password`` when a user changes their own)
and why.
"""

from __future__ import annotations

import functools
import secrets
from importlib import resources

from service.errors import ErrorCode, Invalid

MIN_PASSWORD = 12
MAX_PASSWORD = 1000  # the API's schemas take no more; argon2 hashes any length


@functools.cache
def common_passwords() -> frozenset[str]:
    """The list, read once a process."""
    text = resources.files("service.accounts").joinpath("common_passwords.txt").read_text("utf-8")
    return frozenset(line for line in text.splitlines() if line)


def check_password(password: str, name: str, field: str = "password") -> None:
    """Refuse a password the policy does not allow for the user ``name``."""
    if not _is_text(password):
        raise Invalid(ErrorCode.INVALID_FIELD, f"{field} must be text (it holds a lone surrogate)", field)
    if len(password) < MIN_PASSWORD:
        raise Invalid(
            ErrorCode.PASSWORD_TOO_SHORT, f"{field} must be at least {MIN_PASSWORD} characters", field
        )
    if len(password) > MAX_PASSWORD:
        raise Invalid(ErrorCode.INVALID_FIELD, f"{field} must be at most {MAX_PASSWORD} characters", field)
    folded = password.casefold()
    if _holds_name(folded, name.strip().casefold()):
        raise Invalid(ErrorCode.PASSWORD_HAS_NAME, f"{field} must not contain the user's name", field)
    # "pass word 1234" is as guessable as "password1234".
    if folded in common_passwords() or "".join(folded.split()) in common_passwords():
        raise Invalid(
            ErrorCode.PASSWORD_TOO_COMMON,
            f"{field} is one of the most common passwords; choose another",
            field,
        )


def generate_password(name: str) -> str:
    """A random password the policy allows for ``name``: 22 characters of
    the URL-safe alphabet (128 bits), drawn again in the rare case it holds
    the name."""
    while True:
        password = secrets.token_urlsafe(16)
        try:
            check_password(password, name)
        except Invalid:
            continue
        return password


def _holds_name(folded: str, name: str) -> bool:
    # A name of one or two letters is in too many good passwords to refuse
    # them all (Windows' rule, too): only a name of three or more counts.
    return len(name) >= 3 and name in folded


def _is_text(value: str) -> bool:
    try:
        value.encode()
    except UnicodeEncodeError:
        return False
    return True
