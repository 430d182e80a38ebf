"""What a club number and a player's name may be, checked once for the
API, the command line and the import.

**Decision (club numbers):** the casino's player-tracking system gives
them; the rule book says 1 to 20 letters and digits. The service takes
capital letters A-Z and digits 0-9 only and stores a number as given: no
folding of case (a lower-case letter is refused, not changed, so that one
card never becomes two players), no dropping of leading zeros ("007" and
"7" are two members). Anything else is refused naming ``club_number``."""

from __future__ import annotations

import re
import unicodedata

from service.errors import ErrorCode, Invalid

MAX_CLUB_NUMBER = 20
MAX_NAME = 120
CLUB_NUMBER = re.compile(rf"[A-Z0-9]{{1,{MAX_CLUB_NUMBER}}}")
CLUB_NUMBER_RULE = f"1 to {MAX_CLUB_NUMBER} capital letters A-Z and digits 0-9"


def check_club_number(club_number: str, field: str = "club_number") -> str:
    """``club_number`` as stored; 422 naming ``field`` if it is not 1 to 20
    capital letters and digits (a space, a dash, a lower-case or accented
    letter, a longer number)."""
    if CLUB_NUMBER.fullmatch(club_number) is None:
        shown = club_number if club_number.isprintable() and len(club_number) <= 40 else ascii(club_number)
        raise Invalid(ErrorCode.INVALID_FIELD, f"{field} must be {CLUB_NUMBER_RULE}, not {shown!r}", field)
    return club_number


def check_name(name: str, field: str = "name") -> str:
    """A player's name as stored: trimmed, in Unicode's composed form (so
    one name typed on two systems compares equal), 1 to 120 printable
    characters (no control character, tab or line break); 422 naming
    ``field`` otherwise."""
    name = unicodedata.normalize("NFC", name.strip())
    if not 1 <= len(name) <= MAX_NAME or not name.isprintable():
        raise Invalid(
            ErrorCode.INVALID_FIELD,
            f"{field} must be 1 to {MAX_NAME} printable characters (no control characters)",
            field,
        )
    return name
