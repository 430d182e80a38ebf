"""/metrics shows each table's handle and win: with BREAKPOKER_METRICS_TOKEN
set, only a scraper that sends it gets them."""

from __future__ import annotations

from dataclasses import replace

import pytest

from service.app import create_app


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
