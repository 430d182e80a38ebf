"""The kinds of significant event: every event on the audit trail is one of
these, and nothing else writes one (``record_event`` takes an EventKind).
Regulators read these names in the exports: a rename is a change of the
export format, not a refactoring."""

from __future__ import annotations

from enum import StrEnum


class EventKind(StrEnum):
    # the game
    ROUND_SETTLED = "round_settled"
    VOID_REQUESTED = "void_requested"
    VOID_APPROVED = "void_approved"
    VOID_REJECTED = "void_rejected"
    CORRECTION_REQUESTED = "correction_requested"
    CORRECTION_APPROVED = "correction_approved"
    CORRECTION_REJECTED = "correction_rejected"
    VARIANCE_NOTED = "variance_noted"
    # tables
    TABLE_CREATED = "table_created"
    CONFIG_CHANGED = "config_changed"
    SCHEDULE_CHANGED = "schedule_changed"
    DEAL_ORDER_CHANGED = "deal_order_changed"
    # decks read by a shuffler or shoe (service/tables/decks.py)
    DECK_RECEIVED = "deck_received"
    DECK_REFUSED = "deck_refused"  # a repeated card, a wrong count, a deck for a settled round...
    DECK_CARDS_CHANGED = "deck_cards_changed"  # a round stored with cards other than the feed dealt
    DECK_EXPOSED = (
        "deck_exposed"  # the dealer marked a deck's hands exposed (service/tables/deck_exposure.py)
    )
    DECK_READ = "deck_read"  # any answer showing a deck's cards: rule book section 15
    # the money at the tables (service/accounting)
    SESSION_OPENED = "session_opened"
    SESSION_CLOSED = "session_closed"
    SLIP_REQUESTED = "slip_requested"
    SLIP_ISSUED = "slip_issued"
    SLIP_RECEIVED = "slip_received"
    SLIP_VOIDED = "slip_voided"
    DROP_COUNTED = "drop_counted"
    CHECK_NOTED = "check_noted"
    # the dealers at the tables (service/accounting/dealer_sessions.py)
    DEALER_SIGNED_IN = "dealer_signed_in"  # the session's record whole
    DEALER_SIGNED_OUT = "dealer_signed_out"  # a sign-out, relief, move or close: the session and its end
    # the casino's settings for comps and the cash rules (service/players)
    CASINO_SETTINGS_CHANGED = "casino_settings_changed"
    # a player's identification: who recorded or read it, never what it says
    PLAYER_IDENTIFIED = "player_identified"
    IDENTIFICATION_READ = "identification_read"
    # the casino's players (service/players)
    PLAYER_ENROLLED = "player_enrolled"
    PLAYER_RENAMED = "player_renamed"  # a new name row; the old one stays
    # players and rated play (service/players)
    RATING_OPENED = "rating_opened"
    RATING_PAUSED = "rating_paused"
    RATING_RESUMED = "rating_resumed"
    RATING_CLOSED = "rating_closed"
    BUY_IN_RECORDED = "buy_in_recorded"
    RATING_CORRECTED = "rating_corrected"  # a pit boss's correction, with its reason
    # game protection (service/protection)
    ALERT_RAISED = "alert_raised"  # a check's finding, whole
    ALERT_ACKNOWLEDGED = "alert_acknowledged"  # by a pit boss, with a note
    # the cash rules (service/players/cash_rules.py)
    CASH_TRANSACTION_LOGGED = "cash_transaction_logged"  # an entry of the multiple transaction log
    REPORT_DAY_LISTED = "report_day_listed"  # a player-day for a currency transaction report
    # comps (service/players/comps.py)
    COMP_REDEEMED = "comp_redeemed"  # a redemption of a player's comps, its row whole
    # users and sign-in
    USER_CREATED = "user_created"
    ROLE_CHANGED = "role_changed"
    PASSWORD_SET = "password_set"  # by the command line
    PASSWORD_RESET = "password_reset"  # by an admin: a generated one, to be replaced
    PASSWORD_CHANGED = "password_changed"  # by the user, the old one given
    USER_DEACTIVATED = "user_deactivated"
    USER_REACTIVATED = "user_reactivated"
    LOGIN = "login"
    LOGIN_FAILED = "login_failed"
    LOCKOUT = "lockout"
    LOGOUT = "logout"
    # compliance
    EXPORT_REQUESTED = "export_requested"
    EXPORT_COMPLETED = "export_completed"
    EXPORT_FAILED = "export_failed"
    EXPORT_DOWNLOADED = "export_downloaded"
    AUDIT_VERIFIED = "audit_verified"
    # the audit trail's own alarms and keys
    EVENT_REFUSED = "event_refused"  # the sealer met an event without a valid MAC (written by SQL)
    SIGNING_KEY_ROTATED = "signing_key_rotated"
    # the service itself
    SERVICE_STARTED = "service_started"
    SERVICE_STOPPED = "service_stopped"
