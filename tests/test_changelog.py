"""CHANGELOG.md's releases: the newest released version is the software's
(``pyproject.toml``), every release is dated, newest first, and an
``[Unreleased]`` section stays on top for the work not released yet."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CHANGELOG = (ROOT / "CHANGELOG.md").read_text()
RELEASE = r"^## \[(\d+)\.(\d+)\.(\d+)\] - (\d{4}-\d{2}-\d{2})$"


def releases() -> list[tuple[tuple[int, int, int], str]]:
    return [
        ((int(major), int(minor), int(patch)), day)
        for major, minor, patch, day in re.findall(RELEASE, CHANGELOG, flags=re.MULTILINE)
    ]


def test_the_newest_release_is_pyproject_s_version():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    newest = ".".join(str(part) for part in releases()[0][0])
    assert newest == project["version"]


def test_the_releases_are_newest_first_and_dated_in_order():
    found = releases()
    assert len(found) > 1
    versions = [version for version, _ in found]
    days = [day for _, day in found]
    assert versions == sorted(versions, reverse=True)
    assert len(set(versions)) == len(versions)
    assert days == sorted(days, reverse=True)


def test_unreleased_stays_on_top():
    headings = re.findall(r"^## .*$", CHANGELOG, flags=re.MULTILINE)
    assert headings[0] == "## [Unreleased]"
    assert re.match(RELEASE, headings[1])


def test_each_release_says_what_changed_in_keep_a_changelog_s_kinds():
    kinds = {"Added", "Changed", "Deprecated", "Removed", "Fixed", "Security"}
    for section in re.split(r"^## ", CHANGELOG, flags=re.MULTILINE)[2:]:
        found = re.findall(r"^### (.+)$", section, flags=re.MULTILINE)
        assert found, section.splitlines()[0]
        assert set(found) <= kinds, section.splitlines()[0]
