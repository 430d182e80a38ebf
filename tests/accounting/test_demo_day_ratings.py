"""``breakpoker demo-day`` rates its club members (rule book section 14)
and applies the cash rules, read back through the API: every rating
seated in by club number and out with its chips, its buy-ins recorded,
every chips check zero but the mis-paid member's; the high roller's cash
in the transaction log, and his day listed for a report once the
refused buy-in went through with his identification."""

from __future__ import annotations

import random

from service.cli.demo.rating_summary import Rated, RatedDay
from service.cli.demo.ratings import HIGH_ROLLER, LOGGED, PAST_REPORT, members_of
from service.cli.demo.table_day import MISPAID, Table
from service.cli.demo.tray import Tray
from tests.accounting import test_demo_day as demo_day
from tests.accounting.test_demo_day import DAY, ROUNDS, TABLES, day_sessions, get

# The demo played once a test, as its own tests play it.
instance, played = demo_day.instance, demo_day.played


def closed_ratings(client, headers):
    return get(client, headers, "/ratings?limit=500")["items"]


def test_every_member_is_rated_and_every_chips_check_is_the_demo_s(played):
    output, _, client, auditor = played
    slips = closed_ratings(client, auditor)
    tables = {row["table_id"]: name for name, row in day_sessions(client, auditor).items()}
    assert {tables[slip["table_id"]] for slip in slips} == set(TABLES)
    for slip in slips:
        name = tables[slip["table_id"]]
        assert slip["club_number"] in (*members_of(name), HIGH_ROLLER)
        assert (slip["final"], slip["state"]) == (True, "closed")
        rounds = slip["figures"]["rated_rounds"] + slip["figures"]["pending_rounds"]
        assert 1 <= rounds <= ROUNDS
        assert slip["cash"] + slip["chips_brought"] > 0  # every buy-in on the rating
    assert sum(slip["chips_check"] != 0 for slip in slips) == 1  # the one paid wrong
    (mispaid,) = (slip for slip in slips if slip["chips_check"])
    assert (tables[mispaid["table_id"]], mispaid["chips_check"]) == ("DEMO-3", MISPAID)
    # Never two open ratings of one seat: a seat's ratings follow each other.
    by_seat = {}
    for slip in sorted(slips, key=lambda slip: slip["seated_at"]):
        key = (slip["table_id"], slip["seat"])
        assert by_seat.get(key, "") <= slip["seated_at"]
        by_seat[key] = slip["as_of"]
    # The cash the members bought in with went to the drop boxes too.
    drops = {row["table_id"]: row["figures"]["drop"] for row in day_sessions(client, auditor).values()}
    for table_id, drop in drops.items():
        assert sum(slip["cash"] for slip in slips if slip["table_id"] == table_id) <= drop
    assert "The ratings are as designed" in output
    assert f"{mispaid['club_number']}'s chips check is the bet paid wrong" in output


def test_the_high_roller_is_logged_refused_identified_and_listed(played):
    output, _, client, auditor = played
    logged = get(client, auditor, f"/compliance/cash-transactions?day={DAY}")
    assert sorted((entry["club_number"], entry["amount"]) for entry in logged) == [
        (HIGH_ROLLER, LOGGED),
        (HIGH_ROLLER, PAST_REPORT),
    ]
    (listed,) = get(client, auditor, f"/compliance/report-days?day={DAY}")
    assert (listed["club_number"], listed["cash_in"]) == (HIGH_ROLLER, LOGGED + PAST_REPORT)
    assert get(client, auditor, f"/players/{HIGH_ROLLER}/identification")["document_type"] == "passport"
    (his,) = (slip for slip in closed_ratings(client, auditor) if slip["club_number"] == HIGH_ROLLER)
    assert (his["cash"], his["chips_check"]) == (LOGGED + PAST_REPORT, 0)
    assert "buy-in past the report threshold was refused until identified" in output
    assert f"Listed for a currency transaction report: {HIGH_ROLLER} on {DAY}, cash in 11,000.00" in output


def rated_day(check, logged=(LOGGED, PAST_REPORT), refused: bool | None = True):
    table = Table("DEMO-3", 3, "demo-dealer-3", random.Random(1), True, Tray(500))
    table.mispaid_rating = 7
    slips = [
        Rated(table, {"rating_id": 7, "final": True, "chips_check": check}),
        Rated(table, {"rating_id": 8, "final": True, "chips_check": 0}),
    ]
    entries = [{"club_number": HIGH_ROLLER, "amount": amount} for amount in logged]
    listed = [{"club_number": HIGH_ROLLER, "cash_in": LOGGED + PAST_REPORT}]
    return RatedDay(slips, entries, listed, refused)


def test_the_ratings_are_as_designed_only_when_every_check_is_the_demo_s():
    assert rated_day(MISPAID).as_designed
    assert not rated_day(0).as_designed  # the mis-paid member's check missed it
    assert not rated_day(MISPAID + 100).as_designed
    assert not rated_day(MISPAID, logged=(LOGGED,)).as_designed
    assert not rated_day(MISPAID, refused=False).as_designed
    assert rated_day(MISPAID, refused=None).as_designed  # identified on an earlier day: not refused
