"""/metrics: it shows each table's handle and win, so with
BREAKPOKER_METRICS_TOKEN set only a scraper that sends it gets them; and one
part failing does not fail the whole scrape."""

from __future__ import annotations

from dataclasses import replace

import pytest

from service.api.app import create_app


@pytest.fixture
def guarded(settings):
    app = create_app(replace(settings, metrics_token="scrape-me"))
    yield app.test_client()
    app.extensions["breakpoker"]["engine"].dispose()


@pytest.mark.parametrize(
    "authorization", [None, "Bearer nonsense", "Bearer scrape-m", "Basic scrape-me", "Bearer "]
)
def test_metrics_refuses_a_scraper_without_the_token(guarded, authorization):
    headers = {} if authorization is None else {"Authorization": authorization}
    response = guarded.get("/metrics", headers=headers)
    assert response.status_code == 401
    assert (response.json["code"], response.json["field"]) == ("invalid_token", "Authorization")
    assert b"breakpoker_" not in response.data


def test_metrics_answers_the_scraper_with_the_token(guarded):
    response = guarded.get("/metrics", headers={"Authorization": "Bearer scrape-me"})
    assert response.status_code == 200
    assert b"breakpoker_outbox_backlog" in response.data


def test_without_a_token_set_metrics_is_open(client):
    assert client.get("/metrics").status_code == 200


def test_a_failure_of_the_table_figures_leaves_the_rest_of_the_scrape(client, monkeypatch, caplog):
    import service.api.ops.ops_routes

    def broken(*_args):
        raise ValueError("an unreadable par sheet")

    monkeypatch.setattr(service.api.ops.ops_routes, "day_lines", broken)
    response = client.get("/metrics")
    assert response.status_code == 200  # not an outage for Prometheus
    assert b"breakpoker_outbox_backlog" in response.data
    assert "the floor figures for /metrics failed" in caplog.text
