// The admin's screens: users and tables, a client of the JSON API only.
// This module signs in and moves between the two screens (#users,
// #tables); each is a module of its own. It builds the admin's state
// (admin_common.js) once and passes it to the screens that read it.
import { createAdminState, notify } from "./admin_common.js";
import { showTables } from "./admin_tables.js";
import { installUsers, showUsers } from "./admin_users.js";
import { $ } from "../shared/dom.js";
import { startSession } from "../shared/session.js";

const SCREENS = { users: (state) => showUsers(state), tables: () => showTables() };

function route(state) {
  const name = SCREENS[location.hash.slice(1)] ? location.hash.slice(1) : "users";
  for (const panel of document.querySelectorAll(".view-panel")) panel.hidden = panel.id !== `view-${name}`;
  for (const button of document.querySelectorAll("[data-view]")) {
    button.setAttribute("aria-pressed", String(button.dataset.view === name));
  }
  SCREENS[name](state);
}

const state = createAdminState();
installUsers(state);
for (const button of document.querySelectorAll("[data-view]")) {
  button.addEventListener("click", () => {
    notify("");
    if (location.hash === `#${button.dataset.view}`) route(state); // the same screen again: fresh figures
    else location.hash = button.dataset.view;
  });
}
window.addEventListener("hashchange", () => route(state));
startSession((user) => {
  state.user = user;
  $("#office").hidden = false;
  route(state);
});
