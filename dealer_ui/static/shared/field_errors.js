// What the pit's and the admin's screens both show: the notice line, an API
// error at the field it names, and a missing reason said plainly.
import { ApiError } from "./api.js";
import { $, el, showError } from "./dom.js";

/** Say what happened, where every screen shows it. */
export function notify(message) {
  $("#notice").textContent = message;
}

/** An API error next to the field it names (shown at ``prefix-field``), else at ``fallback``. */
export function showApiError(error, prefix, fallback) {
  const target = error instanceof ApiError && error.field ? `${prefix}-${error.field}` : null;
  const shown = target && document.querySelector(`[data-error-for="${CSS.escape(target)}"]`);
  showError(shown ? target : fallback, error.message);
}

/** Why the reason typed into the field labelled ``label`` cannot be sent, or
 * null. Said here, before the API's schema answers with its own words about
 * a length, which name no field a person sees. */
export function reasonProblem(text, label) {
  return text.trim() ? null : `${label} is required: say why, in up to 500 characters.`;
}

/** A labelled control with the span its errors show in: the control's id
 * is the prefix and the API's field name (dots made dashes), and
 * ``data-field``/``data-error-for`` carry the name as the API gives it, so
 * ``showApiError`` finds it. */
export function labelledField(prefix, name, label, control) {
  control.id = `${prefix}-${name.replaceAll(".", "-")}`;
  control.dataset.field = `${prefix}-${name}`;
  return el("div", { className: "field" },
    el("label", { htmlFor: control.id }, label),
    control,
    el("span", { className: "error", dataset: { errorFor: `${prefix}-${name}` } }),
  );
}
