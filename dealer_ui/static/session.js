// Sign-in for every page: the token is kept for this browser tab only
// (sessionStorage), so a reload keeps the dealer signed in and closing the
// tab signs nobody in for the next person.
import { ApiError, call, setToken, whenSignedOut } from "./api.js";
import { $, clearErrors, showError } from "./dom.js";

const SAVED = "breakpoker.sign-in";
const FLASH = "breakpoker.flash";

function read() {
  try {
    return JSON.parse(sessionStorage.getItem(SAVED));
  } catch {
    return null;
  }
}

function restart(message) {
  sessionStorage.removeItem(SAVED);
  if (message) sessionStorage.setItem(FLASH, message);
  location.assign(location.pathname); // a clean page: nothing of the last user stays on screen
}

function allowed() {
  return document.body.dataset.roles.split(" ");
}

function begin(user, onSignedIn) {
  setToken(user.token);
  $("#who").textContent = `${user.name} (${user.role.replace("_", " ")})`;
  $("#sign-out").hidden = false;
  $("#sign-in").hidden = true;
  onSignedIn(user);
}

/** Show the sign-in form, or carry on with a saved sign-in; ``onSignedIn(user)`` once signed in. */
export function startSession(onSignedIn) {
  whenSignedOut(() => restart("Your sign-in has ended (expired or signed out): sign in again."));
  $("#sign-out").addEventListener("click", async () => {
    // The page forgets what the next person must not inherit (the dealer's drafts).
    document.dispatchEvent(new CustomEvent("signing-out"));
    try {
      await call("POST", "/auth/logout");
    } catch {
      // Signed out here whatever the server said; the token is forgotten.
    }
    restart("Signed out.");
  });
  $("#sign-in-form").addEventListener("submit", async (event) => {
    event.preventDefault();
    clearErrors($("#sign-in"));
    try {
      const { json } = await call("POST", "/auth/login", { name: $("#name").value, password: $("#password").value });
      $("#password").value = "";
      if (!allowed().includes(json.role)) {
        setToken(json.token);
        await call("POST", "/auth/logout").catch(() => {});
        setToken(null);
        showError("sign-in", `${json.name} is a ${json.role.replace("_", " ")}: this page is not for that role.`);
        return;
      }
      sessionStorage.setItem(SAVED, JSON.stringify(json));
      begin(json, onSignedIn);
    } catch (error) {
      const target = error instanceof ApiError && (error.field === "name" || error.field === "password") ? error.field : "sign-in";
      showError(target, error.message);
    }
  });
  const flash = sessionStorage.getItem(FLASH);
  sessionStorage.removeItem(FLASH);
  const saved = read();
  if (saved && allowed().includes(saved.role) && new Date(saved.expires_at) > new Date()) {
    begin(saved, onSignedIn);
    return;
  }
  $("#sign-in").hidden = false;
  $("#sign-in-notice").textContent = flash || "";
  $("#name").focus();
}
