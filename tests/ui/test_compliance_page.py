"""The compliance page in Chromium: an export requested, followed while a
real worker builds it, downloaded and checked against its manifest; the
audit trail verified by a real worker while the page follows it, intact,
then with an event tampered with, with a total lowered by hand and with a
tray count edited."""

from __future__ import annotations

import csv
import hashlib
import io
import json
import zipfile
from datetime import UTC, datetime, timedelta
from typing import Any

from sqlalchemy import select, update

from service.store.db import database_factory, make_engine
from service.store.models import AuditEvent, AuditSeal, InventoryCount, ShiftAggregate
from service.store.work import unit_of_work
from tests.support.accounting import TRAY
from tests.support.app import PASSWORD
from tests.support.background import run_burst
from tests.support.rounds_data import round_body
from tests.support.tamper import drop_accounting_triggers, drop_triggers
from tests.ui.conftest import expect, screenshot


def around_today() -> tuple[str, str]:
    """Gaming days that hold a round entered now, whatever the hour (UTC tables)."""
    today = datetime.now(UTC).date()
    return (today - timedelta(days=1)).isoformat(), (today + timedelta(days=1)).isoformat()


def test_an_export_is_followed_downloaded_and_matches_its_manifest(
    open_page: Any, live: Any, table: dict[str, Any], tmp_path: Any
) -> None:
    for number in range(3):
        live.enter(table["id"], round_body(f"c{number}"))
    page = open_page("/compliance", "compliance")
    expect(page.locator("#export-list")).to_have_count(0)
    first, last = around_today()
    page.fill("#export-from", first)
    page.fill("#export-to", last)
    page.locator(f'#export-tables input[data-table="{table["name"]}"]').check()
    page.click("#export-start")
    row = page.locator("#export-list tbody tr").first
    expect(row.locator(".badge")).to_have_text("queued")
    expect(row).to_contain_text("waiting for a worker")
    expect(row).to_contain_text(table["name"])
    expect(row).to_contain_text(f"{first} to {last}")
    export_id = int(row.get_attribute("data-export"))

    run_burst(live.settings)  # a real worker builds it; the page is asking every second

    expect(row.locator(".badge")).to_have_text("done", timeout=15_000)
    expect(row.locator("progress")).to_have_attribute("value", "100")
    shown = live.api("GET", f"/compliance/exports/{export_id}", user="compliance")
    with page.expect_download() as waiting:
        row.get_by_role("button", name="Download ZIP").click()
    saved = tmp_path / "export.zip"
    waiting.value.save_as(saved)
    data = saved.read_bytes()
    assert waiting.value.suggested_filename == f"breakpoker-export-{export_id}-{first}-to-{last}.zip"
    assert hashlib.sha256(data).hexdigest() == shown["file"]["sha256"]
    archive = zipfile.ZipFile(io.BytesIO(data))
    manifest = json.loads(archive.read("manifest.json"))
    rounds = list(csv.DictReader(io.StringIO(archive.read("rounds.csv").decode(), newline="")))
    assert sorted(line["round_id"] for line in rounds) == ["c0", "c1", "c2"]

    row.get_by_role("button", name="Manifest").click()
    expect(page.locator("#zip-sha256")).to_have_text(shown["file"]["sha256"])
    for file in manifest["files"]:
        line = page.locator(f'#manifest-files tr[data-file="{file["name"]}"]')
        expect(line.locator(".hash")).to_have_text(file["sha256"])
        expect(line.locator("td").nth(1)).to_have_text(f"{file['rows']:,}")
        assert hashlib.sha256(archive.read(file["name"])).hexdigest() == file["sha256"]
    screenshot(page, "compliance-export", tmp_path)
    # The download is on the audit trail.
    with database_factory(make_engine(live.settings.database))() as db:
        kinds = set(db.scalars(select(AuditEvent.kind)))
    assert "export_downloaded" in kinds


def test_export_errors_are_shown_next_to_their_field(open_page: Any, live: Any) -> None:
    before = live.api("GET", "/compliance/exports", user="compliance")["total"]
    page = open_page("/compliance", "compliance")
    page.fill("#export-from", "2026-11-20")
    page.fill("#export-to", "2026-11-10")
    page.click("#export-start")
    expect(page.locator('[data-error-for="to"]')).to_contain_text("2026-11-10")
    expect(page.locator("#export-to")).to_have_attribute("aria-invalid", "true")
    page.fill("#export-from", "")
    page.click("#export-start")
    expect(page.locator('[data-error-for="from"]')).to_have_text("choose the first gaming day")
    assert live.api("GET", "/compliance/exports", user="compliance")["total"] == before


def verify_on_the_page(page: Any, live: Any) -> Any:
    """Start a verification, see it wait for a worker, let a real worker
    run it while the page follows it; the verdict."""
    page.click("#verify-start")
    progress = page.locator("#verify-progress")
    expect(progress).to_contain_text("waiting for a worker")
    expect(progress.locator("progress")).to_have_attribute("value", "0")
    expect(page.locator("#verify-start")).to_be_disabled()
    run_burst(live.settings)  # the page is asking every second
    verdict = page.locator("#verdict")
    expect(verdict).to_be_visible(timeout=15_000)
    expect(page.locator("#verify-start")).to_be_enabled()
    return verdict


def latest_report(live: Any) -> dict[str, Any]:
    (latest,) = live.api("GET", "/compliance/audit/verifications?per_page=1", user="compliance")["items"]
    shown = live.api("GET", f"/compliance/audit/verifications/{latest['id']}", user="compliance")
    assert shown["status"] == "done"
    return dict(shown["report"])


def test_the_trail_is_verified_and_a_tampered_event_is_named(
    open_page: Any, live: Any, table: dict[str, Any], tmp_path: Any
) -> None:
    live.enter(table["id"], round_body("v1"))
    run_burst(live.settings)  # every event sealed, every round counted
    page = open_page("/compliance", "admin")
    page.fill("#verify-from", "x1")
    page.click("#verify-start")
    expect(page.locator('[data-error-for="verify-from"]')).to_contain_text("x1 is not a seal number")
    page.fill("#verify-from", "")
    verdict = verify_on_the_page(page, live)
    expected = latest_report(live)
    assert expected["intact"] is True
    expect(verdict).to_contain_text("INTACT:")
    expect(verdict).to_contain_text(f"seals 1 to {expected['chain']['last_seq']}")
    expect(verdict).to_contain_text(f"{expected['rounds']['checked']} rounds agree with their sealed events")

    # A DBA edits a sealed round's house net, triggers dropped.
    engine = make_engine(live.settings.database)
    drop_triggers(engine)
    databases = database_factory(engine)
    with unit_of_work(databases) as db:
        event = db.scalars(
            select(AuditEvent).where(AuditEvent.kind == "round_settled").order_by(AuditEvent.id.desc())
        ).first()
        seal = db.scalar(select(AuditSeal).where(AuditSeal.event_id == event.id))
        sealed, event_id, seq = dict(event.payload), event.id, seal.seq
        db.execute(
            update(AuditEvent)
            .where(AuditEvent.id == event_id)
            .values(payload={**sealed, "house_net": sealed["house_net"] + 900})
        )
    try:
        verify_on_the_page(page, live)
        expect(verdict).to_contain_text(f"BROKEN at seal {seq} (event {event_id}): event edited")
        difference = page.locator("#differences tbody tr")
        expect(difference).to_have_count(1)
        expect(difference).to_contain_text("payload.house_net")
        expect(difference.locator("td").nth(1)).to_have_text(str(sealed["house_net"]))
        expect(difference.locator("td").nth(2)).to_have_text(str(sealed["house_net"] + 900))
        screenshot(page, "compliance-verify", tmp_path)
    finally:
        with unit_of_work(databases) as db:
            db.execute(update(AuditEvent).where(AuditEvent.id == event_id).values(payload=sealed))
        engine.dispose()
    verify_on_the_page(page, live)
    expect(verdict).to_contain_text("INTACT:")


def test_a_total_lowered_by_hand_is_named_on_the_page(
    open_page: Any, live: Any, table: dict[str, Any]
) -> None:
    live.enter(table["id"], round_body("t1"))
    run_burst(live.settings)
    engine = make_engine(live.settings.database)
    with unit_of_work(database_factory(engine)) as db:
        row = db.scalars(select(ShiftAggregate).where(ShiftAggregate.table_id == table["id"])).one()
        stored = row.main_house_net
        row.main_house_net = stored - 500
    try:
        page = open_page("/compliance", "compliance")
        verdict = verify_on_the_page(page, live)
        expect(verdict).to_contain_text("BROKEN: 1 total(s) differ from a recount of the rounds")
        line = page.locator('#total-differences tbody tr[data-column="main_house_net"]')
        expect(line).to_have_count(1)
        expect(line.locator("td").nth(0)).to_have_text(table["name"])
        expect(line.locator("td").nth(6)).to_have_text(str(stored - 500))
        expect(line.locator("td").nth(7)).to_have_text(str(stored))
    finally:
        with unit_of_work(database_factory(engine)) as db:
            db.execute(
                update(ShiftAggregate)
                .where(ShiftAggregate.table_id == table["id"])
                .values(main_house_net=stored)
            )
        engine.dispose()


def test_the_page_is_for_compliance_and_admins(open_page: Any) -> None:
    page = open_page("/compliance")
    page.fill("#name", "pit_boss")
    page.fill("#password", "correct horse battery")
    page.press("#password", "Enter")
    expect(page.locator('[data-error-for="sign-in"]')).to_contain_text("this page is not for that role")
    expect(page.locator("#office")).to_be_hidden()


def test_a_tray_count_edited_by_hand_is_named_on_the_page(
    open_page: Any, live: Any, table: dict[str, Any]
) -> None:
    cosigner = {"name": "dealer", "password": PASSWORD}
    path = f"/tables/{table['id']}/sessions"
    opened = live.api("POST", path, {"lines": TRAY, "cosigner": cosigner}, user="pit_boss")
    live.api("POST", f"{path}/close", {"lines": TRAY, "cosigner": cosigner}, user="pit_boss")
    run_burst(live.settings)  # the session's events sealed
    engine = make_engine(live.settings.database)
    drop_accounting_triggers(engine)
    opener = opened["opener"]
    with unit_of_work(database_factory(engine)) as db:
        db.execute(
            update(InventoryCount)
            .where(InventoryCount.id == opener["id"])
            .values(total=opener["total"] + 100)
        )
    try:
        page = open_page("/compliance", "compliance")
        verdict = verify_on_the_page(page, live)
        # Two problems of the one count: its total differs from its event,
        # and it is no longer the sum of its lines.
        expect(verdict).to_contain_text("BROKEN: 2 problem(s) in the accounting records")
        lines = page.locator(f'#accounting-differences tbody tr[data-record="{opener["id"]}"]')
        expect(lines).to_have_count(2)
        unsummed = lines.filter(has_text="total mismatch")
        expect(unsummed.locator("td").nth(5)).to_have_text(
            f"inventory_counts row {opener['id']}: total {opener['total'] + 100} is not the sum of its lines"
            f" ({opener['total']})"
        )
        line = lines.filter(has_not_text="total mismatch")
        expect(line.locator("td").nth(0)).to_have_text("inventory_counts")
        expect(line.locator("td").nth(2)).to_have_text(f"session:{opened['id']}")
        expect(line.locator("td").nth(3)).to_have_text("total")
        expect(line.locator("td").nth(4)).to_have_text(str(opener["total"] + 100))
        expect(line.locator("td").nth(5)).to_have_text(str(opener["total"]))
    finally:
        with unit_of_work(database_factory(engine)) as db:
            db.execute(
                update(InventoryCount).where(InventoryCount.id == opener["id"]).values(total=opener["total"])
            )
        engine.dispose()


def test_the_page_is_shown_once_its_lists_are_in(open_page: Any, table: dict[str, Any]) -> None:
    """The tables and the exports load above the Verify button: shown while
    they came in, the page moved under a tap (a tap on Verify landed
    beside it, twice in CI). It is shown once they are in, and with the
    verification form wired."""
    page = open_page("/compliance")
    held: list[Any] = []
    page.route("**/api/v1/compliance/exports*", lambda route: held.append(route))
    try:
        page.fill("#name", "compliance")
        page.fill("#password", PASSWORD)
        page.press("#password", "Enter")
        expect(page.locator("#sign-out")).to_be_visible()
        page.wait_for_timeout(300)
        expect(page.locator("#export-tables input")).not_to_have_count(0)
        assert held, "the page asked for its exports"
        expect(page.locator("#office")).to_be_hidden()
    finally:
        for route in held:
            route.continue_()
        page.unroute("**/api/v1/compliance/exports*")
    expect(page.locator("#office")).to_be_visible()
    expect(page.locator("#verify-start")).to_be_enabled()
