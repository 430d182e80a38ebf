"""The tests. Imported before any of them (and before tests/conftest.py),
so what is set here reaches every module and every process a test starts."""

from __future__ import annotations

import atexit
import os
import shutil
import tempfile

#: the variables set here, for a test run, that the caller had not set (the
#: benchmarks, ``python -m tests.bench``, take them out again: a bench runs
#: in the caller's environment, as ``breakpoker`` does)
SET_FOR_THE_RUN: list[str] = []

# One folder a run for numba's compiled loops (service.analysis.*_kernel
# cache them only where NUMBA_CACHE_DIR names one): the first process to
# compile a loop leaves it there and the rest, the run's xdist workers and
# the job workers the tests start, load it in a fraction of a second. Made
# by the first process of the run (pytest-xdist's workers inherit it from
# their controller), before anything imports numba, and removed by it.
if "NUMBA_CACHE_DIR" not in os.environ:
    os.environ["NUMBA_CACHE_DIR"] = tempfile.mkdtemp(prefix="breakpoker-numba-")
    atexit.register(shutil.rmtree, os.environ["NUMBA_CACHE_DIR"], ignore_errors=True)
    SET_FOR_THE_RUN.append("NUMBA_CACHE_DIR")

# One folder a run for what the tests compute once and share: strategy
# table blocks, pair counts and par sheets (tests/support/run_folder.py).
if "BREAKPOKER_TEST_RUN_FOLDER" not in os.environ:
    os.environ["BREAKPOKER_TEST_RUN_FOLDER"] = tempfile.mkdtemp(prefix="breakpoker-run-")
    atexit.register(shutil.rmtree, os.environ["BREAKPOKER_TEST_RUN_FOLDER"], ignore_errors=True)
    SET_FOR_THE_RUN.append("BREAKPOKER_TEST_RUN_FOLDER")

# What a test does not point at its own instance folder (a session made
# without the test's settings, whose events read the keys of the
# environment's) lands in the run's folder, never in the checkout's
# instance/ with the developer's own database and keys.
if "BREAKPOKER_INSTANCE" not in os.environ:
    os.environ["BREAKPOKER_INSTANCE"] = os.path.join(os.environ["BREAKPOKER_TEST_RUN_FOLDER"], "instance")
    SET_FOR_THE_RUN.append("BREAKPOKER_INSTANCE")
