"""The README stays a five-minute front door and the guides it sends readers
to are there: README.md is at most 200 lines, every relative link of it and
of docs/ reaches a file (and a heading, when it names one), and every file
its round diagram names exists."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"
DOCUMENTS = [README, *sorted((ROOT / "docs").rglob("*.md"))]
#: a link or picture: [text](target), the target without a title
LINK = re.compile(r"!?\[[^\]]*\]\(([^)\s]+)[^)]*\)")
FENCE = re.compile(r"^```.*?^```", flags=re.MULTILINE | re.DOTALL)


def prose(text: str) -> str:
    """The text outside code blocks, where a link is a link."""
    return FENCE.sub("", text)


def anchors(document: Path) -> set[str]:
    """The anchors GitHub gives a document's headings: lower case, no
    punctuation but hyphens, spaces as hyphens; a repeat gets -1, -2."""
    found: set[str] = set()
    for line in prose(document.read_text()).splitlines():
        if not re.match(r"#{1,6} ", line):
            continue
        text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", line.lstrip("#").strip())
        slug = re.sub(r"[^\w\- ]", "", text.lower()).replace(" ", "-")
        anchor, repeat = slug, 0
        while anchor in found:
            repeat += 1
            anchor = f"{slug}-{repeat}"
        found.add(anchor)
    return found


def broken_links(document: Path, root: Path = ROOT) -> list[str]:
    broken = []
    for target in LINK.findall(prose(document.read_text())):
        if re.match(r"[a-z]+:", target):
            continue  # a web address, not a file of this repository
        path, _, anchor = target.partition("#")
        file = (document.parent / path).resolve() if path else document
        if not file.is_relative_to(root):
            continue  # the shared rule books beside the checkout, not in it
        if not file.exists():
            broken.append(f"{target}: no such file")
        elif anchor and file.suffix == ".md" and anchor not in anchors(file):
            broken.append(f"{target}: no such heading")
    return broken


def test_the_readme_is_read_in_five_minutes():
    assert len(README.read_text().splitlines()) <= 200


def test_the_guides_are_in_docs():
    assert len(DOCUMENTS) > 10
    assert (ROOT / "docs" / "api.md") in DOCUMENTS


def test_every_relative_link_reaches_its_file_and_heading():
    broken = {document.relative_to(ROOT).as_posix(): broken_links(document) for document in DOCUMENTS}
    assert {document: links for document, links in broken.items() if links} == {}


def test_a_broken_link_or_heading_is_found(tmp_path):
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "other.md").write_text("# The `x` command (`/x`)\n\n## Again\n\n## Again\n")
    page = tmp_path / "page.md"
    page.write_text(
        "# One\n\n[here](#one) [gone](#two) [there](docs/other.md#the-x-command-x) "
        "[twice](docs/other.md#again-1) [missing](nothing.md) ![picture](docs/none.png) "
        "[web](https://example.org/a.md) [beside](../shared/rules.md)\n\n```\n[code](not-a-link.md)\n```\n"
    )
    assert broken_links(page, tmp_path) == [
        "#two: no such heading",
        "nothing.md: no such file",
        "docs/none.png: no such file",
    ]


def test_every_file_the_round_diagram_names_exists():
    named = set(re.findall(r"(?<![\w/])((?:service|workers|dealer_ui|ops)/[\w./]*\w)", README.read_text()))
    assert len(named) > 10
    assert sorted(path for path in named if not (ROOT / path).exists()) == []
