"""The OpenAPI document, the docs page, liveness and readiness."""

from __future__ import annotations

import json
import tomllib
from pathlib import Path

from service.api.app import create_app
from service.config.settings import Settings
from service.config.version import software_version


def test_openapi_document_lists_every_endpoint(client):
    spec = client.get("/api/v1/openapi.json").json
    assert spec["info"]["title"] == "Break Poker table service"
    assert set(spec["paths"]) >= {
        "/api/v1/auth/login",
        "/api/v1/auth/logout",
        "/api/v1/tables",
        "/api/v1/tables/{table_id}",
        "/api/v1/tables/{table_id}/config",
        "/api/v1/tables/{table_id}/config/preview",
        "/api/v1/tables/{table_id}/house-way",
        "/api/v1/tables/{table_id}/rounds",
        "/api/v1/tables/{table_id}/rounds/preview",
        "/api/v1/rounds/{round_id}",
        "/api/v1/healthz",
        "/api/v1/readyz",
    }
    rounds = spec["paths"]["/api/v1/tables/{table_id}/rounds"]["post"]
    assert rounds["requestBody"]["content"]["application/json"]["schema"]["$ref"].endswith("RoundIn")
    assert any(p["name"] == "Idempotency-Key" for p in rounds["parameters"])
    assert "RoundIn" in spec["components"]["schemas"]


def test_the_document_s_version_is_the_software_s(client):
    project = tomllib.loads((Path(__file__).resolve().parents[2] / "pyproject.toml").read_text())
    spec = client.get("/api/v1/openapi.json").json
    assert spec["info"]["version"] == software_version() == project["project"]["version"]


def test_docs_page_is_served(client):
    response = client.get("/api/v1/docs")
    assert response.status_code == 200
    assert b"swagger" in response.data.lower()


def test_health_and_readiness(client):
    for path in ("/healthz", "/api/v1/healthz"):
        assert client.get(path).json == {"status": "ok"}
    for path in ("/readyz", "/api/v1/readyz"):
        assert client.get(path).json == {"status": "ready"}


def test_not_ready_without_a_database(tmp_path):
    # A folder where the database file should be: SQLite cannot open it.
    (tmp_path / "db").mkdir()
    app = create_app(Settings(instance=tmp_path, database_url=f"sqlite:///{tmp_path / 'db'}"))
    client = app.test_client()
    assert client.get("/healthz").status_code == 200
    response = client.get("/readyz")
    assert response.status_code == 503
    assert response.json["code"] == "database_unavailable"


def test_every_integer_parameter_has_a_bound_the_databases_hold(client):
    """An id or count in a query or path beyond the databases' integers was
    a 500 (SQLite: 'Python int too large to convert to SQLite INTEGER',
    found by the fuzzer at GET /checks?table=665905564683018323898662912);
    with a maximum in its schema it is a 422 naming the parameter."""
    spec = client.get("/api/v1/openapi.json").json
    unbounded = [
        f"{method.upper()} {path} {parameter['name']}"
        for path, operations in spec["paths"].items()
        for method, operation in operations.items()
        if isinstance(operation, dict)
        for parameter in operation.get("parameters", [])
        if parameter.get("schema", {}).get("type") == "integer"
        and not parameter["schema"].get("maximum", 2**63) < 2**63
    ]
    assert unbounded == []


def test_a_table_id_too_large_for_the_database_is_refused_at_its_field(client, as_role):
    for path in ("/api/v1/checks", "/api/v1/slips"):
        response = client.get(f"{path}?table=665905564683018323898662912", headers=as_role["pit_boss"])
        assert response.status_code == 422, response.json
        assert response.json["field"] == "table"


def test_the_document_served_is_the_apps_spec_every_time(app, client):
    """The text is made at the first request and kept: it must be the
    spec's, whole, and the same at each request."""
    api = app.extensions["flask-smorest"]["apis"][""]["ext_obj"]
    first = client.get("/api/v1/openapi.json")
    second = client.get("/api/v1/openapi.json")
    assert first.mimetype == second.mimetype == "application/json"
    assert first.get_data() == second.get_data()
    assert first.json == json.loads(json.dumps(api.spec.to_dict()))
