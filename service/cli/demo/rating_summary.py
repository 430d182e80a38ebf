"""The demo day's ratings as the API shows them (each rating's slip, the
day's multiple transaction log and report days), held against what the
demo did: every chips check zero but the mis-paid member's, which is the
bet paid wrong; the high roller's two cash buy-ins logged; the day
listed for a report once the refused buy-in went through."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime
from typing import Any

from service.cli.demo.client import Api
from service.cli.demo.floor import COMPLIANCE, PIT_BOSSES
from service.cli.demo.ratings import HIGH_ROLLER, LOGGED, PAST_REPORT
from service.cli.demo.table_day import MISPAID, Table
from service.cli.tables import money

COLUMNS = ("player", "table", "seat", "in", "out", "played", "rounds", "cash", "chips in", "taken", "check")
LEFT = (0, 1)


@dataclass(frozen=True)
class Rated:
    table: Table
    # The API's slip as its JSON answer reads (a client's view of a document).
    slip: dict[str, Any]

    @property
    def expected_check(self) -> int:
        return MISPAID if self.slip["rating_id"] == self.table.mispaid_rating else 0

    @property
    def as_designed(self) -> bool:
        return bool(self.slip["final"] and self.slip["chips_check"] == self.expected_check)


@dataclass(frozen=True)
class RatedDay:
    ratings: list[Rated]
    logged: list[dict[str, Any]]  # the day's multiple transaction log
    report_days: list[dict[str, Any]]  # the day's player-days listed for a report
    refused: bool | None  # the high roller's buy-in refused until identified (None: identified before)

    @property
    def as_designed(self) -> bool:
        logged = sorted(int(entry["amount"]) for entry in self.logged if entry["club_number"] == HIGH_ROLLER)
        listed = [(row["club_number"], int(row["cash_in"])) for row in self.report_days]
        return bool(
            self.ratings
            and all(rated.as_designed for rated in self.ratings)
            and logged == [LOGGED, PAST_REPORT]
            and len(self.logged) == 2
            and listed == [(HIGH_ROLLER, LOGGED + PAST_REPORT)]
            and self.refused is not False
        )


def rated_day(api: Api, tables: list[Table], day: date) -> RatedDay:
    ratings = [
        Rated(table, api.get(PIT_BOSSES[0], f"/ratings/{rating}/slip"))
        for table in tables
        for rating in table.floor.made
    ]
    logged = api.get(PIT_BOSSES[0], f"/compliance/cash-transactions?day={day.isoformat()}&limit=1000")
    listed = api.get(COMPLIANCE, f"/compliance/report-days?day={day.isoformat()}")
    return RatedDay(ratings, logged, listed, tables[0].floor.refused_buy_in)


def _clock(instant: str) -> str:
    return datetime.fromisoformat(instant).strftime("%H:%M")


def _row(rated: Rated) -> tuple[str, ...]:
    slip, figures = rated.slip, rated.slip["figures"]
    hours, seconds = divmod(int(slip["seconds_played"]), 3600)
    check = slip["chips_check"]
    return (
        str(slip["club_number"]),
        rated.table.name,
        str(slip["seat"]),
        _clock(slip["seated_at"]),
        _clock(slip["as_of"]),
        f"{hours}:{seconds // 60:02d}",
        str(figures["rated_rounds"] + figures["pending_rounds"]),
        money(slip["cash"]),
        money(slip["chips_brought"]),
        money(slip["chips_taken"] or 0),
        "-" if check is None else ("-" if check < 0 else "") + money(abs(check)),
    )


def ratings_summary(found: RatedDay) -> str:
    rows = [COLUMNS, *(_row(rated) for rated in found.ratings)]
    widths = [max(len(row[column]) for row in rows) for column in range(len(COLUMNS))]
    lines = [
        f"Ratings ({len(found.ratings)}; their figures wait for a worker to value the rounds: "
        "breakpoker worker):"
    ]
    for row in rows:
        cells = [
            cell.ljust(width) if column in LEFT else cell.rjust(width)
            for column, (cell, width) in enumerate(zip(row, widths, strict=True))
        ]
        lines.append("  " + "  ".join(cells).rstrip())
    for rated in found.ratings:
        if rated.expected_check:
            lines.append(f"  {rated.slip['club_number']}'s chips check is the bet paid wrong on the table")
    for entry in found.logged:
        lines.append(
            f"Transaction log: {entry['club_number'] or entry['description']} "
            f"{money(entry['amount'])} in cash at {entry['table_name']}"
        )
    if found.refused:
        lines.append(f"{HIGH_ROLLER}'s buy-in past the report threshold was refused until identified")
    elif found.refused is None:
        lines.append(
            f"{HIGH_ROLLER}'s buy-in past the report threshold was taken: identified on an earlier day"
        )
    for listed in found.report_days:
        lines.append(
            f"Listed for a currency transaction report: {listed['club_number']} on {listed['gaming_day']}, "
            f"cash in {money(listed['cash_in'])}"
        )
    lines.append("The ratings are " + ("as designed" if found.as_designed else "NOT AS DESIGNED"))
    return "\n".join(lines)
