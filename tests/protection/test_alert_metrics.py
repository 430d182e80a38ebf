"""The alerts on /metrics: every alert raised counted by kind and severity
(a counter: the alerts are append-only), and those still open, which the
Prometheus rule pages on; every kind and severity has a sample from 0."""

from __future__ import annotations

import pytest
from prometheus_client.parser import text_string_to_metric_families

from tests.support.alerts import raise_one

pytestmark = pytest.mark.store

REPEATED = (("kind", "repeated_deck"), ("severity", "critical"))


def samples(client) -> dict[tuple[str, tuple[tuple[str, str], ...]], float]:
    exposition = client.get("/metrics").get_data(as_text=True)
    return {
        (sample.name, tuple(sorted(sample.labels.items()))): sample.value
        for family in text_string_to_metric_families(exposition)
        for sample in family.samples
    }


def test_the_alerts_raised_and_open_by_kind_and_severity(app, client, as_role, table):
    before = samples(client)
    assert before[("breakpoker_alerts_total", REPEATED)] == 0
    assert before[("breakpoker_alerts_open", (("kind", "results_beyond_luck"), ("severity", "warning")))] == 0
    first = raise_one(app, "deck:1", table["id"])
    raise_one(app, "deck:2", table["id"])
    note = {"note": "video pulled"}
    url = f"/api/v1/alerts/{first}/acknowledgement"
    acknowledged = client.post(url, json=note, headers=as_role["pit_boss"])
    assert acknowledged.status_code == 201
    after = samples(client)
    assert after[("breakpoker_alerts_total", REPEATED)] == 2
    assert after[("breakpoker_alerts_open", REPEATED)] == 1
    assert after[("breakpoker_alerts_total", (("kind", "cards_changed"), ("severity", "critical")))] == 0
