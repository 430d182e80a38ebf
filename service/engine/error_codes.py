"""Every error code the service gives, each with its title: the one
vocabulary of errors, from the rules core's to the API's.

It sits in the rules core because the core is the lowest layer and imports
only the standard library: every package can name a code from here (the
core and the poker-room games through :mod:`service.engine.errors`, the
rest through :mod:`service.errors`), and a code is defined once. A member
is a ``str``, so an answer carries its value as before.

The ``summary`` is the problem document's ``title`` (RFC 9457): one per
code, its words unless they make a poor title.
"""

from __future__ import annotations

from enum import StrEnum


class ErrorCode(StrEnum):
    """A stable snake_case code with its title.

    >>> ErrorCode.INVALID_JSON.value, ErrorCode.INVALID_JSON.summary
    ('invalid_json', 'Request body is not valid JSON')
    """

    summary: str

    def __new__(cls, value: str, summary: str) -> ErrorCode:
        member = str.__new__(cls, value)
        member._value_ = value
        member.summary = summary
        return member

    ACCOUNT_DEACTIVATED = "account_deactivated", "Account deactivated"
    ACCOUNT_LOCKED = "account_locked", "Account locked"
    ALERT_ACKNOWLEDGED = "alert_acknowledged", "Alert acknowledged"
    ALERT_NOT_FOUND = "alert_not_found", "Alert not found"
    ALREADY_DECIDED = "already_decided", "Already decided"
    BAD_CREDENTIALS = "bad_credentials", "Bad credentials"
    BAD_REQUEST = "bad_request", "Bad request"
    BAD_SIGNATURE = "bad_signature", "Bad signature"
    BET_ABOVE_MAXIMUM = "bet_above_maximum", "Bet above maximum"
    BET_BELOW_MINIMUM = "bet_below_minimum", "Bet below minimum"
    BREAKER_OPTION = "breaker_option", "Breaker option"
    CARD_NOT_IN_HAND = "card_not_in_hand", "Card not in hand"
    COIN_FLIP_NEEDED = "coin_flip_needed", "Coin flip needed"
    COIN_FLIP_NOT_NEEDED = "coin_flip_not_needed", "Coin flip not needed"
    COMP_BALANCE_EXCEEDED = "comp_balance_exceeded", "Comp balance exceeded"
    CONFLICT = "conflict", "Conflicting change"
    COUNTER_WORKED_TABLE = "counter_worked_table", "Counter worked table"
    DATABASE_NOT_MIGRATED = "database_not_migrated", "Database not migrated"
    DATABASE_SCHEMA_CHANGED = "database_schema_changed", "Database schema changed"
    DATABASE_UNAVAILABLE = "database_unavailable", "Database unavailable"
    DEALER_NOT_SIGNED_IN = "dealer_not_signed_in", "Dealer not signed in"
    DECK_EXPOSED = "deck_exposed", "Deck exposed"
    DECK_NOT_EXPOSED = "deck_not_exposed", "Deck not exposed"
    DECK_NOT_FOUND = "deck_not_found", "Deck not found"
    DECK_OTHER_TABLE = "deck_other_table", "Deck other table"
    DECK_USED = "deck_used", "Deck used"
    DEVICE_NOT_FOUND = "device_not_found", "Device not found"
    DOCUMENT_EXPIRED = "document_expired", "Document expired"
    DUPLICATE_CARD = "duplicate_card", "Duplicate card"
    DUPLICATE_SEAT = "duplicate_seat", "Duplicate seat"
    EVERYONE_FOLDED = "everyone_folded", "Everyone folded"
    EXCEPTION_NOT_FOUND = "exception_not_found", "Exception not found"
    EXCEPTION_PENDING = "exception_pending", "Exception pending"
    EXPORT_FILE_MISSING = "export_file_missing", "Export file missing"
    EXPORT_NOT_FOUND = "export_not_found", "Export not found"
    EXPORT_NOT_READY = "export_not_ready", "Export not ready"
    FORBIDDEN = "forbidden", "Forbidden"
    IDEMPOTENCY_KEY_REUSED = "idempotency_key_reused", "Idempotency key reused"
    IDENTIFICATION_NOT_FOUND = "identification_not_found", "Identification not found"
    IDENTIFICATION_REQUIRED = "identification_required", "Identification required"
    IDENTIFICATION_UNREADABLE = "identification_unreadable", "Identification unreadable"
    IF_MATCH_REQUIRED = "if_match_required", "If match required"
    INTERNAL_ERROR = "internal_error", "Internal server error"
    INVALID_ACTION = "invalid_action", "Invalid action"
    INVALID_AMOUNT = "invalid_amount", "Invalid amount"
    INVALID_BET = "invalid_bet", "Invalid bet"
    INVALID_BOARD = "invalid_board", "Invalid board"
    INVALID_BODY = "invalid_body", "Invalid body"
    INVALID_CARD = "invalid_card", "Invalid card"
    INVALID_CARDS = "invalid_cards", "Invalid cards"
    INVALID_CONFIG = "invalid_config", "Invalid config"
    INVALID_FIELD = "invalid_field", "Invalid field"
    INVALID_FOLDED = "invalid_folded", "Invalid folded"
    INVALID_HISTORY = "invalid_history", "Invalid history"
    INVALID_ID = "invalid_id", "Not a record number"
    INVALID_IDEMPOTENCY_KEY = "invalid_idempotency_key", "Invalid idempotency key"
    INVALID_JSON = "invalid_json", "Request body is not valid JSON"
    INVALID_NUMBER = "invalid_number", "Invalid number"
    INVALID_OPTION = "invalid_option", "Invalid option"
    INVALID_SEAT = "invalid_seat", "Invalid seat"
    INVALID_SETTING = "invalid_setting", "Invalid setting"
    INVALID_SHOWDOWN = "invalid_showdown", "Invalid showdown"
    INVALID_TOKEN = "invalid_token", "Invalid token"
    JOKER_ON_BOARD = "joker_on_board", "Joker on board"
    LAST_ADMIN = "last_admin", "Last admin"
    MAIN_BET_REQUIRED = "main_bet_required", "Main bet required"
    METHOD_NOT_ALLOWED = "method_not_allowed", "Method not allowed"
    MISSING_FIELD = "missing_field", "Missing field"
    MISSING_IDEMPOTENCY_KEY = "missing_idempotency_key", "Missing idempotency key"
    MISSING_TOKEN = "missing_token", "Missing token"
    MIXED_CURRENCIES = "mixed_currencies", "Mixed currencies"
    NO_CHANGE = "no_change", "No change"
    NO_DECK = "no_deck", "No deck"
    NO_OPEN_SESSION = "no_open_session", "No open session"
    NO_SEATS = "no_seats", "No seats"
    NOT_FOUND = "not_found", "No such endpoint"
    OPENER_DIFFERS = "opener_differs", "Opener differs"
    OUT_OF_RANGE = "out_of_range", "Out of range"
    OWN_ACCOUNT = "own_account", "Own account"
    PASSWORD_CHANGE_REQUIRED = "password_change_required", "Password change required"
    PASSWORD_HAS_NAME = "password_has_name", "Password has name"
    PASSWORD_TOO_COMMON = "password_too_common", "Password too common"
    PASSWORD_TOO_SHORT = "password_too_short", "Password too short"
    PASSWORD_UNCHANGED = "password_unchanged", "Password unchanged"
    PLAYER_EXISTS = "player_exists", "Player exists"
    PLAYER_NOT_FOUND = "player_not_found", "Player not found"
    PLAYER_SEATED_ELSEWHERE = "player_seated_elsewhere", "Player seated elsewhere"
    RATED_AFTER_SEAT_OUT = "rated_after_seat_out", "Rated after seat out"
    RATE_LIMITED = "rate_limited", "Too many requests"
    RATING_CLOSED = "rating_closed", "Rating closed"
    RATING_NOT_FOUND = "rating_not_found", "Rating not found"
    RATING_NOT_PAUSED = "rating_not_paused", "Rating not paused"
    RATING_OPEN = "rating_open", "Rating open"
    RATING_PAUSED = "rating_paused", "Rating paused"
    REQUEST_ENTITY_TOO_LARGE = "request_entity_too_large", "Request body too large"
    REQUEST_HEADER_FIELDS_TOO_LARGE = "request_header_fields_too_large", "Request headers too large"
    ROLE_INVALID = "role_invalid", "Role invalid"
    ROLE_IS_OWNER = "role_is_owner", "Role is owner"
    ROLE_MISSING = "role_missing", "Role missing"
    ROLE_NOT_POSTGRESQL = "role_not_postgresql", "Role not postgresql"
    ROLE_UNKNOWN = "role_unknown", "Role unknown"
    ROUND_EXISTS = "round_exists", "Round exists"
    ROUND_NOT_CURRENT = "round_not_current", "Round not current"
    ROUND_NOT_FOUND = "round_not_found", "Round not found"
    ROUND_SETTLED = "round_settled", "Round settled"
    SAME_PERSON = "same_person", "Same person"
    SAME_USER = "same_user", "Same user"
    SEAT_PAUSED = "seat_paused", "Seat paused"
    SEAT_RATED = "seat_rated", "Seat rated"
    SEQUENCE_USED = "sequence_used", "Sequence used"
    SESSION_NOT_FOUND = "session_not_found", "Session not found"
    SESSION_OPEN = "session_open", "Session open"
    SESSION_OVERLAPS = "session_overlaps", "Session overlaps"
    SLIP_NOT_FOUND = "slip_not_found", "Slip not found"
    SLIP_OUTSTANDING = "slip_outstanding", "Slip outstanding"
    SLIP_STATE = "slip_state", "Slip state"
    STALE_VERSION = "stale_version", "Stale version"
    STRATEGY_TABLE_BUILDING = "strategy_table_building", "Strategy table building"
    STRATEGY_TABLE_NOT_BUILT = "strategy_table_not_built", "Strategy table not built"
    TABLE_CLOSED = "table_closed", "Table closed"
    TABLE_EXISTS = "table_exists", "Table exists"
    TABLE_NOT_FOUND = "table_not_found", "Table not found"
    TOKEN_EXPIRED = "token_expired", "Token expired"
    TOKEN_IDLE = "token_idle", "Token idle"
    TOO_MANY_JOKERS = "too_many_jokers", "Too many jokers"
    TOO_MANY_SEATS = "too_many_seats", "Too many seats"
    TWO_BREAKERS = "two_breakers", "Two breakers"
    TWO_COUNTERS = "two_counters", "Two counters"
    TWO_SIGNATURES = "two_signatures", "Two signatures"
    UNKNOWN_DENOMINATION = "unknown_denomination", "Unknown denomination"
    UNKNOWN_FIELD = "unknown_field", "Unknown field"
    URI_TOO_LONG = "uri_too_long", "Request line too long"
    USER_EXISTS = "user_exists", "User exists"
    USER_NOT_FOUND = "user_not_found", "User not found"
    VERIFICATION_NOT_FOUND = "verification_not_found", "Verification not found"
    WRONG_CARD_COUNT = "wrong_card_count", "Wrong card count"
    WRONG_COUNT = "wrong_count", "Wrong count"
    WRONG_GAME = "wrong_game", "Wrong game"
    WRONG_PASSWORD = "wrong_password", "Wrong password"
    WRONG_PLAYER_COUNT = "wrong_player_count", "Wrong player count"
    WRONG_ROLE = "wrong_role", "Wrong role"


_BY_VALUE = {member.value: member for member in ErrorCode}


def title_of(code: str) -> str:
    """A code's title: its member's, or its words for a code the service
    does not name (the HTTP server's own, a page asked for by any code).

    >>> title_of("invalid_id"), title_of("unsupported_media_type")
    ('Not a record number', 'Unsupported media type')
    """
    member = _BY_VALUE.get(code)
    return code.replace("_", " ").capitalize() if member is None else member.summary
