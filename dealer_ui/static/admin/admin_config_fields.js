// The fields of a new configuration, filled from the current version: the
// seats, the dealer qualifier and the foul policy by tapping, each bet's
// limits typed as amounts, and the Break Bonus odds. The bets come from the
// table and the pay table's categories from the API's own pay table, in
// their order: this page keeps no list of either.
import { $, el } from "../shared/dom.js";
import { readAmount, typedAmount } from "../shared/money.js";
import { FOUL_POLICY } from "../shared/vocabulary.js";

const SEATS = [1, 2, 3, 4, 5, 6];
const RANKS = ["A", "K", "Q", "J", "T", "9", "8", "7", "6", "5", "4", "3", "2"];
const FOULS = [
  [FOUL_POLICY.HOUSE_WAY, "Reset by the house way, then settled"],
  [FOUL_POLICY.FORFEIT, "The Main Bet is lost; side bets still settle"],
];

function errorSpot(field) {
  return el("span", { className: "error", dataset: { errorFor: `config-config.${field}` } });
}

function labelled(id, text, control, field) {
  return el("div", { className: "field" }, el("label", { htmlFor: id }, text), control, errorSpot(field));
}

/** Buttons of which one is pressed: a choice made by a tap. */
function choices(id, label, options, current, field) {
  const group = el("div", {
    className: "choices",
    id,
    role: "group",
    "aria-label": label,
    dataset: { field: `config-config.${field}` },
  });
  for (const [value, text] of options) {
    const button = el("button", { type: "button", className: "big", value: String(value) }, text);
    button.setAttribute("aria-pressed", String(String(value) === String(current)));
    button.addEventListener("click", () => {
      for (const other of group.querySelectorAll("button")) {
        other.setAttribute("aria-pressed", String(other === button));
      }
      group.dispatchEvent(new Event("input", { bubbles: true }));
    });
    group.append(button);
  }
  return el("div", { className: "field" }, el("strong", {}, label), group, errorSpot(field));
}

function chosen(id) {
  return $(`#${id} button[aria-pressed="true"]`)?.value;
}

function rankSelect(id, label, current) {
  const options = RANKS.map((rank) => el("option", { value: rank }, rank === "T" ? "10" : rank));
  const select = el("select", { id, "aria-label": label }, options);
  select.value = current;
  return select;
}

function qualifier(current) {
  const [high, middle, low] = current.split("-");
  const row = el(
    "div",
    { className: "choices", dataset: { field: "config-config.dealer_qualifier" } },
    rankSelect("qualifier-high", "Qualifier high card", high),
    rankSelect("qualifier-middle", "Qualifier second card", middle),
    rankSelect("qualifier-low", "Qualifier third card", low),
  );
  return el("div", { className: "field" }, el("strong", {}, "Dealer qualifies with"), row, errorSpot("dealer_qualifier"));
}

/** A typed field whose errors are shown at ``config-config.<field>``. */
function input(id, className, value, field, props = {}) {
  return el("input", { id, className, value, autocomplete: "off", dataset: { field: `config-config.${field}` }, ...props });
}

function limitFields(bet, pair) {
  return ["min", "max"].map((end, index) => {
    const field = `limits.${bet.key}[${index}]`;
    const box = input(`limit-${bet.key}-${end}`, "amount", typedAmount(pair[index]), field, { inputMode: "decimal" });
    return labelled(box.id, `${bet.name} ${end === "min" ? "minimum" : "maximum"}`, box, field);
  });
}

function payField(line, odds) {
  const field = `break_bonus_pays.${line.category}`;
  const box = input(`pays-${line.category}`, "odds", String(odds), field, { type: "number", min: "1", step: "1" });
  return labelled(box.id, `${line.name} pays (to 1)`, box, field);
}

/** The editor's fields for ``config`` (the current version), the table's
 * ``bets`` and the pay table's ``lines``. */
export function configFields(config, bets, lines) {
  const seats = SEATS.map((count) => [count, String(count)]);
  return [
    el(
      "div",
      { className: "config-row" },
      choices("seats", "Seats", seats, config.seats, "seats"),
      qualifier(config.dealer_qualifier),
    ),
    el("div", { className: "config-row" }, choices("foul-policy", "A fouled setting", FOULS, config.foul_policy, "foul_policy")),
    el("h4", {}, "Table limits"),
    el("div", { className: "config-row" }, bets.flatMap((bet) => limitFields(bet, config.limits[bet.key]))),
    el("h4", {}, "Break Bonus pay table"),
    el("div", { className: "config-row" }, lines.map((line) => payField(line, config.break_bonus_pays[line.category]))),
  ];
}

/** ``{config}`` as the fields say, or ``{problems}``: [target, message] of each field that is not a value. */
export function readConfig(bets, lines) {
  const problems = [];
  const limits = {};
  for (const bet of bets) {
    limits[bet.key] = ["min", "max"].map((end, index) => {
      const name = `${bet.name} ${end === "min" ? "minimum" : "maximum"}`;
      const typed = readAmount($(`#limit-${bet.key}-${end}`).value, name);
      if (typed.problem) problems.push([`config-config.limits.${bet.key}[${index}]`, typed.problem]);
      return typed.cents;
    });
  }
  const pays = {};
  for (const line of lines) {
    const text = $(`#pays-${line.category}`).value.trim();
    if (!/^\d+$/.test(text)) {
      problems.push([`config-config.break_bonus_pays.${line.category}`, `${line.name}: odds are a whole number to 1`]);
    }
    pays[line.category] = Number(text);
  }
  const qualifier = ["high", "middle", "low"].map((part) => $(`#qualifier-${part}`).value).join("-");
  const config = {
    seats: Number(chosen("seats")),
    dealer_qualifier: qualifier,
    foul_policy: chosen("foul-policy"),
    limits,
    break_bonus_pays: pays,
  };
  return problems.length ? { problems } : { config };
}
