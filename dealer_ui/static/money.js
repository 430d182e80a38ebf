// Money on screen: amounts are integers in the minor unit (cents) in the API;
// people type and read them in the major unit with two decimals. Both ways go
// by string digits, never through floating point.

const AMOUNT = /^(\d{1,12})(?:[.,](\d{1,2}))?$/;

/** Cents from what was typed ("25", "25.5", "25.50"), or null if it is not an amount. */
export function parseAmount(text) {
  const match = AMOUNT.exec(String(text).trim().replace(/^\$/, ""));
  if (!match) return null;
  const cents = (match[2] || "").padEnd(2, "0");
  return Number(match[1]) * 100 + Number(cents);
}

/** "1,234.50" from 123450 (a minus sign for a negative amount). */
export function formatAmount(cents) {
  const sign = cents < 0 ? "-" : "";
  const whole = Math.trunc(Math.abs(cents) / 100);
  const part = String(Math.abs(cents) % 100).padStart(2, "0");
  return `${sign}${whole.toLocaleString("en-US")}.${part}`;
}

/** What the dealer does with a player's net: pay it, take it, or nothing. */
export function payOrTake(net) {
  if (net > 0) return `pay ${formatAmount(net)}`;
  if (net < 0) return `take ${formatAmount(-net)}`;
  return "push";
}

/** The house's view of a net: "+12.00" when the house is ahead. */
export function signed(cents) {
  return cents > 0 ? `+${formatAmount(cents)}` : formatAmount(cents);
}
