"""The Dockerfile, read statically (it cannot be built here): two stages,
compilers only in the builder, a user that is not root, a HEALTHCHECK, the
entrypoint and the gunicorn config where the image says they are, and every
COPY source there and let through by .dockerignore."""

from __future__ import annotations

import fnmatch
import re
import shlex

import pytest

from tests.ops.paths import ROOT

COMPILERS = re.compile(r"\b(gcc|g\+\+|cc|clang|build-essential|make|libc6-dev|python3-dev)\b")


def instructions() -> list[tuple[str, str]]:
    text = (ROOT / "Dockerfile").read_text()
    text = re.sub(r"\\\n", " ", text)  # continuation lines
    found = []
    for line in text.splitlines():
        line = line.strip()
        if line and not line.startswith("#"):
            keyword, _, rest = line.partition(" ")
            found.append((keyword.upper(), rest.strip()))
    return found


def stages() -> list[list[tuple[str, str]]]:
    split: list[list[tuple[str, str]]] = []
    for keyword, rest in instructions():
        if keyword == "FROM":
            split.append([])
        if split:
            split[-1].append((keyword, rest))
    return split


def test_two_stages_from_a_slim_python():
    builder, final = stages()
    arguments = dict(rest.split("=", 1) for keyword, rest in instructions()[:1] if keyword == "ARG")
    assert "slim" in arguments["PYTHON_IMAGE"]
    assert arguments["PYTHON_IMAGE"].startswith("python:3.11")
    assert builder[0] == ("FROM", "${PYTHON_IMAGE} AS builder")
    assert final[0] == ("FROM", "${PYTHON_IMAGE}")


def test_compilers_only_in_the_builder():
    builder, final = stages()
    assert any(keyword == "RUN" and COMPILERS.search(rest) for keyword, rest in builder)
    for keyword, rest in final:
        assert not (keyword == "RUN" and COMPILERS.search(rest)), rest
    # The final stage takes the venv from the builder, nothing else built.
    copies = [rest for keyword, rest in final if keyword == "COPY"]
    assert "--from=builder /opt/venv /opt/venv" in copies
    assert all(
        "--from=builder" not in rest or rest == "--from=builder /opt/venv /opt/venv" for rest in copies
    )


def test_runs_as_a_user_that_is_not_root_with_a_healthcheck():
    _, final = stages()
    [user] = [rest for keyword, rest in final if keyword == "USER"]
    assert user.split(":")[0] not in ("root", "0", "")
    created = " ".join(rest for keyword, rest in final if keyword == "RUN")
    assert f"useradd --system --uid 10001 --gid {user.split(':')[1]}" in created
    # USER comes before what runs: the entrypoint and the health check.
    keywords = [keyword for keyword, _ in final]
    assert keywords.index("USER") < keywords.index("ENTRYPOINT")
    [health] = [rest for keyword, rest in final if keyword == "HEALTHCHECK"]
    assert health.endswith('CMD ["/app/ops/entrypoint.sh", "healthcheck"]')
    assert "curl" not in health
    assert "--interval=" in health


def test_the_entrypoint_and_config_are_where_the_image_names_them():
    _, final = stages()
    values = {}
    for keyword, rest in final:
        if keyword == "ENV":
            values.update(dict(item.split("=", 1) for item in shlex.split(rest)))
    assert values["BREAKPOKER_GUNICORN_CONFIG"] == "/app/ops/gunicorn.conf.py"
    assert values["BREAKPOKER_BIND"] == "0.0.0.0:8000"
    assert values["BREAKPOKER_INSTANCE"] == "/var/lib/breakpoker"
    assert ("COPY", "ops/entrypoint.sh ops/gunicorn.conf.py /app/ops/") in final
    assert ("ENTRYPOINT", '["/app/ops/entrypoint.sh"]') in final
    assert ("CMD", '["api"]') in final
    assert ("EXPOSE", "8000") in final
    assert (ROOT / "ops" / "entrypoint.sh").stat().st_mode & 0o111  # executable in the repository


def _sources() -> list[str]:
    found = []
    for keyword, rest in instructions():
        if keyword == "COPY" and not rest.startswith("--from"):
            *sources, _ = shlex.split(rest)
            found += sources
    return found


@pytest.mark.parametrize("source", _sources())
def test_every_copy_source_exists_and_reaches_the_build(source):
    assert (ROOT / source).exists(), source
    assert _let_through(source), f"{source} is excluded by .dockerignore"


def _let_through(path: str) -> bool:
    """.dockerignore's rules in order, the last match wins (a ! re-includes)."""
    included = True
    for rule in (ROOT / ".dockerignore").read_text().splitlines():
        rule = rule.strip()
        if not rule or rule.startswith("#"):
            continue
        negated = rule.startswith("!")
        pattern = rule.lstrip("!").rstrip("/")
        if fnmatch.fnmatch(path, pattern) or path.startswith(pattern + "/") or path == pattern:
            included = negated
    return included


def test_dockerignore_keeps_local_state_out():
    for path in (".venv", ".git", "instance", "ops/.env", ".tools", "tests"):
        assert not _let_through(path), path
    assert _let_through("pyproject.toml")
    assert _let_through("service")


def test_the_base_image_is_pinned_by_digest():
    (keyword, rest), *_ = instructions()
    assert keyword == "ARG"
    image = rest.split("=", 1)[1]
    name, _, digest = image.partition("@")
    assert name == "python:3.11-slim-bookworm"
    assert re.fullmatch(r"sha256:[0-9a-f]{64}", digest), image
    # Where it came from and how to refresh it, beside it.
    assert "docker buildx imagetools inspect python:3.11-slim-bookworm" in (ROOT / "Dockerfile").read_text()


def test_the_builder_installs_the_lock_by_hash_and_nothing_else():
    builder, _ = stages()
    runs = [rest for keyword, rest in builder if keyword == "RUN" and "pip install" in rest]
    locked, project = runs
    assert "--require-hashes --no-deps --only-binary :all: -r requirements/main.txt" in locked
    assert "--no-deps --no-build-isolation ." in project
    assert "pip check" in project
    assert ("COPY", "requirements/main.txt ./requirements/main.txt") in builder
    # The lock is copied and installed before the source: its layer outlives a code change.
    keywords = [(keyword, rest) for keyword, rest in builder]
    assert keywords.index(("COPY", "requirements/main.txt ./requirements/main.txt")) < keywords.index(
        ("COPY", "service ./service")
    )


def test_oci_labels_from_build_arguments():
    _, final = stages()
    [arguments] = [rest.split() for keyword, rest in final if keyword == "ARG"]
    labels = dict(
        item.split("=", 1) for keyword, rest in final if keyword == "LABEL" for item in shlex.split(rest)
    )
    for name in ("source", "revision", "version", "created"):
        assert f'{name.upper()}=""' in arguments
        assert labels[f"org.opencontainers.image.{name}"] == f"${{{name.upper()}}}"
    assert labels["org.opencontainers.image.title"] == "breakpoker"
    # `make image` fills them from git.
    makefile = (ROOT / "Makefile").read_text()
    for name in ("REVISION", "CREATED", "VERSION", "SOURCE"):
        assert f"--build-arg {name}=" in makefile
