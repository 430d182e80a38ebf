// What the dealer tablet draws from the API's answers: the house way and
// the joker under a hand, the preview and the settlement with every payout.
// ``bets`` are the bets the API sent with the table, in the order shown.
import { label } from "../shared/cards.js";
import { el } from "../shared/dom.js";
import { formatAmount, payOrTake } from "../shared/money.js";
import { OUTCOME } from "../shared/vocabulary.js";

/** "low 7♥ 7♦ · high JK K♦ Q♦" */
export function describe(way) {
  return `low ${way.low.map(label).join(" ")} · high ${way.high.map(label).join(" ")}`;
}

/** What the joker stands for in the hands that play ("JK plays as A: high Q-K-A"), or "". */
export function jokerText(way) {
  for (const [part, hand] of [["low", way.low_hand], ["high", way.high_hand]]) {
    if (hand?.joker_as) return `JK plays as ${hand.joker_as}: ${part} ${hand.plays_as}`;
  }
  return "";
}

/** The hands that play: a player's own setting when it is legal, else the house way. */
export function playingWay(answer) {
  const own = answer.setting;
  return own && !own.fouled ? own : answer;
}

function betCell(result, stake) {
  if (!result || result.outcome === OUTCOME.NONE) return el("td", { "aria-label": "no bet" }, "—");
  const amount = result.net === 0 ? "" : ` ${result.net > 0 ? "+" : "−"}${formatAmount(Math.abs(result.net))}`;
  const title = stake ? `stake ${formatAmount(stake)}` : undefined;
  return el("td", { className: `outcome ${result.outcome}`, title }, `${result.outcome}${amount}`);
}

/** The setting, on one line: where it is cut short, its title has it whole. */
function settingCell(text) {
  return el("td", { className: "setting", title: text }, text);
}

export function seatNet(seat, bets) {
  return bets.reduce((sum, bet) => sum + (seat[bet.key] ? seat[bet.key].net : 0), 0);
}

function payoutTable(seats, id, bets) {
  const rows = seats.map((seat) =>
    el(
      "tr",
      { dataset: { seat: String(seat.seat) }, className: seat.fouled ? "fouled" : "" },
      el("th", { scope: "row" }, el("span", { className: "seat-word" }, "Seat "), String(seat.seat)),
      ...bets.map((bet) => betCell(seat[bet.key], seat.bets?.[bet.key])),
      el("td", { className: "net" }, payOrTake(seatNet(seat, bets))),
      settingCell(`${describe(seat)}${seat.fouled ? " (FOUL: set by house way)" : ""}`),
    ),
  );
  return el(
    "table",
    { className: "grid settlement", id },
    el("thead", {}, el("tr", {}, ...["Seat", ...bets.map((bet) => bet.short), "Pay / take", "Setting"].map((name) => el("th", { scope: "col" }, name)))),
    el("tbody", {}, ...rows),
  );
}

export function dealerLine(dealer) {
  const qualifies = dealer.qualifies ? "qualifies" : "does NOT qualify: every Main Bet pushes";
  const lucky = dealer.lucky_break ? " · Lucky Break" : "";
  return `Dealer: ${describe(dealer)} — rule ${dealer.rule}; ${qualifies}${lucky}`;
}

/** The house's result on the round, short, for the dealer's spot: "House wins 12.00". */
export function houseLine(houseNet) {
  return `House ${houseNet >= 0 ? "wins" : "pays"} ${formatAmount(Math.abs(houseNet))}`;
}

function houseTotal(houseNet) {
  return `House ${houseNet >= 0 ? "wins" : "pays"} ${formatAmount(Math.abs(houseNet))} on the round`;
}

/** The preview's parts: what the round would settle to, nothing stored. */
export function previewParts(preview, bets) {
  const fouls = preview.seats.filter((seat) => seat.foul);
  const foulItem = (seat) =>
    el("li", { dataset: { foul: String(seat.seat) } }, seat.foul.message, ` House way: ${describe(seat.foul.house_way)} (rule ${seat.foul.house_way.rule}).`);
  return [
    el("h2", {}, "Preview — not settled yet"),
    el("p", { className: "preview-dealer", dataset: { preview: "dealer" } }, dealerLine(preview.dealer), el("br"), el("small", {}, preview.dealer.explanation)),
    fouls.length ? el("ul", { className: "fouls", id: "fouls" }, ...fouls.map(foulItem)) : null,
    payoutTable(preview.seats, "preview-table", bets),
    el("p", { className: "house-net" }, houseTotal(preview.house_net)),
  ].filter(Boolean);
}

/** The pit's name of a stored round ("round #12"), the one the dealer quotes. */
export function roundNumber(round) {
  return `round #${round.id}`;
}

/** The settlement's parts: the stored round, named as the pit names it
 * (``heading``, with the house's total), and each bet's result (``table``). */
export function settlementParts(round, replayed, bets) {
  return {
    heading: [
      el("h2", {}, `Settled · ${roundNumber(round)}${replayed ? " (already settled: shown again)" : ""}`),
      el("p", { className: "house-net" }, houseTotal(round.house_net)),
    ],
    table: payoutTable(round.seats, "settlement", bets),
  };
}
