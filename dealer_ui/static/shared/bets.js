// What the pages say when the API refuses a bet's amount. The API speaks
// in minor units (its messages say "main of 400"); the pages say the same
// in the currency as typed ("4.00"), from the error's code and field, the
// stake sent and the limits the page knows. The bets themselves
// ({key, name, short, required}) are the API's: every table's JSON lists
// them, so no page keeps a list of its own.
import { formatAmount } from "./money.js";
import { ERROR } from "./vocabulary.js";

const CODES = new Set([ERROR.BET_BELOW_MINIMUM, ERROR.BET_ABOVE_MAXIMUM, ERROR.MAIN_BET_REQUIRED, ERROR.INVALID_BET]);
// "seats[2].bets.main" in a round; "round.seats[2].bets.main" in a correction.
const FIELD = /^(?:round\.)?seats\[(\d+)\]\.bets\.([a-z_]+)$/;

/** What an API error about a bet's amount is about, from the round ``sent``
 * that it answers and the table's ``bets``: ``{code, seat, bet, stake}``;
 * null for any other error. */
export function betRefused(error, sent, bets) {
  const match = FIELD.exec(error?.field || "");
  const seat = match && sent?.seats?.[Number(match[1])];
  const bet = match && bets.find((each) => each.key === match[2]);
  if (!CODES.has(error?.code) || !seat || !bet) return null;
  return { code: error.code, seat: seat.seat, bet, stake: seat.bets?.[bet.key] ?? 0 };
}

/** Whether ``limits`` (``{main: [minimum, maximum], ...}``) are the ones
 * that refused: if not, the page's copy of them is out of date. */
export function explains(refused, limits) {
  const range = limits?.[refused.bet.key];
  if (refused.code === ERROR.BET_BELOW_MINIMUM) return Boolean(range) && refused.stake < range[0];
  if (refused.code === ERROR.BET_ABOVE_MAXIMUM) return Boolean(range) && refused.stake > range[1];
  return true;
}

/** The refusal in words, amounts in the currency. ``limits`` null: the
 * limits that applied are not known here, and ``rules`` names them instead. */
export function refusalText(refused, limits, rules = "the table's rules") {
  const range = limits?.[refused.bet.key];
  const bet = `seat ${refused.seat}: the ${refused.bet.name} bet`;
  const stake = formatAmount(refused.stake);
  switch (refused.code) {
    case ERROR.BET_BELOW_MINIMUM:
      return `${bet} of ${stake} is below ${range ? `the table minimum of ${formatAmount(range[0])}` : `the minimum of ${rules}`}`;
    case ERROR.BET_ABOVE_MAXIMUM:
      return `${bet} of ${stake} is above ${range ? `the table maximum of ${formatAmount(range[1])}` : `the maximum of ${rules}`}`;
    case ERROR.MAIN_BET_REQUIRED:
      return `seat ${refused.seat}: every seat must place a Main bet${range ? ` (limits ${formatAmount(range[0])}–${formatAmount(range[1])})` : ""}`;
    default:
      return `${bet} must be an amount (for example 25, 25.50 or 1,000.50)`;
  }
}
