"""ops/README.md lists every environment variable the service, the
entrypoint and compose read, and only those."""

from __future__ import annotations

import re

from tests.ops.paths import ENTRYPOINT, GUNICORN_CONF, OPS, ROOT

READ = (
    r"os\.environ\.get\(\s*\"([A-Z][A-Z0-9_]+)\"",  # os.environ.get("X")
    r"os\.environ\[\"([A-Z][A-Z0-9_]+)\"\]",  # os.environ["X"]
    r"\"(BREAKPOKER_[A-Z0-9_]+)\"",  # a name kept in a constant or a tuple
)


def read_by_the_code() -> set[str]:
    files = [*ROOT.glob("service/**/*.py"), *ROOT.glob("workers/**/*.py"), GUNICORN_CONF]
    found = set()
    for path in files:
        text = path.read_text()
        for pattern in READ:
            found |= set(re.findall(pattern, text))
    return found


def read_by_entrypoint_and_compose() -> set[str]:
    found = set(re.findall(r"\$\{([A-Z][A-Z0-9_]+)", (OPS / "compose.yaml").read_text()))
    found |= set(re.findall(r"\$\{?([A-Z][A-Z0-9_]+)", ENTRYPOINT.read_text()))
    found |= set(re.findall(r"printenv \"?\$?([A-Z][A-Z0-9_]+)", ENTRYPOINT.read_text()))
    return found


def documented() -> set[str]:
    return set(re.findall(r"^\| `([A-Z][A-Z0-9_]+)` \|", (OPS / "README.md").read_text(), flags=re.MULTILINE))


def test_every_variable_is_documented_with_its_default():
    code = read_by_the_code()
    assert {"DATABASE_URL", "REDIS_URL", "BREAKPOKER_TOKEN_MINUTES", "BREAKPOKER_GUNICORN_CONFIG"} <= code
    used = code | read_by_entrypoint_and_compose()
    assert used - documented() == set(), "read but not in ops/README.md"
    assert documented() - used == set(), "in ops/README.md but read nowhere"
