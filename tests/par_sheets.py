"""Par sheets computed once per test run (each takes seconds of CPU, a
minute on a loaded machine): the first process of the run that needs one
computes it and stores it in the run's folder through the service's own
cache, and the others, waiting meanwhile, read it from there."""

from __future__ import annotations

from functools import cache

from service.analysis.cache import cached_par_sheet, store_par_sheet
from service.analysis.par_sheet import ParSheet, compute_par_sheet
from service.engine.table_config import TableConfig
from tests.support.run_folder import one_at_a_time, run_folder


@cache
def default_sheet() -> ParSheet:
    config = TableConfig()
    with one_at_a_time("par-sheets"):
        found = cached_par_sheet(config, run_folder())
        if found is not None:
            return found
        sheet = compute_par_sheet(config)
        store_par_sheet(sheet, run_folder())
        return sheet
