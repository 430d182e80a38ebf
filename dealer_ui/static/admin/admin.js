// The admin's screens: users and tables, a client of the JSON API only.
// This module signs in and moves between the two screens (#users,
// #tables); each is a module of its own.
import { admin, notify } from "./admin_common.js";
import { showTables } from "./admin_tables.js";
import { showUsers } from "./admin_users.js";
import { $ } from "../shared/dom.js";
import { startSession } from "../shared/session.js";

const SCREENS = { users: showUsers, tables: showTables };

function route() {
  const name = SCREENS[location.hash.slice(1)] ? location.hash.slice(1) : "users";
  for (const panel of document.querySelectorAll(".view-panel")) panel.hidden = panel.id !== `view-${name}`;
  for (const button of document.querySelectorAll("[data-view]")) {
    button.setAttribute("aria-pressed", String(button.dataset.view === name));
  }
  SCREENS[name]();
}

for (const button of document.querySelectorAll("[data-view]")) {
  button.addEventListener("click", () => {
    notify("");
    if (location.hash === `#${button.dataset.view}`) route(); // the same screen again: fresh figures
    else location.hash = button.dataset.view;
  });
}
window.addEventListener("hashchange", route);
startSession((user) => {
  admin.user = user;
  $("#office").hidden = false;
  route();
});
