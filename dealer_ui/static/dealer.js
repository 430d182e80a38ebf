// The dealer tablet: a client of the JSON API only.
import { ApiError, NoAnswer, call, setToken } from "./api.js";
import { JOKER, RANKS, SUITS, deck, label, parseCodes, spoken } from "./cards.js";

const HAND_SIZE = 7;
const BETS = [
  { key: "main", short: "Main", name: "Main", required: true },
  { key: "dealer_break_bonus", short: "DBB", name: "Dealer Break Bonus", required: false },
  { key: "break_bonus", short: "BB", name: "Break Bonus", required: false },
];

const state = {
  user: null,
  table: null,
  seats: [],
  hands: {},
  manual: {}, // seat -> {low: [], high: []} when the player's setting is tapped in
  active: "dealer",
  key: null,
  submitting: false,
  lastSeatOrder: [],
};

const $ = (selector, root = document) => root.querySelector(selector);
const el = (tag, props = {}, ...children) => {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(props)) {
    if (name === "dataset") Object.assign(node.dataset, value);
    else if (name in node && !name.includes("-")) node[name] = value;
    else node.setAttribute(name, value);
  }
  node.append(...children.filter((child) => child !== null && child !== undefined));
  return node;
};

// ---- errors next to their fields -------------------------------------------------

function clearErrors() {
  for (const node of document.querySelectorAll("[data-error-for]")) node.textContent = "";
  for (const node of document.querySelectorAll("[aria-invalid]")) node.removeAttribute("aria-invalid");
}

function showError(target, message) {
  let node = document.querySelector(`[data-error-for="${target}"]`);
  if (!node) node = document.querySelector('[data-error-for="general"]');
  node.textContent = message;
  const input = document.querySelector(`[data-field="${target}"]`);
  if (input) input.setAttribute("aria-invalid", "true");
}

/** Where an API error's field (a path into the round's JSON) is shown. */
function targetOf(field, handKey = null) {
  if (!field) return "general";
  if (handKey !== null && field === "cards") return `${handKey === "dealer" ? "dealer" : `seat-${handKey}`}-cards`;
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
  return field === "name" || field === "password" ? field : "general";
}

function showApiError(error, handKey = null) {
  if (error instanceof ApiError) showError(targetOf(error.field, handKey), error.message);
  else showError("general", error.message);
}

// ---- sign in and the table -----------------------------------------------------

async function signIn(event) {
  event.preventDefault();
  clearErrors();
  try {
    const { json } = await call("POST", "/auth/login", {
      name: $("#name").value,
      password: $("#password").value,
    });
    setToken(json.token);
    state.user = json;
    $("#password").value = "";
    $("#who").textContent = `${json.name} (${json.role.replace("_", " ")})`;
    $("#sign-in").hidden = true;
    await loadTables();
  } catch (error) {
    if (error instanceof ApiError) showError(error.field ? targetOf(error.field) : "sign-in", error.message);
    else showError("sign-in", error.message);
  }
}

async function loadTables() {
  $("#pick-table").hidden = false;
  const list = $("#tables");
  list.replaceChildren();
  try {
    const { json } = await call("GET", "/tables");
    const open = json.filter((table) => table.status === "open");
    if (open.length === 0) showError("tables", "No open table: ask an admin to open one.");
    for (const table of open) {
      list.append(el("button", { type: "button", className: "big table-choice", onclick: () => pickTable(table) }, table.name));
    }
    list.querySelector("button")?.focus();
  } catch (error) {
    showError("tables", error.message);
  }
}

function pickTable(table) {
  state.table = table;
  state.seats = Array.from({ length: table.config.seats }, (_, index) => index + 1);
  $("#table-name").textContent = `· ${table.name}`;
  const limits = table.config.limits;
  $("#limits").textContent = BETS.map((bet) => `${bet.short} ${limits[bet.key][0]}–${limits[bet.key][1]}`).join(" · ");
  $("#pick-table").hidden = true;
  $("#round").hidden = false;
  buildFelt();
  buildPicker();
  newRound();
}

// ---- the felt: seats 1-6 around the dealer spot ----------------------------------

function buildFelt() {
  const felt = $("#felt");
  const dealer = $("#hand-dealer");
  dealer.replaceChildren(
    el("button", { type: "button", className: "hand-title", onclick: () => activate("dealer") }, "Dealer"),
    el("div", { className: "chips", dataset: { chips: "dealer" } }),
    el("span", { className: "error", dataset: { errorFor: "dealer-cards" } }),
    el("div", { className: "hand-note", id: "note-dealer" }),
  );
  for (const old of felt.querySelectorAll(".seat")) old.remove();
  const limits = state.table.config.limits;
  for (const seat of state.seats) {
    const bets = BETS.map((bet) =>
      el(
        "label",
        { className: "bet" },
        el("span", { title: bet.name }, bet.short + (bet.required ? "*" : "")),
        el("input", {
          type: "number",
          inputMode: "numeric",
          min: String(limits[bet.key][0]),
          max: String(limits[bet.key][1]),
          step: "1",
          placeholder: `${limits[bet.key][0]}–${limits[bet.key][1]}`,
          id: `bet-${seat}-${bet.key}`,
          "aria-label": `Seat ${seat} ${bet.name} bet, ${limits[bet.key][0]} to ${limits[bet.key][1]}`,
          dataset: { field: `seat-${seat}-${bet.key}` },
          onfocus: () => activate(seat),
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
        el("button", { type: "button", className: "hand-title", onclick: () => activate(seat) }, `Seat ${seat}`),
        el("div", { className: "chips", dataset: { chips: String(seat) } }),
        el("span", { className: "error", dataset: { errorFor: `seat-${seat}-cards` } }),
        el("div", { className: "bets" }, ...bets),
        el("label", { className: "way" }, houseWay, " House way"),
        el("span", { className: "error", dataset: { errorFor: `seat-${seat}-setting` } }),
        el("div", { className: "hand-note", id: `note-${seat}` }),
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
      onclick: () => addCards([card], true),
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

/** Add cards to the active hand; a full hand passes on to the next one. */
function addCards(cards, tapped = false) {
  clearErrors();
  const errors = [];
  for (const card of cards) {
    const owner = usedBy(card);
    if (owner !== null) {
      errors.push(`${label(card)} is already in ${handName(owner).toLowerCase()}`);
      continue;
    }
    if (state.hands[state.active].length >= HAND_SIZE) {
      const next = nextOpenHand();
      if (next === undefined) {
        errors.push(`every hand has ${HAND_SIZE} cards; ${label(card)} was not added`);
        break;
      }
      activate(next);
    }
    state.hands[state.active].push(card);
    renderHand(state.active);
  }
  if (tapped && state.hands[state.active].length >= HAND_SIZE) {
    const next = nextOpenHand();
    if (next !== undefined) activate(next);
  }
  renderPicker();
  if (errors.length) showError("codes", errors.join("; "));
}

function removeCard(key, card) {
  state.hands[key] = state.hands[key].filter((other) => other !== card);
  if (state.manual[key]) {
    state.manual[key].low = state.manual[key].low.filter((other) => other !== card);
    state.manual[key].high = state.manual[key].high.filter((other) => other !== card);
  }
  activate(key);
  renderHand(key);
  renderPicker();
}

/** In a tapped-in setting, a card goes: unplaced, low, high, unplaced. */
function cycleCard(seat, card) {
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
}

function renderHand(key) {
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
    button.disabled = used;
    button.classList.toggle("used", used);
  }
}

function typeCodes() {
  const input = $("#codes");
  const { cards, bad } = parseCodes(input.value);
  addCards(cards);
  if (bad.length) {
    const known = $('[data-error-for="codes"]').textContent;
    const message = `not a card: ${bad.join(", ")} (ranks 2-9, T or 10, J, Q, K, A; suits s h d c; JK)`;
    showError("codes", known ? `${known}; ${message}` : message);
    input.value = bad.join(" ");
  } else {
    input.value = "";
  }
}

// ---- the round -----------------------------------------------------------------

function newRound() {
  state.hands = Object.fromEntries(handOrder().map((key) => [key, []]));
  state.manual = {};
  state.key = crypto.randomUUID(); // once per round, reused by every retry
  state.submitting = false;
  clearErrors();
  for (const seat of state.seats) {
    for (const bet of BETS) $(`#bet-${seat}-${bet.key}`).value = "";
    $(`#hw-${seat}`).checked = true;
  }
  for (const key of handOrder()) {
    renderHand(key);
    $(`#note-${key}`).textContent = "";
  }
  $("#results").replaceChildren();
  $("#round-key").textContent = `round ${state.key.slice(0, 8)}`;
  $("#submit").disabled = false;
  renderPicker();
  activate("dealer");
  $("#codes").focus();
}

function betsOf(seat) {
  const bets = {};
  for (const bet of BETS) {
    const text = $(`#bet-${seat}-${bet.key}`).value.trim();
    if (text !== "") bets[bet.key] = Number(text);
  }
  return bets;
}

/** The round in the shape the API reads, or null after showing what is missing. */
function roundBody() {
  let ok = true;
  const fail = (target, message) => {
    ok = false;
    showError(target, message);
  };
  if (state.hands.dealer.length !== HAND_SIZE) fail("dealer-cards", `the dealer needs ${HAND_SIZE} cards`);
  const seats = [];
  for (const seat of state.seats) {
    const cards = state.hands[seat];
    const bets = betsOf(seat);
    if (cards.length === 0 && Object.keys(bets).length === 0) continue;
    if (cards.length !== HAND_SIZE) fail(`seat-${seat}-cards`, `seat ${seat} needs ${HAND_SIZE} cards`);
    if (bets.main === undefined) fail(`seat-${seat}-main`, "the Main bet is required");
    for (const [key, value] of Object.entries(bets)) {
      if (!Number.isInteger(value)) fail(`seat-${seat}-${key}`, "a whole number");
    }
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

function describe(way) {
  const low = way.low.map(label).join(" ");
  const high = way.high.map(label).join(" ");
  return `low ${low} · high ${high}`;
}

async function preview() {
  clearErrors();
  const results = $("#results");
  const rows = [];
  for (const key of handOrder()) {
    const cards = state.hands[key];
    $(`#note-${key}`).textContent = "";
    if (cards.length !== HAND_SIZE) continue;
    try {
      const { json } = await call("POST", `/tables/${state.table.id}/house-way`, { cards });
      let text = `House way: ${describe(json)} — rule ${json.rule} (${json.rule_name})`;
      if (key === "dealer") text += json.qualifies ? `; qualifies (${json.qualifier})` : `; does not qualify (${json.qualifier})`;
      const manual = state.manual[key];
      if (manual && manual.low.length === 2 && manual.high.length === 3) {
        text = `Entered: ${describe(manual)}. ${text}`;
      }
      $(`#note-${key}`).textContent = text;
      rows.push(el("li", { dataset: { preview: String(key) } }, el("strong", {}, `${handName(key)}: `), text, el("br"), el("small", {}, json.explanation)));
    } catch (error) {
      showApiError(error, key);
    }
  }
  results.replaceChildren(el("h2", {}, "Preview"), el("ul", { className: "preview" }, ...rows));
}

function money(net) {
  if (net > 0) return `pay ${net}`;
  if (net < 0) return `take ${-net}`;
  return "push";
}

function betCell(result) {
  if (!result || result.outcome === "none") return el("td", { "aria-label": "no bet" }, "—");
  return el("td", { className: `outcome ${result.outcome}` }, `${result.outcome} ${result.net === 0 ? "" : money(result.net)}`.trim());
}

function showSettlement(round, replayed) {
  const rows = round.seats.map((seat) => {
    const net = ["main", "dealer_break_bonus", "break_bonus"].reduce((sum, bet) => sum + (seat[bet] ? seat[bet].net : 0), 0);
    $(`#note-${seat.seat}`).textContent = `${money(net)}${seat.fouled ? " · FOUL: set by house way" : ""}`;
    return el(
      "tr",
      { dataset: { seat: String(seat.seat) } },
      el("th", { scope: "row" }, `Seat ${seat.seat}`),
      betCell(seat.main),
      betCell(seat.dealer_break_bonus),
      betCell(seat.break_bonus),
      el("td", { className: "net" }, money(net)),
      el("td", {}, `${describe(seat)}${seat.fouled ? " (foul)" : ""}`),
    );
  });
  $("#note-dealer").textContent = `${describe(round.dealer)} — rule ${round.dealer.rule}${round.dealer.qualifies ? "" : " · does not qualify"}`;
  $("#results").replaceChildren(
    el("h2", {}, `Settlement · round ${round.id}${replayed ? " (already settled: shown again)" : ""}`),
    el(
      "table",
      { className: "settlement", id: "settlement", dataset: { roundId: String(round.id) } },
      el(
        "thead",
        {},
        el("tr", {}, ...["Seat", "Main", "DBB", "BB", "Pay / take", "Setting"].map((name) => el("th", { scope: "col" }, name))),
      ),
      el("tbody", {}, ...rows),
    ),
    el("p", { className: "house-net" }, `House net ${round.house_net}`),
  );
}

async function submit() {
  if (state.submitting) return; // a double tap sends once
  clearErrors();
  const body = roundBody();
  if (!body) return;
  state.submitting = true;
  state.lastSeatOrder = body.seats.map((seat) => seat.seat);
  const button = $("#submit");
  button.disabled = true;
  button.textContent = "Submitting…";
  try {
    const { json, headers } = await call("POST", `/tables/${state.table.id}/rounds`, body, {
      "Idempotency-Key": state.key,
    });
    showSettlement(json, headers.get("Idempotent-Replayed") === "true");
  } catch (error) {
    if (error instanceof NoAnswer) {
      showError("general", `${error.message}: Submit again sends the same round, which never settles twice.`);
    } else {
      showApiError(error);
    }
  } finally {
    state.submitting = false;
    button.disabled = false;
    button.textContent = "Submit round";
  }
}

// ---- wiring ----------------------------------------------------------------------

$("#sign-in-form").addEventListener("submit", signIn);
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
$("#preview").addEventListener("click", preview);
$("#submit").addEventListener("click", submit);
$("#new-round").addEventListener("click", newRound);
$("#name").focus();

// For tests and the curious: the page's state, read-only by convention.
window.dealerState = state;
