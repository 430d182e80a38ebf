// The dealing order: the dealer's hand first, then the seats in turn (a
// seat marked empty is passed over). A hand that takes cards while one
// before it is not complete is said so, by name: a dealer who meant the
// cards for the earlier hand would otherwise shift every hand after it.
import { HAND_SIZE, handName, openHands } from "./dealer_tablet.js";
import { $ } from "../shared/dom.js";

/** Each open hand holding cards while an open hand before it is not
 * complete: ``[{hand, before, count}]`` (``before`` the first such hand). */
export function outOfOrder(state) {
  const found = [];
  let waiting = null;
  for (const key of openHands(state)) {
    const count = state.hands[key].length;
    if (waiting !== null && count > 0) found.push({ hand: key, before: waiting.key, count: waiting.count });
    if (waiting === null && count < HAND_SIZE) waiting = { key, count };
  }
  return found;
}

/** The notice in the round's details, or none. */
export function showOrder(state) {
  const notice = $("#order-notice");
  const found = outOfOrder(state);
  const parts = found.map(
    ({ hand, before, count }) => `${handName(hand)} has cards while ${handName(before)} has ${count} of ${HAND_SIZE}`,
  );
  notice.textContent = parts.length ? `Out of the dealing order: ${parts.join("; ")}.` : "";
  notice.title = parts.length ? "Check the cards went to the hand meant; mark a seat with no player Empty." : "";
  notice.hidden = parts.length === 0;
}
