"""ops/README.md lists every environment variable the service, the
entrypoint and compose read, and only those, with the default and what is
allowed as service/config/environment.py (the one place the code reads them) has
them."""

from __future__ import annotations

import re

from service.config.environment import VARIABLES
from tests.ops.paths import ENTRYPOINT, GUNICORN_CONF, OPS, ROOT

READ = (
    r"os\.environ\.get\(\s*\"([A-Z][A-Z0-9_]+)\"",  # os.environ.get("X")
    r"os\.environ\[\"([A-Z][A-Z0-9_]+)\"\]",  # os.environ["X"]
    r"\"(BREAKPOKER_[A-Z0-9_]+)\"",  # a name kept in a constant or a tuple
)


def code_files() -> list:
    return [*ROOT.glob("service/**/*.py"), *ROOT.glob("workers/**/*.py"), GUNICORN_CONF]


def read_by_the_code() -> set[str]:
    found = set(VARIABLES)
    for path in code_files():
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


def rows() -> dict[str, list[str]]:
    """The configuration table: each variable's default, allowed and what."""
    found = {}
    for line in (OPS / "README.md").read_text().splitlines():
        cells = [cell.strip() for cell in line.strip().strip("|").split(" | ")]
        if len(cells) == 4 and re.fullmatch(r"`[A-Z][A-Z0-9_]+`", cells[0]):
            found[cells[0].strip("`")] = cells[1:]
    return found


def test_the_runbook_says_what_the_code_allows_and_defaults_to():
    table = rows()
    assert set(VARIABLES) <= set(table)
    for name, field in VARIABLES.items():
        default, allowed, _ = table[name]
        assert allowed.replace("`", "") == field.metadata["allowed"], name
        if isinstance(field.load_default, int):
            assert default.startswith(f"`{field.load_default}`"), name
        elif isinstance(field.load_default, tuple) and field.load_default:
            assert default.startswith(f"`{','.join(map(str, field.load_default))}`"), name
    assert table["BREAKPOKER_BIND"][0].startswith(f"`{VARIABLES['BREAKPOKER_BIND'].load_default}`")


def test_the_variables_are_read_in_one_place():
    read = re.compile(r"os\.environ(?:\.get)?[\[(]|os\.getenv\(|envvar=")
    for path in code_files():
        if path == ROOT / "service" / "environment.py":
            continue
        for line in path.read_text().splitlines():
            if read.search(line):
                assert not any(f'"{name}"' in line for name in VARIABLES), (path, line)
                assert "envvar=" not in line, (path, line)
