"""Where a round counts: its placement checked against its sealed
round_settled event, a correction's record against its own event."""

from __future__ import annotations

import json
from datetime import timedelta

import pytest
from sqlalchemy import select, update

from service.store.db import iso
from service.store.models import AuditEvent, RoundRecord, User
from service.store.work import unit_of_work
from tests.rounds import resettle_support
from tests.rounds.resettle_support import recall, tamper
from tests.support.app import databases

pytestmark = pytest.mark.store
# The shared fixtures these tests take by name.
stored = resettle_support.stored


def placement_edit(db, record, column):
    """Another value for one placement column, and how the report shows the
    stored (edited) value."""
    if column == "entered_by":
        other = db.scalars(select(User.id).where(User.name == "pit_boss")).one()
        return other, other
    if column == "entered_at":
        moved = record.entered_at + timedelta(hours=1, microseconds=7)
        return moved, iso(moved)
    if column == "gaming_day":
        earlier = record.gaming_day - timedelta(days=1)
        return earlier, earlier.isoformat()
    if column == "supersedes_id":
        other = db.scalars(select(RoundRecord.id).where(RoundRecord.id != record.id)).first()
        return other, other
    changed = getattr(record, column) + {"shift": 1, "utc_offset_minutes": 60, "revision": 5}[column]
    return changed, changed


@pytest.mark.parametrize(
    "column",
    ["entered_by", "entered_at", "gaming_day", "shift", "utc_offset_minutes", "revision", "supersedes_id"],
)
def test_an_edited_placement_column_is_named(app, settings, stored, column):
    game = stored[1]
    with databases(app)() as db:
        record = db.get(RoundRecord, game["id"])
        sealed = {
            "entered_by": record.entered_by,
            "entered_at": iso(record.entered_at),
            "gaming_day": record.gaming_day.isoformat(),
            "shift": record.shift,
            "utc_offset_minutes": record.utc_offset_minutes,
            "revision": record.revision,
            "supersedes_id": record.supersedes_id,
        }[column]
        value, shown = placement_edit(db, record, column)
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
    with databases(app)() as db:
        event = db.scalars(
            select(AuditEvent).where(
                AuditEvent.kind == "round_settled", AuditEvent.subject == f"round:{game['id']}"
            )
        ).one()
        payload = {key: value for key, value in event.payload.items() if key != "placement"}
    tamper(app, update(AuditEvent).where(AuditEvent.id == event.id).values(payload=payload))
    with unit_of_work(databases(app)) as db:  # an edit it cannot catch now
        db.execute(update(RoundRecord).where(RoundRecord.id == game["id"]).values(shift=3))
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
