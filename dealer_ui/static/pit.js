// The pit boss's screens: a client of the JSON API only. This module signs
// in, keeps the table chosen and moves between the screens; each screen is a
// module of its own.
import { BACKGROUND, call } from "./api.js";
import { $, clearErrors, el, showError } from "./dom.js";
import { showApprovals, countPending } from "./pit_exceptions.js";
import { useCurrency } from "./money.js";
import { canAct, floorCurrency, go, notify, pit } from "./pit_common.js";
import { showReports } from "./pit_reports.js";
import { showRound } from "./pit_round.js";
import { showRecall, showRounds } from "./pit_rounds.js";
import { showChecks } from "./pit_checks.js";
import { showSession } from "./pit_session.js";
import { showTables } from "./pit_tables.js";
import { startSession } from "./session.js";

const SCREENS = {
  rounds: showRounds,
  round: showRound,
  recall: showRecall,
  approvals: showApprovals,
  reports: showReports,
  tables: showTables,
  checks: showChecks,
  session: showSession,
};
const TABS = { round: "rounds", session: "checks" }; // a record's screen lights its list's button
const TABLE = "breakpoker.pit.table";
const ALL = "all";

function route() {
  const match = /^#([a-z]+)(?:-(\d+))?$/.exec(location.hash);
  const name = match && SCREENS[match[1]] ? match[1] : "rounds";
  const tab = TABS[name] || name;
  useCurrency(chosenCurrency()); // a round's screen moves to its own table's
  for (const panel of document.querySelectorAll(".view-panel")) panel.hidden = panel.id !== `view-${name}`;
  for (const button of document.querySelectorAll("[data-view]")) {
    button.setAttribute("aria-pressed", String(button.dataset.view === tab));
  }
  SCREENS[name](match?.[2] === undefined ? undefined : Number(match[2]));
  countPending();
}

/** The currency of the chosen table, or of the floor when its tables share one (null: they do not). */
function chosenCurrency() {
  const table = pit.tables.find((each) => each.id === pit.tableId);
  return table?.currency ?? floorCurrency();
}

function pickTable(value) {
  pit.tableId = value === ALL ? null : Number(value);
  sessionStorage.setItem(TABLE, value);
  const table = pit.tables.find((each) => each.id === pit.tableId);
  // The amounts on every screen are the chosen table's; the floor's, when
  // its tables share one currency (a floor report of several says each).
  useCurrency(chosenCurrency());
  $("#table-name").textContent = table ? `· ${table.name}` : "· all tables";
  clearErrors($(".pit-bar"));
}

async function loadTables() {
  const { json } = await call("GET", "/tables");
  pit.tables = json;
  const picker = $("#table-pick");
  picker.replaceChildren(
    el("option", { value: ALL }, "All tables (floor)"),
    ...json.map((table) =>
      el("option", { value: String(table.id) }, table.status === "open" ? table.name : `${table.name} (${table.status})`),
    ),
  );
  const saved = sessionStorage.getItem(TABLE);
  const first = json.find((table) => table.status === "open") || json[0];
  picker.value = [...picker.options].some((option) => option.value === saved) ? saved : String(first?.id ?? ALL);
  pickTable(picker.value);
}

async function begin(user) {
  pit.user = user;
  $("#office").hidden = false;
  $("#read-only").hidden = canAct();
  try {
    await loadTables();
  } catch (error) {
    showError("table", error.message);
  }
  route();
}

$("#table-pick").addEventListener("change", (event) => {
  pickTable(event.target.value);
  notify("");
  if (location.hash.startsWith("#round-")) go("rounds");
  else if (location.hash.startsWith("#session-")) go("checks");
  else route();
});
for (const button of document.querySelectorAll("[data-view]")) {
  button.addEventListener("click", () => {
    notify("");
    if (location.hash === `#${button.dataset.view}`) route(); // the same screen again: fresh figures
    else go(button.dataset.view);
  });
}
window.addEventListener("hashchange", route);
// Requests from other pit bosses show on the Approvals button without a reload.
setInterval(() => pit.user && countPending(BACKGROUND), 30_000);
startSession(begin);
