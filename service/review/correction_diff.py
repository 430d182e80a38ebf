"""What a correction changes: every entered field with its value before and
after, and the money each seat gains or loses (the exception report).

Cards are compared as sets (the order they were tapped in settles nothing),
but shown as entered.
"""

from __future__ import annotations

from typing import Annotated, TypedDict

from service.engine.cards import codes
from service.engine.round import Round
from service.engine.settlement import RoundSettlement
from service.rounds.aggregates import BETS
from service.rounds.storing import SettingEntered, setting_entered
from service.store.models import RoundRecord

#: An entered field's value: card codes, a setting, or a stake (minor units).
EnteredValue = list[str] | SettingEntered | int


class FieldChangeJson(TypedDict):
    field: Annotated[str, "dealer, or seats.<seat>.cards, .setting or .bets.<bet>"]
    before: EnteredValue | None  # as entered; None: no such seat
    after: EnteredValue | None


class MoneyChangeJson(TypedDict):
    before: Annotated[int, "minor units, as stored"]
    after: Annotated[int, "minor units, as corrected"]
    difference: Annotated[int, "after - before"]


class BetChangesJson(TypedDict):
    main: MoneyChangeJson
    dealer_break_bonus: MoneyChangeJson
    break_bonus: MoneyChangeJson


class SeatChangeJson(TypedDict):
    seat: Annotated[int, "the seat's number at the table"]
    bets: BetChangesJson  # the player's net of each bet
    net_before: Annotated[int, "the player's net, all bets"]
    net_after: Annotated[int, "the player's net, as corrected"]
    difference: Annotated[int, "+ is paid to the player"]


class ChangesJson(TypedDict):
    """What the approver of a correction sees (the player's net: + is paid)."""

    fields: Annotated[list[FieldChangeJson], "every entered field the correction changes, dealer first"]
    seats: Annotated[list[SeatChangeJson], "every seat, before or after"]
    house_net: Annotated[MoneyChangeJson, "what the house wins on the round"]


def entry_view(round_: Round) -> dict[str, EnteredValue]:
    """A round's entered values, by field name (the names vary with its seats)."""
    view: dict[str, EnteredValue] = {"dealer": codes(round_.dealer)}
    for entry in round_.seats:
        prefix = f"seats.{entry.seat}"
        view[f"{prefix}.cards"] = codes(entry.cards)
        view[f"{prefix}.setting"] = setting_entered(entry)
        for bet in BETS:
            view[f"{prefix}.bets.{bet}"] = getattr(entry.bets, bet)
    return view


def _same(before: object, after: object) -> bool:
    if isinstance(before, list) and isinstance(after, list):
        return sorted(before) == sorted(after)
    if isinstance(before, dict) and isinstance(after, dict):
        return all(_same(before.get(key), after.get(key)) for key in before.keys() | after.keys())
    return bool(before == after)


def changes_of(
    before: dict[str, EnteredValue],
    record: RoundRecord,
    after: dict[str, EnteredValue],
    settled: RoundSettlement,
) -> ChangesJson:
    fields: list[FieldChangeJson] = [
        {"field": name, "before": before.get(name), "after": after.get(name)}
        for name in sorted(before.keys() | after.keys(), key=_field_order)
        if not _same(before.get(name), after.get(name))
    ]
    nets_before = {seat.seat: {bet: getattr(seat, f"{bet}_net") for bet in BETS} for seat in record.seats}
    nets_after = {seat.seat: {bet: getattr(seat, bet).net for bet in BETS} for seat in settled.seats}
    seats: list[SeatChangeJson] = []
    for number in sorted(nets_before.keys() | nets_after.keys()):
        was = nets_before.get(number, dict.fromkeys(BETS, 0))
        now = nets_after.get(number, dict.fromkeys(BETS, 0))
        seats.append(
            {
                "seat": number,
                "bets": {
                    "main": _money(was["main"], now["main"]),
                    "dealer_break_bonus": _money(was["dealer_break_bonus"], now["dealer_break_bonus"]),
                    "break_bonus": _money(was["break_bonus"], now["break_bonus"]),
                },
                "net_before": sum(was.values()),
                "net_after": sum(now.values()),
                "difference": sum(now.values()) - sum(was.values()),
            }
        )
    return {"fields": fields, "seats": seats, "house_net": _money(record.house_net, settled.house_net)}


def _money(before: int, after: int) -> MoneyChangeJson:
    return {"before": before, "after": after, "difference": after - before}


def _field_order(name: str) -> tuple[int, int, str]:
    """The dealer first, then seats in number order."""
    parts = name.split(".")
    if parts[0] == "seats":
        return (1, int(parts[1]), name)
    return (0, 0, name)
