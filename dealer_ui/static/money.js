// Money on screen: amounts are integers in the minor unit (cents) in the API;
// people type and read them in the major unit with two decimals. Both ways go
// by string digits, never through floating point.

// One rule for every amount typed: a comma groups thousands (exactly three
// digits after it), a point marks the cents. A decimal comma ("10,50") is
// refused, never read as 10.50 or 1050.
const AMOUNT = /^(\d{1,3}(?:,\d{3})+|\d{1,12})(?:\.(\d{1,2}))?$/;
const EXAMPLE = "(for example 25, 25.50 or 1,000.50)";
const COMMA = "a comma groups thousands (1,000.50); cents follow a point (10.50)";

/** Cents from what was typed ("25", "25.5", "1,000.50"), or null if it is not an amount. */
function parseAmount(text) {
  const match = AMOUNT.exec(String(text).trim().replace(/^\$/, ""));
  if (!match) return null;
  const whole = match[1].replaceAll(",", "");
  if (whole.length > 12) return null;
  return Number(whole) * 100 + Number((match[2] || "").padEnd(2, "0"));
}

/** ``{cents}`` from what was typed into the field called ``field``, or
 * ``{problem}``: why it is not an amount, naming the field. */
export function readAmount(text, field) {
  const cents = parseAmount(text);
  if (cents !== null) return { cents };
  const typed = String(text).trim();
  const why = typed.includes(",") ? `: ${COMMA}` : ` ${EXAMPLE}`;
  return { problem: `${field}: ${typed} is not an amount${why}` };
}

/** "1,234.50" from 123450 (a minus sign for a negative amount). */
export function formatAmount(cents) {
  const sign = cents < 0 ? "-" : "";
  const whole = Math.trunc(Math.abs(cents) / 100);
  const part = String(Math.abs(cents) % 100).padStart(2, "0");
  return `${sign}${whole.toLocaleString("en-US")}.${part}`;
}

/** An amount as it would be typed: "1,000" or "2.50" (no ".00" on a whole amount). */
export function typedAmount(cents) {
  const text = formatAmount(cents);
  return text.endsWith(".00") ? text.slice(0, -3) : text;
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
