// Shift reports for a table or the floor: per bet type the handle, win and
// hold against the theory with its band and variance flag, the hold chart,
// investigation notes, the dealers, and beside the rounds' win the win and
// hold from the chips of the counted sessions (cards against chips), and the
// expected win from the hands dealt (pit_expected.js). The same form asks
// for the floor's rated play (pit_rated_play.js).
import { call, query } from "../shared/api.js";
import { $, clearErrors, el, grid, when } from "../shared/dom.js";
import { confidenceText, holdChart } from "./hold_chart.js";
import { expectedSection } from "./pit_expected.js";
import { showRatedPlay } from "./pit_rated_play.js";
import { inCurrency } from "../shared/money.js";
import { bets, byAt, canNote, draw, money, net, notify, percent, shiftOptions, showApiError, tableName } from "./pit_common.js";

function asked() {
  const period = $("#report-period").value;
  return {
    period,
    day: $("#report-day").value.trim(),
    shift: period === "shift" ? $("#report-shift").value : "",
    confidence: $("#report-confidence").value.trim(),
  };
}

function flagBadge(line) {
  if (!line.handle) return el("span", { className: "muted" }, "no bets");
  if (line.variance_flag === null) return el("span", { className: "muted" }, "no theory yet");
  return line.variance_flag
    ? el("span", { className: "badge flag" }, "OUTSIDE band")
    : el("span", { className: "badge within" }, "within band");
}

function noteText(note) {
  if (!note) return "";
  const earlier = note.earlier_notes ? ` (${note.earlier_notes} earlier)` : "";
  return el("div", { className: "note" }, el("q", {}, note.note), el("div", { className: "muted" }, byAt(note.written_by, note.written_at), earlier));
}

/** A figure's cell, right-aligned; ``name`` says which figure it is. */
function figure(text, name = "") {
  return el("td", { className: `number ${name}`.trim() }, text);
}

/** Handle, win and hold, actual and theoretical: a bet's line and the totals alike. */
function holdFigures(line) {
  return [
    figure(money(line.handle), "handle"),
    figure(money(line.win), "win"),
    figure(percent(line.hold), "hold"),
    figure(percent(line.theoretical_hold), "theoretical-hold"),
    figure(money(line.theoretical_win), "theoretical-win"),
  ];
}

function betRow(bet, line) {
  const band = line.hold_interval ? `${percent(line.hold_interval.low)} to ${percent(line.hold_interval.high)}` : "—";
  const winBand = line.win_interval && line.handle ? `${money(line.win_interval.low)} to ${money(line.win_interval.high)}` : "—";
  return el(
    "tr",
    { dataset: { bet: bet.key } },
    el("th", { scope: "row" }, bet.name),
    figure(String(line.bets), "bets"),
    ...holdFigures(line),
    el("td", { className: "number band" }, band, el("div", { className: "muted win-band" }, winBand)),
    el("td", { className: "variance" }, flagBadge(line)),
    el("td", { className: "latest-note" }, noteText(line.note)),
  );
}

function totalsRow(totals) {
  return el(
    "tr",
    { className: "totals", dataset: { bet: "totals" } },
    el("th", { scope: "row" }, "Totals"),
    el("td"),
    ...holdFigures(totals),
    el("td", { colSpan: 3 }),
  );
}

function counts(report) {
  const item = (name, value, key) => el("li", { dataset: { count: key } }, `${name} `, el("strong", {}, String(value)));
  return el(
    "ul",
    { className: "counts", id: "report-counts" },
    item("Rounds", report.rounds, "rounds"),
    item("Seats", report.seats, "seats"),
    item("Fouls", report.fouls, "fouls"),
    item("Lucky Breaks (players)", report.player_lucky_breaks, "player_lucky_breaks"),
    item("Lucky Breaks (dealer)", report.dealer_lucky_breaks, "dealer_lucky_breaks"),
    item("Dealer did not qualify", report.dealer_non_qualifications, "dealer_non_qualifications"),
  );
}

function plainly(state, report) {
  const lag = report.pending_rounds
    ? el("p", { className: "warning", id: "report-lag" }, `Not counted yet: ${report.pending_rounds} round${report.pending_rounds === 1 ? "" : "s"} of this period — ${report.lag}. Show the report again shortly.`)
    : el("p", { className: "muted", id: "report-lag" }, "Every round of the period is counted.");
  const versions = report.theoretical_pending_versions.map((each) => `${tableName(state, each.table_id)} rules version ${each.version}`).join(", ");
  const theory = report.theoretical_pending
    ? el("p", { className: "warning", id: "report-theory" }, `Theoretical figures are not ready: the par sheet of ${versions} is still being computed, so theoretical hold, bands and flags are blank.`)
    : null;
  return [lag, theory];
}

const PENDING_REASONS = {
  open: "open",
  uncounted: "closed, drop not counted",
  figuring: "counted, figures being kept",
};

/** The win and hold two ways: from the rounds entered, and from the chips counted. */
function chipsRows(report) {
  const { chips, totals } = report;
  const row = (source, name, base, win, hold) =>
    el("tr", { dataset: { source } }, el("th", { scope: "row" }, name), figure(money(base), "base"), figure(money(win), "win"), figure(percent(hold), "hold"));
  return [
    row("rounds", "From the rounds (handle)", totals.handle, totals.win, totals.hold),
    row("chips", "From the chips (drop)", chips.drop, chips.win, chips.hold),
  ];
}

function chipsCounts(chips) {
  const item = (name, value, key) => el("li", { dataset: { chips: key } }, `${name} `, el("strong", {}, value));
  let flagged = el("span", { className: "badge within" }, "every session balances");
  if (!chips.sessions_counted) flagged = el("span", { className: "muted" }, "no session counted");
  else if (chips.flagged_sessions) flagged = el("span", { className: "badge flag" }, `${chips.flagged_sessions} session${chips.flagged_sessions === 1 ? "" : "s"} beyond ${money(chips.tolerance)}`);
  return el(
    "ul",
    { className: "counts", id: "report-chips-counts" },
    item("Sessions counted", String(chips.sessions_counted), "sessions_counted"),
    item("Opener", money(chips.opener), "opener"),
    item("Closer", money(chips.closer), "closer"),
    item("Fills", money(chips.fills), "fills"),
    item("Credits", money(chips.credits), "credits"),
    item("Their rounds' net", money(chips.rounds_net), "rounds_net"),
    el("li", { dataset: { chips: "difference" } }, "Cards against chips ", el("strong", {}, net(chips.difference)), " ", flagged),
  );
}

function chipsPending(chips) {
  if (!chips.sessions_pending) return el("p", { className: "muted", id: "report-chips-pending" }, "Every table session of the period is counted.");
  const named = chips.pending.map((each) => `${each.table} session ${each.number} (${PENDING_REASONS[each.reason] || each.reason})`);
  const more = chips.sessions_pending > named.length ? `, and ${chips.sessions_pending - named.length} more` : "";
  const count = `${chips.sessions_pending} table session${chips.sessions_pending === 1 ? "" : "s"}`;
  return el("p", { className: "warning", id: "report-chips-pending" }, `Not in the chips figures yet: ${count} — ${named.join(", ")}${more}.`);
}

function chipsSection(report) {
  return [
    el("h3", {}, "Win from the chips"),
    el("p", { className: "muted" }, "Drop + closer + credits − opener − fills, over the sessions counted in the period (each in the gaming day and shift it opened in); hold is win / drop."),
    grid(["Figures", "Handle / drop", "Win", "Hold"], chipsRows(report), { id: "report-chips" }),
    chipsCounts(report.chips),
    chipsPending(report.chips),
  ];
}

function noteForms(state, report, redraw) {
  const flagged = bets(state).filter((bet) => report.bets[bet.key].variance_flag);
  if (!flagged.length || !canNote(state)) return null;
  return el(
    "div",
    { className: "note-forms" },
    el("h3", {}, "Investigation notes on flagged lines"),
    flagged.map((bet) => {
      const id = `vnote-${bet.key}`;
      const text = el("textarea", { id, rows: 2, maxLength: 2000, dataset: { field: id } });
      const form = el(
        "form",
        { className: "act-form", dataset: { noteFor: bet.key }, noValidate: true },
        el("label", { htmlFor: id }, `Note on the ${bet.name} hold`),
        text,
        el("span", { className: "error", dataset: { errorFor: id }, role: "alert" }),
        el("button", { type: "submit", className: "big" }, "Add note"),
      );
      form.addEventListener("submit", async (event) => {
        event.preventDefault();
        clearErrors(form);
        const body = { period: report.period, day: report.day, bet: bet.key, note: text.value };
        if (report.scope.kind === "table") body.table_id = report.scope.table_id;
        if (report.shift !== null) body.shift = report.shift;
        try {
          await call("POST", "/reports/variance-notes", body);
          notify(`Note added to the ${bet.name} hold of ${report.period_key}.`);
          redraw();
        } catch (error) {
          showApiError(error, id, id);
        }
      });
      return form;
    }),
  );
}

function dealerRow(dealer) {
  return el(
    "tr",
    { dataset: { dealer: dealer.name } },
    el("th", { scope: "row" }, dealer.name),
    figure(String(dealer.rounds)),
    figure(String(dealer.seats)),
    figure(String(dealer.fouls)),
    figure(money(dealer.handle)),
    figure(money(dealer.win)),
    figure(percent(dealer.bets.main.hold)),
    figure(`${dealer.voids} (${dealer.pending_voids} pending)`),
    figure(`${dealer.corrections} (${dealer.pending_corrections} pending)`),
  );
}

function scopeText(report) {
  const where = report.scope.kind === "table" ? `Table ${report.scope.name}` : `Floor (${report.scope.tables.map((each) => each.name).join(", ") || "no tables"})`;
  const span = report.first_day === report.last_day ? "" : ` (${report.first_day} to ${report.last_day})`;
  return `${where} · ${report.period === "shift" ? `gaming day ${report.day}, shift ${report.shift}` : report.period_key}${span}`;
}

/** The report in its currency; a floor of several currencies a part a
 * currency, each with its own totals (amounts of two are never added). */
function render(state, report, redraw) {
  if (report.currency || !report.by_currency.length) return inCurrency(report.currency, () => renderOne(state, report, redraw));
  return [
    el("h3", { id: "report-heading" }, scopeText(report)),
    el("p", { className: "muted", id: "report-currencies" }, `The tables are in ${report.by_currency.length} currencies (${report.by_currency.map((part) => part.currency.code).join(", ")}): each has its own totals below, never added together.`),
    counts(report),
    ...report.by_currency.map((part) =>
      el("section", { className: "currency-part", dataset: { currency: part.currency.code } }, el("h3", {}, `In ${part.currency.code}`), ...inCurrency(part.currency, () => renderOne(state, part.report, redraw, false))),
    ),
  ];
}

function renderOne(state, report, redraw, heading = true) {
  const headers = ["Bet", "Bets", "Handle", "Win", "Hold", "Theoretical hold", "Theoretical win", `${confidenceText(report.confidence)} band (hold, win)`, "Variance", "Latest note"];
  return [
    heading ? el("h3", { id: "report-heading" }, scopeText(report)) : null,
    el("p", { className: "muted" }, `${report.day_chosen} · generated ${when(report.generated_at)} · win is the house's, + when the house is ahead${report.currency ? ` · amounts in ${report.currency.code}` : ""}`),
    ...plainly(state, report),
    grid(headers, [...bets(state).map((bet) => betRow(bet, report.bets[bet.key])), totalsRow(report.totals)], { id: "report-bets" }),
    counts(report),
    ...chipsSection(report),
    ...expectedSection(state, report),
    el("h3", {}, "Hold chart"),
    holdChart(state, report, "hold-chart"),
    noteForms(state, report, redraw),
    el("h3", {}, "Dealers"),
    report.dealers.length
      ? grid(["Dealer", "Rounds", "Seats", "Fouls", "Handle", "Win", "Main hold", "Voids", "Corrections"], report.dealers.map(dealerRow), { id: "report-dealers" })
      : el("p", { className: "muted" }, "No dealer entered a round in this period."),
  ].filter(Boolean);
}

/** Which report the screen shows: the hold and win ("hold") or the rated play ("rated"). */
const reportKind = () => $("[data-report-kind][aria-pressed=true]").dataset.reportKind;

export async function showReports(state) {
  const view = $("#view-reports");
  clearErrors(view);
  shiftOptions(state, $("#report-shift"), "Choose a shift");
  $("#report-shift").disabled = $("#report-period").value !== "shift";
  $("#report-scope").textContent = state.tableId === null ? "· the floor (all tables)" : `· ${tableName(state, state.tableId)}`;
  const out = $("#report-out");
  const rated = reportKind() === "rated";
  $("#report-confidence").disabled = rated; // the rated play has no band
  if (rated) return showRatedPlay(state, asked(), out);
  const path = state.tableId === null ? "/reports/floor" : `/reports/tables/${state.tableId}`;
  const params = query(asked());
  draw("reports", out, async () => (await call("GET", `${path}${params}`)).json, (json) => render(state, json, () => showReports(state)), "report");
}

/** The report's form: asked again for ``state``'s table (or the floor). */
export function installReports(state) {
  $("#report-form").addEventListener("submit", (event) => {
    event.preventDefault();
    notify("");
    showReports(state);
  });
  for (const button of document.querySelectorAll("[data-report-kind]")) {
    button.addEventListener("click", () => {
      for (const each of document.querySelectorAll("[data-report-kind]")) each.setAttribute("aria-pressed", String(each === button));
      notify("");
      showReports(state);
    });
  }
  $("#report-period").addEventListener("change", () => {
    $("#report-shift").disabled = $("#report-period").value !== "shift";
  });
}
