// The table picker of the pit's bar: every table with its status, the one
// chosen kept across a reload. Read again whenever a screen changes a
// table's status (opening, closing), so the list never says "(closed)" of
// a table just opened.
import { call } from "../shared/api.js";
import { $, clearErrors, el } from "../shared/dom.js";
import { useCurrency } from "../shared/money.js";
import { floorCurrency } from "./pit_common.js";
import { TABLE_STATUS } from "../shared/vocabulary.js";

const TABLE = "breakpoker.pit.table";
export const ALL = "all";

/** The currency of the chosen table, or of the floor when its tables share one (null: they do not). */
export function chosenCurrency(state) {
  const table = state.tables.find((each) => each.id === state.tableId);
  return table?.currency ?? floorCurrency(state);
}

export function pickTable(state, value) {
  state.tableId = value === ALL ? null : Number(value);
  sessionStorage.setItem(TABLE, value);
  const table = state.tables.find((each) => each.id === state.tableId);
  // The amounts on every screen are the chosen table's; the floor's, when
  // its tables share one currency (a floor report of several says each).
  useCurrency(chosenCurrency(state));
  $("#table-name").textContent = table ? `· ${table.name}` : "· all tables";
  clearErrors($(".pit-bar"));
}

/** Every table and its status into the picker, the chosen one kept. */
export async function loadTables(state) {
  const { json } = await call("GET", "/tables");
  state.tables = json;
  const picker = $("#table-pick");
  picker.replaceChildren(
    el("option", { value: ALL }, "All tables (floor)"),
    ...json.map((table) =>
      el("option", { value: String(table.id) }, table.status === TABLE_STATUS.OPEN ? table.name : `${table.name} (${table.status})`),
    ),
  );
  const saved = sessionStorage.getItem(TABLE);
  const first = json.find((table) => table.status === TABLE_STATUS.OPEN) || json[0];
  picker.value = [...picker.options].some((option) => option.value === saved) ? saved : String(first?.id ?? ALL);
  pickTable(state, picker.value);
}
