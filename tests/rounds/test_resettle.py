"""``breakpoker recall ROUND_ID --verify`` and ``--verify-all``: every stored
round re-settles from its stored cards, settings and configuration version
to exactly what was stored; a figure edited in the database is named."""

from __future__ import annotations

import json
from datetime import timedelta

import pytest
from click.testing import CliRunner
from sqlalchemy import func, select, update

from service.cli import main
from service.rounds.resettle import Mismatch, resettle, stored_rounds
from service.store.db import iso, unit_of_work
from service.store.models import AuditEvent, ConfigVersion, RoundRecord, SeatRecord, User
from tests.support.app import edit, sessions, sign_in
from tests.support.rounds_data import correct, round_body
from tests.support.tamper import drop_triggers

pytestmark = pytest.mark.store
FOUL = {"low": ["Ah", "Kd"], "high": ["8c", "6h", "4d"]}  # seat 1's A-K over 8-6-4


def enter(client, headers, table_id, round_id, body=None):
    response = client.post(
        f"/api/v1/tables/{table_id}/rounds",
        json=body or round_body(round_id),
        headers={**headers, "Idempotency-Key": f"key-{table_id}-{round_id}"},
    )
    assert response.status_code == 201, response.json
    return response.json


@pytest.fixture
def stored(client, as_role, table):
    """Rounds of every kind: the house way, own settings, a foul reset or
    forfeited, side bets off, two configuration versions, a correction."""
    dealer = as_role["dealer"]
    games = [enter(client, dealer, table["id"], "plain")]
    own = round_body("own")
    own["seats"][2]["setting"] = {"low": ["8d", "6s"], "high": ["Qc", "Kc", "Ad"]}
    own["seats"][0]["setting"] = FOUL
    own["seats"][1]["bets"] = {"main": 2500, "dealer_break_bonus": 0, "break_bonus": 0}
    games.append(enter(client, dealer, table["id"], "own", own))
    changed = edit(
        client,
        f"/api/v1/tables/{table['id']}/config",
        json={"config": {"foul_policy": "forfeit"}},
        headers=as_role["admin"],
    )
    assert changed.status_code == 200, changed.json
    forfeit = round_body("forfeit")
    forfeit["seats"][0]["setting"] = FOUL
    games.append(enter(client, dealer, table["id"], "forfeit", forfeit))
    corrected = round_body("plain")
    corrected["seats"][0]["bets"]["main"] = 3000
    boss2 = sign_in(client, "pit_boss2")
    games.append(correct(client, as_role["pit_boss"], boss2, games[0]["id"], corrected))
    return games


def recall(settings, *arguments: str):
    return CliRunner().invoke(main, ["recall", *arguments], env={"DATABASE_URL": settings.database})


def test_every_stored_round_re_settles_to_what_was_stored(app, settings, stored):
    with sessions(app)() as session:
        checked = [(record.id, resettle(session, record)) for record in stored_rounds(session)]
        assert session.scalar(select(RoundRecord.revision).where(RoundRecord.id == stored[-1]["id"])) == 1
    assert checked == [(game["id"], []) for game in stored]
    result = recall(settings, "--verify-all")
    assert result.exit_code == 0, result.output
    assert f"verified: all {len(stored)} stored round(s) re-settle to what was stored" in result.stdout


def test_recall_shows_the_round_and_verifies_it(settings, stored):
    game = stored[1]
    result = recall(settings, str(game["id"]), "--verify")
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert (
        lines[0]
        == f'round {game["id"]}: round_id "own" at table BP-1 (id {game["table_id"]}), revision 0, settled'
    )
    assert f"config version 1; entered by dealer at {game['entered_at']}" in lines[1]
    assert lines[2].startswith("  dealer  Qs Qh As 9d 7c 4h 2s  set ")
    seat1 = lines[3]
    assert "seat 1  Ah Kd Td 8c 6h 4d 2c  entered Ah Kd / 8c 6h 4d" in seat1
    assert "FOULED" in seat1
    assert "main 2500 " in lines[6]
    assert lines[-2] == f"  house net {game['house_net']:+d}"
    assert lines[-1] == "verified: re-settled under config version 1, equal to what was stored"


def test_recall_json(settings, stored):
    result = recall(settings, str(stored[2]["id"]), "--verify", "--json")
    assert result.exit_code == 0, result.output
    shown = json.loads(result.stdout)
    assert shown["verify"] == {"equal": True, "mismatches": [], "unchecked": []}
    assert shown["round"]["config_version"] == 2
    assert shown["round"]["seats"][0]["main"]["outcome"] == "lose"  # the foul forfeits under version 2


def test_recall_without_verify_only_shows(settings, stored):
    result = recall(settings, str(stored[0]["id"]))
    assert result.exit_code == 0
    assert "superseded" in result.stdout.splitlines()[0]
    assert "verified" not in result.stdout


def tamper(app, statement) -> None:
    drop_triggers(app.extensions["breakpoker"]["engine"])
    with unit_of_work(sessions(app)) as session:
        session.execute(statement)


def test_an_edited_seat_net_is_named(app, settings, stored):
    game = stored[1]
    net = game["seats"][1]["main"]["net"]
    tamper(
        app,
        update(SeatRecord)
        .where(SeatRecord.round_id == game["id"], SeatRecord.seat == 2)
        .values(main_net=net + 500),
    )
    with sessions(app)() as session:
        assert resettle(session, session.get(RoundRecord, game["id"])) == [
            Mismatch("seats[2].main_net", net + 500, net)
        ]
    result = recall(settings, str(game["id"]), "--verify")
    assert result.exit_code == 1
    assert f"MISMATCH: round {game['id']} does not re-settle to what was stored (1 field(s) differ):" in (
        result.stdout
    )
    assert f"  seats[2].main_net: stored {net + 500}, re-settled {net}" in result.stdout


def test_an_edited_settlement_and_house_net_are_named(app, settings, stored):
    game = stored[0]
    with sessions(app)() as session:
        settlement = session.get(RoundRecord, game["id"]).settlement
    settlement["house_net"] += 100
    settlement["seats"][2]["main"]["outcome"] = "win"
    tamper(
        app,
        update(RoundRecord)
        .where(RoundRecord.id == game["id"])
        .values(settlement=settlement, house_net=game["house_net"] + 100),
    )
    result = recall(settings, str(game["id"]), "--verify", "--json")
    assert result.exit_code == 1
    # Each figure by what it was compared with: its re-settlement, or the
    # house net its sealed round_settled event holds.
    mismatches = {
        (m["field"], "sealed" if "sealed" in m else "resettled"): m
        for m in json.loads(result.stdout)["verify"]["mismatches"]
    }
    assert set(mismatches) == {
        ("house_net", "resettled"),
        ("settlement.house_net", "resettled"),
        ("settlement.seats[2].main.outcome", "resettled"),
        ("house_net", "sealed"),
    }
    assert mismatches["house_net", "resettled"] == {
        "field": "house_net",
        "stored": game["house_net"] + 100,
        "resettled": game["house_net"],
    }
    assert mismatches["house_net", "sealed"] == {
        "field": "house_net",
        "stored": game["house_net"] + 100,
        "sealed": game["house_net"],
    }


def test_edited_cards_as_entered_are_caught(app, settings, stored):
    game = stored[2]
    with sessions(app)() as session:
        entered = session.get(RoundRecord, game["id"]).entered
    entered["seats"][1]["bets"]["main"] = 5000
    tamper(app, update(RoundRecord).where(RoundRecord.id == game["id"]).values(entered=entered))
    with sessions(app)() as session:
        fields = [m.field for m in resettle(session, session.get(RoundRecord, game["id"]))]
    assert fields[0] == "request_digest"  # the round as entered is not what was sent
    assert "seats[2].main_stake" in fields
    assert "house_net" in fields


def test_edited_rules_of_a_configuration_version_are_caught(app, settings, stored, table):
    with sessions(app)() as session:
        version = session.scalar(
            select(ConfigVersion).where(ConfigVersion.table_id == table["id"], ConfigVersion.version == 2)
        )
        rules = {**version.rules, "foul_policy": "house_way"}
    tamper(app, update(ConfigVersion).where(ConfigVersion.id == version.id).values(rules=rules))
    result = recall(settings, str(stored[2]["id"]), "--verify")
    assert result.exit_code == 1
    assert "config.digest" in result.stdout
    # Reset by the house way, no longer forfeited:
    assert 'seats[1].low: stored ["Ah", "Kd"], re-settled ["Kd", "Td"]' in result.stdout


def test_verify_all_names_each_mismatching_round_and_sums_up(app, client, as_role, settings, stored):
    other = client.post("/api/v1/tables", json={"name": "BP-2"}, headers=as_role["admin"]).json
    enter(client, as_role["dealer"], other["id"], "elsewhere")
    game = stored[1]
    tamper(
        app, update(SeatRecord).where(SeatRecord.round_id == game["id"], SeatRecord.seat == 3).values(rule=99)
    )
    with sessions(app)() as session:
        total = session.scalar(select(func.count()).select_from(RoundRecord))
    result = recall(settings, "--verify-all")
    assert result.exit_code == 1
    assert f"MISMATCH round {game['id']} (table {game['table_id']}): seats[3].rule stored 99" in result.stdout
    assert f"MISMATCH: 1 of {total} stored round(s) do not re-settle to what was stored" in result.stdout
    assert "re-settling" in result.stderr  # the progress bar
    clean = recall(settings, "--verify-all", "--table", str(other["id"]))
    assert clean.exit_code == 0, clean.output
    assert f"verified: all 1 stored round(s) of table {other['id']} re-settle" in clean.stdout
    summary = json.loads(recall(settings, "--verify-all", "--json").stdout)
    assert (summary["checked"], summary["mismatched"]) == (total, 1)
    rule = game["seats"][2]["house_way"]["rule"]
    assert summary["rounds"] == [
        {
            "id": game["id"],
            "table_id": game["table_id"],
            "mismatches": [{"field": "seats[3].rule", "stored": 99, "resettled": rule}],
        }
    ]


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        ([], "name a ROUND_ID, or give --verify-all"),
        (["1", "--verify-all"], "name a ROUND_ID, or give --verify-all"),
        (["1", "--table", "1"], "--table goes with --verify-all"),
    ],
)
def test_recall_usage(settings, arguments, message):
    result = recall(settings, *arguments)
    assert result.exit_code == 2
    assert message in result.output


def test_an_unknown_round(settings):
    result = recall(settings, "999", "--verify")
    assert result.exit_code == 1
    assert "no stored round with id 999" in result.output


# --- where a round counts: its placement against its sealed round_settled event


def placement_edit(session, record, column):
    """Another value for one placement column, and how the report shows the
    stored (edited) value."""
    if column == "entered_by":
        other = session.scalars(select(User.id).where(User.name == "pit_boss")).one()
        return other, other
    if column == "entered_at":
        moved = record.entered_at + timedelta(hours=1, microseconds=7)
        return moved, iso(moved)
    if column == "gaming_day":
        earlier = record.gaming_day - timedelta(days=1)
        return earlier, earlier.isoformat()
    if column == "supersedes_id":
        other = session.scalars(select(RoundRecord.id).where(RoundRecord.id != record.id)).first()
        return other, other
    changed = getattr(record, column) + {"shift": 1, "utc_offset_minutes": 60, "revision": 5}[column]
    return changed, changed


@pytest.mark.parametrize(
    "column",
    ["entered_by", "entered_at", "gaming_day", "shift", "utc_offset_minutes", "revision", "supersedes_id"],
)
def test_an_edited_placement_column_is_named(app, settings, stored, column):
    game = stored[1]
    with sessions(app)() as session:
        record = session.get(RoundRecord, game["id"])
        sealed = {
            "entered_by": record.entered_by,
            "entered_at": iso(record.entered_at),
            "gaming_day": record.gaming_day.isoformat(),
            "shift": record.shift,
            "utc_offset_minutes": record.utc_offset_minutes,
            "revision": record.revision,
            "supersedes_id": record.supersedes_id,
        }[column]
        value, shown = placement_edit(session, record, column)
    tamper(app, update(RoundRecord).where(RoundRecord.id == game["id"]).values({column: value}))
    result = recall(settings, str(game["id"]), "--verify")
    assert result.exit_code == 1, result.output
    assert f"MISMATCH: round {game['id']} does not re-settle to what was stored" in result.stdout
    assert f"  {column}: stored {json.dumps(shown)}, sealed {json.dumps(sealed)}" in result.stdout
    as_json = json.loads(recall(settings, str(game["id"]), "--verify", "--json").stdout)
    assert {"field": column, "stored": shown, "sealed": sealed} in as_json["verify"]["mismatches"]
    everything = recall(settings, "--verify-all")
    assert everything.exit_code == 1
    assert f"MISMATCH round {game['id']} (table {game['table_id']}): " in everything.stdout
    assert f"{column} stored {json.dumps(shown)} sealed {json.dumps(sealed)}" in everything.stdout


def test_a_corrections_record_is_checked_against_its_own_event(app, settings, stored):
    original, replacement = stored[0], stored[-1]
    for game in (original, replacement):  # untouched: both pass
        result = recall(settings, str(game["id"]), "--verify", "--json")
        assert result.exit_code == 0, result.output
        assert json.loads(result.stdout)["verify"] == {"equal": True, "mismatches": [], "unchecked": []}
    tamper(app, update(RoundRecord).where(RoundRecord.id == replacement["id"]).values(supersedes_id=None))
    result = recall(settings, str(replacement["id"]), "--verify")
    assert result.exit_code == 1
    assert f"  supersedes_id: stored null, sealed {original['id']}" in result.stdout
    assert recall(settings, str(original["id"]), "--verify").exit_code == 0


def test_a_round_without_its_round_settled_event_is_a_mismatch(app, settings, stored):
    game = stored[2]
    tamper(
        app,
        update(AuditEvent)
        .where(AuditEvent.kind == "round_settled", AuditEvent.subject == f"round:{game['id']}")
        .values(subject="round:0"),
    )
    result = recall(settings, str(game["id"]), "--verify")
    assert result.exit_code == 1
    assert f'  round_settled: stored "round:{game["id"]}", sealed "no round_settled event"' in result.stdout


def test_a_round_stored_before_placements_were_sealed_is_not_checked(app, settings, stored):
    game = stored[1]
    with sessions(app)() as session:
        event = session.scalars(
            select(AuditEvent).where(
                AuditEvent.kind == "round_settled", AuditEvent.subject == f"round:{game['id']}"
            )
        ).one()
        payload = {key: value for key, value in event.payload.items() if key != "placement"}
    tamper(app, update(AuditEvent).where(AuditEvent.id == event.id).values(payload=payload))
    with unit_of_work(sessions(app)) as session:  # an edit it cannot catch now
        session.execute(update(RoundRecord).where(RoundRecord.id == game["id"]).values(shift=3))
    result = recall(settings, str(game["id"]), "--verify")
    assert result.exit_code == 0, result.output  # not failed ...
    assert (
        f"NOT CHECKED: placement: round_settled event {event.id} carries no placement" in result.stdout
    )  # ... and not passed silently
    assert "verified: re-settled under config version 1" in result.stdout
    shown = json.loads(recall(settings, str(game["id"]), "--verify", "--json").stdout)["verify"]
    assert (shown["equal"], shown["mismatches"]) == (True, [])
    assert "carries no placement" in shown["unchecked"][0]
    everything = recall(settings, "--verify-all")
    assert everything.exit_code == 0, everything.output
    assert "NOT CHECKED: the placement of 1 round(s)" in everything.stdout
    summary = json.loads(recall(settings, "--verify-all", "--json").stdout)
    assert (summary["mismatched"], summary["placement_unchecked"]) == (0, 1)
