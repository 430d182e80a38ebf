// What a correction changes, as the API works it out: every entered field
// before and after, each seat's net per bet before and after, the house's.
import { el, grid } from "../shared/dom.js";
import { bets, cardsText, money, net, settingText } from "./pit_common.js";
import { HAND } from "../shared/vocabulary.js";

function fieldName(state, field) {
  if (field === HAND.DEALER) return "Dealer's cards";
  const [, seat, what, bet] = /^seats\.(\d+)\.(\w+)(?:\.(\w+))?$/.exec(field) || [];
  if (!seat) return field;
  if (what === "bets") return `Seat ${seat} · ${bets(state).find((each) => each.key === bet)?.name ?? bet} bet`;
  return `Seat ${seat} · ${what}`;
}

function fieldValue(field, value) {
  if (value === null || value === undefined) return el("span", { className: "muted" }, "not in the round");
  if (field.includes(".bets.")) return money(value);
  if (field.endsWith(".setting")) return settingText(value);
  return cardsText(value);
}

function moneyChange(change) {
  return el("td", { className: change.difference ? "number changed" : "number" }, `${net(change.before)} → ${net(change.after)}`);
}

/** Every changed field before and after; each seat's net per bet before and after with the difference; the house's. */
export function changeList(state, changes, id) {
  if (!changes) return null;
  const fields = changes.fields.map((change) =>
    el("tr", { dataset: { field: change.field } }, el("th", { scope: "row" }, fieldName(state, change.field)), el("td", { className: "before" }, fieldValue(change.field, change.before)), el("td", { className: "after" }, fieldValue(change.field, change.after))),
  );
  const seats = changes.seats.map((seat) =>
    el(
      "tr",
      { dataset: { seat: String(seat.seat) } },
      el("th", { scope: "row" }, `Seat ${seat.seat}`),
      ...bets(state).map((bet) => moneyChange(seat.bets[bet.key])),
      el("td", { className: "number net-before" }, net(seat.net_before)),
      el("td", { className: "number net-after" }, net(seat.net_after)),
      el("td", { className: "number difference" }, net(seat.difference)),
    ),
  );
  const house = changes.house_net;
  return el(
    "div",
    { className: "changes", id },
    grid(["Changed", "Before", "After"], fields, { className: "grid change-fields" }),
    grid(["Player's net", ...bets(state).map((bet) => bet.name), "Seat net before", "after", "Difference"], seats, { className: "grid change-seats" }),
    el("p", { className: "house-change" }, `House net ${net(house.before)} → ${net(house.after)} (difference ${net(house.difference)})`),
  );
}
