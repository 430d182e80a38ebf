"""Schemas of a report's figures from the chips: the win and hold of the
period's counted table sessions, and the sessions they do not reflect yet."""

from __future__ import annotations

from service.api.http import fields as api_fields
from service.api.http.answers import answer
from service.reports.chips_figures import ChipsFiguresJson
from service.reports.pending_sessions import PendingReason, PendingSessionJson

PendingSessionSchema = answer(
    PendingSessionJson,
    "PendingSessionSchema",
    gaming_day=api_fields.day("the gaming day it opened in"),
    reason=api_fields.choice(
        [reason.value for reason in PendingReason],
        "open: no closer yet; uncounted: closed, its drop box not counted; "
        "figuring: counted, recounted or a round of it voided or corrected since the job kept its "
        "figures (the sums carry the earlier ones meanwhile)",
    ),
)


ChipsFiguresSchema = answer(ChipsFiguresJson, "ChipsFiguresSchema")
