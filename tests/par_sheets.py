"""Par sheets, and the pair counts they are made from, computed once per
test run. Counting every player-dealer pair for one qualifier (the costly
part of a sheet) takes 10 s of both cores, 45 s on a loaded machine, and
the tests need the default rules' and A-3-2's counts in several processes:
the first process of the run that needs one computes it and stores it in
the run's folder, and the others, waiting meanwhile, read it from there."""

from __future__ import annotations

import json
import os
import time
from dataclasses import asdict
from functools import cache

from service.analysis.cache import cached_par_sheet, code_fingerprint, store_par_sheet
from service.analysis.main_bet import PairCounts, pair_counts
from service.analysis.par_sheet import ParSheet, par_sheet_from
from service.engine.qualifier import Qualifier
from service.engine.table_config import TableConfig
from tests.support.run_folder import one_at_a_time, run_folder


@cache
def shared_pair_counts(qualifier: Qualifier) -> tuple[PairCounts, float]:
    """``pair_counts(qualifier)``, and the seconds its computation took."""
    # Named by the code's fingerprint, as the par sheets' cache is: a run
    # folder kept by hand never serves the counts of other rules.
    path = run_folder() / "pair-counts" / f"{qualifier.text}-{code_fingerprint()[:12]}.json"
    with one_at_a_time(f"pair-counts-{qualifier.text}"):
        if path.exists():
            stored = json.loads(path.read_text())
            counts = stored["counts"]
            return PairCounts(**{**counts, "main": tuple(counts["main"])}), stored["seconds"]
        started = time.perf_counter()
        found = pair_counts(qualifier)
        seconds = time.perf_counter() - started
        path.parent.mkdir(exist_ok=True)
        # Whole or not at all: a reader never sees half a file.
        written = path.with_suffix(".tmp")
        written.write_text(json.dumps({"counts": asdict(found), "seconds": seconds}))
        os.replace(written, path)
        return found, seconds


@cache
def sheet_for(config: TableConfig) -> ParSheet:
    """``compute_par_sheet(config)``, made from the run's pair counts of its
    qualifier and kept in the run's folder as the service's cache keeps it."""
    with one_at_a_time(f"par-sheet-{config.digest[:24]}"):
        found = cached_par_sheet(config, run_folder())
        if found is not None:
            return found
        counts, seconds = shared_pair_counts(config.dealer_qualifier)
        # Timed as the computation of the counts was, wherever it ran.
        sheet = par_sheet_from(config, counts, time.perf_counter() - seconds)
        store_par_sheet(sheet, run_folder())
        return sheet


def default_sheet() -> ParSheet:
    return sheet_for(TableConfig())
