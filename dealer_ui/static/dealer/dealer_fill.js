// Filling the hands from a deck feed (POST /tables/{id}/decks, its hands
// answered once the dealer marks them exposed: POST
// /tables/{id}/decks/{deck}/exposure): the dealer only confirms. A card changed by
// hand afterwards is the server's to compare (the round is sent with the
// feed's ``deck_id``, and the server deals the feed again to see).
import { fillAll } from "./dealer_cards.js";
import { locked } from "./dealer_tablet.js";

/** Every open hand (the dealer's and each seat not marked empty) filled
 * from ``hands`` ({"dealer": [7 codes], "1": [7 codes], ...}, as the
 * exposure's ``hands``), the round marked as dealt from deck ``deckId`` (its ``id``).
 * False if the round can no longer change. */
export function fillHands(state, hands, deckId) {
  if (locked(state)) return false;
  state.deckId = deckId; // before the change is kept in the draft
  fillAll(state, hands);
  return true;
}
