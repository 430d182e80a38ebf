"""What the export tests share: the URL, the files an archive holds, the
app on a worker's Redis, a period around now, a floor of tables and rounds
with voids and a correction decided, and small requests."""

from __future__ import annotations

import csv
import io
from datetime import UTC, datetime, timedelta

import pytest

from tests.support.app import sign_in
from tests.support.rounds_data import enter, number_round_ids, round_body

URL = "/api/v1/compliance/exports"
NAMES = {
    "rounds.csv",
    "seats.csv",
    "exceptions.csv",
    "round_decks.csv",
    "table_sessions.csv",
    "slips.csv",
    "drop_counts.csv",
    "check_notes.csv",
    "players.csv",
    "player_names.csv",
    "ratings.csv",
    "rating_events.csv",
    "buy_ins.csv",
    "rating_corrections.csv",
    "rated_seats.csv",
    "cash_ins.csv",
    "cash_log.csv",
    "report_days.csv",
    "identifications.csv",
    "comp_redemptions.csv",
    "alerts.csv",
    "alert_acknowledgements.csv",
    "audit_events.csv",
    "audit_chain.jsonl",
    "audit_head_signatures.jsonl",
    "manifest.json",
    "manifest.sig",
}


@pytest.fixture
def app(app_with_par_sheet):
    """The conftest app, on the test's Redis (the export runs on a worker)."""
    return app_with_par_sheet


def period() -> dict[str, str]:
    """Gaming days around now in any zone: yesterday to tomorrow (UTC)."""
    today = datetime.now(UTC).date()
    return {"from": (today - timedelta(days=1)).isoformat(), "to": (today + timedelta(days=1)).isoformat()}


def new_table(client, admin, name, zone="UTC", **more):
    response = client.post("/api/v1/tables", json={"name": name, "timezone": zone, **more}, headers=admin)
    assert response.status_code == 201, response.json
    return response.json


def decide(client, exception_id, boss2, approve, note=""):
    verb = "approve" if approve else "reject"
    response = client.post(f"/api/v1/exceptions/{exception_id}/{verb}", json={"note": note}, headers=boss2)
    assert response.status_code == 200, response.json
    return response.json


def get_round(client, headers, record_id):
    return client.get(f"/api/v1/rounds/{record_id}", headers=headers).json


def request(client, headers, **body):
    return client.post(URL, json={**period(), **body}, headers=headers)


def enter_with_number_id(*args, **changes):
    with number_round_ids():
        return enter(*args, **changes)


def csv_rows(archive, name):
    text = archive.read(name).decode()
    assert text.endswith("\r\n") or text == ""
    return list(csv.DictReader(io.StringIO(text, newline="")))


@pytest.fixture
def floor(client, as_role):
    """Three tables (one in Tokyo); rounds at each; a void approved, a
    correction approved, a void rejected."""
    admin, dealer, boss = as_role["admin"], as_role["dealer"], as_role["pit_boss"]
    boss2 = sign_in(client, "pit_boss2")
    one, tokyo, other = (
        new_table(client, admin, "BP-1"),
        new_table(client, admin, "BP-TYO", "Asia/Tokyo", currency="JPY"),
        new_table(client, admin, "BP-3"),
    )
    rounds = {
        "r1": enter(client, dealer, one, "r1"),
        "r2": enter(client, dealer, one, "r2"),
        "r3": enter(client, dealer, one, "r3"),
        # A hand-set seat and an integer round id (stored before a round id
        # had to be a string).
        7: enter_with_number_id(
            client,
            dealer,
            tokyo,
            7,
            seats=[
                {
                    "seat": 1,
                    "cards": ["Ah", "Kd", "Td", "8c", "6h", "4d", "2c"],
                    "setting": {"low": ["Ah", "Kd"], "high": ["Td", "8c", "6h"]},
                    "bets": {"main": 2500},
                }
            ],
        ),
        # What a spreadsheet would run as a formula.
        "=HYPERLINK": enter(client, dealer, tokyo, '=HYPERLINK("http://x","y")'),
        "elsewhere": enter(client, dealer, other, "x1"),
    }
    void = client.post(f"/api/v1/rounds/{rounds['r2']['id']}/void", json={"reason": "misdeal"}, headers=boss)
    assert void.status_code == 201, void.json
    decide(client, void.json["id"], boss2, True, "seen on camera")
    corrected = round_body("r3")
    corrected["seats"][0]["bets"]["main"] = 3000
    correction = client.post(
        f"/api/v1/rounds/{rounds['r3']['id']}/corrections",
        json={"reason": "=1+1 keyed 10, bet 30", "round": corrected},
        headers=boss,
    )
    assert correction.status_code == 201, correction.json
    approved = decide(client, correction.json["id"], boss2, True)
    rounds["r3#1"] = approved["round_after"]
    rejected = client.post(f"/api/v1/rounds/{rounds['r1']['id']}/void", json={"reason": "?"}, headers=boss)
    assert rejected.status_code == 201, rejected.json
    decide(client, rejected.json["id"], boss2, False, "no misdeal")
    exceptions = {
        "void": void.json["id"],
        "correction": correction.json["id"],
        "rejected": rejected.json["id"],
    }
    return {"tables": (one, tokyo, other), "rounds": rounds, "exceptions": exceptions}
