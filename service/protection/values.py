"""Game protection's typed values: the kinds of alert the rule book
names, their severity, an alert as its checks raise it, and an alert as
the pit reads it (with its state, and the rounds behind it)."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum


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


@dataclass(frozen=True)
class Acknowledgement:
    note: str
    by: str  # the pit boss's user name
    at: str  # ISO 8601, UTC


@dataclass(frozen=True)
class AlertRound:
    """A round behind an alert, with its time (to pull the video) and the
    deck it was dealt from, if any."""

    id: int
    table_id: int
    entered_at: str
    gaming_day: str
    deck_id: int | None


@dataclass(frozen=True)
class AlertValue:
    id: int
    kind: AlertKind
    severity: Severity
    state: AlertState
    summary: str
    figure: str
    threshold: str
    table_id: int | None
    table_name: str | None
    seat: int | None
    club_number: str | None
    dealer: str | None
    device_id: str | None
    decks: list[int]
    raised_at: str
    acknowledgement: Acknowledgement | None
    rounds: list[AlertRound] = field(default_factory=list)
