// A table's clock as the admin picks it: the time zone from a list, and the
// times its shifts start as time pickers (one to six, the first starts the
// gaming day), added and removed with a tap.
import { el } from "../shared/dom.js";

const MAX_SHIFTS = 6;

/** The zones the browser knows (IANA names), UTC first; the API checks its own. */
function zones() {
  const known = typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : [];
  return ["UTC", ...known.filter((zone) => zone !== "UTC")];
}

/** Fill a <select> with the zones, ``current`` chosen (kept even if the browser lacks it). */
export function fillZones(select, current) {
  const names = zones();
  if (current && !names.includes(current)) names.unshift(current);
  select.replaceChildren(...names.map((zone) => el("option", { value: zone }, zone.replaceAll("_", " "))));
  select.value = current || "UTC";
}

function shiftInput(fieldset, clock) {
  const number = fieldset.querySelectorAll(".shift").length + 1;
  const input = el("input", { type: "time", step: "60", value: clock, "aria-label": `Shift ${number} starts` });
  const remove = el("button", { type: "button", className: "secondary", "aria-label": `Remove shift ${number}` }, "×");
  const item = el("span", { className: "shift" }, input, remove);
  remove.addEventListener("click", () => {
    if (fieldset.querySelectorAll(".shift").length > 1) item.remove();
    renumber(fieldset);
  });
  return item;
}

function renumber(fieldset) {
  fieldset.querySelectorAll(".shift").forEach((item, index) => {
    item.querySelector("input").setAttribute("aria-label", `Shift ${index + 1} starts`);
    item.querySelector("button").setAttribute("aria-label", `Remove shift ${index + 1}`);
  });
  fieldset.querySelector(".add-shift").disabled = fieldset.querySelectorAll(".shift").length >= MAX_SHIFTS;
}

/** The fieldset's shift pickers, one a start in ``starts``, and an "Add a shift" button. */
export function fillShifts(fieldset, starts) {
  for (const old of fieldset.querySelectorAll(".shift, .add-shift")) old.remove();
  const add = el("button", { type: "button", className: "secondary add-shift" }, "+ Add a shift");
  add.addEventListener("click", () => {
    const last = [...fieldset.querySelectorAll(".shift input")].at(-1)?.value || "06:00";
    add.before(shiftInput(fieldset, later(last)));
    renumber(fieldset);
  });
  fieldset.append(...starts.map((clock) => shiftInput(fieldset, clock)), add);
  renumber(fieldset);
}

/** Eight hours after ``clock`` ("22:00" -> "06:00"): a guess to change. */
function later(clock) {
  const [hours, minutes] = clock.split(":").map(Number);
  return `${String((hours + 8) % 24).padStart(2, "0")}:${String(minutes).padStart(2, "0")}`;
}

/** The starts as the pickers show them, in their order. */
export function readShifts(fieldset) {
  return [...fieldset.querySelectorAll(".shift input")].map((input) => input.value);
}
