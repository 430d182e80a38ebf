"""Tables and versioned configurations."""

from __future__ import annotations

from datetime import UTC, date, datetime

import pytest
from sqlalchemy import select

from service.rounds.entering import enter_round
from service.store.models import AuditEvent, ConfigVersion, GameTable, User
from tests.support.app import databases, edit
from tests.support.rounds_data import round_body

pytestmark = pytest.mark.store

FIVE_HUNDRED = {
    "five_aces": 500,
    "four_of_a_kind": 50,
    "two_trips": 40,
    "lucky_break_trips": 5,
    "lucky_break_straight": 1,
}


def test_a_name_alone_takes_the_default_configuration(client, as_role, table):
    assert table["name"] == "BP-1"
    assert table["status"] == "closed"  # until a session opens it
    assert table["config"]["version"] == 1
    assert table["config"]["dealer_qualifier"] == "K-3-2"
    assert table["config"]["limits"]["main"] == [500, 100_000]
    listed = client.get("/api/v1/tables", headers=as_role["dealer"]).json
    assert [t["name"] for t in listed] == ["BP-1"]


def test_a_table_can_start_with_its_own_rules(client, as_role):
    body = {"name": "BP-2", "timezone": "America/Los_Angeles", "config": {"dealer_qualifier": "A-3-2"}}
    response = client.post("/api/v1/tables", json=body, headers=as_role["admin"])
    assert response.status_code == 201
    assert response.json["config"]["dealer_qualifier"] == "A-3-2"
    assert response.json["timezone"] == "America/Los_Angeles"


def test_every_change_is_a_new_version_and_old_ones_stay(app, client, as_role, table):
    url = f"/api/v1/tables/{table['id']}/config"
    first = edit(client, url, json={"config": {"dealer_qualifier": "A-3-2"}}, headers=as_role["admin"])
    second = edit(client, url, json={"config": {"break_bonus_pays": FIVE_HUNDRED}}, headers=as_role["admin"])
    assert first.json["config"]["version"] == 2
    assert second.json["config"]["version"] == 3
    assert second.json["config"]["dealer_qualifier"] == "A-3-2"  # kept from version 2
    with databases(app)() as db:
        versions = db.scalars(select(ConfigVersion).order_by(ConfigVersion.version)).all()
        assert [v.version for v in versions] == [1, 2, 3]
        assert versions[0].rules["dealer_qualifier"] == "K-3-2"
        assert len({v.digest for v in versions}) == 3


def test_a_pay_table_change_shows_its_house_edge_before_it_is_saved(client, as_role, table):
    url = f"/api/v1/tables/{table['id']}"
    response = client.post(
        f"{url}/config/preview", json={"config": {"break_bonus_pays": FIVE_HUNDRED}}, headers=as_role["admin"]
    )
    assert response.status_code == 200
    assert response.json["config"]["version"] == 2
    assert response.json["config"]["break_bonus_pays"]["five_aces"] == 500
    assert response.json["break_bonus_house_edge"] == pytest.approx(0.0430823622, abs=1e-10)
    assert response.json["break_bonus_house_edge_exact"] == "830106/19267885"
    # Nothing saved.
    assert client.get(url, headers=as_role["admin"]).json["config"]["version"] == 1


@pytest.mark.parametrize(
    ("config", "field"),
    [
        ({"seats": 0}, "config.seats"),
        ({"dealer_qualifier": "A-A-2"}, "config.dealer_qualifier"),
        ({"break_bonus_pays": {"five_aces": 10}}, "config.break_bonus_pays"),
        ({"limits": {"main": [100, 50]}}, "config.limits.main[1]"),
        ({"colour": "green"}, "config.colour"),
        ({"version": 7}, "config.version"),
    ],
)
def test_bad_configuration_is_refused_naming_the_field(client, as_role, table, config, field):
    url = f"/api/v1/tables/{table['id']}/config"
    for response in (
        edit(client, url, json={"config": config}, headers=as_role["admin"]),
        client.post(f"{url}/preview", json={"config": config}, headers=as_role["admin"]),
    ):
        assert response.status_code == 422, response.json
        assert response.json["field"] == field
    assert (
        client.get(f"/api/v1/tables/{table['id']}", headers=as_role["admin"]).json["config"]["version"] == 1
    )


def test_table_names_are_unique(client, as_role, table):
    response = client.post("/api/v1/tables", json={"name": "BP-1"}, headers=as_role["admin"])
    assert response.status_code == 409
    assert response.json["field"] == "name"


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"name": ""}, "name"),
        ({}, "name"),
        ({"name": "x", "timezone": "Mars/Olympus"}, "timezone"),
        ({"name": "x", "extra": 1}, "extra"),
    ],
)
def test_bad_tables_are_refused_naming_the_field(client, as_role, body, field):
    response = client.post("/api/v1/tables", json=body, headers=as_role["admin"])
    assert response.status_code == 422, response.json
    assert response.json["field"] == field


def test_house_way_at_a_table_uses_its_qualifier(client, as_role, table):
    url = f"/api/v1/tables/{table['id']}"
    cards = {"cards": ["Ks", "Qh", "9s", "7d", "5c", "4h", "2s"]}
    before = client.post(f"{url}/house-way", json=cards, headers=as_role["dealer"]).json
    assert before["rule"] == 7
    assert before["qualifies"] is True
    edit(client, f"{url}/config", json={"config": {"dealer_qualifier": "A-3-2"}}, headers=as_role["admin"])
    after = client.post(f"{url}/house-way", json=cards, headers=as_role["dealer"]).json
    assert after["qualifies"] is False
    assert after["qualifier"] == "A-3-2"
    assert after["explanation"].startswith("Rule 7")


@pytest.mark.parametrize(
    ("cards", "status", "code"),
    [
        (["Ks", "Qh", "9s", "7d", "5c", "4h", "Ks"], 422, "duplicate_card"),
        (["Ks", "Qh", "9s", "7d", "5c", "4h", "Zz"], 422, "invalid_card"),
        (["Ks"], 422, "invalid_field"),
    ],
)
def test_house_way_refuses_bad_cards(client, as_role, table, cards, status, code):
    response = client.post(
        f"/api/v1/tables/{table['id']}/house-way", json={"cards": cards}, headers=as_role["dealer"]
    )
    assert response.status_code == status, response.json
    assert response.json["code"] == code
    assert response.json["field"].startswith("cards")


KINGS_LOW = ["Kh", "Ks", "8h", "8s", "3c", "3d", "Ac"]


@pytest.mark.parametrize(
    ("low", "high", "fouled", "message"),
    [
        (["Kh", "Ks"], ["8h", "8s", "Ac"], True, "Foul: the low K-K (pair) outranks the high 8-8-A (pair)."),
        (["8h", "8s"], ["Kh", "Ks", "Ac"], False, "Legal: the high ranks at or above the low."),
        (["Ac", "Kh"], ["8h", "8s", "3c"], False, "Legal: the high ranks at or above the low."),
        (["Ac", "Kh"], ["Ks", "3c", "3d"], False, "Legal: the high ranks at or above the low."),
        (
            ["Ac", "Kh"],
            ["Ks", "8h", "3c"],
            True,
            "Foul: the low A-K (high card) outranks the high K-8-3 (high card).",
        ),
    ],
)
def test_house_way_judges_a_players_own_setting(client, as_role, table, low, high, fouled, message):
    body = {"cards": KINGS_LOW, "setting": {"low": low, "high": high}}
    response = client.post(f"/api/v1/tables/{table['id']}/house-way", json=body, headers=as_role["dealer"])
    assert response.status_code == 200, response.json
    judged = response.json["setting"]
    assert (judged["fouled"], judged["message"]) == (fouled, message)
    assert sorted(judged["low"] + judged["high"]) == sorted(low + high)
    # And what the house way would do instead: 8-8 / K-K-A, rule 5.
    assert (response.json["low"], response.json["rule"]) == (["8s", "8h"], 5)


@pytest.mark.parametrize(
    ("setting", "code", "field"),
    [
        ({"low": ["Kh", "Ks"], "high": ["8h", "8s", "2c"]}, "card_not_in_hand", "setting"),
        ({"low": ["Kh", "Kh"], "high": ["8h", "8s", "Ac"]}, "invalid_setting", "setting"),
        ({"low": ["Kh", "Ks"], "high": ["8h", "8s", "Zz"]}, "invalid_card", "setting.high"),
        ({"low": ["Kh"], "high": ["8h", "8s", "Ac"]}, "invalid_field", "setting.low"),
        ({"low": ["Kh", "Ks"]}, "invalid_field", "setting.high"),
    ],
)
def test_house_way_refuses_a_bad_setting_naming_it(client, as_role, table, setting, code, field):
    body = {"cards": KINGS_LOW, "setting": setting}
    response = client.post(f"/api/v1/tables/{table['id']}/house-way", json=body, headers=as_role["dealer"])
    assert response.status_code == 422, response.json
    assert (response.json["code"], response.json["field"]) == (code, field)


def test_a_table_has_its_own_gaming_day_and_shifts(app, client, as_role):
    response = client.post(
        "/api/v1/tables",
        json={"name": "Macau-1", "timezone": "Asia/Macau", "shift_starts": ["22:00", "06:00", "14:00"]},
        headers=as_role["admin"],
    )
    assert response.status_code == 201, response.json
    table = response.json
    assert table["shift_starts"] == ["22:00", "06:00", "14:00"]
    with databases(app)() as db:
        game_table = db.get(GameTable, table["id"])
        dealer = db.scalar(select(User).where(User.name == "dealer"))
        # 21:59 local (13:59 UTC) on the 29th: the last shift of the day that began at 22:00 on the 28th.
        late = enter_round(
            db,
            game_table,
            dealer,
            round_body("late"),
            "k1",
            datetime(2026, 11, 29, 13, 59, tzinfo=UTC),
            sessionless=True,
        )
        # 22:00 local: a new gaming day, shift 1.
        early = enter_round(
            db,
            game_table,
            dealer,
            round_body("early"),
            "k2",
            datetime(2026, 11, 29, 14, 0, tzinfo=UTC),
            sessionless=True,
        )
        db.commit()
        placed = [(r.record.gaming_day, r.record.shift, r.record.utc_offset_minutes) for r in (late, early)]
    assert placed == [(date(2026, 11, 28), 3, 480), (date(2026, 11, 29), 1, 480)]


def test_moving_the_shift_boundaries_is_recorded_and_keeps_old_rounds(app, client, as_role, table):
    first = client.post(
        f"/api/v1/tables/{table['id']}/rounds",
        json=round_body("before"),
        headers={**as_role["dealer"], "Idempotency-Key": "before"},
    ).json
    changed = edit(
        client,
        f"/api/v1/tables/{table['id']}/schedule",
        json={"shift_starts": ["08:00", "20:00"], "timezone": "Europe/London"},
        headers=as_role["admin"],
    )
    assert changed.status_code == 200, changed.json
    assert (changed.json["shift_starts"], changed.json["timezone"]) == (["08:00", "20:00"], "Europe/London")
    assert client.get(f"/api/v1/rounds/{first['id']}", headers=as_role["admin"]).json == first
    with databases(app)() as db:
        (event,) = db.scalars(select(AuditEvent).where(AuditEvent.kind == "schedule_changed"))
        assert event.payload["changed"] == {
            "timezone": {"before": "UTC", "after": "Europe/London"},
            "shift_starts": {"before": ["06:00", "14:00", "22:00"], "after": ["08:00", "20:00"]},
        }
    same = edit(
        client,
        f"/api/v1/tables/{table['id']}/schedule",
        json={"shift_starts": ["08:00", "20:00"]},
        headers=as_role["admin"],
    )
    assert same.status_code == 200
    with databases(app)() as db:
        assert len(db.scalars(select(AuditEvent).where(AuditEvent.kind == "schedule_changed")).all()) == 1
    for role in ("dealer", "pit_boss", "compliance"):
        refused = edit(
            client,
            f"/api/v1/tables/{table['id']}/schedule",
            json={"shift_starts": ["06:00"]},
            headers=as_role[role],
        )
        assert refused.status_code == 403


@pytest.mark.parametrize(
    "body",
    [
        {},
        {"shift_starts": []},
        {"shift_starts": "06:00"},
        {"shift_starts": ["24:00"]},
        {"shift_starts": ["6:00"]},
        {"shift_starts": ["06:00", "06:00"]},
        {"shift_starts": ["06:00", "05:00", "14:00"]},
        {"shift_starts": ["00:00", "04:00", "08:00", "12:00", "16:00", "20:00", "22:00"]},
        {"shift_starts": [6]},
        {"timezone": "Mars/Olympus"},
        {"shift_starts": ["06:00"], "day_start": "06:00"},
    ],
)
def test_bad_schedules_are_refused_naming_the_field(client, as_role, table, body):
    response = edit(client, f"/api/v1/tables/{table['id']}/schedule", json=body, headers=as_role["admin"])
    assert response.status_code == 422, response.json
    assert response.json["field"] in {"shift_starts", "timezone", "day_start"}
    assert client.get(f"/api/v1/tables/{table['id']}", headers=as_role["admin"]).json["shift_starts"] == [
        "06:00",
        "14:00",
        "22:00",
    ]
