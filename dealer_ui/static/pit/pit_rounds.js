// The round list (filters, newest first, a page at a time) and game recall.
import { call, links, query } from "../shared/api.js";
import { $, clearErrors, el, grid, when } from "../shared/dom.js";
import { inCurrency } from "../shared/money.js";
import { cardsText, currencyOf, draw, go, net, shiftOptions, statusBadge, tableName } from "./pit_common.js";
import { deckMark } from "./pit_deck.js";

// One table's list follows the API's Link header (keyset cursors: a round
// entered meanwhile is not shown twice); ``before`` counts the rounds newer
// than the page shown, for the position. All tables together page by number.
const list = { page: 1, pages: 1, tableId: null, opened: null, target: null, before: 0, links: {}, shown: 0 };

function openRound(id) {
  list.opened = id; // back on the list, the keyboard is where it left
  go("round", id);
}

function filters() {
  return {
    from: $("#rounds-from").value.trim(),
    to: $("#rounds-to").value.trim(),
    shift: $("#rounds-shift").value,
  };
}

const MOST_A_PAGE = 500; // the API's per_page at most

function firstPage(tableId, perPage) {
  return `/tables/${tableId}/rounds${query({ ...filters(), order: "newest", per_page: perPage })}`;
}

/** A table's page at ``target`` (a path the API's links gave, or the first page). */
async function tablePage(tableId, perPage) {
  const answer = await call("GET", list.target || firstPage(tableId, perPage));
  return { total: answer.json.total, items: answer.json.items, links: links(answer.headers) };
}

/** Every table's rounds together, newest first: the API lists a table at a
 * time, so page ``page`` takes each table's newest ``page`` pages and merges
 * them by record id (ids rise as rounds are stored, the API's own order). */
async function floorNewestFirst(state, page, perPage) {
  if (page * perPage > MOST_A_PAGE) {
    throw new Error(`All tables together go back ${MOST_A_PAGE} rounds a table: choose a table, or narrow the gaming days.`);
  }
  const answers = await Promise.all(state.tables.map((table) => call("GET", firstPage(table.id, page * perPage))));
  const items = answers.flatMap((answer) => answer.json.items).sort((a, b) => b.id - a.id);
  const total = answers.reduce((sum, answer) => sum + answer.json.total, 0);
  return { total, items: items.slice((page - 1) * perPage, page * perPage), links: null };
}

function roundRow(state, round) {
  const seats = round.seats.map((seat) => seat.seat).join(", ");
  return el(
    "tr",
    { dataset: { round: String(round.id) } },
    el(
      "td",
      { className: "round-cell" },
      el("button", { type: "button", className: "row-open", onclick: () => openRound(round.id), "aria-label": `Open round ${round.id}` }, `#${round.id}`),
      el("span", { className: "muted" }, String(round.round_id)),
    ),
    state.tableId === null ? el("td", { className: "table" }, tableName(state, round.table_id)) : null,
    el("td", {}, when(round.entered_at)),
    el("td", {}, `${round.gaming_day} · shift ${round.shift}`),
    el("td", {}, round.entered_by),
    el("td", {}, seats),
    el("td", { className: "number net" }, inCurrency(currencyOf(state, round.table_id), () => net(round.house_net))),
    el("td", {}, statusBadge(round.status), deckMark(round), round.revision ? el("div", { className: "muted" }, `revision ${round.revision}`) : null),
  );
}

function headers(state) {
  const table = state.tableId === null ? ["Table"] : [];
  return ["Round", ...table, "Entered", "Gaming day", "Dealer", "Seats", "House net", "Status"];
}

function position(total, items, perPage) {
  if (list.links === null) {
    // All tables: by page number.
    list.pages = Math.max(1, Math.ceil(total / perPage));
    return { newest: (list.page - 1) * perPage + 1, page: list.page, pages: list.pages };
  }
  if (!list.links.prev) list.before = 0; // the newest page, whatever was counted
  if (!list.links.next) list.before = Math.max(0, total - items.length); // the oldest
  const pages = Math.max(1, Math.ceil(total / perPage));
  return { newest: list.before + 1, page: Math.max(1, Math.ceil((list.before + items.length) / perPage)), pages };
}

export async function showRounds(state) {
  const view = $("#view-rounds");
  clearErrors(view);
  shiftOptions(state, $("#rounds-shift"), "Any shift");
  const out = $("#rounds-list");
  const pager = $("#rounds-pager");
  if (list.tableId !== state.tableId) Object.assign(list, { page: 1, tableId: state.tableId, target: null, before: 0 });
  const perPage = Number($("#rounds-per-page").value);
  const load = () => (state.tableId === null ? floorNewestFirst(state, list.page, perPage) : tablePage(state.tableId, perPage));
  await draw("rounds", out, load, ({ total, items, links: found }) => {
    list.links = found;
    if (found === null && list.page > Math.max(1, Math.ceil(total / perPage))) {
      list.page = Math.max(1, Math.ceil(total / perPage)); // fewer rounds than when the page was chosen
      showRounds(state);
      return [];
    }
    if (found !== null && !items.length && found.last && list.target) {
      list.target = found.last; // past the oldest (rounds gone from the filter): the oldest page
      showRounds(state);
      return [];
    }
    list.shown = items.length;
    const at = position(total, items, perPage);
    $("#rounds-position").textContent = total
      ? `Rounds ${at.newest}–${at.newest + items.length - 1} of ${total} (newest first) · page ${at.page} of ${at.pages}`
      : "No rounds";
    for (const button of pager.querySelectorAll("[data-page]")) {
      const back = button.dataset.page === "newest" || button.dataset.page === "newer";
      if (found === null) button.disabled = back ? list.page === 1 : list.page === list.pages;
      else button.disabled = back ? !found.prev : !found.next;
    }
    return items.length
      ? grid(headers(state), items.map((round) => roundRow(state, round)), { id: "rounds-table" })
      : el("p", { className: "notice" }, "No round matches these filters.");
  }, "rounds");
  pager.hidden = out.childElementCount === 0; // the list failed: its error says why
  out.querySelector(`tr[data-round="${list.opened}"] .row-open`)?.focus();
  list.opened = null;
}

function turnPage(state, how) {
  if (list.links === null) {
    list.page = { newest: 1, newer: list.page - 1, older: list.page + 1, oldest: list.pages }[how];
  } else {
    const perPage = Number($("#rounds-per-page").value);
    const relation = { newest: "first", newer: "prev", older: "next", oldest: "last" }[how];
    if (how === "older") list.before += list.shown;
    if (how === "newer") list.before = Math.max(0, list.before - perPage);
    list.target = list.links[relation] || null;
  }
  showRounds(state);
}

// ---- game recall -----------------------------------------------------------------

function recallRow(game) {
  const current = game.current;
  return el(
    "tr",
    { dataset: { round: String(game.id) } },
    el("td", {}, el("button", { type: "button", className: "row-open", onclick: () => go("round", game.id), "aria-label": `Open round ${game.id}` }, `#${game.id}`)),
    el("td", {}, when(game.entered_at), el("div", { className: "muted" }, game.entered_by)),
    el("td", {}, cardsText(game.dealer.cards), el("div", { className: "muted" }, `rule ${game.dealer.rule}${game.dealer.qualifies ? "" : " · does not qualify"}`)),
    el("td", {}, String(game.seats.length)),
    el("td", { className: "number net" }, net(game.house_net)),
    el(
      "td",
      { className: "current" },
      statusBadge(game.status),
      current
        ? el(
            "div",
            {},
            "now ",
            el("button", { type: "button", className: "link", onclick: () => go("round", current.id) }, `#${current.id}`),
            ` (revision ${current.revision}): house net ${net(current.house_net)}`,
          )
        : null,
    ),
  );
}

export async function showRecall(state) {
  const view = $("#view-recall");
  clearErrors(view);
  const out = $("#recall-list");
  if (state.tableId === null) {
    out.replaceChildren(el("p", { className: "notice" }, "Choose a table above to recall its games."));
    return;
  }
  const last = $("#recall-last").value.trim();
  const games = (json) =>
    json.games.length
      ? grid(["Game", "Entered", "Dealer's hand", "Seats", "House net", "Status"], json.games.map(recallRow), { id: "recall-table", className: "grid compact" })
      : el("p", { className: "notice" }, "No game at this table yet.");
  draw("recall", out, async () => (await call("GET", `/tables/${state.tableId}/recall${query({ last })}`)).json, games, "recall");
}

function fromTheNewest(state) {
  Object.assign(list, { page: 1, target: null, before: 0 });
  showRounds(state);
}

/** The round list's filters and pager, and recall's form: each draws for ``state``'s table. */
export function installRounds(state) {
  $("#round-filters").addEventListener("submit", (event) => {
    event.preventDefault();
    fromTheNewest(state);
  });
  $("#rounds-clear").addEventListener("click", () => {
    $("#rounds-from").value = "";
    $("#rounds-to").value = "";
    $("#rounds-shift").value = "";
    fromTheNewest(state);
  });
  for (const button of document.querySelectorAll("#rounds-pager [data-page]")) {
    button.addEventListener("click", () => turnPage(state, button.dataset.page));
  }
  $("#recall-form").addEventListener("submit", (event) => {
    event.preventDefault();
    showRecall(state);
  });
}
