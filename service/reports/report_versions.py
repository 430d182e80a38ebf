"""The configuration versions a report's rounds were settled under: each
one's par sheet (its theoretical hold) and its name in the report."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from pathlib import Path

from sqlalchemy import select

from service.analysis.cache import cached_par_sheet
from service.analysis.par_sheet import ParSheet
from service.reports.report_values import ConfigVersionRefJson
from service.store.db import Db
from service.store.models import ConfigVersion
from service.tables.tables import config_of


def version_sheets(db: Db, instance: Path, config_ids: Iterable[int]) -> dict[int, ParSheet | None]:
    """Each version's cached par sheet, or None while the job computes it
    (the job was queued when the version was made: nothing is queued here)."""
    ids = sorted(set(config_ids))
    versions = db.scalars(select(ConfigVersion).where(ConfigVersion.id.in_(ids))).all()
    by_digest: dict[str, ParSheet | None] = {}
    found: dict[int, ParSheet | None] = {}
    for version in versions:
        if version.digest not in by_digest:
            by_digest[version.digest] = cached_par_sheet(config_of(version), instance)
        found[version.id] = by_digest[version.digest]
    return found


def version_names(db: Db, config_ids: Sequence[int]) -> list[ConfigVersionRefJson]:
    """Each version as its table and number, in that order."""
    if not config_ids:
        return []
    versions = db.scalars(select(ConfigVersion).where(ConfigVersion.id.in_(config_ids)))
    refs: list[ConfigVersionRefJson] = [
        {"table_id": version.table_id, "version": version.version} for version in versions
    ]
    return sorted(
        refs,
        key=lambda item: (item["table_id"], item["version"]),
    )
