"""Table accounting through the API, as the pit, the cage and the count
team do it: the helpers the accounting tests share."""

from __future__ import annotations

from datetime import datetime

from tests.support.app import PASSWORD

TRAY = {"100": 10000, "500": 50000, "2500": 250000, "10000": 500000}  # 8,100.00
FILL = {"2500": 100000, "10000": 200000}  # 3,000.00
CREDIT = {"10000": 100000}  # 1,000.00
DROP = {"2000": 200000, "10000": 300000}  # 5,000.00


def as_user(client, name: str) -> dict[str, str]:
    """``name``'s headers, signed in once per client while the token lasts
    by the app's clock (tests move it): the sign-in rate limit counts every
    sign-in from the tests' one address."""
    tokens = client.__dict__.setdefault("_accounting_tokens", {})
    now = client.application.extensions["breakpoker"]["clock"]()
    if name not in tokens or tokens[name][1] <= now:
        response = client.post("/api/v1/auth/login", json={"name": name, "password": PASSWORD})
        assert response.status_code == 200, response.json
        expires_at = datetime.fromisoformat(response.json["expires_at"])
        tokens[name] = ({"Authorization": f"Bearer {response.json['token']}"}, expires_at)
    return tokens[name][0]


def signature(name: str) -> dict[str, str]:
    return {"name": name, "password": PASSWORD}


def ok(response, status=200):
    assert response.status_code == status, response.json
    return response.json


def open_table(client, table_id, lines=TRAY, dealer="dealer", pit_boss="pit_boss", **extra):
    """Open the table, the pit boss signed in and the dealer co-signing."""
    body = {"lines": lines, "cosigner": signature(dealer), **extra}
    return client.post(f"/api/v1/tables/{table_id}/sessions", json=body, headers=as_user(client, pit_boss))


def close_table(client, table_id, lines=TRAY, dealer="dealer", pit_boss="pit_boss"):
    body = {"lines": lines, "cosigner": signature(dealer)}
    return client.post(
        f"/api/v1/tables/{table_id}/sessions/close", json=body, headers=as_user(client, pit_boss)
    )


def request_slip(client, table_id, kind="fill", lines=FILL, pit_boss="pit_boss2"):
    body = {"kind": kind, "lines": lines}
    return client.post(f"/api/v1/tables/{table_id}/slips", json=body, headers=as_user(client, pit_boss))


def issue_slip(client, number, cage="cage"):
    return client.post(f"/api/v1/slips/{number}/issue", headers=as_user(client, cage))


def receive_slip(client, number, dealer="dealer", pit_boss="pit_boss"):
    body = {"cosigner": signature(pit_boss)}
    return client.post(f"/api/v1/slips/{number}/receive", json=body, headers=as_user(client, dealer))


def full_slip(client, table_id, kind="fill", lines=FILL):
    """A slip requested, issued and received: the chips have moved."""
    number = ok(request_slip(client, table_id, kind, lines), 201)["number"]
    ok(issue_slip(client, number))
    return ok(receive_slip(client, number))


def count_drop(client, session_id, lines=DROP, counters=("count", "count2"), **extra):
    body = {"lines": lines, "cosigners": [signature(name) for name in counters[1:]], **extra}
    return client.post(
        f"/api/v1/sessions/{session_id}/drop-counts", json=body, headers=as_user(client, counters[0])
    )
