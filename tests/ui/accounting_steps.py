"""Table accounting through the live API, for the pages' tests: what the
page under test does not do itself is done here, as the other desks would."""

from __future__ import annotations

from typing import Any

from tests.ui.conftest import PASSWORD, Live

TRAY = {"100": 10000, "500": 50000, "2500": 250000, "10000": 500000}  # 8,100.00
#: the tray as typed on the page, field by field: how many chips of each
TRAY_TYPED = {"100": "100", "500": "100", "2500": "100", "10000": "50"}


def signature(name: str) -> dict[str, str]:
    return {"name": name, "password": PASSWORD}


def open_table(live: Live, table_id: int, lines: dict[str, int] = TRAY) -> dict[str, Any]:
    body = {"lines": lines, "cosigner": signature("dealer")}
    return dict(live.api("POST", f"/tables/{table_id}/sessions", body, "pit_boss"))


def close_table(live: Live, table_id: int, lines: dict[str, int] = TRAY) -> dict[str, Any]:
    body = {"lines": lines, "cosigner": signature("dealer")}
    return dict(live.api("POST", f"/tables/{table_id}/sessions/close", body, "pit_boss"))


def full_fill(live: Live, table_id: int, lines: dict[str, int]) -> dict[str, Any]:
    """A fill requested (pit_boss2), issued (cage) and received (pit_boss and the dealer)."""
    slip = live.api("POST", f"/tables/{table_id}/slips", {"kind": "fill", "lines": lines}, "pit_boss2")
    live.api("POST", f"/slips/{slip['number']}/issue", None, "cage")
    body = {"cosigner": signature("dealer")}
    return dict(live.api("POST", f"/slips/{slip['number']}/receive", body, "pit_boss"))


def count_drop(live: Live, session_id: int, lines: dict[str, int]) -> dict[str, Any]:
    body = {"lines": lines, "cosigners": [signature("count2")]}
    return dict(live.api("POST", f"/sessions/{session_id}/drop-counts", body, "count"))


def type_count(page: Any, prefix: str, typed: dict[str, str]) -> None:
    for denomination, text in typed.items():
        page.fill(f"#{prefix}-d{denomination}", text)


def cosign(page: Any, prefix: str, name: str, field: str = "cosigner") -> None:
    base = f"#{prefix}-{field.replace('.', '-')}"
    page.fill(f"{base}-name", name)
    page.fill(f"{base}-password", PASSWORD)
