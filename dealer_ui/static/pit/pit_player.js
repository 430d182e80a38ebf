// A player's page: found by club number or name (a card reader types the
// number and Enter), then their figures over a period (the last day, the
// last 30 days, or ever), a currency at a time (never added), their
// ratings a page at a time, the latest first, with the comps each earned
// (a tap opens the rating's slip), and, for a pit boss, the
// identification form. The comps' part (#player-comps)
// is its own module's (pit_comps.js): this one says whose page it is
// (data-club-number) and has it drawn.
import { call, links, query } from "../shared/api.js";
import { $, clearErrors, el, grid, when } from "../shared/dom.js";
import { inCurrency } from "../shared/money.js";
import { canAct, currencyOf, draw, go, money, net, newTurn, showApiError, tableName } from "./pit_common.js";
import { showComps } from "./pit_comps.js";
import { identificationForm } from "./pit_identification.js";
import { duration, figureRows, liveMark } from "./pit_rating_slip.js";

const PERIODS = Object.freeze([
  ["day", "Last 24 hours"],
  ["30d", "Last 30 days"],
  ["lifetime", "Lifetime"],
]);
const PAGE = 10;

function found(players) {
  if (!players.length) return el("p", { className: "muted", id: "players-none" }, "No player found.");
  const rows = players.map((player) =>
    el("tr", { dataset: { club: player.club_number } },
      el("td", {}, el("button", { type: "button", className: "link", onclick: () => go("player", player.club_number) }, player.name)),
      el("td", {}, player.club_number),
    ),
  );
  return grid(["Name", "Club number"], rows, { id: "players-found", className: "grid compact" });
}

async function search(event) {
  event.preventDefault();
  clearErrors($("#player-search"));
  const wanted = $("#player-find").value.trim();
  if (!wanted) return;
  const load = () => call("GET", `/players${query({ search: wanted, limit: 20 })}`).then(({ json }) => json);
  const exact = (players) => players.find((player) => player.club_number === wanted.toUpperCase());
  await draw("player-search", $("#players-out"), load, (players) => {
    // A scanned club number opens the player at once.
    if (exact(players)) go("player", exact(players).club_number);
    return found(players);
  }, "player-find");
}

/** The search form wired once (pit.js). */
export function installPlayers() {
  $("#player-search").addEventListener("submit", search);
}

function figuresPart(state, club, period) {
  const out = el("div", { id: "player-figures" });
  const buttons = PERIODS.map(([value, label]) => {
    const button = el("button", { type: "button", className: "big secondary", dataset: { period: value }, "aria-pressed": String(value === period) }, label);
    button.addEventListener("click", () => {
      for (const each of buttons) each.setAttribute("aria-pressed", String(each === button));
      showFigures(state, club, value, out);
    });
    return button;
  });
  showFigures(state, club, period, out);
  return [el("h3", {}, "Figures"), el("div", { className: "views", role: "group", "aria-label": "Period" }, buttons), out];
}

const ratingsText = (count) => `${count} rating${count === 1 ? "" : "s"}`;

/** One currency's figures, in its own amounts: currencies are never added. */
function currencyFigures(state, part) {
  const code = part.currency.code;
  return inCurrency(part.currency, () =>
    el("div", { className: "currency-figures", dataset: { currency: code } },
      el("h4", {}, `In ${code} `, el("span", { className: "muted" }, ratingsText(part.ratings))),
      el("table", { className: "grid compact slip-figures", "aria-label": `The player's figures in ${code}` }, el("tbody", {}, figureRows(state, part.figures))),
    ),
  );
}

function showFigures(state, club, period, out) {
  const load = () => call("GET", `/players/${club}/figures${query({ period })}`).then(({ json }) => json);
  // by_currency: each currency apart (figures is null when there are several); none rated: the zeros.
  const render = (answer) => [
    el("p", { className: "muted" }, `${ratingsText(answer.ratings)}${answer.since ? ` seated since ${when(answer.since)}` : ", ever"}; open ones to now.`),
    answer.by_currency.length
      ? el("div", { className: "slip-parts" }, answer.by_currency.map((part) => currencyFigures(state, part)))
      : el("table", { className: "grid compact slip-figures", "aria-label": "The player's figures" }, el("tbody", {}, figureRows(state, answer.figures))),
  ];
  draw("player-figures", out, load, render, "player");
}

function historyRow(state, slip) {
  return inCurrency(currencyOf(state, slip.table_id), () =>
    el("tr", { dataset: { rating: String(slip.rating_id) } },
      el("td", {}, el("button", { type: "button", className: "link", onclick: () => go("slip", slip.rating_id) }, `#${slip.rating_id}`)),
      el("td", {}, `${tableName(state, slip.table_id)}, seat ${slip.seat}`),
      el("td", {}, when(slip.seated_at)),
      el("td", {}, liveMark(slip)),
      el("td", { className: "number" }, duration(slip.seconds_played)),
      el("td", { className: "number" }, String(slip.figures.rated_rounds)),
      el("td", { className: "number" }, net(slip.figures.theoretical_win)),
      el("td", { className: "number" }, net(slip.figures.actual_win)),
      el("td", { className: "number comps" }, money(slip.figures.comps)),
    ),
  );
}

/** A page of the player's ratings into ``out``; "Older" reads the next by the Link header. */
async function showHistory(state, path, out) {
  const current = newTurn("player-history");
  try {
    const { json, headers } = await call("GET", path);
    if (!current()) return;
    if (!json.length) return out.replaceChildren(el("p", { className: "muted", id: "history-none" }, "No rating yet."));
    const headings = ["Rating", "Table and seat", "Seated", "Slip", "Time played", "Rated rounds", "Theoretical", "Actual", "Comps earned"];
    const { next, first } = links(headers);
    const pager = el("div", { className: "pager" },
      first && path !== first ? el("button", { type: "button", className: "big secondary", onclick: () => showHistory(state, first, out) }, "Latest") : null,
      next ? el("button", { type: "button", className: "big secondary", id: "history-older", onclick: () => showHistory(state, next, out) }, "Older") : null,
    );
    out.replaceChildren(grid(headings, json.map((slip) => historyRow(state, slip)), { id: "history-table", className: "grid compact" }), pager);
  } catch (error) {
    if (current()) showApiError(error, "player", "player");
  }
}

function playerView(state, player) {
  const history = el("div", { id: "player-history" });
  showHistory(state, `/players/${player.club_number}/ratings${query({ limit: PAGE })}`, history);
  return [
    el("h2", { id: "player-title", tabIndex: -1 }, `${player.name} `, el("span", { className: "muted" }, `club ${player.club_number}`)),
    el("p", { className: "muted" }, `Enrolled ${when(player.enrolled_at)} by ${player.enrolled_by}.`),
    ...figuresPart(state, player.club_number, "lifetime"),
    el("h3", {}, "Ratings ", el("span", { className: "muted" }, "the latest first, with the comps each earned")),
    history,
    canAct(state) ? identificationForm(player.club_number) : null,
  ];
}

/** The Players screen (#players), or one player's page (#player-<club number>). */
export function showPlayer(state, club) {
  clearErrors($("#view-players"));
  const comps = $("#player-comps");
  comps.hidden = club === undefined;
  if (club === undefined) {
    delete comps.dataset.clubNumber;
    comps.replaceChildren();
    $("#player-out").replaceChildren();
    $("#player-find").focus();
    return undefined;
  }
  comps.dataset.clubNumber = club;
  showComps(state, club);
  $("#players-out").replaceChildren(); // the search's list gives way to the player
  const load = () => call("GET", `/players/${encodeURIComponent(club)}`).then(({ json }) => json);
  return draw("player", $("#player-out"), load, (player) => playerView(state, player), "player");
}
