"""The pages' vocabulary (dealer_ui/static/shared/vocabulary.js) is the
service's: each group holds the members of the service's enum, each error
code is one the service raises, and no other module spells one of those
words in a comparison of its own."""

from __future__ import annotations

import re
from enum import StrEnum
from pathlib import Path

import pytest

from service.accounting.check import CheckStatus
from service.accounting.slip_states import SlipKind, SlipState
from service.accounts.roles import Role
from service.engine.round_json import HOUSE_WAY, ROUND_KEYS
from service.engine.settlement import Outcome
from service.engine.table_config import FoulPolicy
from service.errors import ErrorCode
from service.jobs.progress import State
from service.players.rating_values import BuyInKind, RatingState
from service.rounds.status import DecisionState, ExceptionKind, RoundStatus
from service.tables.status import TableStatus

ROOT = Path(__file__).resolve().parent.parent
STATIC = ROOT / "dealer_ui" / "static"
VOCABULARY = STATIC / "shared" / "vocabulary.js"

ENUMS: dict[str, type[StrEnum]] = {
    "ROLE": Role,
    "TABLE_STATUS": TableStatus,
    "SLIP_KIND": SlipKind,
    "SLIP_STATE": SlipState,
    "CHECK_STATUS": CheckStatus,
    "ROUND_STATUS": RoundStatus,
    "EXCEPTION_KIND": ExceptionKind,
    "DECISION_STATE": DecisionState,
    "JOB_STATE": State,
    "FOUL_POLICY": FoulPolicy,
    "OUTCOME": Outcome,
    "RATING_STATE": RatingState,
    "BUY_IN_KIND": BuyInKind,
}


def js_groups(text: str) -> dict[str, dict[str, str]]:
    """Each ``export const NAME = Object.freeze({...})`` as its members."""
    groups = {}
    for name, body in re.findall(r"export const (\w+) = Object\.freeze\(\{(.*?)\}\);", text, re.DOTALL):
        groups[name] = dict(re.findall(r'^\s*(\w+): "([a-z0-9_]+)",$', body, re.MULTILINE))
    return groups


GROUPS = js_groups(VOCABULARY.read_text())


def test_the_file_reads_as_groups():
    assert set(GROUPS) == {*ENUMS, "SETTING", "HAND", "ERROR"}
    assert all(GROUPS.values())


@pytest.mark.parametrize("group", sorted(ENUMS))
def test_each_group_is_the_services_enum(group):
    assert GROUPS[group] == {member.name: member.value for member in ENUMS[group]}


def test_the_round_json_words_are_the_services():
    assert GROUPS["SETTING"] == {"HOUSE_WAY": HOUSE_WAY}
    assert GROUPS["HAND"] == {"DEALER": "dealer"}
    assert "dealer" in ROUND_KEYS


def test_each_error_code_is_one_of_the_services():
    """The pages name a few of the codes, each as ``ErrorCode`` does."""
    named = GROUPS["ERROR"]
    assert named == {name: ErrorCode[name].value for name in named}


COMPARED = (
    r"""[=!]==?\s*["']([a-z0-9_]+)["']""",
    r"""["']([a-z0-9_]+)["']\s*[=!]==?""",
    r"""\bcase\s+["']([a-z0-9_]+)["']\s*:""",
    r"""\.(?:includes|has)\(\s*["']([a-z0-9_]+)["']""",
)


def bare_comparisons(text: str, words: set[str]) -> list[str]:
    return sorted({word for pattern in COMPARED for word in re.findall(pattern, text) if word in words})


def test_a_bare_comparison_is_found():
    words = {"pit_boss", "void"}
    assert bare_comparisons('if (user.role === "pit_boss") x(); switch (k) { case "void": }', words) == [
        "pit_boss",
        "void",
    ]
    assert bare_comparisons("if (user.role === ROLE.PIT_BOSS) x();", words) == []


def test_no_module_compares_against_a_bare_word_of_the_vocabulary():
    words = {value for group in GROUPS.values() for value in group.values()}
    modules = [path for path in STATIC.rglob("*.js") if path != VOCABULARY]
    assert len(modules) > 60
    found = {
        path.relative_to(STATIC).as_posix(): bare
        for path in modules
        if (bare := bare_comparisons(path.read_text(), words))
    }
    assert found == {}, "compare with the names of shared/vocabulary.js"
