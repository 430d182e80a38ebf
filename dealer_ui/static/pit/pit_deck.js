// Where a round's cards came from, for the pit: typed or tapped in by the
// dealer, or dealt from a deck a card-reading shoe posted, and then every
// card the dealer changed by hand (a significant event: the shoe read one
// card and the dealer entered another).
import { label } from "../shared/cards.js";
import { el } from "../shared/dom.js";
import { HAND } from "../shared/vocabulary.js";

function handName(hand) {
  return hand === HAND.DEALER ? "Dealer" : `Seat ${hand}`;
}

function changeItem(change) {
  return el(
    "li",
    { dataset: { hand: change.hand, position: String(change.position) } },
    `${handName(change.hand)}, card ${change.position}: the shoe read ${label(change.fed)}, the dealer entered ${label(change.entered)}`,
  );
}

/** The round's deck line: a warning with the list when cards were changed by hand. */
export function deckFacts(round) {
  const deck = round.deck;
  if (!deck) return el("p", { className: "muted", id: "round-deck" }, "Cards entered on the tablet (no deck feed).");
  const source = `Dealt from ${deck.device_id} deck ${deck.sequence} (deck #${deck.id})`;
  if (deck.changed.length === 0) return el("p", { className: "muted", id: "round-deck" }, `${source}; no card changed by hand.`);
  const count = deck.changed.length;
  return el(
    "div",
    { className: "note deck-changed", id: "round-deck", role: "note" },
    el("strong", {}, `${source}: ${count} card${count === 1 ? "" : "s"} changed by hand`),
    el("ul", {}, deck.changed.map(changeItem)),
  );
}

/** A mark for the round list: the round's cards differ from its deck's. */
export function deckMark(round) {
  if (!round.deck?.changed.length) return null;
  return el("span", { className: "badge changed-by-hand", title: "cards changed by hand against the shoe's deck" }, "changed by hand");
}
