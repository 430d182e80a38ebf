// Who deals at the table (issue 43): the bar's button names the dealer
// signed in at the table; tapped, it opens the dialog to sign in, sign out
// or hand over to the next dealer (a relief: they sign in with their name
// and password, the API ends this dealer's session at the same instant, and
// the tablet goes on as them). Rounds are entered whoever is signed in.
import { ApiError, BACKGROUND, call, setToken } from "../shared/api.js";
import { $, clearErrors, showError } from "../shared/dom.js";
import { signedInUser, switchUser } from "../shared/session.js";
import { ROLE } from "../shared/vocabulary.js";

const DIALOG = "#dealer-dialog";
let current = null; // the table's dealer session as the API sent it, or null
let reads = 0; // an older answer is dropped

function path(state, tail = "") {
  return `/tables/${state.table.id}/dealer-sessions${tail}`;
}

function since(iso) {
  return new Date(iso).toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" });
}

function show(state) {
  const me = signedInUser()?.name;
  const button = $("#dealer-on");
  button.hidden = false;
  button.textContent = current ? `Dealer: ${current.dealer}` : "No dealer";
  button.title = current ? `${current.dealer} signed in at ${state.table.name} since ${since(current.signed_in_at)}` : "No dealer signed in";
  $("#dealer-status").textContent = current
    ? `${current.dealer} is signed in at ${state.table.name} since ${since(current.signed_in_at)}.`
    : `No dealer is signed in at ${state.table.name}.`;
  $("#dealer-sign-in").hidden = current?.dealer === me;
  $("#dealer-sign-in").textContent = current ? `Sign in as ${me} (relieves ${current.dealer})` : `Sign in as ${me}`;
  $("#dealer-sign-out").hidden = current?.dealer !== me;
  $("#relief-form").hidden = current === null;
}

/** The table's dealer now, read again (when the table is picked and after each change). */
export async function loadDealer(state) {
  const read = ++reads;
  try {
    const { json } = await call("GET", path(state, "/current"), undefined, BACKGROUND);
    if (read !== reads) return;
    current = json.session;
    show(state);
  } catch (error) {
    showError("dealer-general", error.message);
  }
}

async function act(state, step) {
  clearErrors($(DIALOG));
  try {
    await step();
  } catch (error) {
    const target = error instanceof ApiError && ["relief-name", "relief-password"].includes(error.field) ? error.field : "dealer-general";
    showError(target, error.message);
  }
  await loadDealer(state);
}

/** The next dealer signs in here with their name and password; the tablet goes on as them. */
async function relief(state) {
  const before = signedInUser();
  const name = $("#relief-name").value.trim();
  if (!name) throw new ApiError(422, { message: "name: the next dealer's name", field: "relief-name" });
  let next;
  try {
    ({ json: next } = await call("POST", "/auth/login", { name, password: $("#relief-password").value }));
  } catch (error) {
    const field = error.field === "password" ? "relief-password" : "relief-name";
    throw new ApiError(error.status, { message: error.message, field });
  }
  $("#relief-password").value = "";
  setToken(next.token);
  try {
    if (next.role !== ROLE.DEALER) {
      throw new ApiError(422, { message: `${next.name} is not a dealer: a dealer relieves a dealer`, field: "relief-name" });
    }
    if (next.must_change_password) {
      throw new ApiError(409, { message: `${next.name} must choose a password first: sign in on the sign-in page`, field: "relief-name" });
    }
    await call("POST", path(state));
  } catch (error) {
    await call("POST", "/auth/logout").catch(() => {}); // the next dealer's sign-in is not kept
    setToken(before.token);
    throw error;
  }
  setToken(before.token);
  await call("POST", "/auth/logout").catch(() => {}); // the relieved dealer's sign-in ends here
  switchUser(next);
  $("#relief-name").value = "";
}

export function wireDealerDialog(state) {
  $("#dealer-on").addEventListener("click", () => {
    clearErrors($(DIALOG));
    show(state);
    $(DIALOG).showModal();
    loadDealer(state);
  });
  $("#dealer-sign-in").addEventListener("click", () => act(state, () => call("POST", path(state))));
  $("#dealer-sign-out").addEventListener("click", () => act(state, () => call("POST", path(state, "/current/sign-out"))));
  $("#relief-form").addEventListener("submit", (event) => {
    event.preventDefault();
    act(state, () => relief(state));
  });
  $("#dealer-close").addEventListener("click", () => $(DIALOG).close());
}

/** Off the table: the bar's button goes. */
export function leaveDealer() {
  current = null;
  reads += 1;
  $("#dealer-on").hidden = true;
}
