// The dealer tablet: a client of the JSON API only.
import { ApiError, NoAnswer, call } from "./api.js";
import { betRefused, explains, refusalText } from "./bets.js";
import { JOKER, RANKS, SUITS, label, spoken } from "./cards.js";
import { describe, dealerLine, jokerText, playingWay, previewParts, seatNet, settlementParts } from "./dealer_results.js";
import { $, clearError, clearErrors, el, showError } from "./dom.js";
import { formatAmount, payOrTake, readAmount, typedAmount } from "./money.js";
import { startSession } from "./session.js";
import { readLine } from "./typed_cards.js";

const HAND_SIZE = 7;
const TABLE = "breakpoker.table";
const REFRESH_MS = 250;

const state = {
  table: null, // as the API sent it: its rules, bets and seat numbers
  bets: [], // {key, name, short, required}, from the table: the page keeps no list of its own
  seats: [],
  hands: {},
  manual: {}, // seat -> {low: [], high: []} when the player's setting is tapped in
  active: "dealer",
  key: null, // the round's idempotency key, also its round_id: kept until New round
  settled: null, // the stored round once the API has settled it
  // Sent and not answered for certain: the round can only be sent again as
  // it is. Edited, or dropped for a New round typed in again, it would be a
  // second round under a new key.
  sent: false,
  abandonable: false, // the API says this key settled another body: New round is the way on
  submitting: false,
  lastSeatOrder: [],
  refreshes: 0, // bumped by every change and preview: older answers are dropped
  apiErrors: [], // where the API's refusals are shown: a change takes them back
  timer: null,
  ways: new Map(), // house-way answers by request: the same seven cards ask once
};

// ---- errors next to their fields -------------------------------------------------

/** Where an API error's field (a path into the round's JSON) is shown. */
function targetOf(field, handKey = null) {
  if (!field) return "general";
  if (handKey !== null && (field === "cards" || field.startsWith("setting"))) {
    return handKey === "dealer" ? "dealer-cards" : field === "cards" ? `seat-${handKey}-cards` : `seat-${handKey}-setting`;
  }
  const match = /^seats\[(\d+)\](?:\.(.*))?$/.exec(field);
  if (match) {
    const seat = state.lastSeatOrder[Number(match[1])];
    if (seat === undefined) return "general";
    const rest = match[2] || "cards";
    if (rest.startsWith("bets.")) return `seat-${seat}-${rest.slice(5).split(/[.[]/)[0]}`;
    if (rest.startsWith("setting")) return `seat-${seat}-setting`;
    return `seat-${seat}-cards`;
  }
  if (field.startsWith("dealer")) return "dealer-cards";
  return "general";
}

/** ``message`` (the error in words) next to the field the API's ``error`` names. */
function showApiError(error, message, handKey = null) {
  const target = error instanceof ApiError ? targetOf(error.field, handKey) : "general";
  showError(target, message);
  state.apiErrors.push(target);
}

function forgetApiErrors() {
  for (const target of state.apiErrors.splice(0)) clearError(target);
}

/** The table as the API has it now: its limits may have changed since it was picked. */
async function reloadTable() {
  try {
    const { json } = await call("GET", `/tables/${state.table.id}`);
    if (json.config.version !== state.table.config.version) state.ways.clear(); // the qualifier may have changed too
    state.table = json;
    showLimits();
  } catch {
    // Not read again: the message says the limits without their figures.
  }
}

/** The error in words; a refused bet in the currency as typed, never in cents
 * (``sent``: the round the error answers). */
async function errorText(error, sent) {
  const refused = error instanceof ApiError ? betRefused(error, sent, state.bets) : null;
  if (!refused) return error.message;
  if (!explains(refused, state.table.config.limits)) await reloadTable();
  const limits = state.table.config.limits;
  return refusalText(refused, explains(refused, limits) ? limits : null);
}

// ---- the table -------------------------------------------------------------------

async function loadTables() {
  const list = $("#tables");
  list.replaceChildren();
  try {
    const { json } = await call("GET", "/tables");
    const open = json.filter((table) => table.status === "open");
    const saved = open.find((table) => String(table.id) === sessionStorage.getItem(TABLE));
    if (saved) {
      pickTable(saved);
      return;
    }
    $("#pick-table").hidden = false;
    if (open.length === 0) showError("tables", "No open table: ask an admin to open one.");
    for (const table of open) {
      list.append(el("button", { type: "button", className: "big table-choice", onclick: () => pickTable(table) }, table.name));
    }
    list.querySelector("button")?.focus();
  } catch (error) {
    $("#pick-table").hidden = false;
    showError("tables", error.message);
  }
}

function limitText(bet, format = formatAmount) {
  const [low, high] = state.table.config.limits[bet.key];
  return `${format(low)}–${format(high)}`;
}

/** The limits line, and each bet's field: its limits in the placeholder,
 * written as amounts are typed (a comma for thousands, a point for cents). */
function showLimits() {
  const limits = state.bets.map((bet) => `${bet.short} ${limitText(bet)}`).join(" · ");
  const rule = el("span", { className: "amount-rule" }, " · amounts as 25.50 or 1,000.50: a point for cents");
  $("#limits").replaceChildren(`Limits: ${limits}`, rule);
  for (const seat of state.seats) {
    for (const bet of state.bets) {
      const input = $(`#bet-${seat}-${bet.key}`);
      input.placeholder = limitText(bet, typedAmount);
      const need = bet.required ? "required" : "optional";
      input.setAttribute("aria-label", `Seat ${seat} ${bet.name} bet, ${limitText(bet)}, ${need}; a comma for thousands, a point for cents`);
    }
  }
}

function pickTable(table) {
  state.table = table;
  state.ways.clear(); // another table may qualify the dealer differently
  sessionStorage.setItem(TABLE, String(table.id));
  state.bets = table.bets;
  state.seats = table.seat_numbers;
  $("#table-name").textContent = `· ${table.name}`;
  $("#pick-table").hidden = true;
  $("#round").hidden = false;
  buildFelt();
  showLimits();
  buildPicker();
  if (!restoreDraft()) newRound();
}

// ---- the felt: seats 1-6 around the dealer spot ----------------------------------

/** Under a hand: the house way (or the payout, once settled) and the joker's meaning. */
function notes(key) {
  return [el("div", { className: "hand-note", id: `note-${key}` }), el("div", { className: "joker-note", id: `joker-${key}` })];
}

function handParts(key) {
  return [
    el("button", { type: "button", className: "hand-title", onclick: () => activate(key) }, handName(key)),
    el("div", { className: "chips", dataset: { chips: String(key) } }),
    el("span", { className: "error", dataset: { errorFor: `${key === "dealer" ? "dealer" : `seat-${key}`}-cards` } }),
  ];
}

function buildFelt() {
  const felt = $("#felt");
  $("#hand-dealer").replaceChildren(...handParts("dealer"), ...notes("dealer"));
  for (const old of felt.querySelectorAll(".seat")) old.remove();
  for (const seat of state.seats) {
    const bets = state.bets.map((bet) =>
      el(
        "label",
        { className: "bet" },
        el("span", { title: bet.name }, bet.short + (bet.required ? "*" : "")),
        el("input", {
          type: "text",
          inputMode: "decimal",
          autocomplete: "off",
          id: `bet-${seat}-${bet.key}`,
          dataset: { field: `seat-${seat}-${bet.key}` },
          onfocus: () => activate(seat),
          oninput: changed,
        }),
        el("span", { className: "error", dataset: { errorFor: `seat-${seat}-${bet.key}` } }),
      ),
    );
    const houseWay = el("input", {
      type: "checkbox",
      checked: true,
      id: `hw-${seat}`,
      dataset: { field: `seat-${seat}-setting` },
      onchange: (event) => setManual(seat, !event.target.checked),
    });
    felt.append(
      el(
        "div",
        { className: `hand seat seat-${seat}`, id: `hand-${seat}`, dataset: { hand: String(seat) } },
        ...handParts(seat),
        el("div", { className: "bets" }, ...bets),
        el("label", { className: "way" }, houseWay, " House way"),
        el("span", { className: "error", dataset: { errorFor: `seat-${seat}-setting` } }),
        el("strong", { className: "foul-warning", id: `foul-${seat}`, role: "alert" }),
        ...notes(seat),
      ),
    );
  }
}

function handName(key) {
  return key === "dealer" ? "Dealer" : `Seat ${key}`;
}

function handOrder() {
  return ["dealer", ...state.seats];
}

function activate(key) {
  state.active = key;
  for (const node of document.querySelectorAll(".hand")) {
    const on = node.dataset.hand === String(key);
    node.classList.toggle("active", on);
    node.querySelector(".hand-title")?.setAttribute("aria-pressed", String(on));
  }
  $("#active-name").textContent = handName(key);
}

function setManual(seat, manual) {
  if (manual) state.manual[seat] = { low: [], high: [] };
  else delete state.manual[seat];
  renderHand(seat);
  changed();
}

// ---- cards ---------------------------------------------------------------------

function usedBy(card) {
  for (const key of handOrder()) if (state.hands[key].includes(card)) return key;
  return null;
}

function buildPicker() {
  const picker = $("#picker");
  picker.replaceChildren();
  for (const suit of SUITS) {
    const row = el("div", { className: "picker-row", role: "group", "aria-label": suit.name });
    for (const rank of RANKS) row.append(cardButton(rank + suit.code));
    picker.append(row);
  }
  picker.lastElementChild.append(cardButton(JOKER));
}

function cardButton(card) {
  const suit = card === JOKER ? "joker" : card[1];
  return el(
    "button",
    {
      type: "button",
      className: `card pick suit-${suit}`,
      dataset: { card },
      "aria-label": spoken(card),
      onclick: () => tapCard(card),
    },
    el("span", { className: "face" }, label(card)),
    el("span", { className: "letter", "aria-hidden": "true" }, card === JOKER ? "joker" : card[1]),
  );
}

/** The first hand after the active one (wrapping round) with room for a card. */
function nextOpenHand() {
  const order = handOrder();
  const start = order.indexOf(state.active);
  const rotated = [...order.slice(start + 1), ...order.slice(0, start)];
  return rotated.find((key) => state.hands[key].length < HAND_SIZE);
}

/** The round on screen as a typed line is read against. */
function entered() {
  return { active: state.active, seats: state.seats, hands: state.hands, handSize: HAND_SIZE };
}

/** Read ``line`` whole: all of it goes in, or nothing and the reason next to the input. */
function addLine(line) {
  const { groups, last, problem } = readLine(line, entered());
  $('[data-error-for="codes"]').textContent = problem || "";
  if (problem) return false;
  for (const [key, cards] of groups) {
    state.hands[key].push(...cards);
    renderHand(key);
  }
  activate(last);
  renderPicker();
  if (groups.size) changed();
  return true;
}

/** A tapped card is a line of one card for the active hand; once that hand
 * has its seven, the next hand with room becomes the active one. */
function tapCard(card) {
  if (locked() || !addLine(card) || state.hands[state.active].length < HAND_SIZE) return;
  const next = nextOpenHand();
  if (next !== undefined) activate(next);
}

function removeCard(key, card) {
  if (locked()) return;
  state.hands[key] = state.hands[key].filter((other) => other !== card);
  if (state.manual[key]) {
    state.manual[key].low = state.manual[key].low.filter((other) => other !== card);
    state.manual[key].high = state.manual[key].high.filter((other) => other !== card);
  }
  activate(key);
  renderHand(key);
  renderPicker();
  changed();
}

/** In a tapped-in setting, a card goes: unplaced, low, high, unplaced. */
function cycleCard(seat, card) {
  if (locked()) return;
  const setting = state.manual[seat];
  if (setting.low.includes(card)) {
    setting.low = setting.low.filter((other) => other !== card);
    if (setting.high.length < 3) setting.high.push(card);
  } else if (setting.high.includes(card)) {
    setting.high = setting.high.filter((other) => other !== card);
  } else if (setting.low.length < 2) {
    setting.low.push(card);
  } else if (setting.high.length < 3) {
    setting.high.push(card);
  }
  renderHand(seat);
  changed();
}

/** The hand's cards; what was said under it was about other cards. */
function renderHand(key) {
  for (const note of [`#note-${key}`, `#joker-${key}`]) $(note).textContent = "";
  showFoul(key, "");
  const chips = document.querySelector(`[data-chips="${key}"]`);
  const setting = state.manual[key];
  chips.replaceChildren(
    ...state.hands[key].map((card) => {
      const place = setting ? (setting.low.includes(card) ? "low" : setting.high.includes(card) ? "high" : "") : "";
      return el(
        "button",
        {
          type: "button",
          className: `card chip suit-${card === JOKER ? "joker" : card[1]} ${place}`,
          dataset: { card },
          "aria-label": setting
            ? `${spoken(card)}${place ? `, in the ${place}` : ""}: tap to move`
            : `remove ${spoken(card)}`,
          onclick: () => (setting ? cycleCard(key, card) : removeCard(key, card)),
        },
        el("span", { className: "face" }, label(card)),
        place ? el("span", { className: "place" }, place === "low" ? "LOW" : "HIGH") : null,
      );
    }),
    el("span", { className: "count" }, `${state.hands[key].length}/${HAND_SIZE}`),
  );
}

function renderPicker() {
  for (const button of document.querySelectorAll("#picker .card")) {
    const used = usedBy(button.dataset.card) !== null;
    button.disabled = used || locked();
    button.classList.toggle("used", used);
  }
}

function typeCodes() {
  if (locked()) return;
  const input = $("#codes");
  if (addLine(input.value)) input.value = ""; // else kept, to be corrected
}

// ---- the round and its draft -----------------------------------------------------

function draftKey() {
  return `breakpoker.draft.${state.table.id}`;
}

/** Kept in this tab across a reload, so a round submitted just before a
 * reload is sent again with the same key and never settles twice. */
function saveDraft() {
  const bets = {};
  for (const seat of state.seats) {
    bets[seat] = Object.fromEntries(state.bets.map((bet) => [bet.key, $(`#bet-${seat}-${bet.key}`).value]));
  }
  const draft = {
    key: state.key,
    hands: state.hands,
    manual: state.manual,
    bets,
    settled: state.settled,
    sent: state.sent,
  };
  sessionStorage.setItem(draftKey(), JSON.stringify(draft));
}

function restoreDraft() {
  let draft = null;
  try {
    draft = JSON.parse(sessionStorage.getItem(draftKey()));
  } catch {
    draft = null;
  }
  if (!draft || !draft.key) return false;
  resetRound(draft.key);
  for (const key of handOrder()) state.hands[key] = (draft.hands[key] || []).slice(0, HAND_SIZE);
  for (const seat of state.seats) {
    if (draft.manual[seat]) state.manual[seat] = draft.manual[seat];
    $(`#hw-${seat}`).checked = !draft.manual[seat];
    for (const bet of state.bets) $(`#bet-${seat}-${bet.key}`).value = draft.bets?.[seat]?.[bet.key] || "";
  }
  for (const key of handOrder()) renderHand(key);
  renderPicker();
  if (draft.settled) {
    showSettlement(draft.settled, true);
    handNotes(++state.refreshes); // the joker's meaning, under the settled hands too
  } else if (draft.sent) {
    state.sent = true;
    setLocked(true);
    showError("general", "This round was sent and no answer came back: Submit again sends the same round, which never settles twice.");
  } else {
    changed();
  }
  return true;
}

function resetRound(key) {
  state.hands = Object.fromEntries(handOrder().map((hand) => [hand, []]));
  state.manual = {};
  state.key = key;
  state.settled = null;
  state.sent = false;
  state.abandonable = false;
  state.submitting = false;
  clearErrors();
  state.apiErrors = [];
  $("#codes").value = "";
  for (const seat of state.seats) {
    for (const bet of state.bets) $(`#bet-${seat}-${bet.key}`).value = "";
    $(`#hw-${seat}`).checked = true;
  }
  for (const hand of handOrder()) renderHand(hand);
  $("#results").replaceChildren();
  $("#round-key").textContent = `Round id ${shortKey()} · not settled yet`;
  $("#round-key").title = `round id ${key}`;
  setLocked(false);
  activate("dealer");
}

/** The round id (the idempotency key) cut short for the screen; its title has it whole. */
function shortKey() {
  return `${state.key.slice(0, 8)}…`;
}

function newRound() {
  resetRound(crypto.randomUUID()); // once per round, reused by every retry
  renderPicker();
  saveDraft();
  $("#codes").focus();
}

function locked() {
  return state.settled !== null || state.sent;
}

/** A settled round is shown, not edited: New round starts the next one. A
 * round sent without a sure answer can only be sent again, unchanged. */
function setLocked(on) {
  for (const node of document.querySelectorAll("#felt input, #codes, #add-codes, #clear-hand, #preview")) {
    node.disabled = on;
  }
  const unanswered = state.sent && state.settled === null;
  $("#submit").disabled = state.settled !== null || state.submitting;
  $("#new-round").disabled = (unanswered && !state.abandonable) || state.submitting;
  $("#change-table").disabled = unanswered || state.submitting;
  renderPicker();
}

function betsOf(seat, fail) {
  const bets = {};
  for (const bet of state.bets) {
    const text = $(`#bet-${seat}-${bet.key}`).value.trim();
    if (text === "") continue;
    const { cents, problem } = readAmount(text, `seat ${seat} ${bet.name}`);
    if (problem) fail(`seat-${seat}-${bet.key}`, problem);
    else bets[bet.key] = cents;
  }
  return bets;
}

/** The round in the shape the API reads, or null (with what is missing shown unless quiet). */
function roundBody(quiet = false) {
  let ok = true;
  const fail = (target, message) => {
    ok = false;
    if (!quiet) showError(target, message);
  };
  if (state.hands.dealer.length !== HAND_SIZE) fail("dealer-cards", `the dealer needs ${HAND_SIZE} cards`);
  const seats = [];
  for (const seat of state.seats) {
    const cards = state.hands[seat];
    const bets = betsOf(seat, fail);
    const required = state.bets.filter((bet) => bet.required);
    const missing = required.filter((bet) => $(`#bet-${seat}-${bet.key}`).value.trim() === "");
    if (cards.length === 0 && Object.keys(bets).length === 0 && missing.length === required.length) continue;
    if (cards.length !== HAND_SIZE) fail(`seat-${seat}-cards`, `seat ${seat} needs ${HAND_SIZE} cards`);
    for (const bet of missing) fail(`seat-${seat}-${bet.key}`, `the ${bet.name} bet is required`);
    let setting = "house_way";
    const manual = state.manual[seat];
    if (manual) {
      if (manual.low.length !== 2 || manual.high.length !== 3) {
        fail(`seat-${seat}-setting`, "tap 2 cards into the low and 3 into the high, or choose house way");
      }
      setting = { low: manual.low, high: manual.high };
    }
    seats.push({ seat, cards: [...cards], setting, bets });
  }
  if (seats.length === 0) fail("general", "no seat is playing: enter a seat's cards and Main bet");
  if (!ok) return null;
  return { round_id: state.key, dealer: [...state.hands.dealer], seats };
}

// ---- before submitting: house way, fouls, payouts --------------------------------

function showFoul(key, message) {
  const node = document.querySelector(`#foul-${key}`);
  if (node) node.textContent = message;
  document.querySelector(`#hand-${key}`)?.classList.toggle("fouled", Boolean(message));
}

/** Something changed: keep the draft and, shortly, the preview up to date.
 * Until then no payout is shown: it would be for input no longer there. */
function changed() {
  if (!state.table || locked()) return;
  saveDraft();
  state.refreshes += 1; // an answer on its way is for the input as it was
  $("#results").replaceChildren();
  forgetApiErrors();
  clearTimeout(state.timer);
  state.timer = setTimeout(() => refresh(true), REFRESH_MS);
}

function setNotes(json, key) {
  let text = `House way: ${describe(json)} — rule ${json.rule} (${json.rule_name})`;
  if (key === "dealer") text += json.qualifies ? `; qualifies (${json.qualifier})` : `; does not qualify (${json.qualifier})`;
  const own = json.setting;
  if (own && !own.fouled) text = `Player's setting: ${describe(own)} (legal). ${text}`;
  $(`#note-${key}`).textContent = text;
  if (key === "dealer") return;
  const effect = state.table.config.foul_policy === "forfeit" ? "Main Bet forfeited" : "reset by the house way";
  showFoul(key, own && own.fouled ? `FOUL: low ${own.low_hand.plays_as} outranks high ${own.high_hand.plays_as} · ${effect}` : "");
}

/** Each complete hand's house way (and a tapped-in setting's foul check),
 * and what the joker plays as; once settled, the joker only. */
async function handNotes(turn) {
  for (const key of handOrder()) {
    const cards = state.hands[key];
    if (cards.length !== HAND_SIZE) continue; // renderHand emptied its notes
    const body = { cards };
    const manual = state.manual[key];
    if (manual && manual.low.length === 2 && manual.high.length === 3) body.setting = { low: manual.low, high: manual.high };
    const asked = JSON.stringify(body);
    try {
      if (!state.ways.has(asked)) state.ways.set(asked, (await call("POST", `/tables/${state.table.id}/house-way`, body)).json);
      if (turn !== state.refreshes) return;
      const answer = state.ways.get(asked);
      $(`#joker-${key}`).textContent = jokerText(playingWay(answer));
      if (!state.settled) setNotes(answer, key);
    } catch (error) {
      if (turn === state.refreshes) showApiError(error, error.message, key);
    }
  }
}

async function refresh(quiet) {
  const turn = ++state.refreshes;
  if (!quiet) clearErrors();
  await handNotes(turn);
  if (turn !== state.refreshes) return;
  const body = roundBody(quiet);
  if (!body) {
    if (!state.settled) $("#results").replaceChildren();
    return;
  }
  state.lastSeatOrder = body.seats.map((seat) => seat.seat);
  try {
    const { json } = await call("POST", `/tables/${state.table.id}/rounds/preview`, body);
    if (turn !== state.refreshes || locked()) return;
    $("#note-dealer").textContent = dealerLine(json.dealer);
    $("#results").replaceChildren(...previewParts(json, state.bets));
  } catch (error) {
    const message = await errorText(error, body);
    if (turn !== state.refreshes) return;
    $("#results").replaceChildren(); // refused: there is nothing to pay
    showApiError(error, message);
  }
}

function showSettlement(round, replayed) {
  state.settled = round;
  for (const seat of round.seats) {
    $(`#note-${seat.seat}`).textContent = `${payOrTake(seatNet(seat, state.bets))}${seat.fouled ? " · FOUL: set by house way" : ""}`;
    showFoul(seat.seat, "");
  }
  $("#note-dealer").textContent = dealerLine(round.dealer);
  $("#results").replaceChildren(...settlementParts(round, replayed, state.bets));
  $("#round-key").textContent = `Round #${round.id} · round id ${shortKey()}`;
  $("#settlement").dataset.roundId = String(round.id);
  setLocked(true);
  saveDraft();
  $("#new-round").focus();
}

async function submit() {
  if (state.submitting || state.settled !== null) return; // a double tap sends once
  clearErrors();
  const body = roundBody();
  if (!body) return;
  state.submitting = true;
  state.sent = true; // from here on, only this round under this key
  saveDraft();
  clearTimeout(state.timer);
  state.refreshes += 1; // a preview still on its way must not cover the settlement
  state.lastSeatOrder = body.seats.map((seat) => seat.seat);
  setLocked(true);
  const button = $("#submit");
  button.textContent = "Submitting…";
  try {
    const { json, headers } = await call("POST", `/tables/${state.table.id}/rounds`, body, {
      "Idempotency-Key": state.key,
    });
    state.submitting = false;
    showSettlement(json, headers.get("Idempotent-Replayed") === "true");
  } catch (error) {
    state.submitting = false;
    if (error instanceof NoAnswer || (error instanceof ApiError && error.status >= 500)) {
      // It may be stored: it stays as it is, to be sent again.
      showError("general", `${error.message}: Submit again sends the same round, which never settles twice.`);
    } else if (error instanceof ApiError && error.code === "idempotency_key_reused") {
      state.abandonable = true; // settled already, with other entries: the pit boss corrects it
      showError("general", `${error.message}. The round is settled; ask the pit boss for a correction, then press New round.`);
    } else {
      state.sent = false; // refused, so not stored: correct it and submit again
      showApiError(error, await errorText(error, body));
    }
    saveDraft();
    setLocked(locked());
  } finally {
    state.submitting = false;
    button.textContent = "Submit round";
    setLocked(locked());
  }
}

// ---- wiring ----------------------------------------------------------------------

$("#add-codes").addEventListener("click", typeCodes);
$("#codes").addEventListener("keydown", (event) => {
  if (event.key === "Enter") {
    event.preventDefault();
    typeCodes();
  }
});
$("#clear-hand").addEventListener("click", () => {
  for (const card of [...state.hands[state.active]]) removeCard(state.active, card);
});
$("#preview").addEventListener("click", () => refresh(false));
$("#submit").addEventListener("click", submit);
$("#new-round").addEventListener("click", newRound);
$("#change-table").addEventListener("click", () => {
  sessionStorage.removeItem(TABLE);
  $("#round").hidden = true;
  $("#table-name").textContent = "";
  $("#limits").textContent = "";
  loadTables();
});
// The next dealer in this tab starts clean, except for a round sent without a
// sure answer: it belongs to the table, and must be sent again, not retyped.
document.addEventListener("signing-out", () => {
  sessionStorage.removeItem(TABLE);
  for (const name of Object.keys(sessionStorage)) {
    if (!name.startsWith("breakpoker.draft.")) continue;
    let draft = null;
    try {
      draft = JSON.parse(sessionStorage.getItem(name));
    } catch {
      draft = null;
    }
    if (!(draft && draft.sent && !draft.settled)) sessionStorage.removeItem(name);
  }
});
startSession(loadTables);

// For tests and the curious: the page's state, read-only by convention.
window.dealerState = state;
