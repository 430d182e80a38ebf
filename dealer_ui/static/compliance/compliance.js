// Compliance: exports with their progress and download, the audit trail's verification, and the
// cash rules' records (compliance_cash.js).
import { ApiError, BACKGROUND, call, download, query } from "../shared/api.js";
import { startCash } from "./compliance_cash.js";
import { startVerifying } from "./compliance_verify.js";
import { $, clearErrors, el, grid, showError, when } from "../shared/dom.js";
import { startSession } from "../shared/session.js";
import { JOB_STATE } from "../shared/vocabulary.js";

const POLL_MS = 1000;
const state = { exports: [], tables: new Map(), timer: null };

function fieldOf(error, fields, fallback) {
  if (!(error instanceof ApiError) || !error.field) return fallback;
  const name = error.field.split(/[.[]/)[0];
  return fields[name] || fallback;
}

// ---- exports ---------------------------------------------------------------------

function size(bytes) {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KiB`;
  return `${(bytes / 1024 / 1024).toFixed(2)} MiB`;
}

function tablesText(ids) {
  if (!ids) return "every table";
  return ids.map((id) => state.tables.get(id) || `#${id}`).join(", ");
}

function progressCell(item) {
  const { done, total, percent } = item.progress;
  const bar = el("progress", { max: 100, value: percent, "aria-label": `export ${item.id}: ${percent} %` });
  const words = item.status === JOB_STATE.QUEUED ? "waiting for a worker" : total ? `${done.toLocaleString()} of ${total.toLocaleString()} rows` : "counting rows";
  return el("td", {}, bar, " ", el("span", { className: "muted" }, item.status === JOB_STATE.DONE ? "complete" : words));
}

function actionsCell(item) {
  if (item.status === JOB_STATE.FAILED) return el("td", { className: "error" }, item.error || "failed");
  if (item.status !== JOB_STATE.DONE) return el("td", {}, "—");
  return el(
    "td",
    {},
    el("button", { type: "button", className: "primary", dataset: { download: String(item.id) }, onclick: () => fetchZip(item) }, "Download ZIP"),
    " ",
    el("button", { type: "button", className: "secondary", dataset: { manifest: String(item.id) }, onclick: () => showManifest(item.id) }, "Manifest"),
    el("span", { className: "error", dataset: { errorFor: `export-${item.id}` } }),
  );
}

function renderExports() {
  const rows = state.exports.map((item) =>
    el(
      "tr",
      { dataset: { export: String(item.id) } },
      el("td", { className: "number" }, String(item.id)),
      el("td", {}, `${item.from} to ${item.to}`, el("br"), el("small", {}, tablesText(item.tables))),
      el("td", {}, item.requested_by, el("br"), el("small", {}, when(item.requested_at))),
      el("td", {}, el("span", { className: `badge ${item.status}` }, item.status)),
      progressCell(item),
      el("td", {}, item.file ? size(item.file.size) : "—"),
      actionsCell(item),
    ),
  );
  $("#exports").replaceChildren(
    state.exports.length
      ? grid(["#", "Period and tables", "Asked by", "Status", "Progress", "Size", ""], rows, { id: "export-list" })
      : el("p", { className: "muted" }, "No export yet."),
  );
}

async function loadExports() {
  try {
    const { json } = await call("GET", `/compliance/exports${query({ per_page: 20 })}`);
    state.exports = json.items;
    renderExports();
    poll();
  } catch (error) {
    showError("exports", error.message);
  }
}

/** While an export is queued or running, ask after it every second. */
function poll() {
  clearTimeout(state.timer);
  const open = state.exports.filter((item) => item.status === JOB_STATE.QUEUED || item.status === JOB_STATE.RUNNING);
  if (!open.length) return;
  state.timer = setTimeout(async () => {
    for (const item of open) {
      try {
        const { json } = await call("GET", `/compliance/exports/${item.id}`, undefined, BACKGROUND);
        state.exports = state.exports.map((other) => (other.id === json.id ? json : other));
      } catch (error) {
        showError("exports", error.message);
      }
    }
    renderExports();
    poll();
  }, POLL_MS);
}

async function startExport(event) {
  event.preventDefault();
  clearErrors($("#export-form"));
  const body = { from: $("#export-from").value, to: $("#export-to").value };
  if (!body.from) showError("from", "choose the first gaming day");
  if (!body.to) showError("to", "choose the last gaming day");
  if (!body.from || !body.to) return;
  const tables = [...document.querySelectorAll("#export-tables input:checked")].map((box) => Number(box.value));
  if (tables.length) body.tables = tables;
  const button = $("#export-start");
  button.disabled = true;
  try {
    const { json } = await call("POST", "/compliance/exports", body);
    state.exports = [json, ...state.exports.filter((item) => item.id !== json.id)];
    renderExports();
    poll();
  } catch (error) {
    showError(fieldOf(error, { from: "from", to: "to", tables: "tables" }, "export"), error.message);
  } finally {
    button.disabled = false;
  }
}

async function fetchZip(item) {
  const target = `export-${item.id}`;
  $(`[data-error-for="${target}"]`).textContent = "";
  try {
    await download(item.links.download.replace(/^\/api\/v1/, "")); // links are absolute; call() adds the prefix
  } catch (error) {
    showError(target, error.message);
  }
}

async function showManifest(id) {
  const panel = $("#manifest");
  try {
    const { json } = await call("GET", `/compliance/exports/${id}`);
    const manifest = json.manifest || {};
    const files = (manifest.files || []).map((file) =>
      el(
        "tr",
        { dataset: { file: file.name } },
        el("td", {}, file.name, el("br"), el("small", { className: "muted" }, file.description || "")),
        el("td", { className: "number" }, file.rows.toLocaleString()),
        el("td", { className: "number" }, size(file.bytes)),
        el("td", { className: "hash" }, file.sha256),
      ),
    );
    const head = manifest.audit_chain_head;
    panel.replaceChildren(
      el("h3", {}, `Manifest of export ${id}`),
      el("p", {}, `${manifest.title} · ${manifest.software.name} ${manifest.software.version} · generated ${when(manifest.generated_at_utc)} for ${manifest.requested_by.name}`),
      el("p", { className: "muted" }, "The ZIP's own SHA-256: ", el("span", { className: "hash", id: "zip-sha256" }, json.file ? json.file.sha256 : "")),
      head ? el("p", { className: "muted" }, `Audit chain head when exported: seal ${head.seq}, `, el("span", { className: "hash" }, head.hash)) : null,
      grid(["File", "Rows", "Size", "SHA-256"], files, { id: "manifest-files" }),
    );
    panel.hidden = false;
  } catch (error) {
    showError("exports", error.message);
  }
}

// ---- start -----------------------------------------------------------------------

async function loadTables() {
  try {
    const { json } = await call("GET", "/tables");
    const boxes = json.map((table) => {
      state.tables.set(table.id, table.name);
      return el("label", {}, el("input", { type: "checkbox", value: String(table.id), dataset: { table: table.name } }), table.name);
    });
    $("#export-tables").append(...boxes);
    return json;
  } catch (error) {
    showError("tables", error.message);
    return [];
  }
}

function today() {
  const now = new Date();
  return new Date(now.getTime() - now.getTimezoneOffset() * 60_000).toISOString().slice(0, 10);
}

startSession(async () => {
  $("#export-from").value = today();
  $("#export-to").value = today();
  $("#export-form").addEventListener("submit", startExport);
  // Shown once the lists are in: the tables and the exports load above
  // the buttons, and a page that grows under a finger moves the button it
  // aimed at (a tap on Verify landed beside it).
  try {
    await startVerifying($("#verify-form"));
    const tables = await loadTables();
    await loadExports();
    await startCash(tables);
  } finally {
    $("#office").hidden = false;
  }
});
