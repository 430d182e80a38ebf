"""Two fresh installs of one lock hold the same bytes (`make check-reproducible`).

Installs the lock twice, each time into a new venv as `make install` does,
then compares what pip took (the name, version and sha256 of each archive,
from pip's install report) and what landed in site-packages (each file's
path and sha256). Left out: the bytecode pip compiles after installing
(it records when it was made) and each RECORD file, which holds the hashes
of the console scripts, whose first line names their venv's own path.

Not a pytest test: two installs take minutes, over CI's budget. The fast
checks of the lock itself are in tests/test_lock.py.

    python tests/reproducible.py requirements/dev.txt
"""

from __future__ import annotations

import hashlib
import json
import subprocess
import sys
import tempfile
from pathlib import Path

PIP_LOCKED = ["--require-hashes", "--no-deps", "--only-binary", ":all:"]


def install(lock: Path, venv: Path) -> tuple[dict[str, str], dict[str, str]]:
    """Install the lock into a new venv; its archives and its files, each with a sha256."""
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    report = venv / "report.json"
    pip = [str(venv / "bin" / "python"), "-m", "pip", "install", "--quiet", *PIP_LOCKED]
    subprocess.run([*pip, "--report", str(report), "-r", str(lock)], check=True)
    archives = {
        f"{item['metadata']['name']}=={item['metadata']['version']}": item["download_info"]["archive_info"][
            "hashes"
        ]["sha256"]
        for item in json.loads(report.read_text())["install"]
    }
    (site,) = (venv / "lib").glob("python*/site-packages")
    files = {
        str(path.relative_to(site)): hashlib.sha256(path.read_bytes()).hexdigest()
        for path in sorted(site.rglob("*"))
        if path.is_file() and "__pycache__" not in path.parts and path.name != "RECORD"
    }
    return archives, files


def differences(first: dict[str, str], second: dict[str, str]) -> list[str]:
    """The keys whose values differ, or that only one side has.

    >>> differences({"a": "1", "b": "2"}, {"a": "1", "b": "3", "c": "4"})
    ['b', 'c']
    """
    return sorted(key for key in first.keys() | second.keys() if first.get(key) != second.get(key))


def main(lock: Path) -> int:
    with tempfile.TemporaryDirectory(prefix="breakpoker-reproducible-") as scratch:
        one = install(lock, Path(scratch) / "one")
        two = install(lock, Path(scratch) / "two")
    archive_changes = differences(one[0], two[0])
    file_changes = differences(one[1], two[1])
    for name in archive_changes + file_changes:
        print(f"differs: {name}")
    print(
        f"{lock}: {len(one[0])} archives, {len(one[1])} files installed; "
        f"{len(archive_changes)} archives and {len(file_changes)} files differ between two installs"
    )
    return 1 if archive_changes or file_changes else 0


if __name__ == "__main__":
    sys.exit(main(Path(sys.argv[1])))
