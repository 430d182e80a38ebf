"""The block ``breakpoker run`` prints: its next steps are the README's
first steps (the same commands, in the same order, then the table opened
at the pit page by the pit boss they made, then the tablet), and it names
the admins that exist, with a password only when the run made one."""

from __future__ import annotations

import re
from pathlib import Path

from service.cli.run_summary import Summary

README = Path(__file__).resolve().parents[2] / "README.md"


def block(password: str | None = "generated-once", admins: tuple[str, ...] = ("admin",)) -> list[str]:
    summary = Summary("127.0.0.1", 8000, password, admins, "unix:///nowhere", 2)
    return summary.lines()


def commands(lines: list[str]) -> list[str]:
    """Each ``breakpoker ...`` command of the lines, from its verb on."""
    return [line.split("breakpoker ", 1)[1].split("#")[0].strip() for line in lines if "breakpoker " in line]


def first_steps() -> str:
    return README.read_text().split("## First steps", 1)[1].split("\n## ", 1)[0]


def next_steps(lines: list[str]) -> list[str]:
    start = next(index for index, line in enumerate(lines) if line.startswith("  Next,"))
    return lines[start + 1 :]


def test_the_printed_commands_are_the_readme_s_step_two():
    readme = [command for command in commands(first_steps().splitlines()) if "create" in command]
    assert commands(next_steps(block())) == readme
    assert readme == [
        "users create dealer1 --role dealer",
        "users create pitboss1 --role pit_boss",
        "tables create BP-1",
    ]


def test_the_printed_steps_open_the_table_as_the_pit_boss_before_the_tablet():
    steps = " ".join(" ".join(next_steps(block())).split())
    opening = re.search(r"Open BP-1 at (\S+) as pitboss1: .*dealer1 signs too.*Open the table", steps)
    assert opening, steps
    assert opening.group(1) == "http://127.0.0.1:8000/pit"
    assert steps.index("Open the table") < steps.index("http://127.0.0.1:8000/dealer as dealer1")
    # The README's step 3 is the same: the pit page, the pit boss, the button.
    readme = " ".join(first_steps().split())
    for words in ("/pit as `pitboss1`", "**Open the table**", "`dealer1` types their name and password"):
        assert words in readme


def test_a_first_admin_made_by_this_run_is_named_with_its_password():
    text = "\n".join(block())
    assert "First admin:    name  admin    password  generated-once" in text
    assert "users set-password admin" in text


def test_admins_made_before_are_named_and_no_password_is_shown():
    text = "\n".join(block(None, ("boss",)))
    assert "  Admin:          boss (made before this run; its password is not shown)" in text
    assert "users set-password boss" in text
    assert "password  " not in text
    assert "admin " not in text.lower().replace("admin:", "")
    two = "\n".join(block(None, ("boss", "chief")))
    assert "  Admins:         boss, chief (made before this run; their passwords are not shown)" in two
    assert "users set-password NAME" in two
