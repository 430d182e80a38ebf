"""The game's counters on /metrics only ever rise: a void or a correction
takes a round out of the totals the reports read, and Prometheus would read
a lowered counter as a reset (``rate()`` spikes). Voids and corrections have
counters of their own; what the reports count now (net of them) is a gauge."""

from __future__ import annotations

from prometheus_client.parser import text_string_to_metric_families

from tests.ops.conftest import count_rounds, enter, sign_in
from tests.support.rounds_data import round_body

# One round of tests.support.rounds_data: three seats of 1000 main, 500 dealer
# Break Bonus, 100 Break Bonus.
ROUND_HANDLE = {"main": 3000, "dealer_break_bonus": 1500, "break_bonus": 300}


def scrape(client) -> tuple[dict[tuple[str, tuple[tuple[str, str], ...]], float], dict[str, str]]:
    """Every sample by name and labels, and each family's type."""
    families = list(text_string_to_metric_families(client.get("/metrics").get_data(as_text=True)))
    values = {
        (sample.name, tuple(sorted(sample.labels.items()))): sample.value
        for family in families
        for sample in family.samples
    }
    return values, {family.name: family.type for family in families}


def by_bet(values, name: str) -> dict[str, float]:
    return {dict(labels)["bet"]: value for (found, labels), value in values.items() if found == name}


def decide(client, asked, approver) -> None:
    assert asked.status_code == 201, asked.json
    approved = client.post(f"/api/v1/exceptions/{asked.json['id']}/approve", json={}, headers=approver)
    assert approved.status_code == 200, approved.json


def test_a_void_and_a_correction_lower_no_counter(app_with_par_sheet):
    client = app_with_par_sheet.test_client()
    admin, boss, boss2, dealer = (
        sign_in(client, name) for name in ("admin", "pit_boss", "pit_boss2", "dealer")
    )
    table = client.post("/api/v1/tables", json={"name": "BP-1"}, headers=admin).json
    rounds = [enter(client, dealer, table["id"], f"r{n}").json for n in range(3)]
    count_rounds(app_with_par_sheet)
    before, types = scrape(client)
    assert before[("breakpoker_rounds_settled_total", ())] == 3

    void = client.post(f"/api/v1/rounds/{rounds[0]['id']}/void", json={"reason": "misdeal"}, headers=boss)
    decide(client, void, boss2)
    corrected = round_body("r1")
    corrected["seats"][0]["bets"]["main"] = 3000  # keyed 1000
    correction = client.post(
        f"/api/v1/rounds/{rounds[1]['id']}/corrections",
        json={"reason": "seat 1 bet 30", "round": corrected},
        headers=boss,
    )
    decide(client, correction, boss2)
    count_rounds(app_with_par_sheet)
    after, _ = scrape(client)

    counters = [key for key in before if types.get(key[0].removesuffix("_total")) == "counter"]
    assert any(name == "breakpoker_wagered_minor_units_total" for name, _ in counters)
    lowered = {
        key: (before[key], after.get(key)) for key in counters if not after.get(key, -1) >= before[key]
    }
    assert lowered == {}, "a counter went down (Prometheus reads a reset)"

    # Every round ever counted: the three and the correction's new record.
    assert after[("breakpoker_rounds_settled_total", ())] == 4
    assert after[("breakpoker_rounds_voided_total", ())] == 1
    assert after[("breakpoker_rounds_corrected_total", ())] == 1
    assert types["breakpoker_rounds_counted"] == "gauge"
    assert (before[("breakpoker_rounds_counted", ())], after[("breakpoker_rounds_counted", ())]) == (3, 2)
    replacement = {**ROUND_HANDLE, "main": ROUND_HANDLE["main"] + 2000}
    assert by_bet(after, "breakpoker_wagered_minor_units_total") == {
        bet: 3 * handle + replacement[bet] for bet, handle in ROUND_HANDLE.items()
    }
    # What the void and the correction took out: two of the rounds as keyed.
    assert by_bet(after, "breakpoker_wagered_taken_out_minor_units_total") == {
        bet: 2 * handle for bet, handle in ROUND_HANDLE.items()
    }
    # Net of them, as the reports count it: a gauge, which may fall.
    assert types["breakpoker_wagered_net_minor_units"] == "gauge"
    assert by_bet(after, "breakpoker_wagered_net_minor_units") == {
        bet: handle + replacement[bet] for bet, handle in ROUND_HANDLE.items()
    }
    boss_view = client.get(f"/api/v1/reports/tables/{table['id']}?period=day", headers=boss).json
    assert by_bet(after, "breakpoker_wagered_net_minor_units") == {
        bet: line["handle"] for bet, line in boss_view["bets"].items()
    }
    assert by_bet(after, "breakpoker_house_net_minor_units") == {
        bet: line["win"] for bet, line in boss_view["bets"].items()
    }
