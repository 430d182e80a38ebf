"""The pages' templates are well nested: every ``section`` is closed,
and no view panel (a section of class ``view-panel``, the screens a page
switches between) lies inside another. A merge once left one open, and
the panel after it, nested inside a hidden one, could never be seen."""

from __future__ import annotations

from html.parser import HTMLParser
from pathlib import Path

import pytest

TEMPLATES = sorted((Path(__file__).resolve().parent.parent / "dealer_ui" / "templates").glob("*.html"))


class Sections(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.open: list[tuple[str, bool]] = []  # (id, a view panel?)
        self.nested: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "section":
            given = dict(attrs)
            name, panel = given.get("id") or "?", "view-panel" in (given.get("class") or "").split()
            outer = [each for each, is_panel in self.open if is_panel]
            if panel and outer:
                self.nested.append(f"{name} inside {outer[-1]}")
            self.open.append((name, panel))

    def handle_endtag(self, tag: str) -> None:
        if tag == "section":
            assert self.open, "a </section> closes nothing"
            self.open.pop()


@pytest.mark.parametrize("template", TEMPLATES, ids=lambda path: path.name)
def test_every_section_is_closed_and_none_nests(template: Path) -> None:
    found = Sections()
    found.feed(template.read_text())
    assert found.open == []
    assert found.nested == []


def test_a_section_left_open_is_found() -> None:
    found = Sections()
    found.feed('<section id="a" class="view-panel"><p>x</p><section id="b" class="view-panel"></section>')
    assert (found.open, found.nested) == ([("a", True)], ["b inside a"])
