"""Par sheets kept on disk, one file per configuration's rules, so the pit
reports read the theoretical hold at once.

A sheet is keyed by the configuration digest (the rules without the version
number: versions with the same rules share one sheet) and by a fingerprint
of the rules code, so a changed rule never serves a stale figure. Files are
written whole and renamed into place: a reader never sees half a sheet.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import tempfile
from dataclasses import replace
from functools import cache
from importlib import resources
from pathlib import Path

from service.analysis.main_bet import Progress
from service.analysis.par_sheet import ParSheet, compute_par_sheet
from service.config.instance import instance_path
from service.engine.table_config import TableConfig


@cache
def code_fingerprint() -> str:
    """SHA-256 of the rules engine and analysis sources."""
    digest = hashlib.sha256()
    for package in ("service.engine", "service.analysis"):
        for source in sorted(resources.files(package).iterdir(), key=lambda path: path.name):
            if source.name.endswith(".py"):
                digest.update(source.name.encode())
                digest.update(source.read_bytes())
    return digest.hexdigest()


def cache_folder(instance: Path | None = None) -> Path:
    return (instance or instance_path()) / "par_sheets"


def cache_file(config: TableConfig, instance: Path | None = None) -> Path:
    return cache_folder(instance) / f"{config.digest[:24]}-{code_fingerprint()[:12]}.json"


def cached_par_sheet(config: TableConfig, instance: Path | None = None) -> ParSheet | None:
    """The stored sheet of these rules, as for this version; ``None`` if absent
    or unreadable (it is then simply computed again)."""
    path = cache_file(config, instance)
    try:
        sheet = ParSheet.from_json(json.loads(path.read_text()))
    except (OSError, ValueError, KeyError, TypeError):
        return None
    if sheet.config.digest != config.digest:
        return None
    return replace(sheet, config=config)


def copy_par_sheets(source: Path, instance: Path) -> None:
    """Another instance's cached sheets into this one's: keyed by the rules
    and the code, a sheet holds in any instance."""
    if cache_folder(source).is_dir():
        shutil.copytree(cache_folder(source), cache_folder(instance), dirs_exist_ok=True)


def store_par_sheet(sheet: ParSheet, instance: Path | None = None) -> Path:
    path = cache_file(sheet.config, instance)
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=".par-sheet-", suffix=".tmp")
    try:
        with os.fdopen(handle, "w") as out:
            json.dump(sheet.to_json(), out, indent=1)
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
    return path


def par_sheet(
    config: TableConfig, instance: Path | None = None, progress: Progress | None = None
) -> tuple[ParSheet, bool]:
    """The sheet from the cache, or computed and stored; and whether it was cached."""
    found = cached_par_sheet(config, instance)
    if found is not None:
        return found, True
    sheet = compute_par_sheet(config, progress)
    store_par_sheet(sheet, instance)
    return sheet, False
