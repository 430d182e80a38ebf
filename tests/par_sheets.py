"""Par sheets computed once per test run (each takes seconds)."""

from __future__ import annotations

from functools import cache

from service.analysis.par_sheet import ParSheet, compute_par_sheet
from service.engine.table_config import TableConfig


@cache
def default_sheet() -> ParSheet:
    return compute_par_sheet(TableConfig())
