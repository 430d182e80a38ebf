// A report's expected win from the hands dealt: per bet what the house should
// have won given the players' cards (only the dealer's cards left to chance),
// its band beside the par sheet's, and what the players' own settings cost
// them against the best setting and the house way, per dealer and per table.
// Money arrives rounded to the cent with its exact value as a fraction: the
// exact one is the cell's title.
import { el, grid } from "../shared/dom.js";
import { bets, money, percent } from "./pit_common.js";

function figure(text, name, title = "") {
  return el("td", { className: `number ${name}`, title }, text);
}

function exactly(value) {
  return `exactly ${value} minor units`;
}

function narrowerText(line) {
  if (line.narrower === null) return el("span", { className: "muted" }, "no par sheet yet");
  return line.narrower === "hands_dealt"
    ? el("span", { className: "badge within" }, "hands dealt")
    : el("span", { className: "badge" }, "par sheet");
}

function betRow(bet, line, z) {
  const parBand = line.par_sheet_sd === null ? "—" : `± ${money(Math.round(z * line.par_sheet_sd))}`;
  return el(
    "tr",
    { dataset: { expectedBet: bet.key } },
    el("th", { scope: "row" }, bet.name),
    figure(money(line.expected_win), "expected-win", exactly(line.expected_win_exact)),
    figure(`${money(line.band.low)} to ${money(line.band.high)}`, "expected-band"),
    figure(`± ${money(Math.round(z * line.sd_bound))}`, "expected-spread"),
    figure(parBand, "par-sheet-spread"),
    el("td", { className: "narrower" }, narrowerText(line)),
  );
}

function costCells(line) {
  return [
    figure(String(line.seats_with_values), "seats-with-values"),
    figure(String(line.seats_without_values), "seats-without-values"),
    figure(money(line.main_handle), "main-handle"),
    figure(money(line.against_best), "against-best", exactly(line.against_best_exact)),
    figure(percent(line.against_best_rate), "against-best-rate"),
    figure(money(line.against_house_way), "against-house-way", exactly(line.against_house_way_exact)),
    figure(percent(line.against_house_way_rate), "against-house-way-rate"),
  ];
}

const COST_HEADERS = ["Seats valued", "Not yet", "Main handle", "Against best", "Rate", "Against house way", "Rate"];

function costGrid(first, lines, key, id) {
  if (!lines.length) return el("p", { className: "muted", id }, "No seat of the period has values yet.");
  const rows = lines.map((line) => el("tr", { dataset: { [key]: line.name } }, el("th", { scope: "row" }, line.name), ...costCells(line)));
  return grid([first, ...COST_HEADERS], rows, { id });
}

function waiting(win) {
  if (!win.seats_without_values) return el("p", { className: "muted", id: "expected-waiting" }, "Every seat of the period has its values.");
  const rounds = `${win.rounds_without_values} round${win.rounds_without_values === 1 ? "" : "s"}`;
  return el(
    "p",
    { className: "warning", id: "expected-waiting" },
    `No values yet for ${win.seats_without_values} seat${win.seats_without_values === 1 ? "" : "s"} (${rounds}): the figures below leave them out until the worker values them (the strategy table may not be built yet).`,
  );
}

export function expectedSection(state, report) {
  const win = report.expected_win;
  const z = win.band_z;
  const headers = ["Bet", "Expected win", `Band (± ${z} × bound)`, "Hands-dealt spread", "Par-sheet spread", "Narrower"];
  return [
    el("h3", {}, "Expected win from the hands dealt"),
    el("p", { className: "muted", id: "expected-method" }, win.band_method),
    waiting(win),
    grid(headers, bets(state).map((bet) => betRow(bet, win.bets[bet.key], z)), { id: "report-expected" }),
    el("h4", {}, "What the players' own settings cost them (Main Bet)"),
    costGrid("Dealer", win.dealers, "costDealer", "report-setting-cost-dealers"),
    costGrid("Table", win.tables, "costTable", "report-setting-cost-tables"),
  ];
}
