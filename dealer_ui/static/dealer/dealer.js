// The dealer tablet: a client of the JSON API only. This module picks the
// table and starts, restores and wires up the round; the round's states
// are in round_state.js, the felt in dealer_felt.js, the cards in
// dealer_cards.js, an own setting in dealer_setting.js, the bet pad and
// same bets in dealer_pad.js, open and empty seats in dealer_seats.js, the
// preview in dealer_preview.js, the submission in dealer_submit.js, and
// filling the hands from a deck feed in dealer_fill.js, asking for the
// table's next deck in dealer_deck.js, the dealing order's notice in
// dealer_order.js, asking before a round is discarded in dealer_discard.js.
import { BACKGROUND, call, setTimeLimit } from "../shared/api.js";
import { fillBets, showLimits } from "./dealer_bets.js";
import { buildPicker, clearHand, renderPicker, showUndo, typeCodes, undo } from "./dealer_cards.js";
import { enter } from "./dealer_controls.js";
import { forgetDeck, noteDeck, stopWatching, watchDecks } from "./dealer_deck.js";
import { bringBack, keepRound, mayDiscard } from "./dealer_discard.js";
import { forgetDraftsButUnsure, readDraft, saveDraft } from "./dealer_draft.js";
import { activate, buildFelt, felt, renderHand } from "./dealer_felt.js";
import { fillHands } from "./dealer_fill.js";
import { showOrder } from "./dealer_order.js";
import { buildPad, readLastBets, sameBets, targetBet } from "./dealer_pad.js";
import { changed, handNotes, refresh } from "./dealer_preview.js";
import { setEmpty } from "./dealer_seats.js";
import { setOwn, tapChip } from "./dealer_setting.js";
import { showSettlement, submit } from "./dealer_submit.js";
import { HAND_SIZE, handOrder, locked, onChange, openHands, shortKey, tablet, useTable } from "./dealer_tablet.js";
import { $, clearErrors, el, showError } from "../shared/dom.js";
import { Phase, nextRound, refused, restoreRound, startRound } from "./round_state.js";
import { beforeSignOut, startSession } from "../shared/session.js";

const TABLE = "breakpoker.table";

const TABLES_EVERY_MS = 3000;
let tablesTimer = null;

/** The table list, asked for again while it is shown: a table opened meanwhile is offered at once. */
async function loadTables() {
  clearTimeout(tablesTimer);
  try {
    const { json } = await call("GET", "/tables", undefined, BACKGROUND);
    if (!$("#round").hidden) return; // a table was picked while the list was on its way
    const open = json.filter((table) => table.takes_rounds);
    const saved = open.find((table) => String(table.id) === sessionStorage.getItem(TABLE));
    if (saved) {
      pickTable(saved);
      return;
    }
    showTables(open);
  } catch (error) {
    $("#pick-table").hidden = false;
    showError("tables", error.message);
  }
  tablesTimer = setTimeout(loadTables, TABLES_EVERY_MS);
}

let listed = null; // the open tables as last shown

function showTables(open) {
  const list = $("#tables");
  const first = $("#pick-table").hidden;
  $("#pick-table").hidden = false;
  showError("tables", open.length === 0 ? "No open table: a pit boss opens one (the tray counted) on the pit page." : "");
  if (JSON.stringify(open) === listed && !first) return; // unchanged: the focus stays where it is
  listed = JSON.stringify(open);
  list.replaceChildren(
    ...open.map((table) => el("button", { type: "button", className: "big table-choice", onclick: () => pickTable(table) }, table.name)),
  );
  list.querySelector("button")?.focus();
}

function pickTable(table) {
  clearTimeout(tablesTimer);
  useTable(table);
  tablet.round = null; // a round belongs to its table: this one's is restored or started
  tablet.ways.clear(); // another table may qualify the dealer differently
  tablet.empty = [];
  sessionStorage.setItem(TABLE, String(table.id));
  $("#table-name").textContent = `· ${table.name}`;
  $("#pick-table").hidden = true;
  $("#round").hidden = false;
  document.body.classList.add("at-table");
  buildFelt();
  showLimits(tablet.table, tablet.bets, tablet.seats);
  buildPicker();
  buildPad();
  readLastBets();
  if (!restoreDraft()) newRound();
  watchDecks();
}

/** The felt emptied for ``round`` (a value from round_state.js); the seats marked empty stay so. */
function resetRound(round) {
  tablet.hands = Object.fromEntries(handOrder().map((hand) => [hand, []]));
  tablet.manual = {};
  tablet.undo = [];
  tablet.selected = null;
  tablet.deckId = null;
  forgetDeck();
  clearErrors();
  tablet.apiErrors = [];
  $("#codes").value = "";
  for (const seat of tablet.seats) {
    fillBets(seat, tablet.bets);
    $(`#hw-${seat}`).checked = true;
  }
  for (const hand of handOrder()) renderHand(hand);
  $("#results").replaceChildren();
  $("#settled-bets").replaceChildren();
  $("#settled-bets").hidden = true;
  $("#waiting").textContent = "";
  enter(round);
  $("#round-key").textContent = `Round id ${shortKey()} · not settled yet`;
  $("#round-key").title = `round id ${round.key}`;
  targetBet(null);
  activate("dealer");
  showOrder();
}

function newRound() {
  const key = crypto.randomUUID(); // once per round, reused by every retry
  resetRound(tablet.round === null ? startRound(key) : nextRound(tablet.round, key));
  renderPicker();
  saveDraft();
  $("#codes").focus();
}

/** New round, once the dealer agrees to lose what is entered; Undo brings it back. */
async function askNewRound() {
  if (!(await mayDiscard("New round", true))) return;
  const kept = keepRound();
  newRound();
  if (kept === null) return;
  tablet.undo.push({ round: kept, what: "the round New round discarded" });
  showUndo();
}

/** Undo: a discarded round brought back, or the last card taken out put back. */
function undoLast() {
  const last = tablet.undo.at(-1);
  if (!last?.round) {
    undo();
    return;
  }
  if (locked()) return;
  tablet.undo.pop();
  bringBack(last.round);
}

/** The round this tab kept for the table, as it was; false if none. */
function restoreDraft() {
  const draft = readDraft();
  if (!draft) return false;
  tablet.empty = (draft.empty || []).filter((seat) => tablet.seats.includes(seat));
  resetRound(restoreRound(draft));
  tablet.deckId = draft.deckId ?? null;
  noteDeck();
  for (const key of handOrder()) tablet.hands[key] = (draft.hands[key] || []).slice(0, HAND_SIZE);
  for (const seat of tablet.seats) {
    if (draft.manual[seat]) tablet.manual[seat] = draft.manual[seat];
    $(`#hw-${seat}`).checked = !draft.manual[seat];
    fillBets(seat, tablet.bets, draft.bets?.[seat]);
  }
  for (const key of handOrder()) renderHand(key);
  // The picker goes on where the dealing got to: the first hand with room, not the full dealer's.
  activate(openHands().find((key) => tablet.hands[key].length < HAND_SIZE) ?? "dealer");
  showOrder();
  enter(tablet.round); // the controls again, for the seats as the draft has them
  if (tablet.round.phase === Phase.SETTLED) {
    showSettlement(tablet.round.settled, true);
    handNotes(++tablet.refreshes); // the joker's meaning, under the settled hands too
  } else if (tablet.round.phase === Phase.UNSURE) {
    showError("general", "This round was sent and no answer came back: Submit again sends the same round, which never settles twice.");
  } else {
    if (draft.note) showError("general", draft.note);
    changed();
  }
  return true;
}

// ---- wiring ----------------------------------------------------------------------

Object.assign(felt, { tapChip, setOwn, setEmpty, sameBets, targetBet });
onChange(() => {
  showOrder();
  changed();
  noteDeck(); // how many cards differ from the deck's now
});
$("#add-codes").addEventListener("click", typeCodes);
// The typed line's error is about the line as it was: changed, it goes.
$("#codes").addEventListener("input", () => {
  $('[data-error-for="codes"]').textContent = "";
});
$("#codes").addEventListener("keydown", (event) => {
  if (event.key === "Enter") {
    event.preventDefault();
    typeCodes();
  }
});
$("#clear-hand").addEventListener("click", clearHand);
$("#undo").addEventListener("click", undoLast);
$("#same-bets").addEventListener("click", () => sameBets());
$("#preview").addEventListener("click", () => refresh(false));
$("#submit").addEventListener("click", submit);
$("#new-round").addEventListener("click", askNewRound);
$("#change-table").addEventListener("click", () => {
  stopWatching();
  sessionStorage.removeItem(TABLE);
  $("#round").hidden = true;
  document.body.classList.remove("at-table");
  $("#table-name").textContent = "";
  $("#limits").textContent = "";
  loadTables();
});
// "Same bets" stays with the table: the players sit on when the dealer changes.
document.addEventListener("signing-out", () => {
  stopWatching();
  sessionStorage.removeItem(TABLE);
  forgetDraftsButUnsure();
});
// A round refused because the sign-in ended was not stored: a draft again,
// for the dealer who signs in next to submit, and said so.
document.addEventListener("sign-in-ended", (event) => {
  const { request, notes } = event.detail;
  const round = tablet.round;
  if (round?.phase !== Phase.SUBMITTING || request.method !== "POST" || !request.path.endsWith("/rounds")) return;
  enter(refused(round));
  saveDraft("This round was not stored: the sign-in ended when it was submitted. Check it and press Submit round.");
  notes.push("The round you submitted was not stored: sign in, check it and press Submit round again.");
});
// A round is settled in well under a second: twenty seconds without an
// answer is a server that hangs, and the dealer is told.
setTimeLimit(20_000);
beforeSignOut(() => mayDiscard("Sign out", false));
startSession(loadTables);

// For tests and the curious: the page's state, read-only by convention.
window.dealerState = tablet;
// For the deck feed ("take the deck"): fill every open hand from {hand: [7 codes]}.
window.dealerFill = fillHands;
