"""The devices' figures through the API (the shuffler checks): each
shuffler or shoe with its decks, repeated orders, positions test and
cards changed by hand for a gaming day and the 30 days to it; one device
with each of its days; the roles that read them; the schemas describe
every field and dump exactly what the service answers."""

from __future__ import annotations

import random
from datetime import date, timedelta

import pytest

from service.api.protection.device_schemas import DeviceDetailSchema, DevicesSchema
from service.protection.cards_changed import check_changed_cards
from service.protection.device_days import count_deck
from service.protection.device_figures import device_detail, device_list
from service.protection.repeated_decks import check_deck_order
from service.protection.shuffler_positions import check_positions
from service.store.db import utc_now
from service.store.work import unit_of_work
from tests.api.decks_support import enter
from tests.protection.test_shuffler_checks import OPENS, add_decks, count, day_id, joker_first
from tests.support.app import databases
from tests.support.decks import dealing, deck_body, expose, post_deck
from tests.support.openapi import as_json, document, free_form_objects, undescribed
from tests.support.rounds_data import DEALER, round_body

pytestmark = pytest.mark.store

DAY = date(2026, 11, 2)


def joker_day_tested(app, table_id: int) -> None:
    """shoe-1: 60 decks with the joker first on DAY, tested (flagged)."""
    rng = random.Random(4)
    count(app, add_decks(app, table_id, [joker_first(rng) for _ in range(60)], OPENS, device="shoe-1"))
    with unit_of_work(databases(app)) as db:
        assert check_positions(db, day_id(app, "shoe-1"), utc_now()) == 2


def test_each_device_with_its_figures_for_the_day_and_thirty_days(app, client, as_role, table):
    joker_day_tested(app, table["id"])
    # shoe-1 again the next day: 3 decks, its day not tested yet
    rng = random.Random(5)
    count(
        app,
        add_decks(
            app, table["id"], [joker_first(rng) for _ in range(3)], OPENS + timedelta(days=1), device="shoe-1"
        ),
    )
    shown = client.get("/api/v1/devices?gaming_day=2026-11-02", headers=as_role["pit_boss"])
    assert shown.status_code == 200, shown.json
    assert shown.json["gaming_day"] == "2026-11-02"
    (device,) = shown.json["devices"]
    assert (device["device_id"], device["table_name"]) == ("shoe-1", "BP-1")
    assert {key: device["day"][key] for key in ("days", "decks", "repeated_orders", "cards_changed")} == {
        "days": 1,
        "decks": 60,
        "repeated_orders": 0,
        "cards_changed": 0,
    }
    positions = device["day"]["positions"]
    assert (positions["decks"], positions["groups"], positions["df"], positions["flagged"]) == (
        60,
        10,
        468,
        True,
    )
    assert device["last_30_days"]["positions"]["flagged"] is True
    newest = client.get("/api/v1/devices", headers=as_role["compliance"]).json
    assert newest["gaming_day"] == "2026-11-03"  # the newest day any device has decks on
    (device,) = newest["devices"]
    assert (device["day"]["decks"], device["day"]["positions"]) == (3, None)  # not ended, not tested
    assert (device["last_30_days"]["days"], device["last_30_days"]["decks"]) == (2, 63)
    assert device["last_30_days"]["positions"] is None
    one = client.get("/api/v1/devices/shoe-1", headers=as_role["admin"])
    assert one.status_code == 200
    assert [(day["gaming_day"], day["figures"]["decks"]) for day in one.json["days"]] == [
        ("2026-11-03", 3),
        ("2026-11-02", 60),
    ]
    assert one.json["days"][1]["figures"]["positions"]["flagged"] is True
    assert client.get("/api/v1/devices", headers=as_role["dealer"]).status_code == 403
    missing = client.get("/api/v1/devices/shoe-9", headers=as_role["pit_boss"])
    assert (missing.status_code, missing.json["code"], missing.json["field"]) == (
        404,
        "device_not_found",
        "device_id",
    )
    wrong = client.get("/api/v1/devices?gaming_day=yesterday", headers=as_role["pit_boss"])
    assert (wrong.status_code, wrong.json["field"]) == (422, "gaming_day")


def test_repeated_orders_and_cards_changed_count_against_the_device(app, client, as_role, table):
    cards = dealing()
    first = post_deck(client, as_role["device"], table["id"], deck_body(cards, sequence=1)).json
    again = post_deck(client, as_role["device"], table["id"], deck_body(cards, sequence=2)).json
    expose(client, as_role["dealer"], table["id"], again["id"])
    undealt = next(card for card in cards[49:] if card[0] == "3")
    body = round_body("r1", dealer=[*DEALER[:6], undealt], deck_id=again["id"])
    assert enter(client, as_role["dealer"], table["id"], body, "r1").status_code == 201
    with unit_of_work(databases(app)) as db:
        for feed in (first["id"], again["id"]):
            count_deck(db, feed, utc_now())
            check_deck_order(db, feed, utc_now())
        check_changed_cards(db, again["id"], utc_now())
    shown = client.get("/api/v1/devices", headers=as_role["pit_boss"]).json
    (device,) = shown["devices"]
    assert device["device_id"] == "shoe-7"
    for window in ("day", "last_30_days"):
        figures = device[window]
        assert (figures["decks"], figures["repeated_orders"]) == (2, 1)
        assert (figures["changed_decks"], figures["cards_changed"]) == (1, 1)


def test_the_schemas_describe_every_field_and_dump_what_the_service_answers(app, client, table):
    components = document(client)
    starts = ("Devices", "DeviceDetail")
    assert undescribed(components, starts) == []
    assert free_form_objects(components, starts) == []
    joker_day_tested(app, table["id"])
    with databases(app)() as db:
        listed = device_list(db, None)
        detail = device_detail(db, "shoe-1", DAY)
    assert DevicesSchema().dump(listed) == as_json(listed)
    assert DeviceDetailSchema().dump(detail) == as_json(detail)
