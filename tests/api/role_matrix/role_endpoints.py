"""The role matrix: every endpoint with its method, a body and the roles
allowed, the records some must find first, and what is open to anyone."""

from __future__ import annotations

from datetime import UTC, datetime

from tests.support import accounting as money
from tests.support.app import PASSWORD, ROLES
from tests.support.decks import deck_body, shuffled
from tests.support.rounds_data import round_body

ANY = frozenset(ROLES) - {"device"}  # a device (a shoe's credential) only posts decks
READERS = frozenset({"pit_boss", "compliance", "admin"})
COMPLIANCE = frozenset({"compliance", "admin"})
HOUSE_WAY_CARDS = ["JK", "Kd", "Qs", "7c", "7h", "4d", "2c"]
IDENTIFICATION = {
    "document_type": "passport",
    "number": "X1234567",
    "expiry": "2099-01-31",
    "date_of_birth": "1980-05-04",
}
OTHER_DEALER = ["Qs", "Qh", "As", "9d", "7c", "4h", "3s"]


def late_chips() -> dict[str, object]:
    """A pit boss's correction: chips brought the dealer missed, just now
    (after the rating's seat-in)."""
    at = datetime.now(UTC).isoformat()
    return {"reason": "the dealer missed it", "buy_in": {"kind": "chips", "amount": 5_000, "at": at}}


# method, path, body, roles allowed
ENDPOINTS = [
    ("POST", "/auth/logout", None, ANY | {"device"}),
    ("GET", "/tables", None, ANY),
    ("GET", "/currencies", None, ANY),
    ("POST", "/tables", lambda role: {"name": f"new-{role}"}, {"admin"}),
    ("GET", "/tables/{table}", None, ANY),
    ("PUT", "/tables/{table}/config", {"config": {"seats": 5}}, {"admin"}),
    ("PUT", "/tables/{table}/schedule", {"shift_starts": ["06:00", "18:00"]}, {"admin"}),
    ("POST", "/tables/{table}/config/preview", {"config": {"seats": 5}}, {"admin"}),
    ("GET", "/tables/{table}/config", None, ANY),
    ("GET", "/tables/{table}/configs", None, READERS),
    ("GET", "/tables/{table}/schedule", None, ANY),
    ("GET", "/tables/{table}/par-sheet", None, ANY),
    ("POST", "/tables/{table}/house-way", {"cards": HOUSE_WAY_CARDS}, ANY),
    ("POST", "/tables/{table}/hand-analysis", {"cards": HOUSE_WAY_CARDS}, ANY),
    ("POST", "/tables/{table}/rounds", lambda role: round_body(f"round-{role}"), {"dealer", "pit_boss"}),
    ("POST", "/tables/{table}/rounds/preview", lambda role: round_body(f"p-{role}"), {"dealer", "pit_boss"}),
    ("GET", "/tables/{table}/rounds", None, {"pit_boss", "compliance", "admin"}),
    ("GET", "/rounds/{round}", None, ANY),
    ("GET", "/rounds/{round}/hand-values", None, READERS),
    ("GET", "/tables/{table}/recall", None, READERS),
    ("POST", "/rounds/{round}/void", {"reason": "misdeal"}, {"pit_boss"}),
    (
        "POST",
        "/rounds/{round}/corrections",
        {"reason": "wrong bet keyed", "round": round_body("seed", dealer=OTHER_DEALER)},
        {"pit_boss"},
    ),
    ("GET", "/exceptions", None, READERS),
    ("GET", "/exceptions/{exception}", None, READERS),
    ("POST", "/exceptions/{exception}/approve", {"note": "seen it"}, {"pit_boss"}),
    ("POST", "/exceptions/{exception}/reject", {"note": "not a misdeal"}, {"pit_boss"}),
    ("POST", "/compliance/exports", {"from": "2026-11-01", "to": "2026-11-02"}, COMPLIANCE),
    ("GET", "/compliance/exports", None, COMPLIANCE),
    ("GET", "/compliance/exports/{export}", None, COMPLIANCE),
    ("GET", "/compliance/exports/{export}/download", None, COMPLIANCE),
    ("POST", "/compliance/audit/verifications", {"to": 5}, COMPLIANCE),
    ("GET", "/compliance/audit/verifications", None, COMPLIANCE),
    ("GET", "/compliance/audit/verifications/{verification}", None, COMPLIANCE),
    ("GET", "/ops/jobs", None, {"admin"}),
    ("GET", "/reports/tables/{table}", None, READERS),
    ("GET", "/reports/floor", None, READERS),
    ("GET", "/reports/dealers", None, READERS),
    ("GET", "/reports/rated-play", None, READERS),
    (
        "POST",
        "/reports/variance-notes",
        {"period": "day", "day": "2026-12-01", "bet": "main", "note": "looked into"},
        {"pit_boss", "admin"},
    ),
]
ENDPOINTS += [
    ("GET", "/tables/{table}/sessions", None, READERS | {"dealer"}),
    # The other signer of a tray count: a dealer beside a pit boss.
    (
        "POST",
        "/tables/{table}/sessions",
        lambda role: {
            "lines": money.TRAY,
            "cosigner": money.signature("pit_boss" if role == "dealer" else "dealer"),
        },
        {"dealer", "pit_boss"},
    ),
    (
        "POST",
        "/tables/{table}/sessions/close",
        lambda role: {
            "lines": money.TRAY,
            "cosigner": money.signature("pit_boss" if role == "dealer" else "dealer"),
        },
        {"dealer", "pit_boss"},
    ),
    ("GET", "/sessions/{session}", None, READERS),
    ("POST", "/sessions/{session}/notes", {"note": "counted again: fine"}, {"pit_boss"}),
    ("GET", "/checks", None, READERS),
    ("POST", "/tables/{table}/slips", {"kind": "fill", "lines": money.FILL}, {"pit_boss"}),
    ("GET", "/slips", None, READERS | {"dealer", "cage"}),
    ("GET", "/slips/{slip}", None, READERS | {"dealer", "cage"}),
    ("POST", "/slips/{slip}/issue", None, {"cage"}),
    (
        "POST",
        "/slips/{slip}/receive",
        lambda role: {"cosigner": money.signature("pit_boss" if role == "dealer" else "dealer")},
        {"dealer", "pit_boss"},
    ),
    (
        "POST",
        "/slips/{slip}/void",
        {"reason": "asked twice", "cosigner": money.signature("cage")},
        {"pit_boss"},
    ),
    ("GET", "/drop-boxes", None, {"count", "pit_boss", "compliance", "admin"}),
    ("GET", "/sessions/{session}/drop-counts", None, {"count", "pit_boss", "compliance", "admin"}),
    (
        "POST",
        "/sessions/{session}/drop-counts",
        {"lines": money.DROP, "cosigners": [money.signature("count2")]},
        {"count"},
    ),
]
ENDPOINTS += [
    (
        "POST",
        "/tables/{table}/decks",
        lambda role: deck_body(shuffled(), device_id=f"shoe-{role}"),
        {"device"},
    ),
    ("GET", "/tables/{table}/decks/next", None, {"dealer", "pit_boss", "admin"}),
    ("POST", "/tables/{table}/decks/{deck}/exposure", {"seats": [1, 2, 3]}, {"dealer"}),
    ("PUT", "/tables/{table}/deal-order", {"deal_order": {"first_seat": 2}}, {"admin"}),
]
ENDPOINTS += [
    ("GET", "/casino-settings", None, READERS),
    ("PUT", "/casino-settings", {"comp_rate_basis_points": 1500}, {"admin"}),
    ("POST", "/players/{player}/identification", IDENTIFICATION, {"pit_boss", "cage"}),
    ("GET", "/players/{player}/identification", None, {"compliance"}),
]
ENDPOINTS += [
    ("GET", "/auth/me", None, ANY | {"device"}),
    ("POST", "/auth/password", {"old_password": PASSWORD, "new_password": "a new one of my own"}, ANY),
    ("GET", "/users", None, {"admin"}),
    (
        "POST",
        "/users",
        lambda role: {"name": f"new-{role}", "role": "dealer", "password": "a first password"},
        {"admin"},
    ),
    ("PUT", "/users/{user}/role", {"role": "pit_boss"}, {"admin"}),
    ("POST", "/users/{user}/deactivate", None, {"admin"}),
    ("POST", "/users/{user}/reactivate", None, {"admin"}),
    ("POST", "/users/{user}/password-reset", None, {"admin"}),
]
ENDPOINTS += [
    ("GET", "/players", None, READERS | {"dealer"}),
    (
        "POST",
        "/players",
        lambda role: {"club_number": role.upper().replace("_", ""), "name": f"Player of {role}"},
        {"pit_boss", "admin"},
    ),
    ("GET", "/players/{player}", None, READERS | {"dealer"}),
    ("PATCH", "/players/{player}", {"name": "A New Name"}, {"pit_boss", "admin"}),
]
DEALERS = frozenset({"dealer", "pit_boss"})
SHOWDOWN = {
    "game": "breaker",
    "board": ["Qs", "Js", "8s", "5d", "2c"],
    "button": 1,
    "seats": [
        {"seat": 1, "cards": ["Qc", "JK"], "contribution": 100},
        {"seat": 2, "cards": ["Ks", "3s"], "contribution": 100},
    ],
}
ENDPOINTS += [
    ("POST", "/showdowns", SHOWDOWN, DEALERS),
    (
        "POST",
        "/showdowns/bring-in",
        {"seats": [{"seat": 1, "up": ["Kd", "JK"]}, {"seat": 2, "up": ["2s", "3s"]}]},
        DEALERS,
    ),
    (
        "POST",
        "/showdowns/first-button",
        {"seats": [{"seat": 1, "card": "Ah"}, {"seat": 2, "card": "As"}]},
        DEALERS,
    ),
    ("POST", "/showdowns/action-check", {"players": 3, "action": {"action": "bet", "amount": 5}}, DEALERS),
]
ENDPOINTS += [
    ("POST", "/tables/{table}/ratings", {"club_number": "C1001", "seat": 1}, DEALERS),
    ("GET", "/tables/{table}/ratings", None, DEALERS),
    ("GET", "/ratings/{rating}", None, DEALERS),
    ("POST", "/ratings/{rating}/pauses", {"reason": "stepped away"}, DEALERS),
    ("POST", "/ratings/{rating}/resumes", {}, DEALERS),
    ("POST", "/ratings/{rating}/seat-out", {"chips_taken": 25_000}, DEALERS),
    ("POST", "/ratings/{rating}/buy-ins", {"kind": "cash", "amount": 50_000}, DEALERS),
    ("POST", "/ratings/{rating}/corrections", lambda role: late_chips(), {"pit_boss"}),
    ("GET", "/ratings/{rating}/slip", None, READERS),
    ("GET", "/ratings", None, READERS),
    ("GET", "/players/{player}/figures", None, READERS),
    ("GET", "/ratings/open", None, READERS),
    ("GET", "/players/{player}/ratings", None, READERS),
    ("GET", "/players/{player}/comps", None, READERS),
    (
        "POST",
        "/players/{player}/comp-redemptions",
        # past a new player's balance of nothing: a second pit boss signs
        {
            "amount": 500,
            "currency": "USD",
            "reason": "a meal",
            "cosigner": {"name": "pit_boss2", "password": PASSWORD},
        },
        {"pit_boss", "admin"},
    ),
]
ENDPOINTS += [
    (
        "POST",
        "/tables/{table}/cash-transactions",
        {"amount": 300_000, "description": "unknown patron, blue jacket"},
        {"pit_boss"},
    ),
    ("GET", "/compliance/cash-transactions", None, {"pit_boss", "compliance"}),
    ("GET", "/compliance/report-days", None, {"compliance"}),
    ("GET", "/alerts", None, READERS),
    ("GET", "/alerts/{alert}", None, READERS),
    ("POST", "/alerts/{alert}/acknowledgement", {"note": "video pulled: a shuffler fault"}, {"pit_boss"}),
    ("GET", "/devices", None, READERS),
    ("GET", "/devices/{device}", None, READERS),
    ("POST", "/tables/{table}/dealer-sessions", None, {"dealer"}),
    ("POST", "/tables/{table}/dealer-sessions/current/sign-out", None, {"dealer"}),
    ("GET", "/tables/{table}/dealer-sessions/current", None, READERS | {"dealer"}),
    ("GET", "/reports/dealer-shifts", None, READERS),
]
#: what the table or slip must be like first, where the path alone does not say
STATE_FIRST = {
    "/tables/{table}/sessions/close": "opened_session",
    "/tables/{table}/slips": "opened_session",
    "/slips/{slip}/issue": "requested_slip",
    "/slips/{slip}/void": "requested_slip",
    "/tables/{table}/hand-analysis": "strategy_built",
    "/rounds/{round}/hand-values": "strategy_built",
    "/tables/{table}/decks/next": "posted_deck",
    "/players/{player}/identification": "identified_player",
    "/tables/{table}/ratings": "rated_player",
    "/ratings/{rating}/resumes": "paused_rating",
    "/tables/{table}/dealer-sessions": "opened_session",
    "/tables/{table}/dealer-sessions/current/sign-out": "signed_in_dealer",
}
ENDPOINT_IDS = [f"{method} {path}" for method, path, *_ in ENDPOINTS]

# Open to anyone: signing in, health, metrics, the API's own document and
# the pages (whose every call to the API is checked above).
PUBLIC = {
    ("POST", "/api/v1/auth/login"),
    ("GET", "/api/v1/healthz"),
    ("GET", "/api/v1/readyz"),
    ("GET", "/api/v1/version"),
    ("GET", "/api/v1/problems/<code>"),
    ("GET", "/healthz"),
    ("GET", "/readyz"),
    ("GET", "/metrics"),
    ("GET", "/api/v1/openapi.json"),
    ("GET", "/api/v1/docs"),
    ("GET", "/api/v1/docs/<name>"),
    ("GET", "/"),
    ("GET", "/dealer"),
    ("GET", "/pit"),
    ("GET", "/compliance"),
    ("GET", "/cage"),
    ("GET", "/count"),
    ("GET", "/admin"),
    ("GET", "/static/<path:filename>"),
    ("GET", "/ui/static/<path:filename>"),
}
