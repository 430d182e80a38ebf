// Game protection's shuffler checks (GET /devices, GET /devices/{id}): each
// shuffler or shoe with its decks received, repeated orders, the chi-square
// test of its card positions and the cards dealers changed by hand after its
// feed, for a gaming day (the newest unless one is chosen) and the 30 days
// ending with it. A tap on a device shows each of its days. A day's positions
// test is there once the day has ended (it runs on complete days only).
import { call, query } from "../shared/api.js";
import { $, clearErrors, el, grid } from "../shared/dom.js";
import { draw } from "./pit_common.js";

/** The positions test in words: its p, flagged below 0.05, or why there is none. */
function positionsText(test) {
  if (!test) return el("span", { className: "muted" }, "not tested yet");
  if (test.df === null) return el("span", { className: "muted" }, `too few decks (${test.decks})`);
  const about = `chi-square ${test.statistic} on ${test.df} degrees of freedom, ${test.groups} position groups, ${test.decks} decks`;
  return el("span", { title: about },
    `p = ${test.p}`,
    test.flagged ? el("span", { className: "badge warning" }, " BELOW 0.05") : null);
}

function figureCells(figures) {
  return [
    el("td", {}, String(figures.decks)),
    el("td", {}, String(figures.repeated_orders)),
    el("td", {}, `${figures.cards_changed} in ${figures.changed_decks} decks`),
    el("td", {}, positionsText(figures.positions)),
  ];
}

function deviceRow(device, day) {
  const open = el("button", { type: "button", className: "link", onclick: () => showDevice(device.device_id, day), "aria-label": `Shuffler ${device.device_id}` }, device.device_id);
  return el("tr", { dataset: { device: device.device_id } },
    el("td", {}, open),
    el("td", {}, device.table_name),
    ...figureCells(device.day),
    ...figureCells(device.last_30_days),
  );
}

const HEADERS = ["Device", "Table", "Decks", "Repeated orders", "Cards changed", "Positions test",
  "Decks (30 days)", "Repeated (30 days)", "Changed (30 days)", "Positions (30 days)"];

function deviceList(answer) {
  const shown = el("p", { id: "shufflers-day" }, `Gaming day ${answer.gaming_day} and the 30 days to it.`);
  if (!answer.devices.length) return [shown, el("p", { className: "muted", id: "shufflers-none" }, "No deck from any device in those days.")];
  return [shown, grid(HEADERS, answer.devices.map((device) => deviceRow(device, answer.gaming_day)), { id: "shufflers-table", className: "grid compact" })];
}

function dayRow(day) {
  return el("tr", { dataset: { day: day.gaming_day } },
    el("td", {}, day.gaming_day),
    el("td", {}, day.table_name),
    ...figureCells(day.figures),
  );
}

/** One device's days in the 30, newest first, below the list. */
function showDevice(deviceId, day) {
  const out = $("#shuffler-out");
  const load = () => call("GET", `/devices/${encodeURIComponent(deviceId)}${query({ gaming_day: day })}`).then(({ json }) => json);
  return draw("shuffler", out, load, (device) => [
    el("h3", { id: "shuffler-title" }, `${device.device_id}: each day`),
    grid(["Gaming day", "Table", "Decks", "Repeated orders", "Cards changed", "Positions test"], device.days.map(dayRow), { id: "shuffler-days", className: "grid compact" }),
  ], "shufflers");
}

function dayChoice(chosen) {
  const input = el("input", { type: "date", id: "shufflers-gaming-day", value: chosen || "", "aria-label": "Gaming day" });
  const button = el("button", { type: "button", id: "shufflers-show", className: "big secondary", onclick: () => showShufflers(null, undefined, input.value) }, "Show");
  return [el("label", { htmlFor: "shufflers-gaming-day" }, "Gaming day "), input, button];
}

/** The Shufflers screen (#shufflers): every device's figures for a gaming day. */
export function showShufflers(_state, _id, day = "") {
  clearErrors($("#view-shufflers"));
  $("#shufflers-filter").replaceChildren(...dayChoice(day));
  $("#shuffler-out").replaceChildren();
  const load = () => call("GET", `/devices${query({ gaming_day: day })}`).then(({ json }) => json);
  return draw("shufflers", $("#shufflers-out"), load, deviceList, "shufflers");
}
