// Rated play at the tablet: who sits at each seat (the table's open
// ratings, on each seat's player button), and the seat's player dialog:
// seat a player by club number (typed, or scanned: a card reader types
// the number and Enter), or the seated player's buy-in, pause, resume and
// seat-out, the amounts by the pad's chips. The table's ratings are read
// again when it is picked and after every step, so the seats show what
// the API holds, steps made elsewhere too.
import { ApiError, call } from "../shared/api.js";
import { $, clearError, clearErrors, el, showError } from "../shared/dom.js";
import { CHIPS } from "../shared/count_fields.js";
import { formatAmount, readAmount, typedAmount } from "../shared/money.js";
import { BUY_IN_KIND, RATING_STATE } from "../shared/vocabulary.js";
import { chipButton } from "./dealer_pad.js";

const DIALOG = "#player-dialog";

/** Where the dialog shows an API error about ``field`` (its path in the body sent). */
function errorTarget(field) {
  if (field === "club_number" || field === "seat") return "rating-club";
  if (field === "amount" || field === "chips_taken" || field === "kind") return "rating-amount";
  return "rating-general";
}

const paused = (rating) => rating?.state === RATING_STATE.PAUSED;

/** "Ann Lee (club 1234)", or the club number alone when no name is recorded. */
function whoIs(rating) {
  return rating.name ? `${rating.name} (club ${rating.club_number})` : `club ${rating.club_number}`;
}

/** The table's open ratings read again, and every seat's button (and the open dialog) shown from them. */
export async function loadRatings(state) {
  const tableId = state.table.id;
  const read = ++state.players.reads;
  let json;
  try {
    ({ json } = await call("GET", `/tables/${tableId}/ratings`));
  } catch (error) {
    showError(state.players.seat === null ? "general" : "rating-general", `Who sits where could not be read: ${error.message}`);
    return;
  }
  // Another table picked meanwhile, or a newer read asked for after a step: this answer is old.
  if (state.table?.id !== tableId || read !== state.players.reads) return;
  state.players.bySeat = Object.fromEntries(json.map((rating) => [rating.seat, rating]));
  for (const seat of state.seats) showPlayer(state, seat);
  if (state.players.seat !== null) fillDialog(state);
}

/** The seat's player button: the name over the club number, PAUSED for a paused player, "Seat in" for none. */
function showPlayer(state, seat) {
  const button = $(`#player-${seat}`);
  if (!button) return;
  const rating = state.players.bySeat[seat];
  button.classList.toggle("seated", Boolean(rating));
  button.classList.toggle("paused", paused(rating));
  $(`#hand-${seat}`).classList.toggle("player-paused", paused(rating));
  if (!rating) {
    button.replaceChildren(el("span", { className: "who-name" }, "Seat in"));
    button.setAttribute("aria-label", `Seat ${seat}: no player rated; tap to seat one by club number`);
    button.title = "";
    return;
  }
  const second = paused(rating) ? "PAUSED" : rating.club_number;
  button.replaceChildren(el("span", { className: "who-name" }, rating.name || rating.club_number), el("span", { className: "who-more" }, second));
  const words = `Seat ${seat}: ${whoIs(rating)}${paused(rating) ? ", paused" : ""}`;
  button.setAttribute("aria-label", `${words}; tap for buy-in, pause, resume or seat-out`);
  button.title = words;
}

/** What the player brought: "bought in 150.00 (cash 100.00, chips 50.00)". */
function boughtIn(rating) {
  const sum = (kind) => rating.buy_ins.filter((buy) => buy.kind === kind).reduce((total, buy) => total + buy.amount, 0);
  const cash = sum(BUY_IN_KIND.CASH);
  const chips = sum(BUY_IN_KIND.CHIPS);
  if (cash + chips === 0) return "no buy-in yet";
  return `bought in ${formatAmount(cash + chips)} (cash ${formatAmount(cash)}, chips ${formatAmount(chips)})`;
}

/** The dialog for the seat it is open for: the seat-in form, or the seated player's steps. */
function fillDialog(state, note = "") {
  const seat = state.players.seat;
  const rating = state.players.bySeat[seat];
  $("#player-title").textContent = rating ? `Seat ${seat}: ${whoIs(rating)}` : `Seat ${seat}: seat a player`;
  const status = rating ? `${paused(rating) ? "PAUSED: this seat takes no rounds until Resume" : "Playing"}; ${boughtIn(rating)}.` : "";
  $("#player-status").textContent = [note, status].filter(Boolean).join(" ");
  $("#player-status").classList.toggle("paused", paused(rating));
  $("#seat-in").hidden = Boolean(rating);
  $("#rating-steps").hidden = !rating;
  $("#rating-pause").hidden = !rating || paused(rating);
  $("#rating-resume").hidden = !rating || !paused(rating);
  showSeatOut();
}

/** The seat's player dialog, opened by a tap on its player button. */
export function openPlayer(state, seat) {
  state.players.seat = seat;
  clearErrors($(DIALOG));
  $("#club-number").value = "";
  $("#rating-amount").value = "";
  fillDialog(state);
  $(DIALOG).showModal();
  // A card reader types into the field with the focus: it is the club number's.
  (state.players.bySeat[seat] ? $("#rating-amount") : $("#club-number")).focus();
  loadRatings(state); // a step made at another device meanwhile is shown
}

/** The amount typed or added with the chips, in minor units; null (and said) if it is none. */
function amount(empty) {
  const typed = $("#rating-amount").value.trim();
  if (!typed) {
    if (empty !== null) return empty;
    showError("rating-amount", "amount: add it with the chips (or type it)");
    return null;
  }
  const { cents, problem } = readAmount(typed, "amount");
  if (problem) showError("rating-amount", problem);
  return problem ? null : cents;
}

/** The Seat out button says the chips it records: none typed is none taken away. */
function showSeatOut() {
  const typed = $("#rating-amount").value.trim();
  const { cents } = typed ? readAmount(typed, "") : { cents: 0 };
  $("#seat-out").textContent = cents === undefined ? "Seat out" : `Seat out, chips taken ${formatAmount(cents)}`;
}

function setAmount(text) {
  $("#rating-amount").value = text;
  $("#rating-amount").dispatchEvent(new Event("input", { bubbles: true }));
}

function addChip(value) {
  const typed = $("#rating-amount").value.trim();
  const { cents } = typed ? readAmount(typed, "") : { cents: 0 };
  setAmount(typedAmount((cents ?? 0) + value)); // what is not an amount is replaced
}

/**
 * ``path`` posted with ``body`` for the open seat; the ratings read again either way. True if done.
 * ``refused`` runs as the error is shown, before the read: a scan that follows at once must find it done.
 */
async function post(state, path, body, done, refused = () => {}) {
  if (state.players.busy) return false; // a second Enter or tap waits for the first
  state.players.busy = true;
  clearErrors($(DIALOG));
  let ok = false;
  try {
    await call("POST", path, body);
    ok = true;
  } catch (error) {
    showError(error instanceof ApiError ? errorTarget(error.field) : "rating-general", error.message);
    refused();
  } finally {
    state.players.busy = false;
  }
  await loadRatings(state);
  if (ok) {
    $("#rating-amount").value = "";
    fillDialog(state, done);
  }
  return ok;
}

async function seatIn(state) {
  const club = $("#club-number").value.trim();
  if (!club) {
    showError("rating-club", "club number: type or scan it");
    return;
  }
  const seat = state.players.seat;
  const selectClub = () => $("#club-number").select(); // the next scan replaces it
  if (await post(state, `/tables/${state.table.id}/ratings`, { club_number: club, seat }, `Seated at seat ${seat}.`, selectClub)) {
    $("#club-number").value = "";
    $("#rating-amount").focus();
  }
}

/** A step of the open seat's rating: ``what`` is pauses, resumes, seat-out or buy-ins. */
function step(state, what, body, done) {
  const rating = state.players.bySeat[state.players.seat];
  if (rating) post(state, `/ratings/${rating.id}/${what}`, body, done);
}

function buyIn(state, kind) {
  const cents = amount(null);
  if (cents !== null) step(state, "buy-ins", { kind, amount: cents }, `Buy-in of ${formatAmount(cents)} in ${kind} recorded.`);
}

function seatOut(state) {
  const cents = amount(0);
  const rating = state.players.bySeat[state.players.seat];
  if (cents !== null && rating) step(state, "seat-out", { chips_taken: cents }, `${whoIs(rating)} seated out with ${formatAmount(cents)} in chips.`);
}

/** The dialog's controls wired once (dealer.js), for whichever seat it is opened for. */
export function wirePlayerDialog(state) {
  $("#seat-in").addEventListener("submit", (event) => {
    event.preventDefault(); // Enter (a card reader's too) seats the player
    seatIn(state);
  });
  $("#club-number").addEventListener("input", () => clearError("rating-club"));
  $("#rating-amount").addEventListener("input", () => {
    clearError("rating-amount");
    showSeatOut();
  });
  $("#rating-pad").replaceChildren(
    ...CHIPS.slice(0, 5).map((value) => chipButton(value, addChip)),
    el("button", { type: "button", className: "bet-chip clear", "aria-label": "clear the amount", onclick: () => setAmount("") }, "C"),
  );
  $("#buy-in-cash").addEventListener("click", () => buyIn(state, BUY_IN_KIND.CASH));
  $("#buy-in-chips").addEventListener("click", () => buyIn(state, BUY_IN_KIND.CHIPS));
  $("#seat-out").addEventListener("click", () => seatOut(state));
  $("#rating-pause").addEventListener("click", () => step(state, "pauses", {}, "Paused."));
  $("#rating-resume").addEventListener("click", () => step(state, "resumes", {}, "Resumed."));
  $("#player-close").addEventListener("click", () => $(DIALOG).close());
  $(DIALOG).addEventListener("close", () => {
    state.players.seat = null;
  });
}
