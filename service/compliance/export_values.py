"""Values as a compliance export's files show them: the round id as the
dealer entered it, cards, a seat's setting, and JSON documents compact."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any


def round_id(ref: str, revision: int) -> object:
    """The round_id as the dealer entered it; a correction's ref carries its
    revision after ``#``."""
    for text in (ref, ref.rsplit("#", 1)[0] if revision else None):
        if text is not None:
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
