"""``breakpoker audit verify`` and the verifications of
``/compliance/audit/verifications``: an untouched chain is intact and each
verification is on the record; events after the head are pending; ranges;
a chain emptied is broken; a chain sealed by a real worker verifies."""

from __future__ import annotations

import pytest
from sqlalchemy import func, select, text, update

from service.analysis.cache import store_par_sheet
from service.audit.chain import GENESIS, chain_head
from service.compliance.audit_verify import verify_chain
from service.store.models import AuditEvent, AuditSeal, ShiftExpectedValues
from service.store.work import unit_of_work
from tests.compliance import chain_support
from tests.compliance.chain_support import cli_text, engine_of, reports, seal_of
from tests.par_sheets import default_sheet
from tests.support.app import PASSWORD, databases
from tests.support.background import run_burst
from tests.support.rounds_data import round_body
from tests.support.tamper import drop_triggers
from tests.support.verifying import verified

pytestmark = pytest.mark.store
# The shared fixtures these tests take by name.
chain = chain_support.chain


def test_an_untouched_chain_is_intact(app, client, as_role, settings, chain):
    report = reports(app, client, as_role, settings)
    with databases(app)() as db:
        head = chain_head(db)
        assert db.scalar(select(func.count()).where(AuditSeal.canonical.is_(None))) == 0
    assert report == {
        "intact": True,
        "checked": chain["links"],
        "first_seq": 1,
        "last_seq": chain["links"],
        "head": head.hash,
        "anchor": "genesis",
        "pending": 0,
        "broken": None,
        "signatures": 1,  # sealed in one batch: its head signed
        "signed_seq": chain["links"],
    }
    result = cli_text(settings)
    assert result.exit_code == 0
    assert f"intact: {chain['links']} links checked (seq 1..{chain['links']}) from genesis" in result.output
    assert f"1 signed head(s) hold, the last at seal {chain['links']}" in result.output
    assert head.hash in result.output


def test_each_verification_is_on_the_record(app, client, as_role, settings, chain):
    job = verified(app, client, as_role["admin"])
    cli_text(settings, "--to", "3")
    with databases(app)() as db:
        recorded = db.scalars(
            select(AuditEvent).where(AuditEvent.kind == "audit_verified").order_by(AuditEvent.id)
        ).all()
        # The expected win's totals, kept as the rounds were stored.
        value_sums = db.scalar(select(func.count()).select_from(ShiftExpectedValues))
    assert value_sums > 0
    assert [event.payload["via"] for event in recorded] == ["api", "cli"]
    assert recorded[0].actor_id is not None
    assert recorded[1].actor_id is None
    rounds = 6
    assert recorded[0].payload | {"head": None} == {
        "intact": True,
        "checked": chain["links"],
        "first_seq": 1,
        "last_seq": chain["links"],
        "head": None,
        "broken_seq": None,
        "problem": None,
        "chain_intact": True,
        "rounds_checked": rounds,
        "rounds_differing": 0,
        "totals_checked": value_sums,  # no round counted into the aggregates: only these
        "totals_differing": 0,
        "accounting_checked": 0,
        "accounting_differing": 0,
        "verification": job["id"],
        "via": "api",
    }
    assert recorded[1].payload["checked"] == 3


def test_events_after_the_head_are_pending_not_broken(app, client, as_role, settings, chain):
    client.post("/api/v1/auth/login", json={"name": "dealer", "password": PASSWORD})
    with databases(app)() as db:
        report = verify_chain(db)
    assert report.intact
    assert report.pending == 1


def test_seals_made_before_the_canonical_was_kept_still_verify(app, client, as_role, settings, chain):
    drop_triggers(engine_of(app))
    with unit_of_work(databases(app)) as db:
        db.execute(update(AuditSeal).values(canonical=None))
    assert reports(app, client, as_role, settings)["intact"]
    target = seal_of(app, "login", 2)
    with unit_of_work(databases(app)) as db:
        db.execute(update(AuditEvent).where(AuditEvent.id == target.event_id).values(subject="user:999"))
    broken = reports(app, client, as_role, settings)["broken"]
    assert (broken["seq"], broken["problem"]) == (target.seq, "hash_mismatch")


def test_a_range_starts_from_its_first_links_stored_previous_hash(app, client, as_role, settings, chain):
    drop_triggers(engine_of(app))
    target = seal_of(app, "round_settled", 1)
    with unit_of_work(databases(app)) as db:
        db.execute(update(AuditEvent).where(AuditEvent.id == target.event_id).values(subject="round:0"))
    before = reports(app, client, as_role, settings, ("to", target.seq - 1))
    assert before["intact"]
    assert before["checked"] == target.seq - 1
    after = reports(app, client, as_role, settings, ("from", target.seq + 1))
    assert after["intact"]
    assert after["checked"] == chain["links"] - target.seq
    assert after["anchor"] == f"the previous hash stored in seq {target.seq + 1}"
    result = cli_text(settings, "--from", str(target.seq + 1))
    assert f"from the previous hash stored in seq {target.seq + 1}" in result.output
    spanning = reports(app, client, as_role, settings, ("from", 2), ("to", target.seq))
    assert spanning["broken"]["seq"] == target.seq
    assert spanning["checked"] == target.seq - 2


def test_a_range_past_the_head_checks_nothing(app, client, as_role, settings, chain):
    report = reports(app, client, as_role, settings, ("from", chain["links"] + 5))
    assert report["intact"]
    assert report["checked"] == 0


def test_an_empty_chain_with_events_is_broken(app, client, as_role, settings):
    """Events stored, no link: what a chain emptied looks like (a worker
    seals every event within seconds)."""
    report = reports(app, client, as_role, settings)
    assert (report["intact"], report["checked"]) == (False, 0)
    assert report["broken"]["problem"] == "chain_empty"
    assert report["pending"] > 0
    result = cli_text(settings)
    assert result.exit_code == 1
    assert "BROKEN: the audit chain is broken at seq 1 (event 1): chain_empty" in result.output
    assert "no link is stored although events are (the oldest: event 1)" in result.output


def test_a_database_without_events_has_nothing_to_check(settings):
    result = cli_text(settings)
    assert result.exit_code == 0, result.output
    assert "intact: no links to check" in result.output


def test_the_seals_emptied_are_named(app, client, as_role, settings, chain):
    """TRUNCATE audit_seals (PostgreSQL; refused by its trigger, so a DBA
    drops it first), or DELETE every seal (SQLite)."""
    drop_triggers(engine_of(app))
    with unit_of_work(databases(app)) as db:
        truncate = db.get_bind().dialect.name == "postgresql"
        db.execute(text("TRUNCATE audit_seals" if truncate else "DELETE FROM audit_seals"))
    report = reports(app, client, as_role, settings)
    assert report["broken"]["problem"] == "chain_empty"
    assert "no link is stored although events are" in report["broken"]["message"]
    assert "the seals were deleted" in report["broken"]["message"]


def test_the_cli_refuses_a_backward_range(settings):
    result = cli_text(settings, "--from", "5", "--to", "2")
    assert result.exit_code == 2
    assert "--to (2) is before --from (5)" in result.output


def test_a_chain_sealed_by_a_real_worker_verifies(app, client, as_role, table, redis_settings):
    # The default rules' par sheet, as its job would leave it (not recomputed here).
    store_par_sheet(default_sheet(), redis_settings.instance)
    for number in range(3):
        client.post(
            f"/api/v1/tables/{table['id']}/rounds",
            json=round_body(f"w{number}"),
            headers={**as_role["dealer"], "Idempotency-Key": f"w{number}"},
        )
    run_burst(redis_settings)
    with databases(app)() as db:
        report = verify_chain(db)
        events = db.scalar(select(func.count()).select_from(AuditEvent))
        assert db.scalar(select(func.count()).where(AuditSeal.canonical.is_not(None))) == events
    assert report.intact
    assert report.checked == events
    assert report.head != GENESIS
