// Fewer tab stops: a group of cards (a hand, the picker) is one stop; the
// arrow keys move between its cards (a "roving tabindex"), Home and End go
// to its first and last, and Enter or Space presses the card.

const MOVES = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: "up", ArrowDown: "down", Home: "first", End: "last" };

function usable(box, selector) {
  return [...box.querySelectorAll(selector)].filter((node) => !node.disabled);
}

/** Make ``box``'s ``selector`` items one tab stop: the one with
 * ``data-card`` ``focused`` (else the one that had the stop, else the
 * first usable) takes it and, if ``focused`` was given, the focus too.
 * ``columns``: how far Up and Down go (a row of the picker). */
export function roving(box, selector, focused = null, columns = 0) {
  const items = [...box.querySelectorAll(selector)];
  const free = items.filter((node) => !node.disabled);
  const keep =
    free.find((node) => node.dataset.card === focused) ||
    free.find((node) => node.tabIndex === 0) ||
    free[0];
  for (const node of items) node.tabIndex = node === keep ? 0 : -1;
  if (focused !== null && keep) keep.focus();
  box.onkeydown = (event) => move(box, selector, columns, event);
}

function move(box, selector, columns, event) {
  const step = MOVES[event.key];
  if (step === undefined || !event.target.matches(selector)) return;
  const all = [...box.querySelectorAll(selector)];
  const here = all.indexOf(event.target);
  const row = columns || 1; // in a hand, Up and Down are Left and Right
  const wanted = { up: here - row, down: here + row, first: 0, last: all.length - 1 }[step] ?? here + step;
  event.preventDefault();
  // The nearest usable card in the direction of the move (used cards are skipped).
  const direction = step === "first" ? 1 : step === "last" ? -1 : wanted >= here ? 1 : -1;
  const stride = step === "up" || step === "down" ? row : 1;
  let index = Math.max(0, Math.min(all.length - 1, wanted));
  while (all[index] && all[index].disabled) index += direction * stride;
  const next = all[index];
  if (!next || next.disabled) return;
  for (const node of all) node.tabIndex = node === next ? 0 : -1;
  next.focus();
}

/** After ``box``'s items changed (used, freed): the stop stays on a usable one. */
export function keepStop(box, selector) {
  const free = usable(box, selector);
  if (free.length && !free.some((node) => node.tabIndex === 0)) {
    for (const node of box.querySelectorAll(selector)) node.tabIndex = -1;
    free[0].tabIndex = 0;
  }
}
