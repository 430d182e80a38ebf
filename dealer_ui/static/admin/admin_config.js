// A table's configuration on the admin's screen: its versions, a new one
// edited field by field, previewed with its Break Bonus pay table and house
// edge, then saved with the ETag of the version it was made from
// (If-Match): a version saved meanwhile by someone else is shown, never
// overwritten.
import { call } from "../shared/api.js";
import { $, clearErrors, el, grid, showError, when } from "../shared/dom.js";
import { formatAmount } from "../shared/money.js";
import { isStale, notify, showApiError, staleNotice } from "./admin_common.js";
import { configFields, readConfig } from "./admin_config_fields.js";

const state = { table: null, current: null, tag: null, lines: [], previewed: null };

function percent(fraction) {
  return `${(fraction * 100).toFixed(3)}%`;
}

function limitsText(config) {
  return state.table.bets
    .map((bet) => `${bet.short} ${config.limits[bet.key].map((cents) => formatAmount(cents)).join("–")}`)
    .join(", ");
}

function paysText(config) {
  return state.lines.map((line) => `${line.name} ${config.break_bonus_pays[line.category]}`).join(", ");
}

/** What the new version changes, a line a field, bet or category ("Seats: 6 → 5"). */
function changes(before, after) {
  const money = (pair) => pair.map((cents) => formatAmount(cents)).join("–");
  const fields = [
    ["Seats", (config) => String(config.seats)],
    ["Dealer qualifier", (config) => config.dealer_qualifier],
    ["A fouled setting", (config) => config.foul_policy.replace("_", " ")],
    ...state.table.bets.map((bet) => [`${bet.name} limits`, (config) => money(config.limits[bet.key])]),
    ...state.lines.map((line) => [`${line.name} pays`, (config) => `${config.break_bonus_pays[line.category]} to 1`]),
  ];
  return fields
    .filter(([, text]) => text(before) !== text(after))
    .map(([name, text]) => `${name}: ${text(before)} → ${text(after)}`);
}

/** How often a line comes: "1 in 136,652" when rare, else a percentage. */
function often(probability) {
  if (probability >= 0.01) return `${(probability * 100).toFixed(1)}%`;
  return `1 in ${Math.round(1 / probability).toLocaleString("en-US")}`;
}

function versionRow(version) {
  const config = version.config;
  return el(
    "tr",
    { dataset: { version: String(version.version) } },
    el("td", { className: "number" }, String(version.version)),
    el("td", {}, `${when(version.created_at)}, ${version.created_by}`),
    el("td", { className: "number" }, String(config.seats)),
    el("td", {}, config.dealer_qualifier),
    el("td", {}, config.foul_policy.replace("_", " ")),
    el("td", {}, limitsText(config)),
    el("td", {}, paysText(config)),
  );
}

function versionsGrid(versions) {
  const headers = ["Version", "Saved", "Seats", "Qualifier", "Foul", "Limits", "Break Bonus pays"];
  return grid(headers, versions.map(versionRow), { className: "grid compact" });
}

function payGrid(preview) {
  const rows = preview.pay_table.map((line) =>
    el(
      "tr",
      { dataset: { category: line.category } },
      el("td", {}, line.name),
      el("td", { className: "number" }, line.net < 0 ? "loses" : `${line.net} to 1`),
      el("td", { className: "number" }, line.combinations.toLocaleString("en-US")),
      el("td", { className: "number" }, often(line.probability)),
    ),
  );
  return grid(["Category", "Pays", "Hands", "How often"], rows, { className: "grid compact pay-table" });
}

function showPreview(preview, config) {
  const changed = changes(state.current.config, preview.config);
  $("#config-preview").replaceChildren(
    el("h4", {}, `Version ${preview.config.version} as it would be saved`),
    el("ul", { className: "changes" }, changed.map((line) => el("li", {}, line))),
    payGrid(preview),
    el(
      "p",
      { className: "edge" },
      `Break Bonus house edge: ${percent(preview.break_bonus_house_edge)} `,
      el("span", { className: "muted" }, `(exactly ${preview.break_bonus_house_edge_exact})`),
    ),
  );
  state.previewed = JSON.stringify(config);
  $("#config-save").disabled = false;
}

async function preview(event) {
  event.preventDefault();
  clearErrors($("#config-form"));
  const read = readConfig(state.table.bets, state.lines);
  if (read.problems) {
    for (const [target, message] of read.problems) showError(target, message);
    return;
  }
  if (changes(state.current.config, read.config).length === 0) {
    showError("config", `Nothing to save: these are the rules of version ${state.current.version}.`);
    return;
  }
  try {
    const { json } = await call("POST", `/tables/${state.table.id}/config/preview`, { config: read.config });
    showPreview(json, read.config);
  } catch (error) {
    showApiError(error, "config", "config");
  }
}

async function save() {
  clearErrors($("#config-form"));
  const table = state.table;
  const body = { config: JSON.parse(state.previewed) };
  try {
    const { json } = await call("PUT", `/tables/${table.id}/config`, body, { "If-Match": state.tag });
    notify(`Version ${json.config.version} of ${json.name}'s configuration is saved.`);
    await showConfig(json);
  } catch (error) {
    if (!isStale(error)) return showApiError(error, "config", "config");
    $("#config-save").disabled = true;
    const { json } = await call("GET", `/tables/${table.id}/config`);
    const text = `Changed meanwhile by ${json.created_by}: version ${json.version} was saved ${when(json.created_at)}.`;
    $('[data-error-for="config"]').replaceChildren(staleNotice(text, () => showConfig(table)));
  }
}

/** The configuration of ``table``: its versions and the editor, from its current version. */
export async function showConfig(table) {
  state.table = table;
  state.previewed = null;
  $("#config-save").disabled = true;
  $("#config-preview").replaceChildren();
  clearErrors($("#config-form"));
  $("#config-fields").replaceChildren(el("p", { className: "muted" }, "Reading the configuration and its pay table…"));
  const path = `/tables/${table.id}`;
  try {
    const [current, versions] = await Promise.all([call("GET", `${path}/config`), call("GET", `${path}/configs`)]);
    // The pay table's categories, names and order, and the edge of the rules in force.
    const shown = await call("POST", `${path}/config/preview`, { config: { seats: current.json.config.seats } });
    state.current = current.json;
    state.tag = current.headers.get("ETag");
    state.lines = shown.json.pay_table.filter((line) => line.net >= 0);
    const { version, created_at: at, created_by: by } = current.json;
    const edge = percent(shown.json.break_bonus_house_edge);
    $("#config-base").textContent = `from version ${version} (${when(at)}, ${by}; Break Bonus house edge ${edge})`;
    $("#config-fields").replaceChildren(...configFields(current.json.config, table.bets, state.lines));
    $("#config-versions").replaceChildren(versionsGrid(versions.json));
  } catch (error) {
    showApiError(error, "config", "config");
  }
}

$("#config-form").addEventListener("submit", preview);
$("#config-save").addEventListener("click", save);
// A field changed after the preview: what Save would send is not what was shown.
$("#config-fields").addEventListener("input", () => {
  if (state.previewed === null) return;
  state.previewed = null;
  $("#config-save").disabled = true;
  $("#config-preview").replaceChildren(el("p", { className: "muted" }, "Changed since the preview: preview again."));
});
