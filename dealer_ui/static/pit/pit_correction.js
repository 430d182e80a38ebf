// A correction: the round re-entered as it should have been (cards as typed
// codes, settings, bets in currency units); the API settles it to a change
// list at once (pit_changes.js shows it).
import { ApiError, call } from "../shared/api.js";
import { betRefused, explains, refusalText } from "../shared/bets.js";
import { parseCodes } from "../shared/cards.js";
import { clearErrors, el, grid, showError } from "../shared/dom.js";
import { reasonProblem } from "../shared/field_errors.js";
import { amountRule, formatAmount, pageCurrency, readAmount } from "../shared/money.js";
import { bets, net, notify } from "./pit_common.js";
import { countPending } from "./pit_exceptions.js";
import { SETTING } from "../shared/vocabulary.js";

function codesOf(cards) {
  return cards ? cards.join(" ") : "";
}

function input(id, value, label, props = {}) {
  return el("input", { id, value, autocomplete: "off", spellcheck: false, "aria-label": label, dataset: { field: id }, ...props });
}

function errorFor(id) {
  return el("span", { className: "error", dataset: { errorFor: id } });
}

function seatRow(state, number, seat) {
  const id = (part) => `corr-seat-${number}-${part}`;
  const own = seat && seat.setting_entered !== SETTING.HOUSE_WAY ? seat.setting_entered : null;
  const way = el(
    "select",
    { id: id("way"), "aria-label": `Seat ${number} setting`, dataset: { field: id("setting") } },
    el("option", { value: SETTING.HOUSE_WAY }, "house way"),
    el("option", { value: "own" }, "player's own"),
  );
  way.value = own ? "own" : SETTING.HOUSE_WAY;
  const low = input(id("low"), own ? codesOf(own.low) : "", `Seat ${number} low hand codes`, { placeholder: "low: 2 cards" });
  const high = input(id("high"), own ? codesOf(own.high) : "", `Seat ${number} high hand codes`, { placeholder: "high: 3 cards" });
  const showOwn = () => {
    low.hidden = high.hidden = way.value !== "own";
  };
  way.addEventListener("change", showOwn);
  showOwn();
  return el(
    "tr",
    { dataset: { seat: String(number) } },
    el("th", { scope: "row" }, `Seat ${number}`),
    el("td", {}, input(id("cards"), seat ? codesOf(seat.cards) : "", `Seat ${number} cards`, { className: "codes", placeholder: "not playing" }), errorFor(id("cards"))),
    el("td", { className: "setting-cell" }, way, low, high, errorFor(id("setting"))),
    ...bets(state).map((bet) =>
      el(
        "td",
        {},
        input(id(bet.key), seat?.bets[bet.key] ? formatAmount(seat.bets[bet.key]) : "", `Seat ${number} ${bet.name} bet`, { inputMode: "decimal", className: "amount" }),
        errorFor(id(bet.key)),
      ),
    ),
  );
}

/** The correction as the API reads it, with the seats in the order sent (to place its errors); or null. */
function readForm(state, form, seats) {
  let ok = true;
  const fail = (target, message) => {
    ok = false;
    showError(target, message);
  };
  const cards = (id) => {
    const { cards: found, bad } = parseCodes(form.querySelector(`#${id}`).value);
    if (bad.length) fail(id, `not a card: ${bad.join(", ")} (ranks 2-9, T or 10, J, Q, K, A; suits s h d c; JK)`);
    return found;
  };
  const body = { dealer: cards("corr-dealer"), seats: [] };
  for (const number of seats) {
    const id = (part) => `corr-seat-${number}-${part}`;
    const stakes = {};
    for (const bet of bets(state)) {
      const text = form.querySelector(`#${id(bet.key)}`).value.trim();
      if (text === "") continue;
      const { cents, problem } = readAmount(text, `Seat ${number} ${bet.name}`);
      if (problem) fail(id(bet.key), problem);
      else stakes[bet.key] = cents;
    }
    const seatCards = cards(id("cards"));
    if (seatCards.length === 0 && Object.keys(stakes).length === 0) continue; // not playing
    for (const bet of bets(state)) {
      if (bet.required && form.querySelector(`#${id(bet.key)}`).value.trim() === "") fail(id(bet.key), `the ${bet.name} bet is required`);
    }
    let setting = SETTING.HOUSE_WAY;
    if (form.querySelector(`#${id("way")}`).value === "own") setting = { low: cards(id("low")), high: cards(id("high")) };
    body.seats.push({ seat: number, cards: seatCards, setting, bets: stakes });
  }
  return ok ? body : null;
}

/** Where an API error about the corrected round is shown ("round.seats[0].bets.main" → seat's Main). */
function targetOf(field, sent) {
  if (field === "reason") return "corr-reason";
  const match = /^round\.seats\[(\d+)\](?:\.(.*))?$/.exec(field || "");
  const seat = match && sent.seats[Number(match[1])]?.seat;
  if (seat) {
    const rest = match[2] || "cards";
    const part = rest.startsWith("bets.") ? rest.slice(5).split(/[.[]/)[0] : rest.startsWith("setting") ? "setting" : "cards";
    return `corr-seat-${seat}-${part}`;
  }
  if (field && field.startsWith("round.dealer")) return "corr-dealer";
  return "corr-general";
}

/** The API's error in words; a refused bet in the currency. A correction is
 * settled under the round's own rules: their limits are known here only if
 * they are the table's rules as this page read them. */
function errorText(state, error, sent, round, table) {
  const refused = error instanceof ApiError ? betRefused(error, sent, bets(state)) : null;
  if (!refused) return error.message;
  const limits = table && table.config.version === round.config_version ? table.config.limits : null;
  const known = limits && explains(refused, limits) ? limits : null;
  return refusalText(refused, known, `the round's rules (version ${round.config_version})`);
}

export function correctionForm(state, round, redraw) {
  const table = state.tables.find((each) => each.id === round.table_id);
  const count = Math.max(table ? table.config.seats : 0, ...round.seats.map((seat) => seat.seat));
  const numbers = Array.from({ length: count }, (_, index) => index + 1);
  const bySeat = new Map(round.seats.map((seat) => [seat.seat, seat]));
  const reason = el("textarea", { id: "corr-reason", rows: 2, maxLength: 500, dataset: { field: "corr-reason" } });
  const form = el(
    "form",
    { className: "act-form correction", id: "correction-form", noValidate: true },
    el("h3", {}, `Correction of round #${round.id}`),
    el("p", { className: "muted" }, `The round as it should have been entered: cards as codes (rank 2-9 T J Q K A, suit s h d c, JK), bets in ${pageCurrency().code} (${amountRule()}; a comma for thousands). A seat with no cards and no bets is not in the round.`),
    el("label", { htmlFor: "corr-dealer" }, "Dealer's cards"),
    input("corr-dealer", codesOf(round.dealer.cards), "Dealer's cards", { className: "codes" }),
    errorFor("corr-dealer"),
    grid(["Seat", "Cards", "Setting", ...bets(state).map((bet) => bet.name)], numbers.map((number) => seatRow(state, number, bySeat.get(number))), { id: "correction-seats" }),
    el("label", { htmlFor: "corr-reason" }, "Reason for the correction"),
    reason,
    errorFor("corr-reason"),
    el("p", { className: "error", dataset: { errorFor: "corr-general" }, role: "alert" }),
    el("div", { className: "actions" }, el("button", { type: "submit", className: "big primary" }, "Request correction"), el("button", { type: "button", className: "big secondary", onclick: redraw }, "Cancel")),
  );
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    clearErrors(form);
    const body = readForm(state, form, numbers);
    const problem = reasonProblem(reason.value, "Reason for the correction");
    if (problem) showError("corr-reason", problem);
    if (!body || problem) return;
    try {
      const { json } = await call("POST", `/rounds/${round.id}/corrections`, { reason: reason.value, round: body });
      notify(`Correction of round #${round.id} requested (house net ${net(json.changes.house_net.before)} → ${net(json.changes.house_net.after)}): a second pit boss must approve it.`);
      redraw();
      countPending(state);
    } catch (error) {
      const target = error instanceof ApiError ? targetOf(error.field, body) : "corr-general";
      showError(target, errorText(state, error, body, round, table));
    }
  });
  return form;
}
