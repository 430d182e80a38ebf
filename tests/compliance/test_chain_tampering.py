"""A row edited, deleted, reordered, rewritten or inserted directly in the
database is named at its exact link by ``breakpoker audit verify`` and the
verifications of ``/compliance/audit/verifications``."""

from __future__ import annotations

import pytest
from sqlalchemy import delete, select, update

from service.audit.chain import canonical, chained_hash
from service.store.db import utc_now
from service.store.models import AuditEvent, AuditSeal
from service.store.work import unit_of_work
from tests.compliance import chain_support
from tests.compliance.chain_support import GAP, cli_text, engine_of, reports, seal_of
from tests.support.app import databases
from tests.support.tamper import drop_triggers, execute_without_foreign_keys

pytestmark = pytest.mark.store
# The shared fixtures these tests take by name.
chain = chain_support.chain


def test_an_edited_event_is_named_with_the_field(app, client, as_role, settings, chain):
    drop_triggers(engine_of(app))
    target = seal_of(app, "round_settled", 1)
    with unit_of_work(databases(app)) as db:
        event = db.get(AuditEvent, target.event_id)
        sealed_net = event.payload["house_net"]
        db.execute(
            update(AuditEvent)
            .where(AuditEvent.id == target.event_id)
            .values(payload={**event.payload, "house_net": sealed_net + 400})
        )
    broken = reports(app, client, as_role, settings)["broken"]
    assert broken["seq"] == target.seq
    assert broken["event_id"] == target.event_id
    assert broken["problem"] == "event_edited"
    assert broken["differences"] == [
        {"field": "payload.house_net", "sealed": sealed_net, "current": sealed_net + 400}
    ]
    result = cli_text(settings)
    assert result.exit_code == 1
    assert f"BROKEN: the audit chain is broken at seq {target.seq} (event {target.event_id})" in result.output
    assert f"payload.house_net: sealed {sealed_net}, now {sealed_net + 400}" in result.output


def test_an_edited_column_is_named_too(app, client, as_role, settings, chain):
    drop_triggers(engine_of(app))
    target = seal_of(app, "config_changed")
    with unit_of_work(databases(app)) as db:
        db.execute(update(AuditEvent).where(AuditEvent.id == target.event_id).values(actor_id=None))
    broken = reports(app, client, as_role, settings)["broken"]
    assert (broken["seq"], broken["problem"]) == (target.seq, "event_edited")
    assert [d["field"] for d in broken["differences"]] == ["actor_id"]
    assert broken["differences"][0]["current"] is None


@pytest.mark.parametrize("also_the_event", [True, False], ids=["event and seal", "seal only"])
def test_a_deleted_link_is_named(app, client, as_role, settings, chain, also_the_event):
    drop_triggers(engine_of(app))
    target = seal_of(app, "round_settled", 2)
    with unit_of_work(databases(app)) as db:
        db.execute(delete(AuditSeal).where(AuditSeal.seq == target.seq))
        if also_the_event:
            db.execute(delete(AuditEvent).where(AuditEvent.id == target.event_id))
    broken = reports(app, client, as_role, settings)["broken"]
    assert (broken["seq"], broken["problem"]) == (target.seq, "link_missing")
    assert f"seq {target.seq} missing" in broken["message"]
    if also_the_event:
        assert "its event was deleted too" in broken["message"]
    else:
        assert f"event {target.event_id} (round_settled) is still stored but has no seal" in broken["message"]


def test_a_deleted_link_with_the_sequence_closed_up_is_named(app, client, as_role, settings, chain):
    drop_triggers(engine_of(app))
    target = seal_of(app, "login", 1)
    with unit_of_work(databases(app)) as db:
        db.execute(delete(AuditSeal).where(AuditSeal.seq == target.seq))
        db.execute(delete(AuditEvent).where(AuditEvent.id == target.event_id))
        for seq in range(target.seq + 1, chain["links"] + 1):
            db.execute(update(AuditSeal).where(AuditSeal.seq == seq).values(seq=seq - 1))
    broken = reports(app, client, as_role, settings)["broken"]
    assert (broken["seq"], broken["problem"]) == (target.seq, "chain_broken")
    assert f"seq {target.seq - 1} was rewritten, or a link between them deleted" in broken["message"]


def test_a_deleted_event_under_its_seal_is_named(app, client, as_role, settings, chain):
    drop_triggers(engine_of(app))
    target = seal_of(app, "table_created")
    execute_without_foreign_keys(
        settings.database, "DELETE FROM audit_events WHERE id = :id", id=target.event_id
    )
    broken = reports(app, client, as_role, settings)["broken"]
    assert (broken["seq"], broken["event_id"], broken["problem"]) == (
        target.seq,
        target.event_id,
        "event_missing",
    )


def swap(db, first: int, second: int) -> None:
    db.execute(update(AuditSeal).where(AuditSeal.seq == first).values(seq=-1))
    db.execute(update(AuditSeal).where(AuditSeal.seq == second).values(seq=first))
    db.execute(update(AuditSeal).where(AuditSeal.seq == -1).values(seq=second))


@pytest.mark.parametrize(("first", "second"), [(5, 9), (7, 8)], ids=["apart", "adjacent"])
def test_reordered_links_are_named_at_the_first_moved_one(
    app, client, as_role, settings, chain, first, second
):
    drop_triggers(engine_of(app))
    with unit_of_work(databases(app)) as db:
        swap(db, first, second)
    broken = reports(app, client, as_role, settings)["broken"]
    assert (broken["seq"], broken["problem"]) == (first, "link_moved")
    assert f"was chained after seq {second - 1 if second - 1 != first else second}" in broken["message"]
    assert "reordered" in broken["message"]


def test_a_rewritten_seal_hash_is_caught(app, client, as_role, settings, chain):
    drop_triggers(engine_of(app))
    with unit_of_work(databases(app)) as db:
        db.execute(update(AuditSeal).where(AuditSeal.seq == 6).values(hash="f" * 64))
    broken = reports(app, client, as_role, settings)["broken"]
    assert (broken["seq"], broken["problem"]) == (6, "seal_rewritten")


def test_an_edit_with_a_forged_seal_is_caught_at_the_next_link(app, client, as_role, settings, chain):
    """A DBA who edits an event and rewrites its seal to match: the next link
    still chains to the old hash."""
    drop_triggers(engine_of(app))
    target = seal_of(app, "round_settled", 0)
    with unit_of_work(databases(app)) as db:
        db.execute(
            update(AuditEvent).where(AuditEvent.id == target.event_id).values(payload={"house_net": 0})
        )
    with unit_of_work(databases(app)) as db:
        document = canonical(db.get(AuditEvent, target.event_id))
        db.execute(
            update(AuditSeal)
            .where(AuditSeal.seq == target.seq)
            .values(canonical=document, hash=chained_hash(target.previous_hash, document))
        )
    broken = reports(app, client, as_role, settings)["broken"]
    assert (broken["seq"], broken["problem"]) == (target.seq + 1, "chain_broken")
    assert f"the hash of seq {target.seq} was rewritten" in broken["message"]


def test_a_rewritten_stored_canonical_is_caught(app, client, as_role, settings, chain):
    drop_triggers(engine_of(app))
    with unit_of_work(databases(app)) as db:
        db.execute(update(AuditSeal).where(AuditSeal.seq == 4).values(canonical='{"id":0}'))
    broken = reports(app, client, as_role, settings)["broken"]
    assert (broken["seq"], broken["problem"]) == (4, "seal_rewritten")


def test_an_event_inserted_below_the_head_is_caught(app, client, as_role, settings, chain):
    free = chain["free_id"]
    with unit_of_work(databases(app)) as db:
        # An INSERT needs no trigger dropped: the chain itself must tell.
        db.add(
            AuditEvent(id=free, kind="round_settled", subject="round:1", occurred_at=utc_now(), payload={})
        )
    with databases(app)() as db:
        after = db.scalar(select(AuditSeal).where(AuditSeal.event_id == free + GAP))
    broken = reports(app, client, as_role, settings)["broken"]
    assert (broken["seq"], broken["event_id"], broken["problem"]) == (after.seq, free, "unsealed_event")
    assert f"event {free} (round_settled, round:1," in broken["message"]
