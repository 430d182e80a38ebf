"""An export's job: progress saved as it is written, a failure marked and a
rerun started over with no half-written file, and the sweep sending a lost
or dead export again."""

from __future__ import annotations

import io
import itertools
import zipfile
from dataclasses import replace
from datetime import timedelta

import pytest
from rq.job import Job, JobStatus
from rq.registry import CanceledJobRegistry, FailedJobRegistry
from rq.serializers import JSONSerializer
from sqlalchemy import func, select, update

import service.audit.events
import service.compliance.export_build
import service.compliance.export_writer
import service.rounds.entering
from service.compliance.export_build import build_export
from service.compliance.export_files import FILES
from service.config.redis_server import connect
from service.jobs.queues import QueueName, queue, status_of
from service.store.db import utc_now
from service.store.models import (
    AuditEvent,
    Export,
    OutboxEntry,
)
from service.store.work import unit_of_work
from tests.compliance import exports_support
from tests.compliance.exports_support import URL, request
from tests.support.app import databases
from tests.support.background import run_burst
from workers.queues import enqueue
from workers.sweep import reconcile

pytestmark = pytest.mark.store
# The shared fixtures these tests take by name.
app = exports_support.app
floor = exports_support.floor


def test_progress_is_saved_as_the_export_is_written(app, client, as_role, floor, redis_settings, monkeypatch):
    asked = request(client, as_role["admin"]).json  # every table
    saved = []
    real = service.compliance.export_build._save_progress

    def recording(databases_, export_id, done, total):
        saved.append((done, total))
        real(databases_, export_id, done, total)

    monkeypatch.setattr(service.compliance.export_build, "_save_progress", recording)
    with databases(app)() as db:
        events_before = db.scalar(select(func.count()).select_from(AuditEvent))
    assert build_export(databases(app), asked["id"], redis_settings.instance, progress_every=5) is True
    with databases(app)() as db:
        export = db.get(Export, asked["id"])
        rows = {entry["name"]: entry["rows"] for entry in export.manifest["files"]}
    total = sum(rows.values())
    assert saved[0] == (0, total)
    # Saved when the rows pass a multiple of 5, at the end of the chunk of a
    # file that passed it: rising, a new multiple each, up to the last one.
    dones = [done for done, _ in saved[1:]]
    assert all(earlier // 5 < later // 5 for earlier, later in itertools.pairwise([0, *dones]))
    assert dones[-1] <= total
    assert dones[-1] // 5 == total // 5
    assert {seen_total for _, seen_total in saved} == {total}
    assert (export.status, export.done, export.total) == ("done", total, total)
    assert rows["rounds.csv"] == 7  # all three tables now, the replacement record too
    assert rows["seats.csv"] == 3 * 6 + 1
    assert rows["audit_events.csv"] == events_before  # every event so far: all are in the window
    assert rows["audit_chain.jsonl"] == 0  # no worker has sealed them
    shown = client.get(f"{URL}/{asked['id']}", headers=as_role["compliance"]).json
    assert shown["progress"] == {"done": total, "total": total, "percent": 100.0}
    assert shown["manifest"]["tables"] == "all"


def test_a_failing_export_is_marked_failed_and_a_rerun_starts_over(app, client, as_role, redis_settings):
    instance = redis_settings.instance
    (instance / "exports").write_text("a file where the exports folder should be")
    asked = request(client, as_role["compliance"]).json
    with pytest.raises(OSError, match="exports"):
        build_export(databases(app), asked["id"], instance)
    shown = client.get(f"{URL}/{asked['id']}", headers=as_role["compliance"]).json
    assert shown["status"] == "failed"
    assert "exports" in shown["error"]
    assert shown["error"].startswith(("FileExistsError", "NotADirectoryError"))
    refused = client.get(f"{URL}/{asked['id']}/download", headers=as_role["compliance"])
    assert refused.status_code == 409
    assert "failed" in refused.json["message"]
    assert shown["error"] in refused.json["message"]
    with databases(app)() as db:
        failed = db.scalars(select(AuditEvent).where(AuditEvent.kind == "export_failed")).one()
        assert failed.payload == {"error": shown["error"]}

    (instance / "exports").unlink()
    assert build_export(databases(app), asked["id"], instance) is True  # the retry
    shown = client.get(f"{URL}/{asked['id']}", headers=as_role["compliance"]).json
    assert (shown["status"], shown["error"]) == ("done", None)
    assert list((instance / "exports").iterdir()) == [instance / "exports" / shown["file"]["name"]]


def test_a_failure_part_way_leaves_no_half_written_file(
    app, client, as_role, floor, redis_settings, monkeypatch
):
    asked = request(client, as_role["compliance"]).json

    def broken(_row):
        raise RuntimeError("the disk said no")

    seats = replace(FILES[1], line=broken, lines=None)
    monkeypatch.setattr(service.compliance.export_build, "FILES", (FILES[0], seats, *FILES[2:]))
    with pytest.raises(RuntimeError):
        build_export(databases(app), asked["id"], redis_settings.instance)
    assert list((redis_settings.instance / "exports").iterdir()) == []
    shown = client.get(f"{URL}/{asked['id']}", headers=as_role["compliance"]).json
    assert (shown["status"], shown["error"]) == ("failed", "RuntimeError: the disk said no")


def test_the_sweep_sends_a_lost_export_again(app, client, as_role, redis_settings):
    asked = request(client, as_role["compliance"]).json
    with unit_of_work(databases(app)) as db:
        # Its outbox row went out, and Redis lost the job.
        db.execute(update(OutboxEntry).values(dispatched_at=utc_now()))
    connection = connect(redis_settings.redis)
    assert reconcile(databases(app), connection, redis_settings.instance, grace=timedelta(0)) >= 1
    assert f"export-{asked['id']}" in queue(QueueName.EXPORTS, connection).job_ids
    # Running with a job on its way, or failed: left alone.
    queue(QueueName.EXPORTS, connection).empty()
    with unit_of_work(databases(app)) as db:
        db.execute(update(Export).values(status="failed"))
    reconcile(databases(app), connection, redis_settings.instance, grace=timedelta(0))
    assert queue(QueueName.EXPORTS, connection).job_ids == []


@pytest.mark.parametrize("ended", [JobStatus.FAILED, JobStatus.STOPPED, JobStatus.CANCELED])
def test_the_sweep_restarts_an_export_whose_worker_died_mid_build(
    app, client, as_role, redis_settings, ended
):
    asked = request(client, as_role["compliance"]).json
    connection = connect(redis_settings.redis)
    exports = queue(QueueName.EXPORTS, connection)
    enqueue(connection, "export", asked["id"])  # the outbox row went out
    with unit_of_work(databases(app)) as db:
        db.execute(update(OutboxEntry).values(dispatched_at=utc_now()))
        # The worker began the build, then died (killed, out of memory):
        db.execute(update(Export).values(status="running", done=40, total=900))
    folder = redis_settings.instance / "exports"
    folder.mkdir()
    (folder / f".export-{asked['id']}.zip.part").write_bytes(b"half a zip")
    # ... and RQ gave the job up: abandoned and out of retries, stopped, or canceled.
    job = Job.fetch(f"export-{asked['id']}", connection=connection, serializer=JSONSerializer)
    exports.remove(job)
    if ended == JobStatus.CANCELED:
        job.cancel()
    else:
        job.set_status(ended)
        FailedJobRegistry(queue=exports).add(job, exc_string="AbandonedJobError")
    assert status_of(connection, "export", asked["id"]) == ended

    assert reconcile(databases(app), connection, redis_settings.instance, grace=timedelta(0)) >= 1
    assert exports.job_ids == [f"export-{asked['id']}"]
    assert status_of(connection, "export", asked["id"]) == JobStatus.QUEUED
    # The old job went first: no registry still lists it as failed or canceled.
    assert FailedJobRegistry(queue=exports).count == 0
    assert CanceledJobRegistry(queue=exports).count == 0
    # Sent once: a job on its way is left alone.
    reconcile(databases(app), connection, redis_settings.instance, grace=timedelta(0))
    assert exports.job_ids == [f"export-{asked['id']}"]

    run_burst(redis_settings)
    shown = client.get(f"{URL}/{asked['id']}", headers=as_role["compliance"]).json
    assert (shown["status"], shown["error"]) == ("done", None), shown
    assert shown["progress"]["done"] == shown["progress"]["total"]
    assert sorted(path.name for path in folder.iterdir()) == [shown["file"]["name"]]  # no .part left
    data = client.get(f"{URL}/{asked['id']}/download", headers=as_role["compliance"]).get_data()
    assert zipfile.ZipFile(io.BytesIO(data)).testzip() is None
    assert FailedJobRegistry(queue=exports).count == 0
