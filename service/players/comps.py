"""A player's comps (rule book section 14): the balance a currency, what
was earned (:mod:`service.players.comp_earnings`) less what was redeemed,
and a redemption recorded by a pit boss, with its ``comp_redeemed`` event.

A redemption within the balance is the pit boss's own; one beyond it
needs a second pit boss (an admin is one too): another person, active,
signing with their password at the same screen (the API checks it with
:func:`service.accounts.cosign.cosigner`). Without one it is refused,
409 ``comp_balance_exceeded`` naming ``amount``, and nothing is written.
The balance is read with the player's row locked (PostgreSQL) or the
writer's turn held (SQLite) to the commit, so two redemptions at once
are taken one at a time: the second sees the first's.

Each row keeps the balance it was held against, so an auditor sees why
it needed (or did not need) a second signature."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Annotated, Any, TypedDict

from sqlalchemy import func, select
from sqlalchemy.orm import aliased

from service.accounting.duties import holds
from service.accounts.roles import Role
from service.audit.events import record_event
from service.audit.kinds import EventKind
from service.config.currency import Currency, currency_of
from service.errors import Conflict, ErrorCode, Forbidden, Invalid
from service.players.buy_ins import MAX_AMOUNT
from service.players.comp_earnings import Earned, earned_comps
from service.players.players import get_player, subject_of
from service.store.db import Db, hold_writer, iso
from service.store.models import CompRedemption, Player, User

MAX_REASON = 500
#: who may sign a redemption past the balance: a pit boss, or above
SIGNERS = (Role.PIT_BOSS, Role.ADMIN)


class CompBalanceJson(TypedDict):
    """A player's comps in one currency, minor units."""

    currency: Annotated[str, "ISO 4217 code of the currency: the amounts count its minor unit"]
    minor_unit: Annotated[int, "the currency's digits after the point (USD 2, JPY 0)"]
    earned: Annotated[
        int,
        "what the player's closed ratings earned at this currency's tables, each the comp rate in force at "
        "its seat-out × its theoretical win, rounded down; a rating whose figures still wait for rounds' "
        "values has earned nothing yet (pending_ratings)",
    ]
    redeemed: Annotated[int, "what was redeemed in this currency"]
    balance: Annotated[int, "earned − redeemed (negative when a void lowered what was earned)"]
    pending_ratings: Annotated[int, "closed ratings whose figures wait: not in earned yet"]


class RedemptionJson(TypedDict):
    id: Annotated[int, "the redemption's id"]
    amount: Annotated[int, "the amount redeemed, minor units"]
    currency: Annotated[str, "ISO 4217 code of its currency"]
    minor_unit: Annotated[int, "the currency's digits after the point"]
    reason: Annotated[str, "what the comps were redeemed for"]
    redeemed_at: Annotated[datetime, "when (ISO 8601, UTC)"]
    redeemed_by: Annotated[str, "the pit boss who redeemed them"]
    cosigned_by: Annotated[str | None, "the second pit boss who signed (null: none)"]
    balance: Annotated[int, "the balance in its currency it was held against, before it"]


class PlayerCompsJson(TypedDict):
    club_number: Annotated[str, "the player's club number"]
    balances: Annotated[list[CompBalanceJson], "the balance in each currency, by code"]
    redemptions: Annotated[list[RedemptionJson], "every redemption, the newest first"]


@dataclass(frozen=True, slots=True)
class RedemptionAsked:
    """What a pit boss asks to redeem: whole minor units of a currency."""

    amount: int
    currency: str
    reason: str


def player_comps(db: Db, club_number: str) -> PlayerCompsJson:
    player = get_player(db, club_number)
    return {
        "club_number": player.club_number,
        "balances": list(balances(db, player).values()),
        "redemptions": _redemptions(db, player),
    }


def balances(db: Db, player: Player) -> dict[str, CompBalanceJson]:
    """The player's balance in every currency they earned or redeemed in, by code."""
    earned = earned_comps(db, player)
    redeemed = db.execute(
        select(CompRedemption.currency, CompRedemption.minor_unit, func.sum(CompRedemption.amount))
        .where(CompRedemption.player_id == player.id)
        .group_by(CompRedemption.currency, CompRedemption.minor_unit)
    ).all()
    taken: dict[str, int] = {}
    for code, minor_unit, total in redeemed:
        earned.setdefault(code, Earned(Currency(code, minor_unit)))
        taken[code] = taken.get(code, 0) + int(total)
    return {code: _balance(each, taken.get(code, 0)) for code, each in sorted(earned.items())}


def _balance(earned: Earned, redeemed: int) -> CompBalanceJson:
    return {
        "currency": earned.currency.code,
        "minor_unit": earned.currency.minor_unit,
        "earned": earned.earned,
        "redeemed": redeemed,
        "balance": earned.earned - redeemed,
        "pending_ratings": earned.pending_ratings,
    }


def redeem(
    db: Db, user: User, club_number: str, asked: RedemptionAsked, cosigner: User | None, now: datetime
) -> RedemptionJson:
    """Record a redemption: 422 naming ``amount``, ``currency`` or
    ``reason`` for one that is not whole minor units above 0, an unknown
    currency or no reason; 409 ``comp_balance_exceeded`` past the balance
    without a second pit boss; 403 naming ``cosigner.name`` for a second
    signature that is the redeemer's own or not a pit boss's."""
    amount, currency, reason = _checked(asked)
    if cosigner is not None:
        _second_signer(user, cosigner)
    hold_writer(db)  # SQLite: the balance read and the write are one writer's
    player = get_player(db, club_number, locked=True)  # a second redemption waits for this one
    balance = balances(db, player).get(currency.code)
    before = 0 if balance is None else balance["balance"]
    if amount > before and cosigner is None:
        raise Conflict(
            ErrorCode.COMP_BALANCE_EXCEEDED,
            f"amount {currency.text(amount)} is past {player.club_number}'s comp balance of "
            f"{currency.text(before)}: a second pit boss must sign (cosigner)",
            "amount",
        )
    row = CompRedemption(
        player_id=player.id,
        currency=currency.code,
        minor_unit=currency.minor_unit,
        amount=amount,
        balance=before,
        reason=reason,
        redeemed_by=user.id,
        cosigned_by=None if cosigner is None else cosigner.id,
        at=now,
    )
    db.add(row)
    db.flush()
    payload = {**redemption_record(row), "club_number": player.club_number}
    record_event(db, EventKind.COMP_REDEEMED, subject_of(player), payload, user.id, at=now)
    cosigned = None if cosigner is None else cosigner.name
    return _redemption(row, user.name, cosigned)


def _checked(asked: RedemptionAsked) -> tuple[int, Currency, str]:
    amount = asked.amount
    if isinstance(amount, bool) or not isinstance(amount, int) or not 0 < amount <= MAX_AMOUNT:
        raise Invalid(
            ErrorCode.INVALID_AMOUNT, "amount: a whole number of minor units, more than 0", "amount"
        )
    currency = currency_of(asked.currency) if isinstance(asked.currency, str) else None
    if currency is None:
        raise Invalid(
            ErrorCode.INVALID_FIELD,
            f"currency {asked.currency!r} is not an ISO 4217 code this service knows (e.g. USD)",
            "currency",
        )
    reason = asked.reason.strip() if isinstance(asked.reason, str) else ""
    if not reason:
        raise Invalid(ErrorCode.MISSING_FIELD, "reason: say what the comps are redeemed for", "reason")
    if len(reason) > MAX_REASON:
        raise Invalid(ErrorCode.INVALID_FIELD, f"reason: at most {MAX_REASON} characters", "reason")
    return amount, currency, reason


def _second_signer(user: User, cosigner: User) -> None:
    holds(cosigner, SIGNERS, "a redemption past the comp balance", "cosigner.name")
    if cosigner.id == user.id:
        raise Forbidden(
            ErrorCode.SAME_PERSON, "the second signature on a redemption is another person's", "cosigner.name"
        )


def _redemptions(db: Db, player: Player) -> list[RedemptionJson]:
    cosigner = aliased(User)
    rows = db.execute(
        select(CompRedemption, User.name, cosigner.name)
        .join(User, User.id == CompRedemption.redeemed_by)
        .outerjoin(cosigner, cosigner.id == CompRedemption.cosigned_by)
        .where(CompRedemption.player_id == player.id)
        .order_by(CompRedemption.id.desc())
    ).all()
    return [_redemption(row, redeemer, cosigned) for row, redeemer, cosigned in rows]


def _redemption(row: CompRedemption, redeemer: str, cosigned: str | None) -> RedemptionJson:
    """The row as answered, with the user names of who redeemed and cosigned it."""
    return {
        "id": row.id,
        "amount": row.amount,
        "currency": row.currency,
        "minor_unit": row.minor_unit,
        "reason": row.reason,
        "redeemed_at": row.at,
        "redeemed_by": redeemer,
        "cosigned_by": cosigned,
        "balance": row.balance,
    }


# A JSON boundary: the row as its ``comp_redeemed`` event carries it.
def redemption_record(row: CompRedemption) -> dict[str, Any]:
    return {
        "redemption_id": row.id,
        "player_id": row.player_id,
        "currency": row.currency,
        "minor_unit": row.minor_unit,
        "amount": row.amount,
        "balance": row.balance,
        "reason": row.reason,
        "redeemed_by": row.redeemed_by,
        "cosigned_by": row.cosigned_by,
        "at": iso(row.at),
    }
