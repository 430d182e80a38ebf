"""The OpenAPI document describes an export's manifest and links, and a
verification's report and links, field by field (no free-form objects),
and the schemas that describe them answer with exactly what the service
builds."""

from __future__ import annotations

import json

from service.api.compliance.audit_schemas import AuditReportSchema, VerificationPageSchema, VerificationSchema
from service.api.compliance.export_schemas import ExportPageSchema, ExportSchema, ManifestSchema
from service.compliance.accounting_report import (
    RECORD_EDITED,
    AccountingReport,
    AccountingReportJson,
    FieldDifference,
    FieldDifferenceJson,
    RecordProblem,
    RecordProblemJson,
)
from service.compliance.audit_verify import AuditReport, AuditReportJson
from service.compliance.chain_report import ABSENT, BrokenLink, ChainReport, Difference
from service.compliance.export_manifest import Manifest, ManifestFile
from service.compliance.figures_check import FiguresDifference, FiguresReport
from service.compliance.totals_check import TotalDifference, TotalsReport
from service.rounds.sealed import SEALED, Mismatch, RoundProblem, RoundsReport
from tests.support.openapi import (
    as_json,
    component,
    document,
    free_form_dicts,
    free_form_objects,
    undescribed,
)

#: Where an export's and a verification's shapes start in the document.
SHAPES = ("Export", "ExportPage", "Verification", "VerificationPage")


def test_the_manifest_is_described_field_by_field(client):
    components = document(client)
    manifest = component(components, "Export", "manifest")
    assert set(manifest["properties"]) == set(Manifest.__required_keys__)
    assert set(manifest["required"]) == set(manifest["properties"])
    files = component(components, "Manifest", "files")
    assert set(files["properties"]) == set(ManifestFile.__required_keys__)
    assert files["properties"]["columns"]["nullable"] is True
    window = component(components, "Period", "audit_window_utc")
    assert set(window["properties"]) == set(window["required"]) == {"from", "to"}
    as_of = component(components, "Manifest", "as_of")
    assert set(as_of["properties"]) == {
        "round_record_id",
        "exception_id",
        "decision_id",
        "audit_event_id",
        "audit_seal_seq",
        "table_session_id",
        "inventory_count_id",
        "slip_id",
        "slip_signature_id",
        "drop_count_id",
        "check_note_id",
        "player_id",
        "player_name_id",
        "rating_id",
        "rating_event_id",
        "buy_in_id",
        "cash_log_entry_id",
        "report_day_id",
        "identification_id",
        "comp_redemption_id",
        "rating_correction_id",
        "alert_id",
    }
    assert {prop["type"] for prop in as_of["properties"].values()} == {"integer"}
    for name in ("software", "requested_by", "audit_chain_head", "conventions"):
        assert component(components, "Manifest", name)["properties"], name
    assert component(components, "Manifest", "schedules")["properties"]["shift_starts"]["items"] == {
        "type": "string"
    }


def test_the_manifest_s_tables_are_all_or_a_list_of_tables(client):
    tables = document(client)["Manifest"]["properties"]["tables"]
    everything, listed = tables["oneOf"]
    assert everything == {"type": "string", "enum": ["all"]}
    assert set(listed["items"]["properties"]) == {"id", "name"}


def test_the_links_name_their_fields(client):
    components = document(client)
    export_links = component(components, "Export", "links")
    assert set(export_links["properties"]) == {"self", "download"}
    assert export_links["required"] == ["self"]  # download: only once done
    verification_links = component(components, "Verification", "links")
    assert set(verification_links["properties"]) == set(verification_links["required"]) == {"self"}
    for owner in ("Export", "Verification"):
        assert "additionalProperties" not in components[owner]["properties"]["links"]


def test_the_accounting_report_is_described_field_by_field(client):
    components = document(client)
    accounting = component(components, "AuditReport", "accounting")
    assert set(accounting["properties"]) == set(AccountingReportJson.__required_keys__)
    problem = component(components, "AccountingReport", "problems")
    assert set(problem["properties"]) == set(problem["required"]) == set(RecordProblemJson.__required_keys__)
    assert problem["properties"]["event_id"]["nullable"] is True
    assert set(problem["properties"]["problem"]["enum"]) == {
        "record_edited",
        "event_missing",
        "record_missing",
        "event_repeated",
        "event_unreadable",
        "total_mismatch",
    }
    difference = component(components, "RecordProblem", "differences")
    assert set(difference["properties"]) == set(FieldDifferenceJson.__required_keys__)


def test_the_totals_compared_are_numbers(client):
    total = document(client)["TotalDifference"]["properties"]
    assert total["stored"]["type"] == total["recounted"]["type"] == "number"


def test_every_field_of_an_export_or_a_verification_says_what_it_is(client):
    components = document(client)
    missing = undescribed(components, SHAPES)
    assert missing == [], missing


def test_no_free_form_object_is_left_in_an_export_or_a_verification(client):
    components = document(client)
    assert free_form_objects(components, SHAPES) == []


def test_no_marshmallow_dict_is_left_in_the_answers():
    for schema in (ExportSchema(), ExportPageSchema(), VerificationSchema(), VerificationPageSchema()):
        assert free_form_dicts(schema) == [], type(schema).__name__
        dicts = [name for name, field in schema.fields.items() if type(field).__name__ == "Dict"]
        assert dicts == [], type(schema).__name__


def a_broken_report() -> AuditReport:
    """A report with every part filled in: an edited event, a round that
    disagrees with its event, totals that differ (an integer and a float),
    a slip and a drop count that differ from their events."""
    differences = (
        Difference("payload.house_net", 500, 900),
        Difference("payload.note", ABSENT, {"why": "added"}),
        Difference("payload.seats", [1, 2], None),
    )
    chain = ChainReport(
        False, 4, 1, 9, "ab" * 32, "genesis", 2, BrokenLink(5, 12, "event_edited", "edited", differences)
    )
    mismatches = (Mismatch("house_net", 500, 900, SEALED), Mismatch("round_id", "r1", 1, SEALED))
    rounds = RoundsReport(3, 1, (RoundProblem(7, 1, mismatches), RoundProblem(8, None, ())), 1)
    totals = TotalsReport(
        2,
        1,
        (
            TotalDifference(1, "BP-1", "2026-12-01", 1, 3, "dealer", 2, "main_house_net", 500, 900),
            TotalDifference(1, "BP-1", "2026-12-01", 1, 3, "dealer", 2, "main_stake_squares", 2.5, 4.0),
        ),
        (11,),
        FiguresReport(
            3,
            1,
            (
                FiguresDifference(5, 1, "BP-1", "2026-12-01", 1, "win", 350000, 300000),
                FiguresDifference(5, 1, "BP-1", "2026-12-01", 1, "gaming_day", "2026-12-01", None),
            ),
        ),
    )
    slip = RecordProblem(
        "slips", 4, "slip:12", 30, RECORD_EDITED, "edited", (FieldDifference("total", 350000, 300000),)
    )
    drop = RecordProblem(
        "drop_counts",
        2,
        "session:1",
        31,
        RECORD_EDITED,
        "edited",
        (FieldDifference("lines.2000", 1, ABSENT), FieldDifference("counters", [5, 6], [5, 7])),
    )
    unsealed = RecordProblem("inventory_counts", 9, "session:3", None, "event_missing", "no event")
    accounting = AccountingReport(14, 13, 3, (slip, drop, unsealed))
    return AuditReport(chain, rounds, totals, accounting)


def test_the_report_schema_shows_exactly_the_report():
    report = a_broken_report().to_json()
    assert set(report) == set(AuditReportJson.__required_keys__)
    shown = as_json(AuditReportSchema().dump(report))
    assert shown == as_json(report)
    assert shown["chain"]["broken"]["differences"][1]["sealed"] == "(absent)"
    assert shown["accounting"]["problems"][1]["differences"][0]["sealed"] == "(absent)"
    assert shown["accounting"]["problems"][2]["event_id"] is None
    # An integer stays an integer: no total is shown as 900.0.
    assert json.dumps(shown["totals"]["differences"][0]["recounted"]) == "900"
    assert shown["totals"]["session_figures"]["differences"][1]["recounted"] is None


def test_the_manifest_schema_shows_exactly_a_manifest():
    manifest: Manifest = {
        "title": "Break Poker compliance export",
        "export_id": 1,
        "software": {"name": "breakpoker", "version": "1.0"},
        "generated_at_utc": "2026-12-02T10:00:00+00:00",
        "requested_by": {"id": 4, "name": "compliance"},
        "requested_at_utc": "2026-12-02T09:59:00+00:00",
        "period": {
            "first_gaming_day": "2026-12-01",
            "last_gaming_day": "2026-12-02",
            "audit_window_utc": {"from": "2026-12-01T06:00:00+00:00", "to": "2026-12-03T06:00:00+00:00"},
        },
        "tables": [{"id": 1, "name": "BP-1"}],
        "schedules": [{"table_id": 1, "timezone": "UTC", "shift_starts": ["06:00", "14:00", "22:00"]}],
        "currencies": [{"table_id": 1, "code": "JPY", "minor_unit": 0}],
        "as_of": {
            "round_record_id": 3,
            "exception_id": 0,
            "decision_id": 0,
            "audit_event_id": 9,
            "audit_seal_seq": 9,
            "table_session_id": 1,
            "inventory_count_id": 2,
            "slip_id": 3,
            "slip_signature_id": 5,
            "drop_count_id": 1,
            "check_note_id": 0,
            "player_id": 2,
            "player_name_id": 3,
            "rating_id": 1,
            "rating_event_id": 1,
            "buy_in_id": 0,
            "cash_log_entry_id": 0,
            "report_day_id": 0,
            "identification_id": 0,
            "comp_redemption_id": 0,
            "rating_correction_id": 0,
            "alert_id": 0,
        },
        "audit_chain_head": {"seq": 9, "hash": "ab" * 32},
        "files": [
            {
                "name": "rounds.csv",
                "description": "rounds",
                "columns": ["id"],
                "rows": 3,
                "bytes": 9,
                "sha256": "0",
            },
            {
                "name": "audit_chain.jsonl",
                "description": "chain",
                "columns": None,
                "rows": 9,
                "bytes": 9,
                "sha256": "1",
            },
        ],
        "conventions": {"money": "m", "times": "t", "csv": "c", "formula_guard": "f", "cards": "k"},
    }
    for tables in (manifest["tables"], "all"):
        shown = {**manifest, "tables": tables}
        assert as_json(ManifestSchema().dump(shown)) == as_json(shown)
