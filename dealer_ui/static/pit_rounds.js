// The round list (filters, newest first, a page at a time) and game recall.
import { call, query } from "./api.js";
import { $, clearErrors, el, grid, when } from "./dom.js";
import { inCurrency } from "./money.js";
import { cardsText, currencyOf, draw, go, net, pit, shiftOptions, statusBadge, tableName } from "./pit_common.js";
import { deckMark } from "./pit_deck.js";

// page 1 is the newest rounds; the API lists oldest first.
const list = { page: 1, pages: 1, tableId: null, opened: null };

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

function fetchPage(tableId, page, perPage) {
  return call("GET", `/tables/${tableId}/rounds${query({ ...filters(), page, per_page: perPage })}`);
}

/** The rounds of newest-first page ``page``: at most two of the API's pages, cut and turned round.
 * If a round is entered between the calls, the count moves: asked again, once. */
async function newestFirst(tableId, page, perPage) {
  for (let attempt = 0; ; attempt += 1) {
    const first = (await fetchPage(tableId, 1, perPage)).json;
    const total = first.total;
    const high = total - (page - 1) * perPage; // one past the newest shown, in the API's order
    const low = Math.max(0, high - perPage);
    const firstPage = Math.floor(low / perPage) + 1;
    const lastPage = Math.ceil(high / perPage);
    const pages = new Map([[1, first]]);
    for (let number = firstPage; number <= lastPage; number += 1) {
      if (!pages.has(number)) pages.set(number, (await fetchPage(tableId, number, perPage)).json);
    }
    if ([...pages.values()].every((each) => each.total === total) || attempt === 1) {
      const items = [];
      for (let number = firstPage; number <= lastPage; number += 1) items.push(...pages.get(number).items);
      const start = (firstPage - 1) * perPage;
      return { total, items: items.slice(low - start, high - start).reverse() };
    }
  }
}

/** Every table's rounds together, newest first: the API lists a table at a
 * time, so page ``page`` takes each table's newest ``page`` pages and merges
 * them by record id (ids rise as rounds are stored, the API's own order). */
async function floorNewestFirst(page, perPage) {
  if (page * perPage > MOST_A_PAGE) {
    throw new Error(`All tables together go back ${MOST_A_PAGE} rounds a table: choose a table, or narrow the gaming days.`);
  }
  const answers = await Promise.all(pit.tables.map((table) => newestFirst(table.id, 1, page * perPage)));
  const items = answers.flatMap((answer) => answer.items).sort((a, b) => b.id - a.id);
  const total = answers.reduce((sum, answer) => sum + answer.total, 0);
  return { total, items: items.slice((page - 1) * perPage, page * perPage) };
}

function roundRow(round) {
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
    pit.tableId === null ? el("td", { className: "table" }, tableName(round.table_id)) : null,
    el("td", {}, when(round.entered_at)),
    el("td", {}, `${round.gaming_day} · shift ${round.shift}`),
    el("td", {}, round.entered_by),
    el("td", {}, seats),
    el("td", { className: "number net" }, inCurrency(currencyOf(round.table_id), () => net(round.house_net))),
    el("td", {}, statusBadge(round.status), deckMark(round), round.revision ? el("div", { className: "muted" }, `revision ${round.revision}`) : null),
  );
}

function headers() {
  const table = pit.tableId === null ? ["Table"] : [];
  return ["Round", ...table, "Entered", "Gaming day", "Dealer", "Seats", "House net", "Status"];
}

export async function showRounds() {
  const view = $("#view-rounds");
  clearErrors(view);
  shiftOptions($("#rounds-shift"), "Any shift");
  const out = $("#rounds-list");
  const pager = $("#rounds-pager");
  if (list.tableId !== pit.tableId) Object.assign(list, { page: 1, tableId: pit.tableId });
  const perPage = Number($("#rounds-per-page").value);
  const load = () => (pit.tableId === null ? floorNewestFirst(list.page, perPage) : newestFirst(pit.tableId, list.page, perPage));
  await draw("rounds", out, load, ({ total, items }) => {
    list.pages = Math.max(1, Math.ceil(total / perPage));
    if (list.page > list.pages) {
      list.page = list.pages; // fewer rounds than when the page was chosen
      showRounds();
      return [];
    }
    const newest = (list.page - 1) * perPage + 1;
    $("#rounds-position").textContent = total
      ? `Rounds ${newest}–${newest + items.length - 1} of ${total} (newest first) · page ${list.page} of ${list.pages}`
      : "No rounds";
    for (const button of pager.querySelectorAll("[data-page]")) {
      const back = button.dataset.page === "newest" || button.dataset.page === "newer";
      button.disabled = back ? list.page === 1 : list.page === list.pages;
    }
    return items.length
      ? grid(headers(), items.map(roundRow), { id: "rounds-table" })
      : el("p", { className: "notice" }, "No round matches these filters.");
  }, "rounds");
  pager.hidden = out.childElementCount === 0; // the list failed: its error says why
  out.querySelector(`tr[data-round="${list.opened}"] .row-open`)?.focus();
  list.opened = null;
}

function turnPage(how) {
  list.page = { newest: 1, newer: list.page - 1, older: list.page + 1, oldest: list.pages }[how];
  showRounds();
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

export async function showRecall() {
  const view = $("#view-recall");
  clearErrors(view);
  const out = $("#recall-list");
  if (pit.tableId === null) {
    out.replaceChildren(el("p", { className: "notice" }, "Choose a table above to recall its games."));
    return;
  }
  const last = $("#recall-last").value.trim();
  const games = (json) =>
    json.games.length
      ? grid(["Game", "Entered", "Dealer's hand", "Seats", "House net", "Status"], json.games.map(recallRow), { id: "recall-table", className: "grid compact" })
      : el("p", { className: "notice" }, "No game at this table yet.");
  draw("recall", out, async () => (await call("GET", `/tables/${pit.tableId}/recall${query({ last })}`)).json, games, "recall");
}

$("#round-filters").addEventListener("submit", (event) => {
  event.preventDefault();
  list.page = 1;
  showRounds();
});
$("#rounds-clear").addEventListener("click", () => {
  $("#rounds-from").value = "";
  $("#rounds-to").value = "";
  $("#rounds-shift").value = "";
  list.page = 1;
  showRounds();
});
for (const button of document.querySelectorAll("#rounds-pager [data-page]")) {
  button.addEventListener("click", () => turnPage(button.dataset.page));
}
$("#recall-form").addEventListener("submit", (event) => {
  event.preventDefault();
  showRecall();
});
