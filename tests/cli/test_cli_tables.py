"""``breakpoker tables create`` and ``tables list``: a table without curl."""

from __future__ import annotations

import json

import pytest
from sqlalchemy import select

from service.cli import main
from service.config.settings import Settings
from service.store.db import database_factory, make_engine
from service.store.models import AuditEvent, GameTable
from service.tables.tables import config_of, current_config


def stored_tables(tmp_path):
    engine = make_engine(Settings(instance=tmp_path).database)
    with database_factory(engine)() as db:
        found = [(t.name, config_of(current_config(db, t)).to_json()) for t in db.scalars(select(GameTable))]
        events = [e.kind for e in db.scalars(select(AuditEvent).where(AuditEvent.kind == "table_created"))]
    engine.dispose()
    return found, events


def test_create_with_a_config_file_then_list(runner, tmp_path):
    assert runner.invoke(main, ["tables", "list"]).output == "no tables yet: breakpoker tables create NAME\n"
    config = tmp_path / "bp2.json"
    config.write_text(json.dumps({"seats": 4, "limits": {"main": [1000, 50000]}, "foul_policy": "forfeit"}))
    made = runner.invoke(main, ["tables", "create", "BP-1"])
    assert made.exit_code == 0, made.output
    assert made.output.startswith("created table 'BP-1' (id 1): config v1, 6 seats, main 5.00-1,000.00")
    second = runner.invoke(
        main, ["tables", "create", "BP-2", "--config", str(config), "--timezone", "America/Nevada"]
    )
    assert second.exit_code == 2
    assert "timezone 'America/Nevada' is not a known time zone" in second.output
    second = runner.invoke(main, ["tables", "create", "BP-2", "--config", str(config), "--currency", "YEN"])
    assert second.exit_code == 2
    assert "currency 'YEN' is not an ISO 4217 code" in second.output
    second = runner.invoke(main, ["tables", "create", "BP-2", "--config", str(config), "--currency", "JPY"])
    assert second.exit_code == 0, second.output

    listed = runner.invoke(main, ["tables", "list"])
    assert listed.exit_code == 0
    assert listed.output.splitlines() == [
        "   1  BP-1  (closed, UTC, USD)",
        "      config v1, 6 seats, main 5.00-1,000.00 USD, foul house_way, qualifier K-3-2",
        "   2  BP-2  (closed, UTC, JPY)",  # 1000 minor units of a yen table: 1,000 yen
        "      config v1, 4 seats, main 1,000-50,000 JPY, foul forfeit, qualifier K-3-2",
    ]
    found, events = stored_tables(tmp_path)
    assert [name for name, _ in found] == ["BP-1", "BP-2"]
    assert found[1][1]["limits"]["main"] == [1000, 50000]
    assert events == ["table_created", "table_created"]  # on the audit trail, by the admin


@pytest.mark.parametrize(
    ("config", "message"),
    [
        ('{"seats": 9}', "config.seats must be from 1 to 6, not 9"),
        ('{"limits": {"main": [500, 1000, 2000]}}', "not a list of 3 items"),
        ('{"seats": 4, "seats": 5}', "the key 'seats' appears twice"),
        ("[1, 2]", "must hold a JSON object"),
        ("{seats: 4", "is not valid JSON"),
    ],
)
def test_a_bad_config_file_creates_nothing_and_says_why(runner, tmp_path, config, message):
    path = tmp_path / "config.json"
    path.write_text(config)
    result = runner.invoke(main, ["tables", "create", "BP-1", "--config", str(path)])
    assert result.exit_code == 2
    assert message in result.output
    assert stored_tables(tmp_path) == ([], [])


def test_a_table_needs_an_admin_and_a_new_name(runner, tmp_path):
    runner.invoke(
        main, ["users", "create", "dee", "--role", "dealer", "--password-stdin"], input="password-one-two\n"
    )
    by_dealer = runner.invoke(main, ["tables", "create", "BP-1", "--by", "dee"])
    assert by_dealer.exit_code == 2
    assert "no admin named 'dee'" in by_dealer.output
    assert runner.invoke(main, ["tables", "create", "BP-1"]).exit_code == 0
    again = runner.invoke(main, ["tables", "create", "bp-1"])
    assert again.exit_code == 2
    assert "a table named 'bp-1' already exists" in again.output


def test_a_table_is_configured_rescheduled_and_its_versions_listed(runner, tmp_path):
    assert runner.invoke(main, ["tables", "create", "BP-1"]).exit_code == 0
    config = tmp_path / "seats.json"
    config.write_text(json.dumps({"seats": 4}))
    changed = runner.invoke(main, ["tables", "configure", "bp-1", "--config", str(config)])
    assert changed.exit_code == 0, changed.output
    assert changed.output.startswith("table 'BP-1': config v2, 4 seats")
    moved = runner.invoke(
        main,
        [
            "tables",
            "schedule",
            "1",
            "--timezone",
            "Europe/Malta",
            "--shift-start",
            "08:00",
            "--shift-start",
            "20:00",
        ],
    )
    assert moved.exit_code == 0, moved.output
    assert moved.output == "table 'BP-1': Europe/Malta, shifts start 08:00, 20:00\n"
    listed = runner.invoke(main, ["tables", "versions", "BP-1"]).output.splitlines()
    assert [line.split()[0] for line in listed] == ["v2", "v1"]
    assert all(" by admin " in line for line in listed)
    engine = make_engine(Settings(instance=tmp_path).database)
    with database_factory(engine)() as db:
        kinds = [event.kind for event in db.scalars(select(AuditEvent).order_by(AuditEvent.id))]
        table = db.scalars(select(GameTable)).one()
        assert (table.timezone, table.shift_starts) == ("Europe/Malta", ["08:00", "20:00"])
    engine.dispose()
    assert "config_changed" in kinds
    assert "schedule_changed" in kinds


def test_a_change_to_a_table_that_is_not_there_or_not_allowed_says_why(runner, tmp_path):
    assert runner.invoke(main, ["tables", "create", "BP-1"]).exit_code == 0
    missing = runner.invoke(main, ["tables", "schedule", "BP-9", "--timezone", "UTC"])
    assert missing.exit_code == 2
    assert "no table named 'BP-9'" in missing.output
    zone = runner.invoke(main, ["tables", "schedule", "BP-1", "--timezone", "Mars/Olympus"])
    assert zone.exit_code == 2
    assert "timezone 'Mars/Olympus' is not a known time zone" in zone.output
    nothing = runner.invoke(main, ["tables", "schedule", "BP-1"])
    assert nothing.exit_code == 2
    assert "name timezone or shift_starts to change" in nothing.output
