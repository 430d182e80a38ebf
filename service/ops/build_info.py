"""What build is running: the software version, the rule book's edition
the engine settles by, and the schema revision of the code and of the
database (the version endpoint, and the ``breakpoker_build_info`` gauge:
1, with these as labels, the Prometheus convention for build facts)."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Annotated, TypedDict

from prometheus_client.core import GaugeMetricFamily
from prometheus_client.registry import Collector
from sqlalchemy.exc import SQLAlchemyError

from service.config.version import software_version
from service.engine.rule_book import RULES_VERSION
from service.store.db import Db
from service.store.migrate import head_revision, revisions

LABELS = ("version", "rules_version", "schema_revision", "database_schema_revision")


@dataclass(frozen=True)
class BuildInfo:
    version: str
    rules_version: int
    schema_revision: str  # the migrations' head this code needs
    #: the revisions the database is at (one when migrated); None: it does not answer
    database_revisions: tuple[str, ...] | None

    @property
    def database_label(self) -> str:
        if self.database_revisions is None:
            return "unreachable"
        return ",".join(self.database_revisions) or "none"


def build_info(db: Db) -> BuildInfo:
    try:
        found: tuple[str, ...] | None = tuple(sorted(revisions(db)))
    except SQLAlchemyError:
        db.rollback()
        found = None
    return BuildInfo(software_version(), RULES_VERSION, head_revision(), found)


class VersionJson(TypedDict):
    version: Annotated[str, "the software's version"]
    rules_version: Annotated[
        int, "the rule book's edition the engine settles by (not a table's configuration)"
    ]
    schema_revision: Annotated[str, "the database schema revision (Alembic head) this code needs"]
    database_schema_revisions: Annotated[
        list[str] | None, "the revisions the database is at ([]: none); null: it does not answer"
    ]
    migrated: Annotated[bool, "the database is at exactly the code's revision"]


def version_json(info: BuildInfo) -> VersionJson:
    """The version endpoint's answer: the database's revisions are null
    when it does not answer."""
    found = info.database_revisions
    return {
        "version": info.version,
        "rules_version": info.rules_version,
        "schema_revision": info.schema_revision,
        "database_schema_revisions": None if found is None else list(found),
        "migrated": found == (info.schema_revision,),
    }


class BuildInfoMetric(Collector):
    def __init__(self, info: BuildInfo) -> None:
        self.info = info

    def collect(self) -> Iterator[GaugeMetricFamily]:
        gauge = GaugeMetricFamily(
            "breakpoker_build_info",
            "The running build: 1, with its software and rules versions and the code's and the "
            "database's schema revisions as labels",
            labels=list(LABELS),
        )
        info = self.info
        gauge.add_metric(
            [info.version, str(info.rules_version), info.schema_revision, info.database_label], 1
        )
        yield gauge
