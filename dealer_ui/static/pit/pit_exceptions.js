// Four eyes: the requests waiting for a second pit boss, and deciding them.
// The API is the judge of who may decide: a requester deciding their own
// request is shown its refusal beside the buttons.
import { call, query } from "../shared/api.js";
import { $, clearErrors, el, showError } from "../shared/dom.js";
import { changeList } from "./pit_changes.js";
import { amountWithCode, inCurrency, signed } from "../shared/money.js";
import { byAt, canAct, currencyOf, go, newTurn, notify, showApiError, statusBadge, tableName } from "./pit_common.js";
import { DECISION_STATE, EXCEPTION_KIND } from "../shared/vocabulary.js";

/** Approve (an optional note) or reject (a note required) one pending request. */
export function decisionControls(state, exception, after) {
  const id = exception.id;
  if (!canAct(state)) return el("p", { className: "muted" }, "Waiting for a second pit boss.");
  const note = el("textarea", { id: `note-${id}`, rows: 2, maxLength: 500, dataset: { field: `note-${id}` } });
  const box = el("div", { className: "decision-form", dataset: { decide: String(id) } });
  const decide = async (how) => {
    clearErrors(box);
    try {
      const { json } = await call("POST", `/exceptions/${id}/${how}`, { note: note.value });
      const now = json.round_after;
      notify(
        how === "approve"
          ? `Approved: round #${json.round} ${json.kind === EXCEPTION_KIND.VOID ? "is void" : `is corrected by round #${now.id}`}.`
          : `Rejected: round #${json.round} stays as it was.`,
      );
      after(json);
    } catch (error) {
      showError(error.field === "note" ? `note-${id}` : `decision-${id}`, error.message);
    }
  };
  box.append(
    el("label", { htmlFor: `note-${id}` }, "Note (required to reject)"),
    note,
    el("span", { className: "error", dataset: { errorFor: `note-${id}` } }),
    el(
      "div",
      { className: "actions" },
      el("button", { type: "button", className: "big primary", onclick: () => decide("approve") }, "Approve"),
      el("button", { type: "button", className: "big danger", onclick: () => decide("reject") }, "Reject"),
      exception.requested_by === state.user.name
        ? el("span", { className: "muted" }, "You asked for this: a second pit boss decides it.")
        : null,
    ),
    el("p", { className: "error", dataset: { errorFor: `decision-${id}` }, role: "alert" }),
  );
  return box;
}

/** What the decision is about in money: the round's bets and the house's
 * net, in its table's currency (the list may hold tables of several). */
function roundMoney(state, exception) {
  const line = el("p", { className: "round-money" });
  call("GET", `/rounds/${exception.round}`)
    .then(({ json }) => {
      const currency = currencyOf(state, json.table_id);
      const stakes = json.seats.reduce((sum, seat) => sum + Object.values(seat.bets).reduce((each, amount) => each + (amount || 0), 0), 0);
      line.textContent = `At stake: ${amountWithCode(stakes, currency)} in bets · house net ${inCurrency(currency, () => signed(json.house_net))} ${currency.code}`;
    })
    .catch((error) => line.replaceChildren(el("span", { className: "error" }, error.message)));
  return line;
}

function requestCard(state, exception, decided) {
  const kind = exception.kind === EXCEPTION_KIND.VOID ? "Void" : "Correction";
  return el(
    "article",
    { className: "request", dataset: { exception: String(exception.id) } },
    el(
      "h3",
      {},
      `${kind} of `,
      el("button", { type: "button", className: "link", onclick: () => go("round", exception.round) }, `round #${exception.round}`),
      ` at ${tableName(state, exception.table_id)} `,
      statusBadge(exception.state),
    ),
    el("p", {}, "Reason: ", el("strong", { className: "reason" }, exception.reason)),
    el("p", {}, "Requested by ", byAt(exception.requested_by, exception.requested_at)),
    decided ? null : roundMoney(state, exception),
    exception.decided_by
      ? el("p", { className: "decision" }, `${exception.state === DECISION_STATE.APPROVED ? "Approved" : "Rejected"} by `, byAt(exception.decided_by, exception.decided_at), exception.note ? ` — note: ${exception.note}` : "")
      : null,
    exception.kind === EXCEPTION_KIND.CORRECTION && !decided ? changeList(state, exception.changes, `changes-${exception.id}`) : null,
    decided ? null : decisionControls(state, exception, () => showApprovals(state)),
  );
}

function scope(state) {
  return state.tableId === null ? {} : { table: state.tableId };
}

export async function showApprovals(state) {
  clearErrors($("#view-approvals"));
  const current = newTurn("approvals");
  try {
    const [pending, recent] = await Promise.all([
      call("GET", `/exceptions${query({ state: "pending", ...scope(state) })}`),
      call("GET", `/exceptions${query({ limit: 20, ...scope(state) })}`),
    ]);
    if (!current()) return;
    $("#approvals-list").replaceChildren(
      pending.json.length
        ? el("div", { className: "requests" }, pending.json.map((each) => requestCard(state, each, false)))
        : el("p", { className: "notice" }, "Nothing is waiting for a decision."),
    );
    const decided = recent.json.filter((each) => each.state !== DECISION_STATE.PENDING);
    $("#decisions-list").replaceChildren(
      decided.length
        ? el("div", { className: "requests decided" }, decided.map((each) => requestCard(state, each, true)))
        : el("p", { className: "muted" }, "None yet."),
    );
    showCount(pending.json.length);
  } catch (error) {
    if (current()) showApiError(error, "approvals", "approvals");
  }
}

function showCount(count) {
  const badge = $("#pending-count");
  badge.textContent = String(count);
  badge.hidden = count === 0;
  badge.setAttribute("aria-label", `${count} waiting`);
}

/** How many requests wait (on the Approvals button, whatever screen is shown). */
export async function countPending(state, headers = {}) {
  const current = newTurn("count");
  try {
    const { json } = await call("GET", `/exceptions${query({ state: "pending", ...scope(state) })}`, undefined, headers);
    if (current()) showCount(json.length);
  } catch {
    // Only a count: the screens show their own errors.
  }
}

/** Refresh: the requests asked again for ``state``'s table (or the floor). */
export function installApprovals(state) {
  $("#approvals-refresh").addEventListener("click", () => {
    notify("");
    showApprovals(state);
  });
}
