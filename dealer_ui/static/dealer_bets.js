// A seat's bet fields on the tablet, made from the bets the API sent with
// the table: their labels, their limits, and the amounts typed in them.
import { $, el } from "./dom.js";
import { amountRule, formatAmount, pageCurrency, readAmount, typedAmount } from "./money.js";

const input = (seat, bet) => $(`#bet-${seat}-${bet.key}`);

/** One field a bet: its short label (the full name as its title; * if required), the input, its error.
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
      el("span", { className: "error", dataset: { errorFor: `seat-${seat}-${bet.key}` } }),
    ),
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

/** The seat's stakes in cents, by bet key; an amount that is none goes to ``fail(target, problem)``. */
export function readBets(seat, bets, fail) {
  const stakes = {};
  for (const bet of bets) {
    const text = input(seat, bet).value.trim();
    if (text === "") continue;
    const { cents, problem } = readAmount(text, `seat ${seat} ${bet.name}`);
    if (problem) fail(`seat-${seat}-${bet.key}`, problem);
    else stakes[bet.key] = cents;
  }
  return stakes;
}

/** The bets every seat must place that have nothing typed in this seat's fields. */
export function untypedRequired(seat, bets) {
  return bets.filter((bet) => bet.required && input(seat, bet).value.trim() === "");
}
