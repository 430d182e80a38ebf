// The currency of each table, for the pages that show amounts of several
// tables at once (the cage's slips, the count room's drop boxes): read once
// from GET /tables, so each amount is formatted in its own table's currency
// (money.js), never in another's.
import { call } from "./api.js";

const USD = { code: "USD", minor_unit: 2 };
let byTable = new Map();

/** Read every table's currency (again: a table made since shows too). */
export async function loadCurrencies() {
  const { json } = await call("GET", "/tables");
  byTable = new Map(json.map((table) => [table.id, table.currency]));
}

/** Table ``id``'s currency: ``{code, minor_unit}`` (USD until loaded). */
export function currencyFor(id) {
  return byTable.get(id) ?? USD;
}
