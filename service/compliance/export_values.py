"""Values as a compliance export's files show them: the round id as the
dealer entered it, cards, a seat's setting, and JSON documents compact."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

# How a JSON document can start (after white space): any other text is no
# JSON, so a ref such as ``bench-17`` is not handed to the parser to fail.
_JSON_STARTS = frozenset('"-0123456789tfn[{')


def round_id(ref: str, revision: int) -> object:
    """The round_id as the dealer entered it; a correction's ref carries its
    revision after ``#``."""
    for text in (ref, ref.rsplit("#", 1)[0] if revision else None):
        if text is not None and text.lstrip(" \t\n\r")[:1] in _JSON_STARTS:
            try:
                return json.loads(text)
            except ValueError:
                continue
    return ref


def cards(codes: Sequence[str] | None) -> str:
    return " ".join(codes or ())


def setting(entered: Any) -> str:
    if isinstance(entered, dict):
        return f"{cards(entered.get('low'))} / {cards(entered.get('high'))}"
    return str(entered)


def compact(document: Any) -> str:
    if document is None:
        return ""
    return json.dumps(document, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
