"""The one error type the rules core raises for bad input.

Every error carries a stable snake_case ``code`` (for machines and the API) and
a message that names the card, seat or field at fault (for people).
"""

from __future__ import annotations

from service.engine.error_codes import ErrorCode

__all__ = ["ErrorCode", "RulesError", "key_name", "show"]


class RulesError(ValueError):
    """Input the rule book does not allow.

    >>> error = RulesError(ErrorCode.DUPLICATE_CARD, "As appears twice: dealer and seat 2")
    >>> error.code.value, str(error)
    ('duplicate_card', 'As appears twice: dealer and seat 2')
    """

    def __init__(self, code: ErrorCode, message: str, field: str | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        #: Where the error is, as a path into the round's JSON (``seats[0].bets.main``).
        self.field = field


def key_name(key: object) -> str:
    """An input key as an error names it: a plain name as it is, anything
    else quoted (an empty, blank or dotted key still reads as a key, in the
    message and in the field path).

    >>> key_name("main"), key_name(""), key_name("a.b"), key_name(7)
    ('main', "''", "'a.b'", '7')
    """
    if isinstance(key, str) and key.isidentifier() and len(key) <= 40:
        return key
    return show(key)


def show(value: object) -> str:
    """A bad input value as an error message quotes it: short, never recursive
    (input can be nested thousands deep), JSON words for JSON values.

    >>> show("Zx"), show(None), show(True), show("x" * 50)
    ("'Zx'", 'null', 'true', "'xxxxxxxxxxxxxxxxxxxxxxxx…' (50 characters)")
    >>> show([["As"]]), show([1, 2, 3]), show([])
    ('a list of 1 item', 'a list of 3 items', 'an empty list')
    >>> show(10**40)
    'a 41-digit number'
    """
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        text = str(value)
        return text if len(text) <= 20 else f"a {len(text.lstrip('-'))}-digit number"
    if isinstance(value, float):
        return repr(value)
    if isinstance(value, str):
        return repr(value) if len(value) <= 24 else f"{value[:24] + '…'!r} ({len(value)} characters)"
    if isinstance(value, list | tuple):
        # The length, because a list is often refused for its length alone.
        if not value:
            return "an empty list"
        return f"a list of {len(value)} item{'s' if len(value) > 1 else ''}"
    if isinstance(value, dict):
        return "an object"
    return f"a {type(value).__name__}"
