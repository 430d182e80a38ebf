// The cage: the fills and credits the pit has requested, issued with one
// tap (the cashier signed in signs), the recent slips, and each slip's
// printable view (#slip-12 in the address opens slip 12's).
import { BACKGROUND, call, query } from "../shared/api.js";
import { $, clearErrors, el, grid, showError, when } from "../shared/dom.js";
import { linesText } from "../shared/count_fields.js";
import { formatAmount, inCurrency } from "../shared/money.js";
import { startSession } from "../shared/session.js";
import { kindText, showPrintable as printable, stateBadge } from "../shared/slip_view.js";
import { currencyFor, loadCurrencies } from "../shared/table_currencies.js";

let signedIn = false;

/** A slip's amount in its table's currency (the cage serves every table). */
const total = (slip) => formatAmount(slip.total, currencyFor(slip.table_id));

/** The printable slip, its amounts in its table's currency. */
function showPrintable(slip) {
  inCurrency(currencyFor(slip.table_id), () => printable(slip));
}

function notify(message) {
  $("#notice").textContent = message;
}

async function issue(slip) {
  clearErrors($("#office"));
  try {
    const { json } = await call("POST", `/slips/${slip.number}/issue`);
    notify(`${kindText(json)} No. ${json.number} issued: ${total(json)} for ${json.table}.`);
    showPrintable(json);
    refresh();
  } catch (error) {
    showError(`issue-${slip.number}`, error.message);
  }
}

function printButton(slip) {
  return el("button", { type: "button", className: "big secondary", onclick: () => openSlip(slip.number) }, "Print view");
}

function row(slip, waiting) {
  return el(
    "tr",
    { dataset: { slip: String(slip.number) } },
    el("td", {}, `No. ${slip.number}`),
    el("td", {}, kindText(slip)),
    el("td", {}, slip.table),
    el("td", { className: "number" }, total(slip)),
    el("td", {}, inCurrency(currencyFor(slip.table_id), () => linesText(slip.lines))),
    el("td", {}, `${slip.requested_by}, ${when(slip.requested_at)}`),
    el("td", {}, stateBadge(slip.state)),
    el(
      "td",
      {},
      el(
        "div",
        { className: "row-actions" },
        waiting ? el("button", { type: "button", className: "big primary", onclick: () => issue(slip) }, "Issue") : null,
        printButton(slip),
      ),
      el("span", { className: "error", dataset: { errorFor: `issue-${slip.number}` } }),
    ),
  );
}

function list(slips, waiting, empty) {
  if (!slips.length) return el("p", { className: "muted" }, empty);
  return grid(["Slip", "Kind", "Table", "Total", "Chips", "Requested", "State", ""], slips.map((slip) => row(slip, waiting)));
}

async function refresh(headers = {}) {
  try {
    await loadCurrencies();
    const [waiting, recent] = await Promise.all([
      call("GET", `/slips${query({ state: "requested", limit: 100 })}`, undefined, headers),
      call("GET", `/slips${query({ limit: 20 })}`, undefined, headers),
    ]);
    $("#cage-waiting").replaceChildren(list(waiting.json, true, "Nothing to issue."));
    $("#cage-recent").replaceChildren(list(recent.json, false, "No slips yet."));
  } catch (error) {
    showError("waiting", error.message);
  }
}

async function openSlip(number) {
  try {
    showPrintable((await call("GET", `/slips/${number}`)).json);
    history.replaceState(null, "", `#slip-${number}`);
  } catch (error) {
    showError("recent", error.message);
  }
}

function fromAddress() {
  const match = /^#slip-(\d+)$/.exec(location.hash);
  if (match) openSlip(Number(match[1]));
}

$("#cage-refresh").addEventListener("click", () => {
  notify("");
  refresh();
});
window.addEventListener("hashchange", () => signedIn && fromAddress());
// New requests from the pit show without a reload.
setInterval(() => signedIn && refresh(BACKGROUND), 15_000);
startSession(() => {
  signedIn = true;
  $("#office").hidden = false;
  refresh();
  fromAddress();
});
