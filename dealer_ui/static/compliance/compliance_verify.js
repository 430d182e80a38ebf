// Compliance: the audit trail's verification. A worker runs it (the chain, every round against
// its sealed event, every total against a recount); the page follows its progress every second,
// as an export's, then shows its report.
import { ApiError, BACKGROUND, call, query } from "../shared/api.js";
import { $, clearErrors, el, grid, showError } from "../shared/dom.js";
import { JOB_STATE } from "../shared/vocabulary.js";

const POLL_MS = 1000;
const URL = "/compliance/audit/verifications";
const FIELDS = { from: "verify-from", to: "verify-to" };
let timer = null;

function seal(text, target) {
  const value = text.trim();
  if (value === "") return undefined;
  if (!/^[1-9]\d{0,9}$/.test(value)) {
    showError(target, `${value} is not a seal number (1, 2, 3 …)`);
    return null;
  }
  return Number(value);
}

function busy(yes) {
  const button = $("#verify-start");
  button.disabled = yes;
  button.textContent = yes ? "Verifying…" : "Verify";
}

async function verify(event) {
  event.preventDefault();
  clearErrors($("#verify-form"));
  const from = seal($("#verify-from").value, "verify-from");
  const to = seal($("#verify-to").value, "verify-to");
  if (from === null || to === null) return;
  busy(true);
  try {
    const { json } = await call("POST", URL, { from, to });
    follow(json);
  } catch (error) {
    busy(false);
    const field = error instanceof ApiError && FIELDS[error.field];
    showError(field || "verify", error.message);
  }
}

/** While the verification is queued or running, ask after it every second; then show how it ended. */
function follow(item) {
  clearTimeout(timer);
  if (item.status === JOB_STATE.QUEUED || item.status === JOB_STATE.RUNNING) {
    busy(true);
    showProgress(item);
    timer = setTimeout(async () => {
      try {
        const { json } = await call("GET", `${URL}/${item.id}`, undefined, BACKGROUND);
        follow(json);
      } catch (error) {
        busy(false);
        showError("verify", error.message);
      }
    }, POLL_MS);
    return;
  }
  busy(false);
  if (item.status === JOB_STATE.FAILED) {
    $("#verify-result").replaceChildren(el("p", { className: "verdict broken", id: "verdict" }, `The verification failed: ${item.error}`));
    return;
  }
  showReport(item.report);
}

function showProgress(item) {
  const { done, total, percent } = item.progress;
  const words =
    item.status === JOB_STATE.QUEUED ? "waiting for a worker" : total ? `${done.toLocaleString()} of ${total.toLocaleString()} links, rounds and totals checked` : "counting what to check";
  $("#verify-result").replaceChildren(
    el(
      "p",
      { id: "verify-progress" },
      el("progress", { max: 100, value: percent, "aria-label": `verification ${item.id}: ${percent} %` }),
      " ",
      el("span", { className: "muted" }, words),
    ),
  );
}

function verdict(report) {
  const { chain, rounds, totals, accounting } = report;
  if (report.intact) {
    const range = chain.first_seq ? `seals ${chain.first_seq} to ${chain.last_seq}` : "no seal yet";
    // A report of a version before the accounting records has no such part.
    const records = accounting ? ` ${accounting.checked.toLocaleString()} accounting records agree with their sealed events.` : "";
    return `INTACT: ${chain.checked.toLocaleString()} links checked (${range}); ${rounds.checked.toLocaleString()} rounds agree with their sealed events; ${totals.checked.toLocaleString()} totals agree with a recount.${records}`;
  }
  if (!chain.intact) {
    const broken = chain.broken;
    return `BROKEN at seal ${broken.seq}${broken.event_id ? ` (event ${broken.event_id})` : ""}: ${broken.problem.replaceAll("_", " ")}`;
  }
  const found = [];
  if (!rounds.intact) found.push(`${rounds.differing} round(s) differ from their sealed events`);
  if (!totals.intact) found.push(`${totals.differing + totals.taken_out_counting.length} total(s) differ from a recount of the rounds`);
  if (accounting && !accounting.intact) found.push(`${accounting.differing} problem(s) in the accounting records`);
  return `BROKEN: ${found.join("; ")}`;
}

function chainParts(chain) {
  const parts = [];
  const broken = chain.broken;
  if (broken) {
    parts.push(el("p", {}, broken.message), el("p", { className: "muted" }, `${chain.checked.toLocaleString()} links before it are intact.`));
    if (broken.differences.length) {
      const rows = broken.differences.map((d) => el("tr", {}, el("td", {}, d.field), el("td", {}, JSON.stringify(d.sealed)), el("td", {}, JSON.stringify(d.current))));
      parts.push(grid(["Field", "Sealed", "Now"], rows, { id: "differences" }));
    }
  }
  parts.push(el("p", { className: "muted" }, "Checked against: ", chain.anchor, chain.head ? " · last intact link " : "", chain.head ? el("span", { className: "hash" }, chain.head) : null));
  if (chain.pending) parts.push(el("p", { className: "muted" }, `${chain.pending} newer events are waiting for their seal (the workers seal them shortly).`));
  return parts;
}

function roundParts(rounds) {
  if (rounds.intact) return [];
  const rows = rounds.problems.flatMap((problem) =>
    problem.mismatches.map((m) =>
      el(
        "tr",
        { dataset: { round: String(problem.id) } },
        el("td", { className: "number" }, String(problem.id)),
        el("td", { className: "number" }, String(problem.table_id ?? "—")),
        el("td", {}, m.field),
        el("td", {}, JSON.stringify(m.stored)),
        el("td", {}, JSON.stringify(m.sealed)),
      ),
    ),
  );
  return [el("h3", {}, "Rounds that differ from their sealed round_settled event"), grid(["Round", "Table", "Field", "Stored", "Sealed"], rows, { id: "round-differences" })];
}

function totalParts(totals) {
  if (totals.intact) return [];
  const rows = totals.differences.map((d) =>
    el(
      "tr",
      { dataset: { column: d.column } },
      el("td", {}, d.table),
      el("td", {}, d.gaming_day),
      el("td", { className: "number" }, String(d.shift)),
      el("td", {}, d.dealer),
      el("td", { className: "number" }, String(d.config_version)),
      el("td", {}, d.column),
      el("td", { className: "number" }, String(d.stored)),
      el("td", { className: "number" }, String(d.recounted)),
    ),
  );
  const parts = [el("h3", {}, "Totals that differ from a recount of the rounds")];
  if (rows.length) parts.push(grid(["Table", "Gaming day", "Shift", "Dealer", "Version", "Total", "Stored", "Recounted"], rows, { id: "total-differences" }));
  if (totals.taken_out_counting.length) parts.push(el("p", { id: "taken-out" }, `Taken out of the totals although they count: rounds ${totals.taken_out_counting.join(", ")}`));
  return parts;
}

/** Sessions, tray counts, slips, signatures, drop counts, notes, voids and corrections that differ
 * from their events, and counts whose total is not their lines' sum: a problem a line. */
function accountingParts(accounting) {
  if (!accounting || accounting.intact) return [];
  const rows = accounting.problems.flatMap((problem) => {
    const cells = (field, stored, sealed) =>
      el(
        "tr",
        { dataset: { table: problem.table ?? "", record: String(problem.id ?? "") } },
        el("td", {}, problem.table ?? "—"),
        el("td", { className: "number" }, String(problem.id ?? "—")),
        el("td", {}, problem.subject),
        el("td", {}, field),
        el("td", {}, stored),
        el("td", {}, sealed),
      );
    if (!problem.differences.length) return [cells(problem.problem.replaceAll("_", " "), "", problem.message)];
    return problem.differences.map((d) => cells(d.field, JSON.stringify(d.stored), JSON.stringify(d.sealed)));
  });
  return [
    el("h3", {}, "Accounting records that differ from their sealed events or do not add up"),
    grid(["Table", "Row", "Subject", "Field", "Stored", "Sealed"], rows, { id: "accounting-differences" }),
  ];
}

function showReport(report) {
  const head = el("p", { className: `verdict ${report.intact ? "intact" : "broken"}`, id: "verdict" }, verdict(report));
  $("#verify-result").replaceChildren(head, ...chainParts(report.chain), ...roundParts(report.rounds), ...totalParts(report.totals), ...accountingParts(report.accounting));
}

/** Wire the form, and follow a verification still under way (a reload while it runs). */
export async function startVerifying(form) {
  form.addEventListener("submit", verify);
  try {
    const { json } = await call("GET", `${URL}${query({ per_page: 1 })}`);
    const latest = json.items[0];
    if (latest && (latest.status === JOB_STATE.QUEUED || latest.status === JOB_STATE.RUNNING)) follow(latest);
  } catch (error) {
    showError("verify", error.message);
  }
}
