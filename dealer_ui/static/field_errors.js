// What the pit's and the admin's screens both show: the notice line, and an
// API error at the field it names.
import { ApiError } from "./api.js";
import { $, showError } from "./dom.js";

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
