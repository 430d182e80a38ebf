// Fills and credits of the open session: the pit boss requests one, the
// cage issues it (the cage page), and the pit boss and the dealer receive
// it here (the dealer types name and password). A slip on its way is voided
// with a reason and a second signature. Each signature is another person's:
// the API refuses the requester as a receiver, and its message shows here.
import { call, query } from "../shared/api.js";
import { $, clearErrors, el, showError, when } from "../shared/dom.js";
import { reasonProblem } from "../shared/field_errors.js";
import { CHIPS, countFields, linesText, readCount, readSignature, showFormError, signatureFields } from "../shared/count_fields.js";
import { canAct, money, newTurn, notify } from "./pit_common.js";
import { kindText, showPrintable, stateBadge } from "../shared/slip_view.js";
import { SLIP_KIND, SLIP_STATE } from "../shared/vocabulary.js";

let session = null; // the open session whose slips are shown
const cards = new Map(); // slip number -> {version, node}: the cards on screen

function requestForm(state) {
  const kind = (value, label) =>
    el("label", { className: "choice" }, el("input", { type: "radio", name: "slip-kind", value, checked: value === SLIP_KIND.FILL }), label);
  const form = el("form", { id: "slip-form", className: "acct-form", noValidate: true },
    el("h3", {}, "Request a fill or a credit"),
    el("div", { className: "choices", dataset: { field: "slip-kind" } }, kind("fill", "Fill (chips from the cage)"), kind("credit", "Credit (chips back to the cage)")),
    el("span", { className: "error", dataset: { errorFor: "slip-kind" } }),
    countFields("slip", CHIPS, "chips", "How many chips of each denomination"),
    el("button", { type: "submit", className: "big primary" }, "Request"),
    el("p", { className: "error", dataset: { errorFor: "slip" }, role: "alert" }),
  );
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    clearErrors(form);
    const lines = readCount("slip", CHIPS, "chips");
    if (!lines) return;
    const body = { kind: form.querySelector('input[name="slip-kind"]:checked').value, lines };
    try {
      const { json } = await call("POST", `/tables/${session.table_id}/slips`, body);
      notify(`${kindText(json)} No. ${json.number} requested: ${money(json.total)}. The cage issues it.`);
      showSlips(state, session);
    } catch (error) {
      showFormError(error, "slip");
    }
  });
  return form;
}

async function sign(state, slip, step, prefix, body) {
  clearErrors($(`[data-slip="${slip.number}"]`));
  try {
    await call("POST", `/slips/${slip.number}/${step}`, body);
    notify(`${kindText(slip)} No. ${slip.number} ${step === "receive" ? "received at the table" : "voided"}.`);
    showSlips(state, session);
  } catch (error) {
    showFormError(error, prefix);
  }
}

function receiveForm(state, slip) {
  const prefix = `receive-${slip.number}`;
  if (slip.requested_by === state.user.name) {
    return el("p", { className: "muted" }, "You requested this slip: another pit boss receives it with the dealer.");
  }
  return el("div", { className: "act-form", dataset: { receive: String(slip.number) } },
    signatureFields(prefix, "Dealer"),
    el("button", { type: "button", className: "big primary", onclick: () => sign(state, slip, "receive", prefix, { cosigner: readSignature(prefix) }) }, "Receive"),
    el("p", { className: "error", dataset: { errorFor: prefix }, role: "alert" }),
  );
}

function voidForm(state, slip) {
  const prefix = `void-${slip.number}`;
  const reason = el("textarea", { id: `${prefix}-reason`, rows: 2, maxLength: 500, dataset: { field: `${prefix}-reason` } });
  const send = () => {
    const cosigner = readSignature(prefix); // the password off the screen, whatever follows
    const problem = reasonProblem(reason.value, "Reason for the void");
    if (!problem) return sign(state, slip, "void", prefix, { reason: reason.value, cosigner });
    clearErrors($(`[data-slip="${slip.number}"]`));
    showError(`${prefix}-reason`, problem);
  };
  return el("details", { className: "void-form", dataset: { void: String(slip.number) } },
    el("summary", {}, "Void…"),
    el("label", { htmlFor: reason.id }, "Reason for the void"),
    reason,
    el("span", { className: "error", dataset: { errorFor: `${prefix}-reason` } }),
    signatureFields(prefix, "Second signer (a pit boss or the cage)"),
    el("button", { type: "button", className: "big danger", onclick: send }, "Void the slip"),
    el("p", { className: "error", dataset: { errorFor: prefix }, role: "alert" }),
  );
}

function signaturesText(slip) {
  return slip.signatures.map((s) => `${s.step} by ${s.signed_by}${s.cosigned_by ? ` and ${s.cosigned_by}` : ""} ${when(s.signed_at)}${s.reason ? ` (${s.reason})` : ""}`);
}

function slipCard(state, slip) {
  const waiting = slip.state === SLIP_STATE.REQUESTED || slip.state === SLIP_STATE.ISSUED;
  return el("article", { className: "slip request", dataset: { slip: String(slip.number) } },
    el("h4", {}, `${kindText(slip)} No. ${slip.number} · ${money(slip.total)} `, stateBadge(slip.state)),
    el("p", {}, linesText(slip.lines)),
    el("p", { className: "muted" }, `requested by ${slip.requested_by} ${when(slip.requested_at)}`, ...signaturesText(slip).map((text) => [el("br"), text])),
    el("div", { className: "actions" },
      el("button", { type: "button", className: "big secondary", onclick: () => showPrintable(slip) }, "Printable view"),
      canAct(state) && slip.state === SLIP_STATE.ISSUED ? receiveForm(state, slip) : null,
      canAct(state) && slip.state === SLIP_STATE.REQUESTED ? el("p", { className: "muted" }, "Waiting for the cage to issue it.") : null,
      canAct(state) && waiting ? voidForm(state, slip) : null,
    ),
  );
}

/** The request form and the slips of ``open`` (a session), the newest first. */
export async function showSlips(state, open) {
  session = open;
  const out = $("#slips-out");
  if (!out) return;
  cards.clear();
  out.replaceChildren(
    ...[canAct(state) ? requestForm(state) : null, el("h3", {}, "This session's fills and credits"), el("div", { id: "slip-cards" })].filter(Boolean),
  );
  await refreshSlips(state);
}

/** The session's slips read again (the cage issues them meanwhile): only
 * the cards whose slip changed are drawn anew, so what is typed elsewhere
 * on the screen (a request, a receiver's signature) stays. */
export async function refreshSlips(state, headers = {}) {
  const holder = $("#slip-cards");
  if (!holder || !session) return;
  const current = newTurn("slips");
  try {
    const { json } = await call("GET", `/slips${query({ table: session.table_id, limit: 100 })}`, undefined, headers);
    if (!current()) return;
    const slips = json.filter((slip) => slip.session_id === session.id);
    if (!slips.length) {
      holder.replaceChildren(el("p", { className: "muted" }, "None yet."));
      return;
    }
    const list = $("#slip-list", holder) || el("div", { className: "requests", id: "slip-list" });
    const nodes = slips.map((slip) => cardOf(state, slip));
    if (nodes.length !== list.children.length || nodes.some((node, index) => list.children[index] !== node)) list.replaceChildren(...nodes);
    if (holder.firstElementChild !== list) holder.replaceChildren(list);
  } catch (error) {
    if (current()) holder.replaceChildren(el("p", { className: "error" }, error.message));
  }
}

/** The card drawn for ``slip`` before if its slip has not changed since, else a new one. */
function cardOf(state, slip) {
  const version = `${slip.state}:${slip.signatures.length}`;
  const kept = cards.get(slip.number);
  if (kept?.version === version) return kept.node;
  const node = slipCard(state, slip);
  cards.set(slip.number, { version, node });
  return node;
}
