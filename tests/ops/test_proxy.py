"""The TLS proxy in front of the API (ops/nginx/breakpoker.conf, compose's
`proxy`), read as text: no nginx runs in CI. HTTP only redirects to HTTPS;
HTTPS serves the certificate and key compose mounts in, TLS 1.2 and 1.3
only, HSTS, and passes to the API with the client's address alone."""

from __future__ import annotations

import re

from service.config.environment import VARIABLES
from tests.ops.paths import OPS, ROOT
from tests.ops.test_compose import services

CONF = OPS / "nginx" / "breakpoker.conf"
ONE_YEAR = 365 * 24 * 3600


def server_blocks() -> list[list[tuple[str, str]]]:
    """Each ``server { ... }``: its directives as (name, arguments), nested
    blocks' included, comments left out."""
    text = re.sub(r"#[^\n]*", "", CONF.read_text())
    blocks: list[list[tuple[str, str]]] = []
    depth = 0
    for token in re.findall(r"[^;{}]+[;{]|}", text):
        token = token.strip()
        if token == "}":
            depth -= 1
            continue
        name, _, arguments = token[:-1].strip().partition(" ")
        if token.endswith("{"):
            if depth == 0:
                assert name == "server", token
                blocks.append([])
            depth += 1
        else:
            assert depth > 0, f"{token} outside a server block"
            blocks[-1].append((name, arguments.strip()))
    assert depth == 0, "unbalanced braces"
    return blocks


def directives(block: list[tuple[str, str]], name: str) -> list[str]:
    return [arguments for found, arguments in block if found == name]


def by_port() -> dict[int, list[tuple[str, str]]]:
    found = {}
    for block in server_blocks():
        for listen in directives(block, "listen"):
            found[int(re.search(r"(\d+)", listen.split()[0].rsplit(":", 1)[-1]).group(1))] = block
    return found


def test_http_only_redirects_to_https():
    plain = by_port()[80]
    assert directives(plain, "listen") == ["80", "[::]:80"]
    assert [name for name, _ in plain if name not in ("listen", "server_name")] == ["return"]
    assert directives(plain, "return") == ["301 https://$host$request_uri"]


def test_https_with_the_mounted_certificate_tls_12_and_13_and_hsts():
    secure = by_port()[443]
    assert directives(secure, "listen") == ["443 ssl", "[::]:443 ssl"]
    proxy = services()["proxy"]
    targets = {mounted["source"]: f"/run/secrets/{mounted['target']}" for mounted in proxy["secrets"]}
    assert directives(secure, "ssl_certificate") == [targets["tls_certificate"]]
    assert directives(secure, "ssl_certificate_key") == [targets["tls_key"]]
    assert directives(secure, "ssl_protocols") == ["TLSv1.2 TLSv1.3"]
    [hsts] = [header for header in directives(secure, "add_header") if header.startswith("Strict-Transport")]
    age = re.fullmatch(r'Strict-Transport-Security "max-age=(\d+)[^"]*" always', hsts)
    assert age, hsts
    assert int(age.group(1)) >= ONE_YEAR


def test_passes_to_the_api_with_the_clients_address_alone():
    secure = by_port()[443]
    port = VARIABLES["BREAKPOKER_BIND"].load_default.rsplit(":", 1)[1]
    assert directives(secure, "proxy_pass") == [f"http://api:{port}"]
    headers = dict(header.split(" ", 1) for header in directives(secure, "proxy_set_header"))
    # Replaced, not appended to: a client cannot put an address before it.
    assert headers["X-Forwarded-For"] == "$remote_addr"
    assert headers["X-Forwarded-Proto"] == "https"
    # gunicorn's timeout answers a slow request before the proxy gives up.
    [read] = directives(secure, "proxy_read_timeout")
    assert int(read.removesuffix("s")) > VARIABLES["BREAKPOKER_TIMEOUT"].load_default


def test_compose_runs_the_proxy_pinned_with_files_from_the_host():
    proxy = services()["proxy"]
    assert re.fullmatch(r"nginx:\d+\.\d+\.\d+-bookworm", proxy["image"])
    assert proxy["volumes"] == ["./nginx/breakpoker.conf:/etc/nginx/conf.d/default.conf:ro"]
    assert sorted(port.rsplit(":", 1)[1].strip('"') for port in proxy["ports"]) == ["443", "80"]
    assert proxy["depends_on"] == {"api": {"condition": "service_healthy"}}
    assert "ports" not in services()["api"]
    compose = (OPS / "compose.yaml").read_text()
    assert "file: ${BREAKPOKER_TLS_CERTIFICATE:-./tls/fullchain.pem}" in compose
    assert "file: ${BREAKPOKER_TLS_KEY:-./tls/privkey.pem}" in compose
    assert not (OPS / "tls").exists() or not any(
        path.name.endswith((".pem", ".key")) for path in (OPS / "tls").iterdir()
    ), "a key in the checkout"
    assert "ops/tls/" in (ROOT / ".gitignore").read_text().splitlines()


def test_the_api_believes_the_proxy_on_compose_network_only():
    from tests.ops.test_compose import compose

    [subnet] = compose()["networks"]["default"]["ipam"]["config"]
    assert services()["api"]["environment"]["BREAKPOKER_TRUSTED_PROXIES"] == subnet["subnet"]
