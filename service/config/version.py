"""The installed version of this software, as events and exports record it."""

from __future__ import annotations

from importlib.metadata import PackageNotFoundError, version


def software_version() -> str:
    try:
        return version("breakpoker")
    except PackageNotFoundError:
        return "unknown"
