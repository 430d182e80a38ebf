// What the admin's screens share: who is signed in, the notice line, and
// an API error shown at the field it names.
import { ApiError } from "../shared/api.js";
import { el } from "../shared/dom.js";

/** The admin's state: the admin signed in. Built once by admin.js and
 * passed to the screens that read it (``state``). */
export function createAdminState() {
  return { user: null };
}

export { notify, showApiError } from "../shared/field_errors.js";

/** Whether the API refused an edit for a version changed meanwhile (If-Match). */
export function isStale(error) {
  return error instanceof ApiError && error.status === 412;
}

/** "Changed meanwhile by ...": what a 412 means, with the way on. */
export function staleNotice(text, reload) {
  return el(
    "p",
    { className: "stale" },
    `${text} Your change was not saved. `,
    el("button", { type: "button", className: "big secondary", onclick: reload }, "Reload"),
  );
}
