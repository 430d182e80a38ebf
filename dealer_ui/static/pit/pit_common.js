// What the pit's screens share: who is signed in, the tables, moving between
// screens, and how cards, settings, money and holds read.
import { JOKER, label, spoken } from "../shared/cards.js";
import { el } from "../shared/dom.js";
import { notify, showApiError } from "../shared/field_errors.js";
import { formatAmount } from "../shared/money.js";
import { ROLE, SETTING } from "../shared/vocabulary.js";

/** The pit's state: the signed-in user, every table, and the table chosen
 * (null: all tables). Built once by pit.js and passed to every function
 * that reads or changes it (``state``). */
export function createPitState() {
  return { user: null, tables: [], tableId: null };
}

/** The game's bets ({key, name, short, required}) in the order the screens
 * show them: the API sends them with every table, the same for each. */
export function bets(state) {
  return state.tables[0]?.bets ?? [];
}

// The API refuses anyone else anyway; the page does not offer what would be refused.
export const canAct = (state) => state.user?.role === ROLE.PIT_BOSS;
export const canNote = (state) => state.user?.role === ROLE.PIT_BOSS || state.user?.role === ROLE.ADMIN;

export function tableName(state, id) {
  return state.tables.find((table) => table.id === id)?.name ?? `table ${id}`;
}

/** A screen is named in the address (#rounds, #round-12), so Back and a reload return to it. */
export function go(view, id) {
  location.hash = id === undefined ? view : `${view}-${id}`;
}

const turns = {};

/** A screen is drawn from answers that may come back out of order: the returned
 * check is false once a newer drawing of the same screen has begun. */
export function newTurn(screen) {
  const turn = (turns[screen] = (turns[screen] || 0) + 1);
  return () => turns[screen] === turn;
}

/** Fill ``out`` with ``render(await load())``, unless a newer drawing of the
 * screen has begun meanwhile; a failure empties it and is shown next to the
 * field it names (``errorAt-field``) or at ``errorAt``. */
export async function draw(screen, out, load, render, errorAt) {
  const current = newTurn(screen);
  try {
    const answer = await load();
    if (current()) out.replaceChildren(...[render(answer)].flat().filter(Boolean));
  } catch (error) {
    if (!current()) return;
    out.replaceChildren();
    showApiError(error, errorAt, errorAt);
  }
}

export { notify, showApiError };

/** Cards in a line of text: rank and suit symbol (each suit its own shape), red for hearts and diamonds too. */
export function cardsText(cards) {
  const faces = cards.flatMap((card, index) => [
    index ? " " : null,
    el("span", { className: `pip pip-${card === JOKER ? "joker" : card[1]}`, title: spoken(card) }, label(card)),
  ]);
  return el("span", { className: "cards-text" }, faces);
}

/** "low A♠ 9♦ · high Q♠ Q♥ 7♣", or "house way" for a setting left to the house. */
export function settingText(setting) {
  if (!setting || setting === SETTING.HOUSE_WAY) return "house way";
  return `low ${setting.low.map(label).join(" ")} · high ${setting.high.map(label).join(" ")}`;
}

export function statusBadge(status) {
  return el("span", { className: `badge ${status}` }, status);
}

/** A hold (a fraction) as a percentage with two decimals; a dash where there is none. */
export function percent(fraction) {
  return fraction === null || fraction === undefined ? "—" : `${(fraction * 100).toFixed(2)} %`;
}

export function money(cents) {
  return cents === null || cents === undefined ? "—" : formatAmount(cents);
}

/** A net with its sign always shown ("+10.00", "-5.00", "0.00"). */
/** A net with its sign, "+12.00" (money.js says it once for every page). */
export { signed as net } from "../shared/money.js";

/** Who did something, and when. */
export function byAt(name, at) {
  return el("span", { className: "by-at" }, el("strong", {}, name), ` · ${whenText(at)}`);
}

function whenText(iso) {
  const moment = new Date(iso);
  return Number.isNaN(moment.getTime())
    ? iso
    : moment.toLocaleString("en-GB", { dateStyle: "medium", timeStyle: "medium" });
}

/** The currency of every table, if they share one; else null (amounts of
 * different currencies are shown apart, never added). */
export function floorCurrency(state) {
  const codes = new Set(state.tables.map((table) => table.currency.code));
  return codes.size === 1 ? state.tables[0].currency : null;
}

/** The currency of table ``id`` (USD for a table the page has not loaded). */
export function currencyOf(state, id) {
  return state.tables.find((table) => table.id === id)?.currency ?? { code: "USD", minor_unit: 2 };
}

/** Options for a shift picker: the table's shifts with their start times (or 1 to 6 for the floor). */
export function shiftOptions(state, select, anyText) {
  const table = state.tables.find((each) => each.id === state.tableId);
  const starts = table ? table.shift_starts : ["", "", "", "", "", ""];
  const kept = select.value;
  select.replaceChildren(
    el("option", { value: "" }, anyText),
    ...starts.map((start, index) =>
      el("option", { value: String(index + 1) }, start ? `${index + 1} (from ${start})` : String(index + 1)),
    ),
  );
  if ([...select.options].some((option) => option.value === kept)) select.value = kept;
}
