"""The one error type the rules core raises for bad input.

Every error carries a stable snake_case ``code`` (for machines and the API) and
a message that names the card, seat or field at fault (for people).
"""

from __future__ import annotations


class RulesError(ValueError):
    """Input the rule book does not allow.

    >>> error = RulesError("duplicate_card", "As appears twice: dealer and seat 2")
    >>> error.code, str(error)
    ('duplicate_card', 'As appears twice: dealer and seat 2')
    """

    def __init__(self, code: str, message: str, field: str | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        #: Where the error is, as a path into the round's JSON (``seats[0].bets.main``).
        self.field = field

    def to_json(self) -> dict[str, str]:
        return {"code": self.code, "message": self.message}
