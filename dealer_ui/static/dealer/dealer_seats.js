// A seat open or empty for the round: an empty seat takes no cards and no
// bets and is not sent. The marks stay for the next round (the same
// players sit on), until the dealer changes them.
import { fillBets } from "./dealer_bets.js";
import { removeCards } from "./dealer_cards.js";
import { activate, renderHand, showOpen } from "./dealer_felt.js";
import { showSame, targetBet } from "./dealer_pad.js";
import { changed, handName, isEmpty, locked, tablet } from "./dealer_tablet.js";
import { $ } from "../shared/dom.js";

/** The seat's inputs usable or not, as the seat is open or empty (and the round editable). */
export function showSeat(seat) {
  showOpen(seat);
  const off = isEmpty(seat) || locked();
  for (const node of document.querySelectorAll(`#hand-${seat} .bets input, #hand-${seat} .way input`)) node.disabled = off;
  $(`#open-${seat}`).disabled = locked();
}

export function setEmpty(seat, empty) {
  if (locked() || isEmpty(seat) === empty) return;
  if (empty) {
    removeCards(seat, [...tablet.hands[seat]], `${handName(seat)}'s cards`);
    fillBets(seat, tablet.bets);
    delete tablet.manual[seat];
    tablet.empty = [...tablet.empty, seat];
    $(`#hw-${seat}`).checked = true;
    if (tablet.target?.seat === seat) targetBet(null);
    if (tablet.active === seat) activate("dealer");
  } else {
    tablet.empty = tablet.empty.filter((other) => other !== seat);
  }
  renderHand(seat);
  showSeat(seat);
  showSame();
  changed();
}
