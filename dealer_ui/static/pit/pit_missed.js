// A rating the dealer missed, started by a pit boss: the table and seat,
// the club number (typed, or scanned: a card reader types the number and
// Enter, which moves on rather than sending), the time the player sat down
// (in the past) and why. The API checks each; its refusal is shown at the
// field it names.
import { call } from "../shared/api.js";
import { clearErrors, el, showError } from "../shared/dom.js";
import { labelledField, reasonProblem, showApiError } from "../shared/field_errors.js";
import { TABLE_STATUS } from "../shared/vocabulary.js";
import { notify, tableName } from "./pit_common.js";

const PREFIX = "missed";

const field = (name, label, control) => labelledField(PREFIX, name, label, control);

/** "YYYY-MM-DDTHH:MM" of the local clock, as a datetime-local input holds it. */
export function localInput(moment) {
  const pad = (n) => String(n).padStart(2, "0");
  return `${moment.getFullYear()}-${pad(moment.getMonth() + 1)}-${pad(moment.getDate())}T${pad(moment.getHours())}:${pad(moment.getMinutes())}`;
}

function seatOptions(state, select, tableId) {
  const table = state.tables.find((each) => each.id === tableId);
  const seats = table?.seat_numbers ?? [];
  select.replaceChildren(...seats.map((seat) => el("option", { value: String(seat) }, `Seat ${seat}`)));
}

/** What the form holds, or null (each problem shown at its field). */
function read(form) {
  const value = (name) => form.querySelector(`#${PREFIX}-${name}`).value.trim();
  const problems = {};
  if (!value("club_number")) problems.club_number = "club number: type or scan it";
  const seated = new Date(value("seated_at"));
  if (!value("seated_at") || Number.isNaN(seated.getTime())) problems.seated_at = "seat-in time: when the player sat down";
  else if (seated > new Date()) problems.seated_at = "seat-in time: it must be in the past";
  const reason = reasonProblem(value("reason"), "Reason");
  if (reason) problems.reason = reason;
  for (const [name, text] of Object.entries(problems)) showError(`${PREFIX}-${name}`, text);
  if (Object.keys(problems).length) return null;
  return {
    table: Number(value("table")),
    body: { club_number: value("club_number"), seat: Number(value("seat")), seated_at: seated.toISOString(), reason: value("reason") },
  };
}

/** The form; ``done`` runs once a rating is started. */
export function missedForm(state, done) {
  const tables = state.tables.filter((table) => table.status === TABLE_STATUS.OPEN);
  const table = el("select", {}, ...(tables.length ? tables : state.tables).map((each) => el("option", { value: String(each.id) }, each.name)));
  const seat = el("select", {});
  const club = el("input", { autocomplete: "off", inputMode: "text", maxLength: 20, placeholder: "type or scan" });
  const seatedAt = el("input", { type: "datetime-local", value: localInput(new Date(Date.now() - 30 * 60_000)), max: localInput(new Date()) });
  const reason = el("textarea", { rows: 2, maxLength: 2000 });
  if (state.tableId !== null && [...table.options].some((option) => option.value === String(state.tableId))) table.value = String(state.tableId);
  seatOptions(state, seat, Number(table.value));
  table.addEventListener("change", () => seatOptions(state, seat, Number(table.value)));
  // A card reader ends the number with Enter: go on to the seat-in time, send nothing yet.
  club.addEventListener("keydown", (event) => {
    if (event.key !== "Enter") return;
    event.preventDefault();
    seatedAt.focus();
  });
  const form = el("form", { id: "missed-form", className: "acct-form", noValidate: true },
    el("h3", {}, "Start a rating the dealer missed"),
    el("div", { className: "filters" },
      field("table", "Table", table), field("seat", "Seat", seat), field("club_number", "Club number", club), field("seated_at", "Sat down at", seatedAt)),
    el("div", { className: "field wide" }, el("label", { htmlFor: `${PREFIX}-reason` }, "Reason"), reason, el("span", { className: "error", dataset: { errorFor: `${PREFIX}-reason` } })),
    el("button", { type: "submit", className: "big primary" }, "Start the rating"),
    el("p", { className: "error", dataset: { errorFor: PREFIX }, role: "alert" }),
  );
  reason.id = `${PREFIX}-reason`;
  reason.dataset.field = `${PREFIX}-reason`;
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    clearErrors(form);
    const wanted = read(form);
    if (!wanted) return;
    try {
      const { json } = await call("POST", `/tables/${wanted.table}/ratings`, wanted.body);
      notify(`Rating started for club ${json.club_number} at ${tableName(state, json.table_id)}, seat ${json.seat} (missed: ${json.reason}).`);
      club.value = reason.value = "";
      done();
    } catch (error) {
      showApiError(error, PREFIX, PREFIX);
    }
  });
  return form;
}

