"""Game protection's typed values: the kinds of alert the rule book
names, their severity, an alert as its checks raise it, and an alert as
the pit reads it (with its state, and the rounds behind it)."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Annotated, TypedDict


class AlertKind(StrEnum):
    """What an alert is about (rule book section 15)."""

    RESULTS_BEYOND_LUCK = "results_beyond_luck"  # z below minus the threshold
    HIDDEN_INFORMATION = "hidden_information"  # settings that know the dealer's hand
    REPEATED_DECK = "repeated_deck"  # a deck order seen before
    SHUFFLER_POSITIONS = "shuffler_positions"  # chi-square of card positions, p < 0.05
    CARDS_CHANGED = "cards_changed"  # cards changed by hand after a feed


class Severity(StrEnum):
    WARNING = "warning"
    CRITICAL = "critical"


class AlertState(StrEnum):
    OPEN = "open"  # no pit boss has acknowledged it
    ACKNOWLEDGED = "acknowledged"


@dataclass(frozen=True)
class Finding:
    """An alert as a check raises it. ``key`` names the finding (unique
    per kind): the same finding again raises nothing. The figure and its
    threshold are exact text (a count, a z, a p), never a float."""

    kind: AlertKind
    severity: Severity
    key: str
    summary: str
    figure: str
    threshold: str
    table_id: int | None = None
    seat: int | None = None
    player_id: int | None = None
    dealer_id: int | None = None
    device_id: str | None = None
    decks: tuple[int, ...] = ()
    rounds: tuple[int, ...] = ()


class AcknowledgementJson(TypedDict):
    note: Annotated[str, "the pit boss's note"]
    by: Annotated[str, "the pit boss who acknowledged it (the user's name)"]
    at: Annotated[str, "when, ISO 8601 UTC"]


class AlertRoundJson(TypedDict):
    """A round behind an alert, with its time (to pull the video) and the
    deck it was dealt from, if any."""

    id: Annotated[int, "the round's id (its record: GET /api/v1/rounds/{id})"]
    table_id: Annotated[int, "the table it was dealt at"]
    entered_at: Annotated[str, "when it was stored, ISO 8601 UTC: the time to pull the video at"]
    gaming_day: Annotated[str, "its gaming day"]
    deck_id: Annotated[int | None, "the deck it was dealt from; null: entered by hand"]


class AlertJson(TypedDict):
    id: Annotated[int, "the alert's id"]
    kind: Annotated[AlertKind, "what it is about (rule book section 15)"]
    severity: Annotated[Severity, "warning or critical"]
    state: Annotated[AlertState, "open until a pit boss acknowledges it"]
    summary: Annotated[str, "what the check saw, in words"]
    figure: Annotated[str, "the figure the check found, exact (a count, a z, a p)"]
    threshold: Annotated[str, "the threshold the figure crossed, exact"]
    table_id: Annotated[int | None, "the table it names; null: none"]
    table_name: Annotated[str | None, "the table's name; null: none"]
    seat: Annotated[int | None, "the seat it names; null: none"]
    club_number: Annotated[str | None, "the player it names; null: none"]
    dealer: Annotated[str | None, "the dealer it names (the user's name); null: none"]
    device_id: Annotated[str | None, "the shuffler or shoe it names; null: none"]
    decks: Annotated[list[int], "the decks behind it, by id (a repeated order: the first and the repeat)"]
    raised_at: Annotated[str, "when the check raised it, ISO 8601 UTC"]
    acknowledgement: Annotated[AcknowledgementJson | None, "the pit boss's acknowledgement; null: open"]


class AlertDetailJson(AlertJson):
    rounds: Annotated[
        list[AlertRoundJson],
        "the rounds behind it, oldest first: those named and those dealt from its decks",
    ]
