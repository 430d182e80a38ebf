// Money on screen: amounts are integers in the minor unit of the table's
// currency in the API (cents of USD, yen of JPY, fils of KWD); people type
// and read them in the major unit with as many decimals as the currency has
// (ISO 4217's minor unit: 2, 0 or 3). Both ways go by string digits, never
// through floating point.
//
// A page shows one table's amounts at a time: it says which currency with
// ``useCurrency(table.currency)`` once it has the table's JSON, and every
// function below reads amounts in it; a figure of another table is formatted
// by passing its currency. Until told, USD with 2 decimals (every table made
// before currencies were kept).

const USD = Object.freeze({ code: "USD", minor_unit: 2 });
let current = USD;

/** The currency every amount is read and written in from now on: ``{code, minor_unit}`` as a table's JSON has it. */
export function useCurrency(currency) {
  current = currency ? Object.freeze({ code: currency.code, minor_unit: currency.minor_unit }) : USD;
}

/** The page's currency: ``{code, minor_unit}``. */
export function pageCurrency() {
  return current;
}

/** The same for the length of ``draw()``, then the page's currency again (a floor report's part in its own currency). */
export function inCurrency(currency, draw) {
  const before = current;
  useCurrency(currency);
  try {
    return draw();
  } finally {
    current = before;
  }
}

const GROUPED = "(\\d{1,3}(?:,\\d{3})+|\\d{1,12})";

/** The examples of the rule, in the currency: "25, 25.50 or 1,000.50"; "25 or 1,000" with no decimals. */
function examples(currency) {
  const unit = currency.minor_unit;
  if (!unit) return "25 or 1,000";
  const part = "50".padEnd(unit, "0").slice(0, unit);
  return `25, 25.${part} or 1,000.${part}`;
}

/** Why a typed text is not an amount, for the currency. */
function rule(currency) {
  const unit = currency.minor_unit;
  if (!unit) return `a comma groups thousands (1,000); ${currency.code} has no decimals`;
  return `a comma groups thousands (1,000.${"5".padEnd(unit, "0")}); ${unit === 2 ? "cents follow" : `${unit} decimals follow`} a point (10.${"5".padEnd(unit, "0")})`;
}

/** Minor units from what was typed ("25", "25.5", "1,000.50"), or null if it is not an amount.
 * A decimal comma ("10,50") is refused, never read as 10.50 or 1050; more decimals than the
 * currency has are refused too. The code or a dollar sign around it may be typed. */
function parseAmount(text, currency) {
  let typed = String(text).trim();
  if (typed.toUpperCase().endsWith(` ${currency.code}`)) typed = typed.slice(0, -4).trim();
  if (typed.toUpperCase().startsWith(`${currency.code} `)) typed = typed.slice(4).trim();
  if (currency.code === "USD") typed = typed.replace(/^\$/, "");
  const unit = currency.minor_unit;
  const pattern = new RegExp(`^${GROUPED}${unit ? `(?:\\.(\\d{1,${unit}}))?` : ""}$`);
  const match = pattern.exec(typed);
  if (!match) return null;
  const whole = match[1].replaceAll(",", "");
  if (whole.length > 12) return null;
  return Number(whole) * 10 ** unit + Number((match[2] || "").padEnd(unit, "0") || "0");
}

/** ``{cents}`` (minor units, whatever the currency) from what was typed into the field called
 * ``field``, or ``{problem}``: why it is not an amount, naming the field. */
export function readAmount(text, field, currency = current) {
  const cents = parseAmount(text, currency);
  if (cents !== null) return { cents };
  const typed = String(text).trim();
  const why = typed.includes(",") ? `: ${rule(currency)}` : ` (for example ${examples(currency)})`;
  return { problem: `${field}: ${typed} is not an amount${why}` };
}

/** "1,234.50" from 123450 in USD, "123,450" in JPY, "123.450" in KWD (a minus sign for a negative amount). */
export function formatAmount(minor, currency = current) {
  const sign = minor < 0 ? "-" : "";
  const size = 10 ** currency.minor_unit;
  const whole = Math.trunc(Math.abs(minor) / size);
  const part = currency.minor_unit ? `.${String(Math.abs(minor) % size).padStart(currency.minor_unit, "0")}` : "";
  return `${sign}${whole.toLocaleString("en-US")}${part}`;
}

/** An amount with its code: "1,000 JPY". */
export function amountWithCode(minor, currency = current) {
  return `${formatAmount(minor, currency)} ${currency.code}`;
}

/** An amount as it would be typed: "1,000" or "2.50" (no ".00" on a whole amount). */
export function typedAmount(minor, currency = current) {
  const text = formatAmount(minor, currency);
  const zeros = currency.minor_unit ? `.${"0".repeat(currency.minor_unit)}` : "";
  return zeros && text.endsWith(zeros) ? text.slice(0, -zeros.length) : text;
}

/** How amounts are typed at this table, for a field's hint: "amounts as 25.50 or 1,000.50: a point for cents". */
export function amountRule(currency = current) {
  return currency.minor_unit ? `amounts as ${examples(currency).split(", ").slice(1).join(", ")}: a point for ${currency.minor_unit === 2 ? "cents" : "decimals"}` : `amounts as 25 or 1,000 (${currency.code}, no decimals)`;
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
