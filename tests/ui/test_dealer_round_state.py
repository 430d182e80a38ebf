"""The dealer tablet in Chromium: a round moves through the states of
round_state.js (draft, previewed, submitting, unsure, settled), which allow
the moves they should and refuse, by throwing, the ones they should not."""

from __future__ import annotations

import json
from typing import Any

from tests.support.rounds_data import DEALER, SEATS
from tests.ui.conftest import expect
from tests.ui.dealer_page_support import at_table, type_hand

PLAYER = SEATS[2]  # 8-8 / K-K-A: beats the dealer


MOVES = """async () => {
  const rs = await import("/ui/static/dealer/round_state.js");
  const refusal = (move) => {
    try {
      move();
      return null;
    } catch (error) {
      return `${error.constructor.name}: ${error.message}`;
    }
  };
  const phases = [];
  let round = rs.startRound("key-1");
  phases.push(round.phase);
  for (const move of [rs.edited, rs.previewed, rs.edited, rs.previewed, rs.submitted, rs.unanswered]) {
    round = move(round);
    phases.push(round.phase);
  }
  const unsure = round;
  const resent = rs.submitted(unsure);
  const reused = rs.keyReused(resent);
  const stored = { id: 7 };
  const settled = rs.settled(rs.submitted(reused), stored);
  const refused = rs.refused(rs.submitted(rs.startRound("key-2")));
  const next = rs.nextRound(settled, "key-3");
  return {
    phases,
    keys: [unsure.key, resent.key, reused.key, settled.key, refused.key, next.key],
    frozen: Object.isFrozen(unsure),
    reused: [reused.phase, reused.keyReused, rs.submitted(reused).keyReused],
    settled: [
      settled.phase, settled.settled.id, rs.canEdit(settled), rs.canSubmit(settled), rs.canStartNext(settled),
    ],
    refused: [refused.phase, rs.canEdit(refused)],
    next: [next.phase, next.settled, next.keyReused],
    offers: {
      unsure: [rs.canEdit(unsure), rs.canSubmit(unsure), rs.canStartNext(unsure), rs.canLeave(unsure)],
      reused: [rs.canEdit(reused), rs.canSubmit(reused), rs.canStartNext(reused), rs.canLeave(reused)],
      submitting: [rs.canEdit(resent), rs.canSubmit(resent), rs.canStartNext(resent), rs.canLeave(resent)],
    },
    restored: [
      rs.restoreRound({ key: "a", sent: true, settled: null }).phase,
      rs.restoreRound({ key: "b", sent: true, settled: stored }).phase,
      rs.restoreRound({ key: "c", sent: false, settled: null }).phase,
    ],
    refusals: {
      settleADraft: refusal(() => rs.settled(rs.startRound("k"), stored)),
      editWhileSubmitting: refusal(() => rs.edited(resent)),
      previewWhileUnsure: refusal(() => rs.previewed(unsure)),
      dropAnUnsureRound: refusal(() => rs.nextRound(unsure, "k")),
      newRoundWhileSubmitting: refusal(() => rs.nextRound(resent, "k")),
      submitASettledRound: refusal(() => rs.submitted(settled)),
      editASettledRound: refusal(() => rs.edited(settled)),
      refuseADraft: refusal(() => rs.refused(rs.startRound("k"))),
      noSuchMove: refusal(() => rs.allows(unsure, "teleported")),
    },
  };
}"""


def test_the_round_s_states_allow_their_moves_and_refuse_the_rest(open_page: Any) -> None:
    page = open_page("/dealer")
    found = page.evaluate(MOVES)
    assert found["phases"] == ["draft", "draft", "previewed", "draft", "previewed", "submitting", "unsure"]
    # Every retry of a round, however it ends, is under the round's one key.
    assert found["keys"] == ["key-1", "key-1", "key-1", "key-1", "key-2", "key-3"]
    assert found["frozen"] is True
    assert found["reused"] == ["unsure", True, True]
    assert found["settled"] == ["settled", 7, False, False, True]
    assert found["refused"] == ["draft", True]
    assert found["next"] == ["draft", None, False]
    # [edit, submit, new round, change table]: an unsure round is only sent
    # again, unless the API said its key settled another round.
    assert found["offers"] == {
        "unsure": [False, True, False, False],
        "reused": [False, True, True, False],
        "submitting": [False, False, False, False],
    }
    assert found["restored"] == ["unsure", "settled", "draft"]
    refusals = found["refusals"]
    assert refusals["settleADraft"] == "RefusedMove: a round that is draft cannot be settled"
    assert refusals["dropAnUnsureRound"] == "RefusedMove: a round that is unsure cannot be nextRound"
    assert refusals["noSuchMove"] == "RefusedMove: no move named teleported"
    assert all(refusal and refusal.startswith("RefusedMove: ") for refusal in refusals.values()), refusals


def test_the_page_s_round_moves_with_its_submission(open_page: Any, live: Any, table: dict[str, Any]) -> None:
    page = at_table(open_page, table)
    phase = "window.dealerState.round.phase"
    assert page.evaluate(phase) == "draft"
    type_hand(page, "dealer", DEALER)
    type_hand(page, "1", PLAYER)
    page.fill("#bet-1-main", "10")
    expect(page.locator("#preview-table tbody tr")).to_have_count(1)
    assert page.evaluate(phase) == "previewed"
    held: list[Any] = []
    page.route("**/api/v1/tables/*/rounds", lambda route: held.append(route))
    page.click("#submit")
    expect(page.locator("#submit")).to_have_text("Submitting…")
    expect(page.locator("#submit")).to_be_disabled()
    assert page.evaluate(phase) == "submitting"
    for _ in range(100):  # the route's handler runs while Playwright waits
        if held:
            break
        page.wait_for_timeout(50)
    held[0].abort()  # the network lost after sending: the outcome is unknown
    expect(page.locator('[data-error-for="general"]')).to_contain_text("never settles twice")
    assert page.evaluate(phase) == "unsure"
    expect(page.locator("#submit")).to_have_text("Submit round")
    expect(page.locator("#new-round")).to_be_disabled()
    page.unroute("**/api/v1/tables/*/rounds")
    page.click("#submit")
    expect(page.locator("#settlement tbody tr")).to_have_count(1)
    assert page.evaluate(phase) == "settled"
    assert page.evaluate("window.dealerState.round.settled.id") == live.rounds(table["id"])[0]["id"]


def test_an_unsure_round_whose_key_settled_another_round_may_be_left(
    open_page: Any, live: Any, table: dict[str, Any]
) -> None:
    """The first sending is stored with other entries and its answer lost;
    sent again, the API says the key settled another round. That round
    stands (the pit boss corrects it): the tablet lets the dealer go on."""
    page = at_table(open_page, table)
    type_hand(page, "dealer", DEALER)
    type_hand(page, "1", PLAYER)
    page.fill("#bet-1-main", "10")

    def store_other_entries(route: Any) -> None:
        body = json.loads(route.request.post_data)
        body["seats"][0]["bets"]["main"] = 2000
        route.fetch(post_data=json.dumps(body))
        route.abort()

    page.route("**/api/v1/tables/*/rounds", store_other_entries, times=1)
    page.click("#submit")
    expect(page.locator('[data-error-for="general"]')).to_contain_text("never settles twice")
    expect(page.locator("#new-round")).to_be_disabled()
    key = page.evaluate("window.dealerState.key")
    page.click("#submit")
    expect(page.locator('[data-error-for="general"]')).to_contain_text("ask the pit boss for a correction")
    assert page.evaluate("[window.dealerState.round.phase, window.dealerState.round.keyReused]") == [
        "unsure",
        True,
    ]
    for locked in ("#bet-1-main", "#codes", "#change-table"):
        expect(page.locator(locked)).to_be_disabled()
    expect(page.locator("#submit")).to_be_enabled()
    expect(page.locator("#new-round")).to_be_enabled()
    (stored,) = live.rounds(table["id"])
    assert (stored["round_id"], stored["seats"][0]["bets"]["main"]) == (key, 2000)
    page.click("#new-round")
    assert page.evaluate("window.dealerState.round.phase") == "draft"
    assert page.evaluate("window.dealerState.key") != key
    expect(page.locator("#change-table")).to_be_enabled()
