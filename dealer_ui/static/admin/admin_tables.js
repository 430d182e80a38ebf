// The admin's tables: the one chosen, a new one (name, time zone, shift
// starts) and its gaming-day schedule, saved with the ETag it was read
// with (If-Match): an edit made meanwhile by someone else is shown, never
// overwritten.
import { call } from "../shared/api.js";
import { $, clearErrors, el, when } from "../shared/dom.js";
import { isStale, notify, showApiError, staleNotice } from "./admin_common.js";
import { fillShifts, fillZones, readShifts } from "./admin_clock.js";
import { showConfig } from "./admin_config.js";
import { TABLE_STATUS } from "../shared/vocabulary.js";

const DEFAULT_SHIFTS = ["06:00", "14:00", "22:00"];
const state = { tables: [], tableId: null, scheduleTag: null, loading: 0 };

function pickerText(table) {
  return table.status === TABLE_STATUS.OPEN ? table.name : `${table.name} (${table.status})`;
}

async function loadTables(chosen) {
  const { json } = await call("GET", "/tables");
  state.tables = json;
  const picker = $("#table-pick");
  picker.replaceChildren(...json.map((table) => el("option", { value: String(table.id) }, pickerText(table))));
  const id = chosen ?? state.tableId ?? json[0]?.id;
  if (id !== undefined) picker.value = String(id);
  await choose(id === undefined ? null : Number(picker.value));
}

async function choose(id) {
  state.tableId = id;
  $("#table-detail").hidden = id === null;
  clearErrors($("#view-tables"));
  if (id === null) {
    openCreate(); // no table yet: the first is to be made
    return;
  }
  const table = state.tables.find((each) => each.id === id);
  // Busy until every load begun has ended: a table chosen twice in quick
  // succession (the page's first load, then a pick) reads it twice, and
  // the last read is the version an edit is based on.
  const detail = $("#table-detail");
  state.loading += 1;
  detail.setAttribute("aria-busy", "true");
  try {
    await Promise.all([loadSchedule(id), showConfig(table)]);
  } finally {
    state.loading -= 1;
    if (state.loading === 0) detail.removeAttribute("aria-busy");
  }
}

async function loadSchedule(id) {
  try {
    const { json, headers } = await call("GET", `/tables/${id}/schedule`);
    state.scheduleTag = headers.get("ETag");
    fillZones($("#schedule-timezone"), json.timezone);
    fillShifts($("#schedule-shifts"), json.shift_starts);
    const by = json.changed_by ? ` by ${json.changed_by}` : "";
    $("#schedule-version").textContent = `version ${json.version}, ${when(json.changed_at)}${by}`;
  } catch (error) {
    showApiError(error, "schedule", "schedule");
  }
}

async function saveSchedule(event) {
  event.preventDefault();
  clearErrors($("#schedule-form"));
  const id = state.tableId;
  const body = { timezone: $("#schedule-timezone").value, shift_starts: readShifts($("#schedule-shifts")) };
  try {
    const { json } = await call("PUT", `/tables/${id}/schedule`, body, { "If-Match": state.scheduleTag });
    notify(`The schedule of ${json.name} is saved.`);
    await loadSchedule(id);
  } catch (error) {
    if (!isStale(error)) return showApiError(error, "schedule", "schedule");
    const { json } = await call("GET", `/tables/${id}/schedule`);
    const by = json.changed_by || "someone";
    const text = `Changed meanwhile by ${by}: the schedule is at version ${json.version} (${when(json.changed_at)}).`;
    $('[data-error-for="schedule"]').replaceChildren(staleNotice(text, () => loadSchedule(id)));
  }
}

async function createTable(event) {
  event.preventDefault();
  const form = $("#create-form");
  clearErrors(form);
  const body = {
    name: $("#create-name").value.trim(),
    timezone: $("#create-timezone").value,
    currency: $("#create-currency").value,
    shift_starts: readShifts($("#create-shifts")),
  };
  try {
    const { json } = await call("POST", "/tables", body);
    notify(`Table ${json.name} is created in ${json.currency.code} with the default rules (version 1).`);
    form.hidden = true;
    form.reset();
    await loadTables(json.id);
  } catch (error) {
    showApiError(error, "create", "create");
  }
}

/** The currencies the service keeps tables in, the floor's default chosen. */
async function fillCurrencies(select) {
  if (select.options.length) return;
  const { json } = await call("GET", "/currencies");
  for (const currency of json) {
    const option = el("option", { value: currency.code }, `${currency.code} ${currency.name}`);
    option.defaultSelected = option.selected = currency.default;
    select.append(option);
  }
}

async function openCreate() {
  const form = $("#create-form");
  form.hidden = false;
  fillZones($("#create-timezone"), "UTC");
  await fillCurrencies($("#create-currency"));
  fillShifts($("#create-shifts"), DEFAULT_SHIFTS);
  $("#create-name").focus();
}

/** The Tables screen: the tables listed, the first (or the last chosen) shown. */
export async function showTables() {
  try {
    await loadTables();
  } catch (error) {
    showApiError(error, "tables", "tables");
  }
}

$("#table-pick").addEventListener("change", (event) => {
  notify("");
  choose(Number(event.target.value));
});
$("#table-new").addEventListener("click", openCreate);
$("#create-cancel").addEventListener("click", () => {
  $("#create-form").hidden = true;
});
$("#create-form").addEventListener("submit", createTable);
$("#schedule-form").addEventListener("submit", saveSchedule);
