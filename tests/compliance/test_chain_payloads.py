"""Payloads are stored as their canonical text; another text of the same
value still verifies, and an edited text, time or non-JSON is named."""

from __future__ import annotations

import json
from datetime import timedelta

import pytest
from sqlalchemy import update
from sqlalchemy.exc import DataError

from service.store.canonical_json import canonical_json
from service.store.models import AuditEvent
from service.store.work import unit_of_work
from tests.compliance import chain_support
from tests.compliance.chain_support import engine_of, reports, seal_of, store_payload_text, stored_payloads
from tests.support.app import databases
from tests.support.tamper import drop_triggers

pytestmark = pytest.mark.store
# The shared fixtures these tests take by name.
chain = chain_support.chain


def test_payloads_are_stored_as_their_canonical_text(app, chain):
    for payload_text in stored_payloads(app).values():
        assert payload_text == canonical_json(json.loads(payload_text))


def test_a_payload_stored_in_another_text_of_the_same_value_still_verifies(
    app, client, as_role, settings, chain
):
    drop_triggers(engine_of(app))
    for event_id, payload_text in stored_payloads(app).items():
        # As the JSON type writes by default: spaces, and the keys reversed.
        value = json.loads(payload_text)
        spaced = dict(reversed(value.items())) if isinstance(value, dict) else value
        store_payload_text(app, event_id, json.dumps(spaced))
    assert stored_payloads(app) != {}
    assert reports(app, client, as_role, settings)["intact"]


def test_a_payload_edited_in_its_text_is_named(app, client, as_role, settings, chain):
    drop_triggers(engine_of(app))
    target = seal_of(app, "round_settled", 2)
    sealed = json.loads(stored_payloads(app)[target.event_id])
    store_payload_text(app, target.event_id, json.dumps({**sealed, "house_net": sealed["house_net"] + 1}))
    broken = reports(app, client, as_role, settings)["broken"]
    assert (broken["seq"], broken["problem"]) == (target.seq, "event_edited")
    assert [d["field"] for d in broken["differences"]] == ["payload.house_net"]


def test_a_payload_that_is_not_json_is_named_or_refused(app, client, as_role, settings, chain):
    drop_triggers(engine_of(app))
    target = seal_of(app, "login", 1)
    if engine_of(app).dialect.name == "postgresql":
        with pytest.raises(DataError):  # its json type refuses the text outright
            store_payload_text(app, target.event_id, "not JSON {")
        return
    store_payload_text(app, target.event_id, "not JSON {")
    broken = reports(app, client, as_role, settings)["broken"]
    assert (broken["seq"], broken["problem"]) == (target.seq, "event_edited")
    assert [(d["field"], d["current"]) for d in broken["differences"]] == [("payload", "not JSON {")]


def test_an_edited_time_is_named(app, client, as_role, settings, chain):
    drop_triggers(engine_of(app))
    target = seal_of(app, "round_settled", 1)
    with databases(app)() as db:
        sealed_at = db.get(AuditEvent, target.event_id).occurred_at
    with unit_of_work(databases(app)) as db:
        db.execute(
            update(AuditEvent)
            .where(AuditEvent.id == target.event_id)
            .values(occurred_at=sealed_at + timedelta(seconds=1))
        )
    broken = reports(app, client, as_role, settings)["broken"]
    assert (broken["seq"], broken["problem"]) == (target.seq, "event_edited")
    [difference] = broken["differences"]
    assert difference["field"] == "occurred_at"
    assert difference["current"] == (sealed_at + timedelta(seconds=1)).isoformat()
