"""The locks (requirements/*.txt, written by `make lock`) pin every package
with ``==`` and a hash, cover everything pyproject.toml asks for within its
ranges, agree with each other, and are what this venv holds. Two installs
giving the same bytes is `make check-reproducible` (minutes, not run here)."""

from __future__ import annotations

import re
import tomllib
from importlib import metadata
from pathlib import Path

import pytest
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

ROOT = Path(__file__).resolve().parents[1]
MAIN = ROOT / "requirements" / "main.txt"
DEV = ROOT / "requirements" / "dev.txt"
TOOLS = ROOT / "requirements" / "uv.txt"
PIN = re.compile(r"^([A-Za-z0-9][A-Za-z0-9._-]*)==([A-Za-z0-9.+!_-]+) \\$")
HASH = re.compile(r"^    --hash=sha256:[0-9a-f]{64}( \\)?$")


def entries(lock: Path) -> dict[str, str]:
    """Each package of a lock and its version; fails on a line that is not
    a pin, a hash of the pin above it, or a comment."""
    pins: dict[str, str] = {}
    hashes: dict[str, int] = {}
    current = None
    continued = False
    for number, line in enumerate(lock.read_text().splitlines(), 1):
        if continued:
            assert HASH.match(line), f"{lock.name}:{number}: not a sha256 hash: {line!r}"
            hashes[current] += 1
            continued = line.endswith("\\")
        elif line.lstrip().startswith("#") or not line.strip():
            continue
        else:
            pin = PIN.match(line)
            assert pin, f"{lock.name}:{number}: not NAME==VERSION followed by hashes: {line!r}"
            current = canonicalize_name(pin.group(1))
            assert current not in pins, f"{lock.name}:{number}: {current} twice"
            pins[current] = pin.group(2)
            hashes[current] = 0
            continued = True
    assert pins, f"{lock.name} pins nothing"
    assert all(hashes.values()), f"{lock.name}: pins without a hash"
    return pins


def project() -> dict:
    return tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]


@pytest.mark.parametrize("lock", [MAIN, DEV, TOOLS], ids=lambda path: path.name)
def test_every_line_pins_a_version_with_its_hashes(lock):
    assert entries(lock)
    assert "make lock" in lock.read_text().splitlines()[1]  # the command that refreshes it


@pytest.mark.parametrize(
    ("lock", "wanted"),
    [(MAIN, lambda: project()["dependencies"]), (DEV, lambda: project()["optional-dependencies"]["dev"])],
    ids=["main: dependencies", "dev: dev extras"],
)
def test_the_lock_has_what_pyproject_asks_for_within_its_ranges(lock, wanted):
    pins = entries(lock)
    for line in wanted():
        requirement = Requirement(line)
        name = canonicalize_name(requirement.name)
        assert name in pins, f"{name} is in pyproject.toml, not in {lock.name}: run `make lock`"
        assert requirement.specifier.contains(pins[name], prereleases=True), (name, pins[name])
        for extra in requirement.extras:  # psycopg[binary]: psycopg-binary, at the same version
            assert pins.get(f"{name}-{extra}") == pins[name], f"{name}[{extra}]"
    # The build backend pyproject.toml names, for `pip install --no-build-isolation`.
    assert "setuptools" in pins
    assert "pip" in pins


def test_the_dev_lock_pins_the_program_as_the_image_has_it():
    main, dev = entries(MAIN), entries(DEV)
    assert {name: dev.get(name) for name in main} == main
    assert "cryptography" in main


def test_this_venv_holds_the_dev_lock():
    """`make install` installed the lock (a stale venv would test other code)."""
    for name, version in entries(DEV).items():
        assert metadata.version(name) == version, f"{name}: run `make install` again"
