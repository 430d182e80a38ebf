// The API's refusals on the tablet: each next to the field it names, in
// words, a refused bet in the currency as typed (never in cents).
import { ApiError, call } from "../shared/api.js";
import { betRefused, explains, refusalText } from "../shared/bets.js";
import { showLimits } from "./dealer_bets.js";
import { clearError, showError } from "../shared/dom.js";
import { HAND } from "../shared/vocabulary.js";

/** Where an API error's field (a path into the round's JSON) is shown:
 * ``handKey`` for an answer about one hand, ``sent`` the round the answer
 * is to (its seats in the order sent, which the field counts by). */
function targetOf(field, { handKey = null, sent = null }) {
  if (!field) return "general";
  if (handKey !== null && (field === "cards" || field.startsWith("setting"))) {
    return handKey === HAND.DEALER ? "dealer-cards" : field === "cards" ? `seat-${handKey}-cards` : `seat-${handKey}-setting`;
  }
  const match = /^seats\[(\d+)\](?:\.(.*))?$/.exec(field);
  if (match) {
    const seat = sent?.seats?.[Number(match[1])]?.seat;
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
export function showApiError(state, error, message, about = {}) {
  const target = error instanceof ApiError ? targetOf(error.field, about) : "general";
  showError(target, message);
  state.apiErrors.push(target);
}

export function forgetApiErrors(state) {
  for (const target of state.apiErrors.splice(0)) clearError(target);
}

/** The table as the API has it now: its limits may have changed since it was picked. */
async function reloadTable(state) {
  try {
    const { json } = await call("GET", `/tables/${state.table.id}`);
    if (json.config.version !== state.table.config.version) state.ways.clear(); // the qualifier may have changed too
    // The rules only: the felt keeps the bets and seats it was built with
    // until the table is picked again.
    state.table = json;
    showLimits(state.table, state.bets, state.seats);
  } catch {
    // Not read again: the message says the limits without their figures.
  }
}

/** The error in words (``sent``: the round the error answers). */
export async function errorText(state, error, sent) {
  const refused = error instanceof ApiError ? betRefused(error, sent, state.bets) : null;
  if (!refused) return error.message;
  if (!explains(refused, state.table.config.limits)) await reloadTable(state);
  const limits = state.table.config.limits;
  return refusalText(refused, explains(refused, limits) ? limits : null);
}
