// A seat open or empty for the round: an empty seat takes no cards and no
// bets and is not sent. The marks stay for the next round (the same
// players sit on), until the dealer changes them.
import { fillBets } from "./dealer_bets.js";
import { removeCards } from "./dealer_cards.js";
import { activate, renderHand, showOpen } from "./dealer_felt.js";
import { showSame, targetBet } from "./dealer_pad.js";
import { changed, handName, isEmpty, locked } from "./dealer_tablet.js";
import { $ } from "../shared/dom.js";

/** The seat's inputs usable or not, as the seat is open or empty (and the round editable). */
export function showSeat(state, seat) {
  showOpen(state, seat);
  const off = isEmpty(state, seat) || locked(state);
  for (const node of document.querySelectorAll(`#hand-${seat} .bets input, #hand-${seat} .way input`)) node.disabled = off;
  $(`#open-${seat}`).disabled = locked(state);
}

export function setEmpty(state, seat, empty) {
  if (locked(state) || isEmpty(state, seat) === empty) return;
  if (empty) {
    removeCards(state, seat, [...state.hands[seat]], `${handName(seat)}'s cards`);
    fillBets(seat, state.bets);
    delete state.manual[seat];
    state.empty = [...state.empty, seat];
    $(`#hw-${seat}`).checked = true;
    if (state.target?.seat === seat) targetBet(state, null);
    if (state.active === seat) activate(state, "dealer");
  } else {
    state.empty = state.empty.filter((other) => other !== seat);
  }
  renderHand(state, seat);
  showSeat(state, seat);
  showSame(state);
  changed(state);
}
