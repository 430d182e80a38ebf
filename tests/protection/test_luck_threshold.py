"""Results beyond luck's threshold, a casino setting: the rule book's 4 by
default, changed by the admin (a new version and its event), refused
outside 1 to 100 standard deviations naming the field, and used by the
check: at 3 a run of lucky rounds is flagged on the round that crosses
−3, earlier than at 4."""

from __future__ import annotations

from fractions import Fraction

import pytest
from sqlalchemy import select

from service.audit.kinds import EventKind
from service.protection.luck_alerts import luck_threshold
from service.store.models import AuditEvent
from tests.support.app import databases, edit
from tests.support.card_spread import store_spread
from tests.support.luck import by_rule, luck_alerts, run_job, seats_of
from tests.support.rated_figures import ready_for_values, value
from tests.support.rounds_data import enter, round_body

pytestmark = pytest.mark.store

URL = "/api/v1/casino-settings"


def threshold(app) -> Fraction:
    with databases(app)() as db:
        return luck_threshold(db)


def test_the_admin_sets_the_threshold_within_its_range(app, client, as_role):
    assert client.get(URL, headers=as_role["pit_boss"]).json["luck_threshold_hundredths"] == 400
    assert threshold(app) == 4
    for wrong in (99, 10_001, "4"):
        refused = edit(client, URL, json={"luck_threshold_hundredths": wrong}, headers=as_role["admin"])
        assert refused.status_code == 422, refused.json
        assert "luck_threshold_hundredths" in str(refused.json)
    saved = edit(client, URL, json={"luck_threshold_hundredths": 350}, headers=as_role["admin"])
    assert saved.status_code == 200, saved.json
    assert (saved.json["luck_threshold_hundredths"], saved.json["comp_rate_basis_points"]) == (350, 2000)
    assert threshold(app) == Fraction(7, 2)
    # Another setting changed later keeps it.
    assert (
        edit(client, URL, json={"comp_rate_basis_points": 1000}, headers=as_role["admin"]).status_code == 200
    )
    assert threshold(app) == Fraction(7, 2)
    with databases(app)() as db:
        changed = db.scalars(
            select(AuditEvent.payload)
            .where(AuditEvent.kind == EventKind.CASINO_SETTINGS_CHANGED)
            .order_by(AuditEvent.id)
        ).all()
    assert changed[0]["changed"] == {"luck_threshold_hundredths": {"before": 400, "after": 350}}
    assert "luck_threshold_hundredths" not in changed[1]["changed"]


def test_the_check_uses_the_casino_s_threshold(app, settings, client, as_role, table):
    ready_for_values(settings)
    spread = store_spread(settings.instance)
    assert (
        edit(client, URL, json={"luck_threshold_hundredths": 300}, headers=as_role["admin"]).status_code
        == 200
    )
    seats = [each for each in round_body()["seats"] if each["seat"] == 2]  # wins both hands
    rounds: list[int] = []
    for number in range(1, 13):
        rounds.append(enter(client, as_role["dealer"], table, f"s{number}", seats=seats)["id"])
        value(app, settings, rounds[-1])
        _, raised = run_job(app, settings, rounds[-1])
        luck, variance = by_rule(app, seats_of(app, rounds), spread)
        beyond_three = luck < 0 and luck * luck > 9 * variance
        assert raised == (2 if number == 11 else 0)  # the table's and the dealer's shift
        assert beyond_three == (number >= 11)
        assert not luck * luck > 16 * variance  # not beyond the default 4
    assert {alert.threshold for alert in luck_alerts(app).values()} == {"z < -3"}
