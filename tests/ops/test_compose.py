"""ops/compose.yaml, parsed (Docker cannot run here): the services the issue
names, images that are the project's build or pinned public tags, start
order by health, the migration before the API, declared volumes, Redis with
an append-only file, and Prometheus and Grafana mounting files that exist."""

from __future__ import annotations

import re

import yaml

from tests.ops.paths import ENTRYPOINT, GRAFANA, OPS, ROOT

APP = {"migrate", "api", "dispatcher", "worker-quick", "worker-long", "verifier"}
PINNED = re.compile(r"^[a-z0-9]+(?:[./-][a-z0-9]+)*:(?=[^:]*\d)[A-Za-z0-9._-]+$")


def compose() -> dict:
    return yaml.safe_load((OPS / "compose.yaml").read_text())


def services() -> dict[str, dict]:
    return compose()["services"]


def default(value: str) -> str:
    """``${NAME:-default}`` as compose fills it in without a .env."""
    return re.sub(r"\$\{[A-Z_]+:-([^}]*)\}", r"\1", value)


def test_the_services_of_the_issue():
    assert set(services()) == APP | {"proxy", "postgres", "redis", "prometheus", "grafana"}
    workers = [name for name, service in services().items() if service.get("command") == ["worker"]]
    assert sorted(workers) == ["worker-long", "worker-quick"]
    assert services()["worker-quick"]["environment"]["BREAKPOKER_WORKER_QUEUES"] == "audit,metrics,values"
    assert int(default(services()["api"]["environment"]["WEB_CONCURRENCY"])) >= 2


def test_images_are_the_project_build_or_pinned_public_tags():
    for name, service in services().items():
        if name in APP:
            assert service["build"] == {"context": "..", "dockerfile": "Dockerfile"}
            assert (OPS / service["build"]["context"] / service["build"]["dockerfile"]).resolve() == (
                ROOT / "Dockerfile"
            )
            assert default(service["image"]) == "breakpoker:local"
        else:
            assert "build" not in service
            assert PINNED.match(service["image"]), f"{name}: {service['image']} is not a pinned tag"
            assert not service["image"].endswith(":latest")


def test_every_role_is_one_the_entrypoint_knows():
    roles = set(re.findall(r"^    ([a-z]+)\)$", ENTRYPOINT.read_text(), flags=re.MULTILINE))
    assert {"api", "worker", "dispatcher", "migrate", "verifier", "healthcheck"} <= roles
    for name in APP:
        assert services()[name]["command"][0] in roles, name


def test_start_order_waits_on_health_and_the_migration():
    every = services()
    for name, service in every.items():
        for needed, condition in service.get("depends_on", {}).items():
            assert needed in every, f"{name} depends on {needed}, which is not a service"
            assert condition["condition"] in ("service_healthy", "service_completed_successfully")
            if condition["condition"] == "service_healthy":
                check = every[needed].get("healthcheck", {})
                assert check.get("test"), f"{needed} has no health check"
                assert not check.get("disable"), f"{needed} has its health check disabled"
    for name in APP - {"migrate"}:
        assert every[name]["depends_on"]["migrate"] == {"condition": "service_completed_successfully"}
        assert every[name]["depends_on"]["postgres"] == {"condition": "service_healthy"}
        assert every[name]["depends_on"]["redis"] == {"condition": "service_healthy"}
    assert every["migrate"]["depends_on"] == {"postgres": {"condition": "service_healthy"}}
    assert every["migrate"]["restart"] == "no"
    assert every["migrate"]["command"] == ["migrate"]
    assert every["prometheus"]["depends_on"] == {"api": {"condition": "service_healthy"}}
    assert every["grafana"]["depends_on"] == {"prometheus": {"condition": "service_healthy"}}
    assert every["api"]["healthcheck"]["test"] == ["CMD", "/app/ops/entrypoint.sh", "healthcheck"]


def test_volumes_are_declared_and_bind_mounts_exist():
    declared = set(compose()["volumes"])
    used = set()
    for name, service in services().items():
        for mount in service.get("volumes", []):
            source = mount.split(":")[0]
            if source.startswith("."):
                assert (OPS / source).exists(), f"{name} mounts {source}, which is not in ops/"
            else:
                assert source in declared, f"{name} uses the undeclared volume {source}"
                used.add(source)
    assert used == declared == {"instance", "pgdata", "redisdata", "promdata", "grafanadata"}
    # The API and the workers share the instance folder (par sheets, exports).
    for name in APP:
        assert "instance:/var/lib/breakpoker" in services()[name]["volumes"]


def test_redis_keeps_an_append_only_file_and_never_evicts_jobs():
    command = services()["redis"]["command"]
    assert command[0] == "redis-server"
    assert command[command.index("--appendonly") + 1] == "yes"
    assert command[command.index("--maxmemory-policy") + 1] == "noeviction"
    assert "redisdata:/data" in services()["redis"]["volumes"]


def test_prometheus_and_grafana_mount_the_files_in_ops():
    prometheus = services()["prometheus"]["volumes"]
    assert "./prometheus/prometheus.yml:/etc/prometheus/prometheus.yml:ro" in prometheus
    assert "./prometheus/alerts.yml:/etc/prometheus/alerts.yml:ro" in prometheus
    assert "--config.file=/etc/prometheus/prometheus.yml" in services()["prometheus"]["command"]
    grafana = services()["grafana"]["volumes"]
    assert "./grafana/provisioning:/etc/grafana/provisioning:ro" in grafana
    assert "./grafana/dashboards:/etc/grafana/dashboards:ro" in grafana
    provider = yaml.safe_load((GRAFANA / "provisioning/dashboards/breakpoker.yaml").read_text())
    assert provider["providers"][0]["options"]["path"] == "/etc/grafana/dashboards"
    home = services()["grafana"]["environment"]["GF_DASHBOARDS_DEFAULT_HOME_DASHBOARD_PATH"]
    assert (GRAFANA / "dashboards" / home.removeprefix("/etc/grafana/dashboards/")).is_file()
    source = yaml.safe_load((GRAFANA / "provisioning/datasources/prometheus.yaml").read_text())
    assert source["datasources"][0]["url"] == "http://prometheus:9090"


def test_secrets_are_required_from_the_environment_not_written_here():
    text = (OPS / "compose.yaml").read_text()
    secrets = (
        "POSTGRES_PASSWORD",
        "BREAKPOKER_OWNER_PASSWORD",
        "BREAKPOKER_APP_PASSWORD",
        "REDIS_PASSWORD",
        "GRAFANA_ADMIN_PASSWORD",
        "BREAKPOKER_METRICS_TOKEN",
    )
    for secret in secrets:
        assert f"${{{secret}:?" in text
        assert re.search(rf"^{secret}=$", (OPS / "env.example").read_text(), flags=re.MULTILINE)
    assert "ops/.env" in (ROOT / ".gitignore").read_text().splitlines()
    assert "ops/tls/" in (ROOT / ".gitignore").read_text().splitlines()  # the TLS key


def test_prometheus_scrapes_with_the_token_the_api_asks_for():
    api = services()["api"]["environment"]
    assert api["BREAKPOKER_METRICS_TOKEN"].startswith("${BREAKPOKER_METRICS_TOKEN:?")
    prometheus = services()["prometheus"]
    (mounted,) = prometheus["configs"]
    assert mounted == {"source": "metrics_token", "target": "/etc/prometheus/metrics_token"}
    assert compose()["configs"]["metrics_token"]["content"] == api["BREAKPOKER_METRICS_TOKEN"]
    scrape = yaml.safe_load((OPS / "prometheus/prometheus.yml").read_text())["scrape_configs"][0]
    assert scrape["job_name"] == "breakpoker-api"
    # Relative to the config's folder: /etc/prometheus/metrics_token in the container.
    assert scrape["authorization"] == {"type": "Bearer", "credentials_file": "metrics_token"}


def test_only_the_tls_proxy_and_grafana_are_published_on_the_host():
    # /metrics asks for a token (each table's handle and win); Prometheus
    # holds the same figures and has no sign-in, so it stays on the compose
    # network, where Grafana (which has one) reaches it by its service name.
    # The API is reached through the TLS proxy only.
    published = {name for name, service in services().items() if service.get("ports")}
    assert published == {"proxy", "grafana"}
    assert all("network_mode" not in service for service in services().values())
    assert "networks" not in services()["prometheus"]  # the project's default network, shared with Grafana
    source = yaml.safe_load((GRAFANA / "provisioning/datasources/prometheus.yaml").read_text())
    assert source["datasources"][0]["url"] == "http://prometheus:9090"


def test_the_app_connects_as_the_app_role_and_only_migrate_as_the_owner():
    every = services()
    for name in APP:
        url = every[name]["environment"]["DATABASE_URL"]
        assert url.startswith("postgresql://breakpoker_app:${BREAKPOKER_APP_PASSWORD:?"), name
        assert ("MIGRATE_DATABASE_URL" in every[name]["environment"]) == (name == "migrate"), name
    owner = every["migrate"]["environment"]["MIGRATE_DATABASE_URL"]
    assert owner.startswith("postgresql://breakpoker_owner:${BREAKPOKER_OWNER_PASSWORD:?")
    # The superuser is no service's; the init script makes both roles.
    postgres = every["postgres"]
    assert postgres["environment"]["POSTGRES_USER"] == "postgres"
    assert "./postgres/roles.sh:/docker-entrypoint-initdb.d/10-roles.sh:ro" in postgres["volumes"]
    script = (OPS / "postgres/roles.sh").read_text()
    assert "CREATE ROLE breakpoker_owner LOGIN" in script
    assert "CREATE ROLE breakpoker_app LOGIN" in script
    assert 'ALTER DATABASE :"database" OWNER TO breakpoker_owner' in script
    assert (OPS / "postgres/roles.sh").stat().st_mode & 0o111
    assert "breakpoker db grant-app-role" in ENTRYPOINT.read_text()
