"""The running build's version, open like the health checks, and as the
``breakpoker_build_info`` gauge; and the 202 of a par sheet being computed
says where and when to ask again."""

from __future__ import annotations

import re

from service.config.version import software_version
from service.engine.rule_book import RULES_VERSION
from service.store.migrate import head_revision


def test_the_version_names_the_software_the_rules_and_the_schema(client):
    response = client.get("/api/v1/version")  # no sign-in, like /api/v1/healthz
    assert response.status_code == 200
    assert response.json == {
        "version": software_version(),
        "rules_version": RULES_VERSION,
        "schema_revision": head_revision(),
        "database_schema_revisions": [head_revision()],
        "migrated": True,
    }
    assert software_version() != "unknown"


def test_the_build_info_gauge_has_the_same_labels(client):
    text = client.get("/metrics").get_data(as_text=True)
    assert "# TYPE breakpoker_build_info gauge" in text
    line = next(line for line in text.splitlines() if line.startswith("breakpoker_build_info{"))
    labels = dict(re.findall(r'(\w+)="([^"]*)"', line))
    assert labels == {
        "version": software_version(),
        "rules_version": str(RULES_VERSION),
        "schema_revision": head_revision(),
        "database_schema_revision": head_revision(),
    }
    assert line.endswith(" 1.0")


def test_a_par_sheet_being_computed_says_where_and_when_to_ask_again(client, as_role, table):
    url = f"/api/v1/tables/{table['id']}/par-sheet"
    response = client.get(url, headers=as_role["dealer"])
    assert response.status_code == 202
    assert response.json["status"] == "computing"
    assert response.headers["Location"] == url
    assert int(response.headers["Retry-After"]) > 0
    spec = client.get("/api/v1/openapi.json").json
    pending = spec["paths"]["/api/v1/tables/{table_id}/par-sheet"]["get"]["responses"]["202"]
    assert set(pending["headers"]) == {"Retry-After", "Location"}
    version = spec["paths"]["/api/v1/version"]["get"]
    assert "security" not in version
