"""The provisioned dashboard: every panel's PromQL reads series a live
app's /metrics exposes, through the provisioned datasource, and the panels
the issue asks for are there."""

from __future__ import annotations

import json

import yaml

from tests.ops.paths import GRAFANA
from tests.ops.promql import PROMETHEUS_OWN, metric_names, rated_names, series_types


def dashboard() -> dict:
    return json.loads((GRAFANA / "dashboards" / "breakpoker.json").read_text())


def panels() -> list[dict]:
    return [panel for panel in dashboard()["panels"] if panel["type"] != "row"]


def test_every_panel_reads_series_that_metrics_exposes(exposed):
    assert len(panels()) >= 15
    for panel in panels():
        assert panel["targets"], panel["title"]
        for target in panel["targets"]:
            names = metric_names(target["expr"])
            assert names, (panel["title"], target["expr"])
            assert names - PROMETHEUS_OWN <= exposed, (panel["title"], names - exposed - PROMETHEUS_OWN)


def test_rates_are_taken_of_counters_only(live_metrics):
    # A gauge's rate is meaningless, and a lowered counter reads as a reset.
    types = series_types(live_metrics)
    rated = [(p["title"], name) for p in panels() for t in p["targets"] for name in rated_names(t["expr"])]
    assert ("Rounds settled per minute", "breakpoker_rounds_voided_total") in rated
    assert {(title, name) for title, name in rated if types[name] not in ("counter", "histogram")} == set()


def test_panels_use_the_provisioned_datasource():
    [source] = yaml.safe_load((GRAFANA / "provisioning/datasources/prometheus.yaml").read_text())[
        "datasources"
    ]
    assert source["type"] == "prometheus"
    for panel in panels():
        assert panel["datasource"] == {"type": "prometheus", "uid": source["uid"]}
        assert all(target["datasource"]["uid"] == source["uid"] for target in panel["targets"])


def test_the_issue_s_panels_are_there():
    reads = {
        panel["title"]: set().union(*(metric_names(t["expr"]) for t in panel["targets"]))
        for panel in panels()
    }

    def panel_on(*names: str) -> list[str]:
        return [title for title, used in reads.items() if set(names) <= used]

    assert panel_on("breakpoker_rounds_settled_total")  # settlement rate
    assert panel_on("breakpoker_http_request_seconds_bucket")  # latency
    assert panel_on("breakpoker_gaming_day_handle_minor_units")  # handle per bet type
    assert panel_on("breakpoker_gaming_day_house_win_minor_units")  # house win per bet type
    # Hold against theory: both over the same handle.
    assert panel_on(
        "breakpoker_gaming_day_house_win_minor_units",
        "breakpoker_gaming_day_theoretical_win_minor_units",
        "breakpoker_gaming_day_handle_minor_units",
    )
    assert panel_on("breakpoker_jobs_queued")  # queues
    assert panel_on("breakpoker_jobs_failed", "breakpoker_job_failures_total")  # failures
    for title, used in reads.items():
        if any(name.startswith("breakpoker_gaming_day") for name in used):
            expressions = [t["expr"] for p in panels() if p["title"] == title for t in p["targets"]]
            assert all("by (bet)" in expr for expr in expressions), title


def test_panels_do_not_overlap():
    taken: set[tuple[int, int]] = set()
    for panel in dashboard()["panels"]:
        box = panel["gridPos"]
        cells = {(box["x"] + dx, box["y"] + dy) for dx in range(box["w"]) for dy in range(box["h"])}
        assert box["x"] + box["w"] <= 24
        assert not cells & taken, panel["title"]
        taken |= cells
