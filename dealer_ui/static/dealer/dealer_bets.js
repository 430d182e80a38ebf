// A seat's bet fields on the tablet, made from the bets the API sent with
// the table: their labels, their limits, and the amounts typed in them.
import { refusalText } from "../shared/bets.js";
import { $, el } from "../shared/dom.js";
import { amountRule, formatAmount, pageCurrency, readAmount, typedAmount } from "../shared/money.js";
import { ERROR } from "../shared/vocabulary.js";

const input = (seat, bet) => $(`#bet-${seat}-${bet.key}`);

/** One field a bet: its short label (the full name as its title; * if required) and the input.
 * No on-screen keyboard comes up (``inputmode="none"``): the bet pad
 * (dealer_pad.js) fills the field last tapped; a real keyboard still types. */
export function betFields(seat, bets, { onFocus, onInput }) {
  return bets.map((bet) =>
    el(
      "label",
      { className: "bet" },
      el("span", { title: bet.name }, bet.short + (bet.required ? "*" : "")),
      el("input", {
        type: "text",
        inputMode: "none",
        autocomplete: "off",
        id: `bet-${seat}-${bet.key}`,
        dataset: { field: `seat-${seat}-${bet.key}` },
        onfocus: () => onFocus(bet.key),
        oninput: onInput,
      }),
    ),
  );
}

/** The seat's bet errors, one line each across the whole seat (a bet's column is too narrow to read one in). */
export function betErrors(seat, bets) {
  return el(
    "div",
    { className: "bet-errors" },
    ...bets.map((bet) => el("span", { className: "error", dataset: { errorFor: `seat-${seat}-${bet.key}` } })),
  );
}

function limitText(limits, bet, format = formatAmount) {
  const [low, high] = limits[bet.key];
  return `${format(low)}–${format(high)}`;
}

/** The limits line, and each bet's field: its limits in the placeholder,
 * written as amounts are typed (a comma for thousands, a point for cents). */
export function showLimits(table, bets, seats) {
  const limits = table.config.limits;
  const line = bets.map((bet) => `${bet.short} ${limitText(limits, bet)}`).join(" · ");
  const rule = el("span", { className: "amount-rule" }, ` · ${amountRule()}`);
  const typing = pageCurrency().minor_unit ? "a comma for thousands, a point for cents" : `a comma for thousands, no decimals in ${pageCurrency().code}`;
  $("#limits").replaceChildren(`Limits: ${line}`, rule);
  for (const seat of seats) {
    for (const bet of bets) {
      const field = input(seat, bet);
      field.placeholder = limitText(limits, bet, typedAmount);
      const need = bet.required ? "required" : "optional";
      field.setAttribute("aria-label", `Seat ${seat} ${bet.name} bet, ${limitText(limits, bet)}, ${need}; ${typing}`);
    }
  }
}

/** What is typed in the seat's fields, by bet key (for the draft). */
export function typedBets(seat, bets) {
  return Object.fromEntries(bets.map((bet) => [bet.key, input(seat, bet).value]));
}

/** Put ``typed`` (by bet key; a missing one empties its field) back in the seat's fields. */
export function fillBets(seat, bets, typed = {}) {
  if (!typed) typed = {};
  for (const bet of bets) input(seat, bet).value = typed[bet.key] || "";
}

/** Why ``cents`` of ``bet`` at ``seat`` is outside the table's ``limits``, or null. Nothing
 * (0) is left to the API, which says whether the bet is required. */
export function outsideLimits(seat, bet, cents, limits) {
  const range = limits?.[bet.key];
  if (!range || cents === 0) return null;
  const code = cents < range[0] ? ERROR.BET_BELOW_MINIMUM : cents > range[1] ? ERROR.BET_ABOVE_MAXIMUM : null;
  return code && refusalText({ code, seat, bet, stake: cents }, limits);
}

/** The seat's stakes in cents, by bet key; an amount that is none, or is
 * outside the table's ``limits``, goes to ``fail(target, problem)``: every
 * seat's is found at once, not the API's first refusal at a time. */
export function readBets(seat, bets, fail, limits = null) {
  const stakes = {};
  for (const bet of bets) {
    const text = input(seat, bet).value.trim();
    if (text === "") continue;
    const { cents, problem } = readAmount(text, `seat ${seat} ${bet.name}`);
    const outside = problem ? null : outsideLimits(seat, bet, cents, limits);
    if (problem || outside) fail(`seat-${seat}-${bet.key}`, problem || outside);
    else stakes[bet.key] = cents;
  }
  return stakes;
}

/** The bets every seat must place that have nothing typed in this seat's fields. */
export function untypedRequired(seat, bets) {
  return bets.filter((bet) => bet.required && input(seat, bet).value.trim() === "");
}
