// The round on the felt, kept in this tab across a reload, so a round
// submitted just before a reload is sent again with the same key and never
// settles twice.
import { typedBets } from "./dealer_bets.js";
import { isSent } from "./round_state.js";

const PREFIX = "breakpoker.draft.";

function draftKey(state) {
  return `${PREFIX}${state.table.id}`;
}

function parse(text) {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** Keep the round as it is on the felt; ``note`` (optional) is said when it is restored. */
export function saveDraft(state, note = null) {
  const bets = Object.fromEntries(state.seats.map((seat) => [seat, typedBets(seat, state.bets)]));
  const draft = {
    key: state.round.key,
    hands: state.hands,
    manual: state.manual,
    bets,
    empty: state.empty,
    deckId: state.deckId,
    settled: state.round.settled,
    sent: isSent(state.round),
    note,
  };
  sessionStorage.setItem(draftKey(state), JSON.stringify(draft));
}

/** The draft kept for the table (``{key, hands, manual, bets, empty, deckId, settled, sent, note}``), or null. */
export function readDraft(state) {
  const draft = parse(sessionStorage.getItem(draftKey(state)));
  return draft && draft.key ? draft : null;
}

/** The next dealer in this tab starts clean, except for a round sent without
 * a sure answer: it belongs to the table, and must be sent again, not retyped. */
export function forgetDraftsButUnsure() {
  for (const name of Object.keys(sessionStorage)) {
    if (!name.startsWith(PREFIX)) continue;
    const draft = parse(sessionStorage.getItem(name));
    if (!(draft && draft.sent && !draft.settled)) sessionStorage.removeItem(name);
  }
}
