// A player's identification, recorded by a pit boss when a cash buy-in was
// refused (identification_required: the day's cash in past the report
// threshold). The answer is a receipt that holds none of it: the page
// shows who recorded which version when, and keeps nothing of what was
// typed (the form is emptied).
import { call } from "../shared/api.js";
import { clearErrors, el, showError, when } from "../shared/dom.js";
import { labelledField, showApiError } from "../shared/field_errors.js";
import { notify } from "./pit_common.js";

const PREFIX = "identification";
const DOCUMENTS = Object.freeze([
  ["passport", "Passport"],
  ["driving_licence", "Driving licence"],
  ["national_id_card", "National identity card"],
  ["other", "Other"],
]);

const field = (name, label, control) => labelledField(PREFIX, name, label, control);

/** The form for the player of ``club``: a new version of their identification. */
export function identificationForm(club) {
  const kind = el("select", {}, ...DOCUMENTS.map(([value, label]) => el("option", { value }, label)));
  const number = el("input", { autocomplete: "off", maxLength: 40 });
  const expiry = el("input", { type: "date" });
  const born = el("input", { type: "date" });
  const receipt = el("p", { id: "identification-receipt", className: "notice", role: "status" });
  const form = el("form", { id: "identification-form", className: "acct-form", noValidate: true },
    el("h3", {}, "Record the player's identification"),
    el("p", { className: "muted" }, "When a cash buy-in was refused for want of identification: the document seen, then the buy-in again."),
    el("div", { className: "filters" },
      field("document_type", "Document", kind), field("number", "Document number", number), field("expiry", "Valid until", expiry), field("date_of_birth", "Date of birth", born)),
    el("button", { type: "submit", className: "big primary" }, "Record the identification"),
    el("p", { className: "error", dataset: { errorFor: PREFIX }, role: "alert" }),
    receipt,
  );
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    clearErrors(form);
    receipt.textContent = "";
    const missing = [[number, "number", "document number: as on the document"], [expiry, "expiry", "valid until: the document's last day"], [born, "date_of_birth", "date of birth: the player's"]]
      .filter(([control]) => !control.value.trim());
    for (const [, name, text] of missing) showError(`${PREFIX}-${name}`, text);
    if (missing.length) return;
    const body = { document_type: kind.value, number: number.value.trim(), expiry: expiry.value, date_of_birth: born.value };
    try {
      const { json } = await call("POST", `/players/${encodeURIComponent(club)}/identification`, body);
      number.value = expiry.value = born.value = "";
      receipt.textContent = `Identification version ${json.version} recorded by ${json.recorded_by}, ${when(json.recorded_at)}.`;
      notify(`Identification of club ${json.club_number} recorded: the cash buy-in can be made again.`);
    } catch (error) {
      showApiError(error, PREFIX, PREFIX);
    }
  });
  return form;
}
