"""The scrape config and the alert rules: every expression reads series a
live app's /metrics exposes (always checked), and promtool checks the
config and the rules and runs a unit test of each alert (when promtool can
be had: .ci/run fetches Debian's)."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest
import yaml

from tests.ops.paths import PROMETHEUS, promtool
from tests.ops.promql import PROMETHEUS_OWN, metric_names, rated_names, series_types


def alert_rules() -> list[dict]:
    document = yaml.safe_load((PROMETHEUS / "alerts.yml").read_text())
    return [rule for group in document["groups"] for rule in group["rules"]]


def test_every_alert_reads_series_that_metrics_exposes(exposed):
    rules = alert_rules()
    assert len(rules) >= 9
    for rule in rules:
        names = metric_names(rule["expr"])
        assert names, rule["alert"]
        assert names - PROMETHEUS_OWN <= exposed, (rule["alert"], names - exposed - PROMETHEUS_OWN)


def test_alerts_take_rates_of_counters_only(live_metrics):
    types = series_types(live_metrics)
    rated = {(rule["alert"], name) for rule in alert_rules() for name in rated_names(rule["expr"])}
    assert ("BreakPokerHighErrorRate", "breakpoker_http_requests_total") in rated
    assert {(alert, name) for alert, name in rated if types[name] not in ("counter", "histogram")} == set()


def test_the_issue_s_alerts_are_all_there():
    reads = {rule["alert"]: metric_names(rule["expr"]) for rule in alert_rules()}

    def alert_on(name: str) -> list[str]:
        return [alert for alert, names in reads.items() if name in names]

    assert alert_on("up")  # API down
    assert alert_on("breakpoker_http_requests_total")  # error rate
    assert alert_on("breakpoker_http_request_seconds_bucket")  # p99 latency
    assert alert_on("breakpoker_jobs_queued")  # queue backlog
    assert alert_on("breakpoker_jobs_failed")  # failed jobs
    assert alert_on("breakpoker_outbox_oldest_seconds")  # outbox backlog
    assert alert_on("breakpoker_hold_variance_flag")  # hold variance flag
    assert alert_on("breakpoker_audit_chain_intact")  # audit chain verification failure


def test_every_alert_has_a_unit_test_that_makes_it_fire():
    tests = yaml.safe_load((PROMETHEUS / "alerts.test.yml").read_text())
    assert tests["rule_files"] == ["alerts.yml"]
    fired = {
        case["alertname"]
        for test in tests["tests"]
        for case in test["alert_rule_test"]
        if case.get("exp_alerts")
    }
    assert fired == {rule["alert"] for rule in alert_rules()}
    # Each one documented in the runbook under its own heading.
    runbook = (PROMETHEUS.parent / "README.md").read_text()
    for rule in alert_rules():
        assert f"### {rule['alert']}" in runbook
        assert rule["annotations"]["runbook"] == f"ops/README.md#{rule['alert'].lower()}"


def test_the_scrape_config_scrapes_the_api_and_loads_the_rules():
    config = yaml.safe_load((PROMETHEUS / "prometheus.yml").read_text())
    assert config["rule_files"] == ["alerts.yml"]
    api = next(job for job in config["scrape_configs"] if job["job_name"] == "breakpoker-api")
    assert api["metrics_path"] == "/metrics"
    assert api["dns_sd_configs"] == [{"names": ["api"], "type": "A", "port": 8000, "refresh_interval": "30s"}]
    # The alerts name the job as the scrape config does.
    assert all(
        'job="breakpoker-api"' in rule["expr"] for rule in alert_rules() if "up" in metric_names(rule["expr"])
    )


def _promtool_or_skip() -> str:
    found = promtool()
    if found is None:
        pytest.skip(
            "promtool is not installed (.ci/fetch-promtool gets Debian's); the metric names were checked"
        )
    return found


def run_promtool(
    *arguments: str, stdin: str | None = None, cwd: Path = PROMETHEUS
) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [_promtool_or_skip(), *arguments],
        cwd=cwd,
        input=stdin,
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_promtool_accepts_the_config_and_the_rules(tmp_path):
    # As compose lays it out: the config, its rules, and the scrape token
    # file it names (mounted from ops/.env, never in the repository).
    for name in ("prometheus.yml", "alerts.yml"):
        shutil.copy(PROMETHEUS / name, tmp_path / name)
    (tmp_path / "metrics_token").write_text("a scrape token\n")
    checked = run_promtool("check", "config", "prometheus.yml", cwd=tmp_path)
    assert checked.returncode == 0, checked.stdout + checked.stderr
    assert f"SUCCESS: {len(alert_rules())} rules found" in checked.stdout + checked.stderr


def test_promtool_unit_tests_of_every_alert_pass():
    tested = run_promtool("test", "rules", "alerts.test.yml")
    assert tested.returncode == 0, tested.stdout + tested.stderr
    assert "SUCCESS" in tested.stdout


def test_promtool_unit_tests_fail_when_an_alert_is_wrong(tmp_path):
    # The tests above can fail: the same tests against a rule that never fires.
    broken = (
        (PROMETHEUS / "alerts.yml").read_text().replace("max(breakpoker_redis_up) == 0", "vector(0) == 1")
    )
    (tmp_path / "alerts.yml").write_text(broken)
    (tmp_path / "alerts.test.yml").write_text((PROMETHEUS / "alerts.test.yml").read_text())
    tested = subprocess.run(
        [_promtool_or_skip(), "test", "rules", "alerts.test.yml"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert tested.returncode == 1
    assert "alertname: BreakPokerRedisDown" in tested.stdout + tested.stderr


def test_promtool_finds_nothing_to_lint_in_live_metrics(live_metrics):
    linted = run_promtool("check", "metrics", stdin=live_metrics)
    assert linted.returncode == 0, linted.stdout + linted.stderr
