"""The dealer tablet in Chromium: a round moves through the states of
round_state.js (draft, previewed, submitting, unsure, settled), which allow
the moves they should and refuse, by throwing, the ones they should not."""

from __future__ import annotations

from typing import Any

MOVES = """async () => {
  const rs = await import("/ui/static/round_state.js");
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
