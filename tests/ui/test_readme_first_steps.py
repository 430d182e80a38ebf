"""The README's first steps, done as written, settle a round: the users and
the table made by step 2's commands, the table opened at the pit page by
step 3's pit boss with step 3's fields and buttons, the round dealt at the
tablet by step 4's dealer. Every name, amount, field and button is read
from the README, so the two cannot drift apart. The server refuses rounds
at a table that is not open, as a casino's does: a step left out fails."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from service.cli import main
from service.config.environment import SessionlessRounds
from tests.ui.conftest import PASSWORD, Live, expect, serving

README = Path(__file__).resolve().parents[2] / "README.md"


@pytest.fixture(scope="module")
def live(tmp_path_factory: pytest.TempPathFactory, migrated_sqlite: Path) -> Iterator[Live]:
    with serving(tmp_path_factory.mktemp("readme"), SessionlessRounds.REFUSE, migrated_sqlite) as served:
        yield served


def first_steps() -> str:
    return README.read_text().split("## First steps", 1)[1].split("\n## ", 1)[0]


def step(number: int) -> str:
    """One numbered step, its lines joined."""
    text = first_steps().split(f"\n{number}. ", 1)[1].split(f"\n{number + 1}. ", 1)[0]
    return " ".join(text.split())


def found(pattern: str, text: str) -> tuple[str, ...]:
    match = re.search(pattern, text)
    assert match, f"{pattern!r} not in: {text}"
    return match.groups()


def run_step_two(live: Live, monkeypatch: Any) -> dict[str, str]:
    """Step 2's commands as written (each password typed twice); what they made."""
    monkeypatch.setenv("DATABASE_URL", live.settings.database_url)
    monkeypatch.setenv("BREAKPOKER_INSTANCE", str(live.settings.instance))
    made = {}
    commands = [line.strip() for line in first_steps().splitlines() if line.strip().startswith(".venv/bin/")]
    assert len(commands) == 4
    for command in commands:
        words = command.split("#")[0].split()[1:]
        result = CliRunner().invoke(main, words, input=f"{PASSWORD}\n{PASSWORD}\n")
        assert result.exit_code == 0, (command, result.output)
        if words[:2] == ["users", "create"]:
            made[words[4]] = words[2]  # users create NAME --role ROLE
        elif words[:2] == ["tables", "create"]:
            made["table"] = words[2]
            made["table_id"] = found(r"\(id (\d+)\)", result.output)[0]
    return made


def test_the_readme_s_first_steps_settle_a_round(open_page: Any, live: Live, monkeypatch: Any) -> None:
    made = run_step_two(live, monkeypatch)
    dealer, pit_boss, table = made["dealer"], made["pit_boss"], made["table"]

    # Before step 3 the tablet has no table to pick, as the README warns.
    tablet = open_page("/dealer", dealer)
    (unopened,) = found(r'the tablet has no table to pick \("([^"]+)"\)', step(3))
    expect(tablet.locator('[data-error-for="tables"]')).to_contain_text(unopened)

    # Step 3: the pit boss opens the table, the dealer signing too.
    three = step(3)
    page, who, name, listed, view = found(
        r"Sign in at \S+?(/pit) as `(\w+)`, pick `([^`]+)` in the "
        r"\*\*([^*]+)\*\* list and press \*\*([^*]+)\*\*",
        three,
    )
    assert (who, name) == (pit_boss, f"{table} (closed)")
    chips, field, total = found(r"`(\d+)` in the \*\*([^*]+)\*\* field: \w+ chips, ([\d,.]+);", three)
    signer, fields = found(r"`(\w+)` types their name and password in the \*\*([^*]+)\*\* fields", three)
    assert signer == dealer
    (button,) = found(r"Press \*\*([^*]+)\*\*", three)
    pit = open_page(page, pit_boss)
    pit.get_by_label(listed, exact=True).select_option(label=name)
    pit.get_by_role("button", name=view, exact=True).click()
    pit.get_by_label(field, exact=True).fill(chips)
    signature = pit.get_by_role("group", name=fields).locator("input")
    signature.nth(0).fill(dealer)
    signature.nth(1).fill(PASSWORD)
    pit.get_by_role("button", name=button, exact=True).click()
    expect(pit.locator("#notice")).to_contain_text(f"{table} is open: session #1, opener {total}.")

    # Step 4: the dealer deals the round at the tablet.
    four = step(4)
    who, name = found(r"sign in as `(\w+)`; press `([^`]+)`", four)
    assert (who, name) == (dealer, table)
    (line,) = found(r"\(`(d: [^`]+)` and Enter\)", four)
    (bet,) = found(r"main bet for each seat \(`(\d+)` is", four)
    check, send = found(r"press \*\*([^*]+)\*\* to check them, then \*\*([^*]+)\*\*", four)
    tablet.reload()
    tablet.get_by_role("button", name=table, exact=True).click()
    tablet.fill("#codes", line)
    tablet.press("#codes", "Enter")
    expect(tablet.locator('[data-error-for="codes"]')).to_have_text("")
    tablet.fill("#bet-1-main", bet)
    tablet.get_by_role("button", name=check, exact=True).click()
    expect(tablet.locator('#preview-table tr[data-seat="1"]')).to_be_visible()
    tablet.get_by_role("button", name=send, exact=True).click()
    expect(tablet.locator('#settlement tr[data-seat="1"]')).to_be_visible()
    (stored,) = live.rounds(int(made["table_id"]))
    assert stored["seats"][0]["bets"]["main"] == int(bet) * 100
