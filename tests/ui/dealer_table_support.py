"""What the dealer-at-the-table tests share: whether what a selector finds is
wholly on the screen, and a hand tapped in."""

from __future__ import annotations

from typing import Any

# Whether each node the selector finds is wholly on the screen: inside the
# viewport and not cut off by a box that hides or scrolls its overflow.
SHOWN = """(selector) => [...document.querySelectorAll(selector)].map((node) => {
  const box = node.getBoundingClientRect();
  if (!box.width || !box.height) return `${selector}: not shown`;
  const inside = (outer) => box.left >= outer.left - 0.5 && box.top >= outer.top - 0.5
    && box.right <= outer.right + 0.5 && box.bottom <= outer.bottom + 0.5;
  const screen = { left: 0, top: 0, right: innerWidth, bottom: innerHeight };
  if (!inside(screen)) return `${node.textContent}: off the screen`;
  for (let up = node.parentElement; up; up = up.parentElement) {
    if (getComputedStyle(up).overflow !== "visible" && !inside(up.getBoundingClientRect())) {
      return `${node.textContent}: cut off by ${up.id || up.className}`;
    }
  }
  return "";
})"""


def wholly_shown(page: Any, selector: str, count: int | None = None) -> None:
    found = page.evaluate(SHOWN, selector)
    assert found, f"nothing matches {selector}"
    if count is not None:
        assert len(found) == count, found
    assert [problem for problem in found if problem] == []


def tap_hand(page: Any, cards: list[str]) -> None:
    for card in cards:
        page.tap(f'#picker [data-card="{card}"]')
