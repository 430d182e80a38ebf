"""The pages' modules share no mutable state through their exports: what a
page's modules work on together (the tablet's round on the felt, the pit's
tables, the admin signed in) is a value its entry module builds once and
passes to the functions that need it. A module exports functions, classes
and frozen constants; a value one module could change under another's feet
(``export const tablet = {...}``, ``export let``) is refused here."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
STATIC = ROOT / "dealer_ui" / "static"

#: ``export let x`` / ``export var x``: a binding other modules see change
EXPORTED_VARIABLE = re.compile(r"^export\s+(?:let|var)\s+(\w+)", re.M)
#: ``export const x = {``, ``[`` or ``new Map()``: a value changed in place
#: (``Object.freeze(...)`` is how a constant one is written)
EXPORTED_VALUE = re.compile(r"^export\s+(?:const\s+(\w+)\s*=|default)\s*(?:\{|\[|new\s)", re.M)
#: ``export { x, y as z }`` of the module's own names (not ``... from "./other.js"``)
EXPORT_LIST = re.compile(r"^export\s*\{([^}]*)\}(?!\s*from)", re.M)


def declared_mutable(source: str, name: str) -> bool:
    """Whether the module's own ``name`` is a variable, or a value that can be changed in place."""
    variable = rf"^(?:let|var)\s+{name}\b"
    value = rf"^const\s+{name}\s*=\s*(?:\{{|\[|new\s)"
    return re.search(variable, source, re.M) is not None or re.search(value, source, re.M) is not None


def shared_state(source: str) -> list[str]:
    """The names of the mutable values ``source`` (a module's text) exports."""
    found = EXPORTED_VARIABLE.findall(source)
    found += [name or "default" for name in EXPORTED_VALUE.findall(source)]
    for names in EXPORT_LIST.findall(source):
        for entry in names.split(","):
            own = entry.strip().split(" as ")[0].strip()
            if own and declared_mutable(source, own):
                found.append(own)
    return found


def test_the_check_sees_every_way_of_exporting_state():
    source = "\n".join(
        [
            "export const tablet = {",
            "  round: null,",
            "};",
            "export let turn = 0;",
            "export const ways = new Map();",
            "export const seats = [1, 2];",
            "let hidden = 1;",
            "const kept = {};",
            "export { hidden, kept as shown };",
            "export default { a: 1 };",
        ]
    )
    assert sorted(shared_state(source)) == ["default", "hidden", "kept", "seats", "tablet", "turn", "ways"]


def test_the_check_lets_functions_and_frozen_constants_through():
    source = "\n".join(
        [
            'export const ROLE = Object.freeze({ DEALER: "dealer" });',
            "export const HAND_SIZE = 7;",
            "export function createTabletState() {",
            "  return { round: null };",
            "}",
            "let private_ = 0; // the module's own, not shared",
            "const limit = 3;",
            "export { limit };",
            'export { notify } from "../shared/field_errors.js";',
        ]
    )
    assert shared_state(source) == []


def test_no_page_module_exports_mutable_state():
    modules = sorted(STATIC.rglob("*.js"))
    assert len(modules) > 60
    exported = {path.relative_to(STATIC).as_posix(): shared_state(path.read_text()) for path in modules}
    found = {module: names for module, names in exported.items() if names}
    assert found == {}, "build the state in the page's entry module and pass it; freeze a constant"
