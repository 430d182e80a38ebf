// Changing one's own password, on every page: asked at sign-in when an admin
// set the password (must_change_password: the token does nothing else until
// then), and from the header's "Change password". The current password is
// always asked for; the API's policy says what a new one must be.
import { ApiError, call } from "./api.js";
import { $, clearErrors, showError } from "./dom.js";

const FIELDS = new Set(["old_password", "new_password"]);
let waiting = null; // the promise's resolve of the dialog open now

function finish(user) {
  $("#password-dialog").close();
  $("#password-form").reset();
  const resolve = waiting;
  waiting = null;
  resolve?.(user);
}

/** Ask for a new password; resolves with the user the API answers once it is
 * changed, or null if cancelled (never when ``forced``: there is no Cancel). */
export function changePassword(forced) {
  const dialog = $("#password-dialog");
  dialog.dataset.forced = String(forced);
  $("#password-forced").hidden = !forced;
  $("#password-cancel").hidden = forced;
  clearErrors(dialog);
  $("#password-form").reset();
  if (!dialog.open) dialog.showModal();
  $("#old-password").focus();
  return new Promise((resolve) => {
    waiting = resolve;
  });
}

async function submit(event) {
  event.preventDefault();
  const dialog = $("#password-dialog");
  clearErrors(dialog);
  const body = { old_password: $("#old-password").value, new_password: $("#new-password").value };
  if (!body.old_password) return showError("old_password", "Type your current password.");
  if (!body.new_password) return showError("new_password", "Type a new password.");
  if (body.new_password !== $("#new-password-again").value) {
    return showError("new_password_again", "The two new passwords differ: type the same one twice.");
  }
  try {
    const { json } = await call("POST", "/auth/password", body);
    finish(json);
  } catch (error) {
    const field = error instanceof ApiError && FIELDS.has(error.field) ? error.field : "password-change";
    showError(field, error.message);
  }
}

/** Wire the dialog once a page starts (its buttons are in every page's header). */
export function wirePassword(onChanged) {
  $("#password-form").addEventListener("submit", submit);
  $("#password-cancel").addEventListener("click", () => finish(null));
  // Escape closes a dialog: not the one that must be answered first.
  $("#password-dialog").addEventListener("cancel", (event) => {
    if ($("#password-dialog").dataset.forced === "true") event.preventDefault();
    else finish(null);
  });
  $("#change-password").addEventListener("click", async () => {
    if (await changePassword(false)) onChanged("Your password is changed.");
  });
}
