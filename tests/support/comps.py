"""Comps for the tests: a rating seated in and out through the API with a
figures row put in place of the workers' job (a chosen theoretical win),
a change of the comp rate, and a redemption sent."""

from __future__ import annotations

from datetime import datetime
from fractions import Fraction
from typing import Any

from sqlalchemy import select

from service.players.casino_settings import SettingsChange, change_settings
from service.players.rated.inputs import DEALS
from service.store.db import utc_now
from service.store.models import RatingFigures, User
from service.store.work import unit_of_work
from tests.support.app import databases
from tests.support.players import seat, step


def closed_rating(
    client: Any, dealer: dict[str, str], table_id: int, club_number: str, number: int = 1
) -> int:
    """A rating seated in and out at once (no rounds); its id."""
    response = seat(client, dealer, table_id, club_number, number)
    assert response.status_code == 201, response.json
    rating = int(response.json["id"])
    out = step(client, dealer, rating, "seat-out", {"chips_taken": 0})
    assert out.status_code == 200, out.json
    return rating


def figured(app: Any, rating_id: int, theoretical: Fraction, pending: int = 0) -> None:
    """The rating's figures row as the job would keep it, with this exact
    theoretical win (minor units) and ``pending`` rounds waiting; the
    decisions part its opposite, so the four parts add up to the actual win
    (none) as the slip requires."""
    exact = theoretical * DEALS
    assert exact.denominator == 1
    with unit_of_work(databases(app)) as db:
        db.add(
            RatingFigures(
                rating_id=rating_id,
                rounds=0,
                pending_rounds=pending,
                last_seat_id=None,
                main_handle=0,
                dealer_break_bonus_handle=0,
                break_bonus_handle=0,
                actual=0,
                theoretical=int(exact),
                decisions=-int(exact),
                player_cards=0,
                dealer_cards=0,
                player_cards_variance=0,
                dealer_cards_variance=0,
                figured_at=utc_now(),
            )
        )


def comp_rate(app: Any, basis_points: int, at: datetime) -> None:
    """The admin's change of the comp rate, saved at ``at``."""
    with unit_of_work(databases(app)) as db:
        admin = db.scalar(select(User).where(User.name == "admin"))
        assert admin is not None
        change_settings(db, admin, SettingsChange(comp_rate_basis_points=basis_points), at)


def redeem(client: Any, headers: dict[str, str], club_number: str, amount: Any, **more: Any) -> Any:
    """POST a redemption (USD, a reason, unless ``more`` says otherwise); the response."""
    body = {"amount": amount, "currency": "USD", "reason": "dinner for two", **more}
    return client.post(f"/api/v1/players/{club_number}/comp-redemptions", json=body, headers=headers)


def comps(client: Any, headers: dict[str, str], club_number: str) -> Any:
    response = client.get(f"/api/v1/players/{club_number}/comps", headers=headers)
    assert response.status_code == 200, response.json
    return response.json
