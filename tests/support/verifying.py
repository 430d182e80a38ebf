"""Verifying the audit trail through the API as the page does: ask, let the
job run (in this process, as a worker would), and read the result."""

from __future__ import annotations

from typing import Any

from service.compliance.verifications import run_verification
from tests.support.app import databases

URL = "/api/v1/compliance/audit/verifications"


def verified(app: Any, client: Any, headers: dict[str, str], **body: int) -> dict[str, Any]:
    """The finished verification (its report under ``report``)."""
    asked = client.post(URL, json=body, headers=headers)
    assert asked.status_code == 202, asked.json
    assert run_verification(databases(app), asked.json["id"]) is True
    shown = client.get(f"{URL}/{asked.json['id']}", headers=headers)
    assert shown.status_code == 200, shown.json
    assert shown.json["status"] == "done", shown.json
    return dict(shown.json)


def cli_env(settings: Any) -> dict[str, str]:
    """The environment of a CLI run on the test's database and instance
    folder (whose keys signed the chain)."""
    return {"DATABASE_URL": settings.database, "BREAKPOKER_INSTANCE": str(settings.instance)}
