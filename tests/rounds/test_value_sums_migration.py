"""The migration that adds the per-shift expected value totals fills them
from what is stored."""

from __future__ import annotations

from typing import Any

import pytest
from alembic import command
from sqlalchemy import select

from service.rounds.value_sums import TOTALS
from service.store.migrate import alembic_config, upgrade
from service.store.models import (
    ShiftExpectedValues,
)
from tests.rounds import value_sums_floor
from tests.rounds.value_sums_floor import assert_exact
from tests.support.app import databases

pytestmark = pytest.mark.store
# The shared fixtures these tests take by name.
floor = value_sums_floor.floor


def stored_totals(app: Any) -> list[tuple[Any, ...]]:
    columns = [
        getattr(ShiftExpectedValues, name) for name in ("table_id", "gaming_day", "shift", "dealer_id")
    ]
    with databases(app)() as db:
        rows = db.execute(select(*columns, *(getattr(ShiftExpectedValues, name) for name in TOTALS)))
        return sorted(
            tuple(round(value, 6) if isinstance(value, float) else value for value in row) for row in rows
        )


def test_the_migration_fills_the_totals_from_what_is_stored(app, settings, floor):
    """Down to 0019 and up again: the backfill sums what the service kept."""
    entered = [floor.enter("dealer", hour, (1000, 500, 2500)) for hour in (0, 9, 17, 25)]
    valued, voided, corrected = entered[:3]  # the fourth waits for its values
    for record_id in (valued, voided, corrected):
        floor.value(record_id)
    floor.void(voided)
    floor.value(floor.correct(corrected, 3000))
    kept = stored_totals(app)
    assert sum(row[4] for row in kept) == 5  # records: four and a correction's
    command.downgrade(alembic_config(settings.database_url), "0019")
    upgrade(settings.database_url)
    assert stored_totals(app) == kept
    assert_exact(app, floor.table_id)
