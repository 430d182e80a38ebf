"""A rating's slip and its figures as the API answers them: the typed
values of :mod:`service.players.slips` as JSON, each key described, so
the answers' schemas are derived from them (service/api/http/answers.py).
The figures' parts stand beside the other figures, named as the rule
book names them (the theoretical and actual wins)."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, TypedDict

from service.players.correction_values import CorrectionJson
from service.players.rated.inputs import PerBet
from service.players.rating_values import RatingState
from service.players.slips import Figures, SlipValue


class RatedHandleJson(TypedDict):
    main: Annotated[int, "the Main Bet's handle, minor units"]
    dealer_break_bonus: Annotated[int, "the Dealer Break Bonus's handle, minor units"]
    break_bonus: Annotated[int, "the Break Bonus's handle, minor units"]
    total: Annotated[int, "the three bets' handle, minor units"]


class RatedFiguresJson(TypedDict):
    rated_rounds: Annotated[int, "rated rounds that count whose values are figured"]
    pending_rounds: Annotated[
        int,
        "rated rounds that count whose values (or figures) the workers have not stored yet: "
        "the figures leave them out until then",
    ]
    handle: Annotated[RatedHandleJson, "the handle per bet"]
    average_bet: Annotated[
        int | None, "the three bets' handle per rated round, halves to even (null: no rated round)"
    ]
    theoretical_win: Annotated[int, "the theoretical win (part 1), halves to even, minor units"]
    actual_win: Annotated[int, "the house's actual win, minor units"]
    decisions: Annotated[int, "part 2: the player's decisions against the house way, minor units"]
    player_cards: Annotated[int, "part 3: the player's cards (luck)"]
    dealer_cards: Annotated[int, "part 4: the dealer's cards (luck)"]
    player_cards_sd: Annotated[
        float | None, "part 3's standard deviation, minor units (null: no card spread yet, see sd_missing)"
    ]
    dealer_cards_sd: Annotated[float, "part 4's standard deviation, minor units"]
    sd_missing: Annotated[str | None, "why player_cards_sd is null (null: it is not)"]
    comps: Annotated[int, "comps earned: the comp rate of each rating's exact theoretical win, down"]


class SlipJson(TypedDict):
    rating_id: Annotated[int, "the rating"]
    player_id: Annotated[int, "the player's id"]
    club_number: Annotated[str, "the player's club number"]
    table_id: Annotated[int, "the table"]
    seat: Annotated[int, "the seat"]
    state: Annotated[RatingState, "open, paused or closed (seated out)"]
    final: Annotated[bool, "seated out: the slip is final (else live, to as_of)"]
    seated_at: Annotated[datetime, "when the player sat down"]
    as_of: Annotated[datetime, "the seat-out, or now while the rating is open"]
    seconds_played: Annotated[int, "time played, whole seconds: seat-in to as_of less the pauses"]
    pace: Annotated[int | None, "rated rounds an hour, halves to even (null: none played)"]
    up_to_date: Annotated[bool, "the kept figures reflect every rated round that counts now"]
    figures: Annotated[RatedFiguresJson, "the figures, rounded once from the exact sums"]
    cash: Annotated[int, "cash bought in, minor units"]
    chips_brought: Annotated[int, "chips brought from elsewhere, minor units"]
    chips_taken: Annotated[
        int | None,
        "chips taken away at seat-out, minor units, as a pit boss corrected them last (null: open)",
    ]
    chips_check: Annotated[
        int | None,
        "chips taken away − (cash + chips brought + the player's nets), minor units: 0 when every chip "
        "is accounted for (null: open)",
    ]
    corrections: Annotated[
        list[CorrectionJson],
        "a pit boss's corrections of the rating, oldest first (the figures use them)",
    ]


def slip_json(slip: SlipValue) -> SlipJson:
    return {
        "rating_id": slip.rating_id,
        "player_id": slip.player_id,
        "club_number": slip.club_number,
        "table_id": slip.table_id,
        "seat": slip.seat,
        "state": slip.state,
        "final": slip.final,
        "seated_at": slip.seated_at,
        "as_of": slip.as_of,
        "seconds_played": slip.seconds_played,
        "pace": slip.pace,
        "up_to_date": slip.up_to_date,
        "figures": figures_json(slip.figures),
        "cash": slip.cash,
        "chips_brought": slip.chips_brought,
        "chips_taken": slip.chips_taken,
        "chips_check": slip.chips_check,
        "corrections": list(slip.corrections),
    }


def figures_json(figures: Figures) -> RatedFiguresJson:
    parts = figures.parts
    return {
        "rated_rounds": figures.rated_rounds,
        "pending_rounds": figures.pending_rounds,
        "handle": _handle_json(figures.handle),
        "average_bet": figures.average_bet,
        "theoretical_win": parts.theoretical,
        "actual_win": parts.actual,
        "decisions": parts.decisions,
        "player_cards": parts.player_cards,
        "dealer_cards": parts.dealer_cards,
        "player_cards_sd": figures.player_cards_sd,
        "dealer_cards_sd": parts.dealer_cards_sd,
        "sd_missing": figures.sd_missing,
        "comps": figures.comps,
    }


def _handle_json(handle: PerBet) -> RatedHandleJson:
    return {
        "main": handle.main,
        "dealer_break_bonus": handle.dealer_break_bonus,
        "break_bonus": handle.break_bonus,
        "total": handle.total,
    }
