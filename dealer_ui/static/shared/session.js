// Sign-in for every page: the token is kept for this browser tab only
// (sessionStorage), so a reload keeps the dealer signed in and closing the
// tab signs nobody in for the next person.
import { ApiError, call, setToken, whenSignedOut } from "./api.js";
import { $, clearErrors, el, showError } from "./dom.js";
import { changePassword, wirePassword } from "./password.js";

const SAVED = "breakpoker.sign-in";
const FLASH = "breakpoker.flash";
const ROLES = {
  dealer: "a dealer",
  pit_boss: "a pit boss",
  compliance: "a compliance officer",
  admin: "an admin",
  cage: "a cage cashier",
  count: "a counter",
};

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

/** "can read the Pit page and use the Compliance page", with links, from
 * the roles on the page links (the server's list of pages and their roles). */
function pagesFor(role) {
  const clauses = [];
  for (const link of document.querySelectorAll("nav.pages a[data-roles]")) {
    if (!link.dataset.roles.split(" ").includes(role)) continue;
    const verb = link.dataset.readers.split(" ").includes(role) ? "read" : "use";
    const page = el("a", { href: link.getAttribute("href") }, `${link.textContent.trim()} page`);
    const last = clauses.at(-1);
    if (last && last.verb === verb) last.parts.push(" and the ", page);
    else clauses.push({ verb, parts: [`${verb} the `, page] });
  }
  if (clauses.length === 0) return ["has no page here"];
  return ["can ", ...clauses.flatMap((clause, index) => [index ? " and " : "", ...clause.parts])];
}

/** Why this page is refused to ``user`` and which pages are for that role, as a sentence with links. */
function refusal(user, signed) {
  const who = ROLES[user.role] || `a ${user.role.replace("_", " ")}`;
  return [
    `${signed} ${user.name}, ${who}: this page is not for that role. `,
    who[0].toUpperCase() + who.slice(1),
    " ",
    ...pagesFor(user.role),
    ".",
  ];
}

/** The bar links only the pages ``role`` may use (none before anyone signs in). The links
 * stay in the page, hidden: a refusal names the pages a role can use from them. */
function showPages(role) {
  for (const link of document.querySelectorAll("nav.pages a[data-roles]")) {
    link.hidden = !role || !link.dataset.roles.split(" ").includes(role);
  }
}

function begin(user, onSignedIn) {
  setToken(user.token);
  showPages(user.role);
  $("#who").textContent = `${user.name} (${user.role.replace("_", " ")})`;
  $("#sign-out").hidden = false;
  $("#change-password").hidden = false;
  $("#sign-in").hidden = true;
  onSignedIn(user);
}

/** Who is signed in at this tab ({name, role, token, ...}), or null. */
export function signedInUser() {
  return read();
}

/** Go on as ``user`` (a sign-in's answer): a relief at the tablet, where
 * the next dealer signs in and the page carries on as them. */
export function switchUser(user) {
  sessionStorage.setItem(SAVED, JSON.stringify(user));
  setToken(user.token);
  $("#who").textContent = `${user.name} (${user.role.replace("_", " ")})`;
}

// Asked before signing out: a page with unsaved work may ask the user
// (``ask`` resolves to whether to go on).
let mayLeave = async () => true;

export function beforeSignOut(ask) {
  mayLeave = ask;
}

/** Show the sign-in form, or carry on with a saved sign-in; ``onSignedIn(user)`` once signed in. */
export function startSession(onSignedIn) {
  wirePassword((message) => {
    $("#session-notice").textContent = message;
  });
  whenSignedOut((request) => {
    // The page says what the request refused means for its work (a round not stored).
    const ended = new CustomEvent("sign-in-ended", { detail: { request, notes: [] } });
    document.dispatchEvent(ended);
    restart(["Your sign-in has ended (expired or signed out): sign in again.", ...ended.detail.notes].join(" "));
  });
  $("#sign-out").addEventListener("click", async () => {
    if (!(await mayLeave())) return;
    // The page forgets what the next person must not inherit (the dealer's drafts).
    document.dispatchEvent(new CustomEvent("signing-out"));
    // A request still on its way is refused once the token ends: that is
    // this sign-out, not a sign-in that ended by itself.
    whenSignedOut(() => {});
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
        $('[data-error-for="sign-in"]').replaceChildren(...refusal(json, "You signed in as"));
        return;
      }
      if (json.must_change_password) {
        // An admin chose this password: the token does nothing else until
        // the user sets their own, so nothing is kept or shown before.
        setToken(json.token);
        $("#sign-in").hidden = true;
        await changePassword(true);
        json.must_change_password = false;
        $("#session-notice").textContent = "Your password is changed.";
      }
      sessionStorage.setItem(SAVED, JSON.stringify(json));
      begin(json, onSignedIn);
    } catch (error) {
      const target = error instanceof ApiError && (error.field === "name" || error.field === "password") ? error.field : "sign-in";
      showError(target, error.message);
    }
  });
  showPages(null);
  const flash = sessionStorage.getItem(FLASH);
  sessionStorage.removeItem(FLASH);
  const saved = read();
  // A sign-in kept before its forced password change is never saved, so a
  // saved one with the flag is not to be trusted: sign in again.
  const current = saved && !saved.must_change_password && new Date(saved.expires_at) > new Date();
  if (current && allowed().includes(saved.role)) {
    begin(saved, onSignedIn);
    return;
  }
  $("#sign-in").hidden = false;
  // Signed in on another page of this tab, as a role this one is not for:
  // kept (that page still works), and the way back is shown.
  if (current) $("#sign-in-notice").replaceChildren(...refusal(saved, "You are signed in as"));
  else $("#sign-in-notice").textContent = flash || "";
  $("#name").focus();
}
