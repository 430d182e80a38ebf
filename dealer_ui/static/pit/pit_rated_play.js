// The floor's rated play (issue 42): a rating slip's figures per table, per
// dealer and for the floor over a shift, a day, the month or the year to
// date, with the share of handle rated, the figure every pit is judged on,
// shown first. Two grids keep a line readable at 1024 px: what was played
// (rounds, handle per bet, average bet, the share rated) and what it won
// (actual win and its four parts, the luck parts' spreads, comps).
import { call, query } from "../shared/api.js";
import { el, grid, when } from "../shared/dom.js";
import { inCurrency } from "../shared/money.js";
import { draw, money, percent, tableName } from "./pit_common.js";

/** What is asked: the period of the reports' form and the picker's table (none: every table). */
function asked(state, form) {
  const params = { period: form.period, day: form.day, shift: form.shift };
  if (state.tableId !== null) params.tables = String(state.tableId);
  return params;
}

function figure(text, name, title) {
  return el("td", { className: `number ${name}`, title }, text);
}

function plural(count, word) {
  return `${count} ${word}${count === 1 ? "" : "s"}`;
}

/** Rated rounds, and those the figures still wait for when there are any. */
function roundsCell(line) {
  const waiting = line.pending_rounds ? el("div", { className: "muted pending" }, `+${line.pending_rounds} pending`) : null;
  return el("td", { className: "number rated-rounds" }, String(line.rated_rounds), waiting);
}

/** A share of handle rated: a dash (with why) where nothing was played. */
function shareText(share) {
  return share === null ? "— (no handle)" : percent(share);
}

/** A luck part with its exact spread: "-12.00" over "± 30.00". */
function luckCell(amount, sd, name, missing) {
  const spread = sd === null ? el("div", { className: "muted sd", title: missing }, "± — (no spread)") : el("div", { className: "muted sd" }, `± ${money(Math.round(sd))}`);
  return el("td", { className: `number ${name}` }, el("span", { className: "amount" }, money(amount)), spread);
}

function playCells(line) {
  return [
    roundsCell(line),
    figure(money(line.handle.main), "main-handle"),
    figure(money(line.handle.dealer_break_bonus), "dealer-break-bonus-handle"),
    figure(money(line.handle.break_bonus), "break-bonus-handle"),
    figure(money(line.rated_handle), "rated-handle"),
    figure(money(line.average_bet), "average-bet"),
    figure(money(line.all_handle), "all-handle"),
    el("td", { className: "number share" }, el("strong", {}, shareText(line.rated_share))),
  ];
}

function winCells(line) {
  return [
    figure(money(line.actual_win), "actual-win"),
    figure(money(line.theoretical_win), "theoretical-win"),
    figure(money(line.parts.decisions), "decisions"),
    luckCell(line.parts.player_cards, line.player_cards_sd, "player-cards", line.sd_missing),
    luckCell(line.parts.dealer_cards, line.dealer_cards_sd, "dealer-cards", null),
    figure(money(line.comps), "comps"),
  ];
}

/** The lines of one grid: the tables, the dealers, each group under its name, and the floor's total. */
function lines(report, cells, columns) {
  const row = (key, name, line, className) => el("tr", { className, dataset: { line: key } }, el("th", { scope: "row" }, name), cells(line));
  const group = (name, count) => el("tr", { className: "group" }, el("th", { scope: "rowgroup", colSpan: columns }, name, count ? null : el("span", { className: "muted" }, " · none with play")));
  return [
    group("Tables", report.tables.length),
    ...report.tables.map((line) => row(`table-${line.table_id}`, line.name, line)),
    group("Dealers (who entered the rounds)", report.dealers.length),
    ...report.dealers.map((line) => row(`dealer-${line.dealer_id}`, line.name, line)),
    row("floor", "Floor total", report.floor, "totals"),
  ];
}

/** The figure every pit is judged on, in large type above the lines. */
function shareBox(floor) {
  const of = floor.all_handle ? `${money(floor.rated_handle)} rated of ${money(floor.all_handle)} played` : "no handle in the period";
  return el(
    "div",
    { className: "rated-share", id: "rated-share" },
    el("span", {}, "Share of handle rated "),
    el("strong", { className: "share-figure" }, shareText(floor.rated_share)),
    el("span", { className: "muted" }, ` · ${of}`),
  );
}

function pending(report) {
  if (!report.pending_rounds) return el("p", { className: "muted", id: "rated-pending" }, "Every rated round of the period is in the figures.");
  const waiting = plural(report.pending_rounds, "rated round");
  return el("p", { className: "warning", id: "rated-pending" }, `Not in the figures yet: ${waiting} — their values are still being worked out. Show the report again shortly.`);
}

function scopeText(state, report) {
  const where = state.tableId === null ? `the floor (${report.scope.tables.map((each) => each.name).join(", ") || "no tables"})` : tableName(state, state.tableId);
  const span = report.first_day === report.last_day ? "" : ` (${report.first_day} to ${report.last_day})`;
  const period = report.period === "shift" ? `gaming day ${report.day}, shift ${report.shift}` : report.period_key;
  return `Rated play of ${where} · ${period}${span}`;
}

function render(state, report) {
  const code = report.currency ? ` · amounts in ${report.currency.code}` : "";
  const play = ["Line", "Rated rounds", "Main handle", "Dealer Break Bonus handle", "Break Bonus handle", "Rated handle", "Average bet", "All handle", "Share rated"];
  const win = ["Line", "Actual win", "Theoretical win", "Decisions", "Player's cards (± sd)", "Dealer's cards (± sd)", "Comps"];
  return [
    el("h3", { id: "rated-heading" }, scopeText(state, report)),
    el("p", { className: "muted" }, `${report.day_chosen} · generated ${when(report.generated_at)} · win is the house's, + when the house is ahead${code} · comps ${report.comp_rate} % of the theoretical win`),
    shareBox(report.floor),
    pending(report),
    el("h3", {}, "What was played"),
    el("p", { className: "muted" }, "All handle: every bet at the same tables and dealers in the period, rated or not; the share rated is rated handle ÷ all handle."),
    grid(play, lines(report, playCells, play.length), { id: "rated-play-lines", className: "grid compact" }),
    el("h3", {}, "What it won"),
    el("p", { className: "muted" }, "Actual win = theoretical win + decisions + player's cards + dealer's cards, exactly in every line; ± is the luck part's standard deviation."),
    grid(win, lines(report, winCells, win.length), { id: "rated-win-lines", className: "grid compact" }),
    el("p", { className: "muted" }, "No time played or pace here: a rating crosses shifts and dealers, so those are on its slip."),
  ];
}

/** Draw the rated-play report into ``out`` for the reports' ``form`` values. */
export function showRatedPlay(state, form, out) {
  const load = async () => (await call("GET", `/reports/rated-play${query(asked(state, form))}`)).json;
  draw("reports", out, load, (json) => inCurrency(json.currency, () => render(state, json)), "report");
}
