"""Ready means migrated to the code's head: a database that answers but is
not migrated (or not to the head) is not ready, and says so; so does a
sign-in on it, rather than blaming the database's reachability."""

from __future__ import annotations

import pytest
from sqlalchemy import text

from service.api.app import create_app
from service.config.settings import Settings
from service.store.db import make_engine
from service.store.migrate import head_revision, upgrade

pytestmark = pytest.mark.store


@pytest.fixture
def unmigrated(database_url, tmp_path):
    """An app on a database that answers and holds no schema yet."""
    app = create_app(Settings(instance=tmp_path, database_url=database_url))
    yield app
    app.extensions["breakpoker"]["engine"].dispose()


def not_migrated(response, revision: str) -> None:
    assert response.status_code == 503, response.json
    assert (response.json["code"], response.json["field"]) == ("database_not_migrated", None)
    assert response.json["message"] == (
        f"the database is at revision {revision}, this version needs {head_revision()}: "
        "run `breakpoker db upgrade`"
    )


def test_a_database_without_the_schema_is_not_ready(unmigrated):
    client = unmigrated.test_client()
    for path in ("/readyz", "/api/v1/readyz"):
        not_migrated(client.get(path), "none")
    assert client.get("/healthz").status_code == 200  # the process itself is up


def test_a_database_behind_the_head_is_not_ready(unmigrated, database_url):
    upgrade(database_url, "0006")
    not_migrated(unmigrated.test_client().get("/readyz"), "0006")
    upgrade(database_url)
    assert unmigrated.test_client().get("/readyz").json == {"status": "ready"}


def test_a_sign_in_on_a_database_without_the_schema_says_so(unmigrated):
    response = unmigrated.test_client().post(
        "/api/v1/auth/login", json={"name": "admin", "password": "x" * 8}
    )
    assert response.status_code == 503, response.json
    assert response.json["code"] == "database_not_migrated"
    assert "run `breakpoker db upgrade`" in response.json["message"]


def test_a_table_changed_by_hand_is_named_as_such(app, client, settings):
    engine = make_engine(settings.database)
    with engine.begin() as connection:
        connection.execute(text("ALTER TABLE login_throttle RENAME TO login_throttle_away"))
    engine.dispose()
    response = client.post("/api/v1/auth/login", json={"name": "admin", "password": "x" * 8})
    assert response.status_code == 503, response.json
    assert response.json["code"] == "database_schema_changed"
    assert f"at revision {head_revision()} but lacks a table or column" in response.json["message"]
