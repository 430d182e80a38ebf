// Small DOM helpers shared by the pages.

export const $ = (selector, root = document) => root.querySelector(selector);

/** An element with properties (or attributes, for names with a dash) and children. */
export function el(tag, props = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(props)) {
    if (value === undefined || value === null) continue;
    if (name === "dataset") Object.assign(node.dataset, value);
    else if (name in node && !name.includes("-")) node[name] = value;
    else node.setAttribute(name, value);
  }
  node.append(...children.flat().filter((child) => child !== null && child !== undefined && child !== false));
  return node;
}

/** Empty every error (and invalid mark) inside ``root``. */
export function clearErrors(root = document) {
  for (const node of root.querySelectorAll("[data-error-for]")) node.textContent = "";
  for (const node of root.querySelectorAll("[aria-invalid]")) node.removeAttribute("aria-invalid");
}

function errorNode(target) {
  // Escaped: a field name comes from the API and may hold any character.
  return (
    document.querySelector(`[data-error-for="${CSS.escape(target)}"]`) ||
    document.querySelector('[data-error-for="general"]')
  );
}

/** Show ``message`` where ``target`` shows its errors (``general`` if nowhere)
 * and mark the field ``data-field="target"`` as invalid. */
export function showError(target, message) {
  const node = errorNode(target);
  if (node) node.textContent = message;
  document.querySelector(`[data-field="${CSS.escape(target)}"]`)?.setAttribute("aria-invalid", "true");
}

/** Take back what ``showError(target, ...)`` showed. */
export function clearError(target) {
  const node = errorNode(target);
  if (node) node.textContent = "";
  document.querySelector(`[data-field="${CSS.escape(target)}"]`)?.removeAttribute("aria-invalid");
}

/** A <table class="grid"> with a header row and the given body rows. */
export function grid(headers, rows, props = {}) {
  return el(
    "table",
    { className: "grid", ...props },
    el("thead", {}, el("tr", {}, headers.map((name) => el("th", { scope: "col" }, name)))),
    el("tbody", {}, rows),
  );
}

/** A date-time from the API, in the tablet's own clock, to the minute. */
export function when(iso) {
  if (!iso) return "";
  const moment = new Date(iso);
  return Number.isNaN(moment.getTime()) ? iso : moment.toLocaleString("en-GB", { dateStyle: "medium", timeStyle: "short" });
}
