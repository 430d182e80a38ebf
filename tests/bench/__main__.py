import os

import tests
from tests.bench import main

# Importing the tests package set up a test run's folders; a bench runs in
# the caller's environment (its instance, numba's cache or none), as
# `breakpoker` did.
for name in tests.SET_FOR_THE_RUN:
    del os.environ[name]
main(prog_name="python -m tests.bench")
