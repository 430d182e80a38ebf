// The dealer tablet: a client of the JSON API only. This module picks the
// table, starts, restores and wires up the round, and builds the tablet's
// state (dealer_tablet.js) that it passes to the others; the round's states
// are in round_state.js, the felt in dealer_felt.js, the cards in
// dealer_cards.js, an own setting in dealer_setting.js, the bet pad and
// same bets in dealer_pad.js, open and empty seats in dealer_seats.js, the
// preview in dealer_preview.js, the submission in dealer_submit.js, and
// filling the hands from a deck feed in dealer_fill.js, asking for the
// table's next deck in dealer_deck.js, the dealing order's notice in
// dealer_order.js, asking before a round is discarded in dealer_discard.js,
// who sits at each seat and the seat's player dialog in dealer_ratings.js,
// the dealer signed in at the table (sign in, sign out, relief) in
// dealer_duty.js.
import { BACKGROUND, call, setTimeLimit } from "../shared/api.js";
import { fillBets, showLimits } from "./dealer_bets.js";
import { buildPicker, clearHand, renderPicker, showUndo, typeCodes, undo } from "./dealer_cards.js";
import { enter } from "./dealer_controls.js";
import { forgetDeck, noteDeck, stopWatching, watchDecks } from "./dealer_deck.js";
import { leaveDealer, loadDealer, wireDealerDialog } from "./dealer_duty.js";
import { bringBack, keepRound, mayDiscard } from "./dealer_discard.js";
import { forgetDraftsButUnsure, readDraft, saveDraft } from "./dealer_draft.js";
import { activate, buildFelt, renderHand } from "./dealer_felt.js";
import { fillHands } from "./dealer_fill.js";
import { showOrder } from "./dealer_order.js";
import { buildPad, readLastBets, sameBets, targetBet } from "./dealer_pad.js";
import { changed, handNotes, refresh } from "./dealer_preview.js";
import { loadRatings, openPlayer, wirePlayerDialog } from "./dealer_ratings.js";
import { setEmpty } from "./dealer_seats.js";
import { setOwn, tapChip } from "./dealer_setting.js";
import { showSettlement, submit } from "./dealer_submit.js";
import { HAND_SIZE, createTabletState, handOrder, locked, openHands, shortKey, useTable } from "./dealer_tablet.js";
import { $, clearErrors, el, showError } from "../shared/dom.js";
import { Phase, nextRound, refused, restoreRound, startRound } from "./round_state.js";
import { beforeSignOut, startSession } from "../shared/session.js";

const TABLE = "breakpoker.table";

const TABLES_EVERY_MS = 3000;
let tablesTimer = null;

/** The table list, asked for again while it is shown: a table opened meanwhile is offered at once. */
async function loadTables(state) {
  clearTimeout(tablesTimer);
  try {
    const { json } = await call("GET", "/tables", undefined, BACKGROUND);
    if (!$("#round").hidden) return; // a table was picked while the list was on its way
    const open = json.filter((table) => table.takes_rounds);
    const saved = open.find((table) => String(table.id) === sessionStorage.getItem(TABLE));
    if (saved) {
      pickTable(state, saved);
      return;
    }
    showTables(state, open);
  } catch (error) {
    $("#pick-table").hidden = false;
    showError("tables", error.message);
  }
  tablesTimer = setTimeout(() => loadTables(state), TABLES_EVERY_MS);
}

let listed = null; // the open tables as last shown

function showTables(state, open) {
  const list = $("#tables");
  const first = $("#pick-table").hidden;
  $("#pick-table").hidden = false;
  showError("tables", open.length === 0 ? "No open table: a pit boss opens one (the tray counted) on the pit page." : "");
  if (JSON.stringify(open) === listed && !first) return; // unchanged: the focus stays where it is
  listed = JSON.stringify(open);
  list.replaceChildren(
    ...open.map((table) => el("button", { type: "button", className: "big table-choice", onclick: () => pickTable(state, table) }, table.name)),
  );
  list.querySelector("button")?.focus();
}

function pickTable(state, table) {
  clearTimeout(tablesTimer);
  useTable(state, table);
  state.round = null; // a round belongs to its table: this one's is restored or started
  state.ways.clear(); // another table may qualify the dealer differently
  state.empty = [];
  state.players.bySeat = {}; // who sits here is read for this table (dealer_ratings.js)
  sessionStorage.setItem(TABLE, String(table.id));
  $("#table-name").textContent = `· ${table.name}`;
  $("#pick-table").hidden = true;
  $("#round").hidden = false;
  document.body.classList.add("at-table");
  buildFelt(state);
  loadRatings(state); // who sits at each seat
  loadDealer(state); // who deals here
  showLimits(state.table, state.bets, state.seats);
  buildPicker(state);
  buildPad(state);
  readLastBets(state);
  if (!restoreDraft(state)) newRound(state);
  watchDecks(state);
}

/** The felt emptied for ``round`` (a value from round_state.js); the seats marked empty stay so. */
function resetRound(state, round) {
  state.hands = Object.fromEntries(handOrder(state).map((hand) => [hand, []]));
  state.manual = {};
  state.undo = [];
  state.selected = null;
  state.deckId = null;
  forgetDeck(state);
  clearErrors();
  state.apiErrors = [];
  $("#codes").value = "";
  for (const seat of state.seats) {
    fillBets(seat, state.bets);
    $(`#hw-${seat}`).checked = true;
  }
  for (const hand of handOrder(state)) renderHand(state, hand);
  $("#results").replaceChildren();
  $("#settled-bets").replaceChildren();
  $("#settled-bets").hidden = true;
  $("#waiting").textContent = "";
  enter(state, round);
  $("#round-key").textContent = `Round id ${shortKey(state)} · not settled yet`;
  $("#round-key").title = `round id ${round.key}`;
  targetBet(state, null);
  activate(state, "dealer");
  showOrder(state);
}

function newRound(state) {
  const key = crypto.randomUUID(); // once per round, reused by every retry
  resetRound(state, state.round === null ? startRound(key) : nextRound(state.round, key));
  renderPicker(state);
  saveDraft(state);
  $("#codes").focus();
}

/** New round, once the dealer agrees to lose what is entered; Undo brings it back. */
async function askNewRound(state) {
  if (!(await mayDiscard(state, "New round", true))) return;
  const kept = keepRound(state);
  newRound(state);
  if (kept === null) return;
  state.undo.push({ round: kept, what: "the round New round discarded" });
  showUndo(state);
}

/** Undo: a discarded round brought back, or the last card taken out put back. */
function undoLast(state) {
  const last = state.undo.at(-1);
  if (!last?.round) {
    undo(state);
    return;
  }
  if (locked(state)) return;
  state.undo.pop();
  bringBack(state, last.round);
}

/** The round this tab kept for the table, as it was; false if none. */
function restoreDraft(state) {
  const draft = readDraft(state);
  if (!draft) return false;
  state.empty = (draft.empty || []).filter((seat) => state.seats.includes(seat));
  resetRound(state, restoreRound(draft));
  state.deckId = draft.deckId ?? null;
  noteDeck(state);
  for (const key of handOrder(state)) state.hands[key] = (draft.hands[key] || []).slice(0, HAND_SIZE);
  for (const seat of state.seats) {
    if (draft.manual[seat]) state.manual[seat] = draft.manual[seat];
    $(`#hw-${seat}`).checked = !draft.manual[seat];
    fillBets(seat, state.bets, draft.bets?.[seat]);
  }
  for (const key of handOrder(state)) renderHand(state, key);
  // The picker goes on where the dealing got to: the first hand with room, not the full dealer's.
  activate(state, openHands(state).find((key) => state.hands[key].length < HAND_SIZE) ?? "dealer");
  showOrder(state);
  enter(state, state.round); // the controls again, for the seats as the draft has them
  if (state.round.phase === Phase.SETTLED) {
    showSettlement(state, state.round.settled, true);
    handNotes(state, ++state.refreshes); // the joker's meaning, under the settled hands too
  } else if (state.round.phase === Phase.UNSURE) {
    showError("general", "This round was sent and no answer came back: Submit again sends the same round, which never settles twice.");
  } else {
    if (draft.note) showError("general", draft.note);
    changed(state);
  }
  return true;
}

// ---- wiring ----------------------------------------------------------------------

// The tablet's state, built once here and passed to every module that needs
// it; the felt calls back through ``on`` (see dealer_tablet.js).
const state = createTabletState({
  change(state) {
    showOrder(state);
    changed(state);
    noteDeck(state); // how many cards differ from the deck's now
  },
  tapChip,
  setOwn,
  setEmpty,
  sameBets,
  targetBet,
  openPlayer,
});
wirePlayerDialog(state);
wireDealerDialog(state);
$("#add-codes").addEventListener("click", () => typeCodes(state));
// The typed line's error is about the line as it was: changed, it goes.
$("#codes").addEventListener("input", () => {
  $('[data-error-for="codes"]').textContent = "";
});
$("#codes").addEventListener("keydown", (event) => {
  if (event.key === "Enter") {
    event.preventDefault();
    typeCodes(state);
  }
});
$("#clear-hand").addEventListener("click", () => clearHand(state));
$("#undo").addEventListener("click", () => undoLast(state));
$("#same-bets").addEventListener("click", () => sameBets(state));
$("#preview").addEventListener("click", () => refresh(state, false));
$("#submit").addEventListener("click", () => submit(state));
$("#new-round").addEventListener("click", () => askNewRound(state));
$("#change-table").addEventListener("click", () => {
  stopWatching(state);
  sessionStorage.removeItem(TABLE);
  $("#round").hidden = true;
  document.body.classList.remove("at-table");
  $("#table-name").textContent = "";
  $("#limits").textContent = "";
  leaveDealer();
  loadTables(state);
});
// "Same bets" stays with the table: the players sit on when the dealer changes.
document.addEventListener("signing-out", () => {
  stopWatching(state);
  sessionStorage.removeItem(TABLE);
  forgetDraftsButUnsure();
});
// A round refused because the sign-in ended was not stored: a draft again,
// for the dealer who signs in next to submit, and said so.
document.addEventListener("sign-in-ended", (event) => {
  const { request, notes } = event.detail;
  const round = state.round;
  if (round?.phase !== Phase.SUBMITTING || request.method !== "POST" || !request.path.endsWith("/rounds")) return;
  enter(state, refused(round));
  saveDraft(state, "This round was not stored: the sign-in ended when it was submitted. Check it and press Submit round.");
  notes.push("The round you submitted was not stored: sign in, check it and press Submit round again.");
});
// A round is settled in well under a second: twenty seconds without an
// answer is a server that hangs, and the dealer is told.
setTimeLimit(20_000);
beforeSignOut(() => mayDiscard(state, "Sign out", false));
startSession(() => loadTables(state));

// For tests and the curious: the page's state, read-only by convention.
window.dealerState = state;
// For the deck feed ("take the deck"): fill every open hand from {hand: [7 codes]}.
window.dealerFill = (hands, deckId) => fillHands(state, hands, deckId);
