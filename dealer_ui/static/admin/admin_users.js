// The admin's users: the list (role, active, whether they must choose a
// password, last sign-in), a new user, a role changed, an account
// deactivated or reactivated (each asked once more on the row), and a
// password reset whose temporary password is shown once.
import { call } from "../shared/api.js";
import { $, clearErrors, el, grid, when } from "../shared/dom.js";
import { notify, showApiError } from "./admin_common.js";
import { ROLE } from "../shared/vocabulary.js";

const ROLES = [
  [ROLE.DEALER, "Dealer"],
  [ROLE.PIT_BOSS, "Pit boss"],
  [ROLE.COMPLIANCE, "Compliance"],
  [ROLE.ADMIN, "Admin"],
  [ROLE.CAGE, "Cage"],
  [ROLE.COUNT, "Count"],
  [ROLE.DEVICE, "Device (a shoe)"],
];

function roleOptions(current) {
  return ROLES.map(([value, text]) => el("option", { value, selected: value === current }, text));
}

function roleText(role) {
  return ROLES.find(([value]) => value === role)?.[1] ?? role;
}

async function act(state, user, method, path, body, done) {
  clearErrors($("#view-users"));
  try {
    const { json } = await call(method, path, body);
    notify(done(json));
    await showUsers(state);
    return json;
  } catch (error) {
    showApiError(error, `row-${user.id}`, `row-${user.id}`);
    return null;
  }
}

/** A second tap on the row confirms: nothing is done by one stray touch. */
function confirming(cell, question, yes, run) {
  // The row is put back as it was, not reloaded: a reload landing after the
  // next tap would wipe the question that tap asked.
  const before = [...cell.childNodes];
  const back = () => cell.replaceChildren(...before);
  const asked = el(
    "div",
    { className: "row-actions confirm" },
    el("span", {}, question),
    el("button", { type: "button", className: "big danger", onclick: run }, yes),
    el("button", { type: "button", className: "big secondary", onclick: back }, "Cancel"),
  );
  cell.replaceChildren(asked);
}

function showTemporary(user, password) {
  const box = $("#temporary-password");
  box.hidden = false;
  box.replaceChildren(
    el("p", {}, `Temporary password for ${user.name}: `, el("code", {}, password)),
    el("p", {}, `Shown this once only: give it to ${user.name} now. They choose their own when they next sign in.`),
    el("button", { type: "button", className: "big secondary", onclick: () => hideTemporary() }, "Done: hide it"),
  );
}

function hideTemporary() {
  const box = $("#temporary-password");
  box.replaceChildren();
  box.hidden = true;
}

function actions(state, user) {
  const cell = el("div", { className: "row-actions" });
  const role = el("select", { "aria-label": `Role of ${user.name}` }, roleOptions(user.role));
  const setRole = el("button", { type: "button", className: "secondary" }, "Set role");
  const roleSet = (json) => `${json.name} is now ${roleText(json.role)}.`;
  setRole.addEventListener("click", () => act(state, user, "PUT", `/users/${user.id}/role`, { role: role.value }, roleSet));
  const own = user.id === state.user?.id || user.name === state.user?.name;
  const verb = user.active ? "Deactivate" : "Reactivate";
  const toggle = el("button", { type: "button", className: user.active ? "danger" : "secondary" }, verb);
  toggle.addEventListener("click", () =>
    confirming(cell, `${verb} ${user.name}?`, `Yes, ${verb.toLowerCase()}`, () =>
      act(state, user, "POST", `/users/${user.id}/${verb.toLowerCase()}`, undefined, (json) =>
        json.active ? `${json.name} is active again.` : `${json.name} is deactivated: their sign-ins are ended.`,
      ),
    ),
  );
  const reset = el("button", { type: "button", className: "secondary" }, "Reset password");
  reset.addEventListener("click", () =>
    confirming(cell, `Reset ${user.name}'s password?`, "Yes, reset", async () => {
      const done = (answer) => `${answer.user.name}'s password is reset.`;
      const json = await act(state, user, "POST", `/users/${user.id}/password-reset`, undefined, done);
      if (json) showTemporary(json.user, json.temporary_password);
    }),
  );
  cell.append(role, setRole, own ? el("span", { className: "muted" }, "you") : toggle, reset);
  return cell;
}

function accountText(user) {
  return user.active ? "active" : "deactivated";
}

function row(state, user) {
  return el(
    "tr",
    { dataset: { user: user.name } },
    el("td", {}, user.name),
    el("td", {}, roleText(user.role)),
    el("td", {}, el("span", { className: `badge ${user.active ? "done" : "void"}` }, accountText(user))),
    el("td", {}, user.must_change_password ? "yes" : "no"),
    el("td", {}, user.last_sign_in_at ? when(user.last_sign_in_at) : "never"),
    el("td", {}, actions(state, user), el("span", { className: "error", dataset: { errorFor: `row-${user.id}` } })),
  );
}

/** The Users screen: every user, by name. */
export async function showUsers(state) {
  try {
    const { json } = await call("GET", "/users");
    const headers = ["Name", "Role", "Account", "Must change password", "Last sign-in", ""];
    $("#users-list").replaceChildren(grid(headers, json.map((user) => row(state, user)), { className: "grid users" }));
  } catch (error) {
    showApiError(error, "users", "users");
  }
}

async function createUser(state, event) {
  event.preventDefault();
  clearErrors($("#user-form"));
  clearErrors($("#view-users"));
  const body = {
    name: $("#user-name").value.trim(),
    role: $("#user-role").value,
    password: $("#user-password").value,
  };
  try {
    const { json } = await call("POST", "/users", body);
    $("#user-form").reset();
    notify(`${json.name} (${roleText(json.role)}) is created: they choose their own password when they first sign in.`);
    await showUsers(state);
  } catch (error) {
    showApiError(error, "user", "user");
  }
}

$("#user-role").replaceChildren(...roleOptions(ROLE.DEALER));
/** The new user form, whose list is drawn with ``state`` (the admin signed in is marked "you"). */
export function installUsers(state) {
  $("#user-form").addEventListener("submit", (event) => createUser(state, event));
}
