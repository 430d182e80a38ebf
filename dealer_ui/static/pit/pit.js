// The pit boss's screens: a client of the JSON API only. This module signs
// in and moves between the screens (the table picker: pit_picker.js); each
// screen is a module of its own. It builds the pit's state (pit_common.js)
// once and passes it to the screens.
import { BACKGROUND } from "../shared/api.js";
import { showAlerts } from "./pit_alerts.js";
import { showShufflers } from "./pit_shufflers.js";
import { installDealers, showDealers } from "./pit_dealers.js";
import { $, showError } from "../shared/dom.js";
import { countPending, installApprovals, showApprovals } from "./pit_exceptions.js";
import { useCurrency } from "../shared/money.js";
import { canAct, createPitState, go, notify } from "./pit_common.js";
import { chosenCurrency, loadTables, pickTable } from "./pit_picker.js";
import { installReports, showReports } from "./pit_reports.js";
import { showRound } from "./pit_round.js";
import { installRounds, showRecall, showRounds } from "./pit_rounds.js";
import { installChecks, showChecks } from "./pit_checks.js";
import { showSession } from "./pit_session.js";
import { refreshSlips } from "./pit_slips.js";
import { showTables } from "./pit_tables.js";
import { installPlayers, showPlayer } from "./pit_player.js";
import { showSlip } from "./pit_rating_slip.js";
import { refreshRatings, showRatings } from "./pit_ratings.js";
import { startSession } from "../shared/session.js";

// Each screen is drawn with the pit's state and its record's id, if any.
const SCREENS = {
  rounds: showRounds,
  round: showRound,
  recall: showRecall,
  approvals: showApprovals,
  reports: showReports,
  tables: showTables,
  checks: showChecks,
  session: showSession,
  ratings: showRatings,
  slip: showSlip,
  players: showPlayer,
  player: showPlayer,
  alerts: showAlerts,
  alert: showAlerts,
  shufflers: showShufflers,
  dealers: showDealers,
};
const TABS = { round: "rounds", session: "checks", slip: "ratings", player: "players", alert: "alerts" }; // a record's screen lights its list's button
const PANELS = { player: "players", alert: "alerts" }; // a player's (an alert's) page is its list's screen with it
const NAMED = new Set(["player"]); // named by a club number (kept as typed: "0042" is not 42)

function route(state) {
  const match = /^#([a-z]+)(?:-([A-Za-z0-9]+))?$/.exec(location.hash);
  const name = match && SCREENS[match[1]] ? match[1] : "rounds";
  const tab = TABS[name] || name;
  useCurrency(chosenCurrency(state)); // a round's screen moves to its own table's
  const panel = PANELS[name] || name;
  for (const each of document.querySelectorAll(".view-panel")) each.hidden = each.id !== `view-${panel}`;
  for (const button of document.querySelectorAll("[data-view]")) {
    button.setAttribute("aria-pressed", String(button.dataset.view === tab));
  }
  const id = match?.[2];
  SCREENS[name](state, id === undefined || NAMED.has(name) ? id : Number(id));
  countPending(state);
}

async function begin(state, user) {
  state.user = user;
  $("#office").hidden = false;
  $("#read-only").hidden = canAct(state);
  try {
    await loadTables(state);
  } catch (error) {
    showError("table", error.message);
  }
  route(state);
}

const state = createPitState();
installRounds(state);
installChecks(state);
installApprovals(state);
installReports(state);
installPlayers();
installDealers(state);
$("#table-pick").addEventListener("change", (event) => {
  pickTable(state, event.target.value);
  notify("");
  if (location.hash.startsWith("#round-")) go("rounds");
  else if (location.hash.startsWith("#session-")) go("checks");
  else route(state);
});
for (const button of document.querySelectorAll("[data-view]")) {
  button.addEventListener("click", () => {
    notify("");
    if (location.hash === `#${button.dataset.view}`) route(state); // the same screen again: fresh figures
    else go(button.dataset.view);
  });
}
window.addEventListener("hashchange", () => route(state));
$("#slip-back").addEventListener("click", () => (history.length > 1 ? history.back() : go("ratings")));
$("#ratings-refresh").addEventListener("click", () => refreshRatings(state));
// The open ratings' live figures move with the clock and the rounds.
setInterval(() => state.user && !$("#view-ratings").hidden && refreshRatings(state, BACKGROUND), 30_000);
// Requests from other pit bosses show on the Approvals button without a reload.
setInterval(() => state.user && countPending(state, BACKGROUND), 30_000);
// A slip the cage issues shows on the Tables screen without a reload, as
// the cage's page shows the pit's requests.
setInterval(() => state.user && !$("#view-tables").hidden && refreshSlips(state, BACKGROUND), 15_000);
startSession((user) => begin(state, user));
