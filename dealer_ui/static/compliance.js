import { startSession } from "./session.js";
import { $ } from "./dom.js";

startSession(() => {
  $("#office").hidden = false;
});
