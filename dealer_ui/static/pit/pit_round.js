// One round as stored: the dealer's hand and house way, every seat, who and
// when, its voids and corrections; and asking for a void or a correction.
import { call } from "../shared/api.js";
import { useCurrency } from "../shared/money.js";
import { $, clearErrors, el, grid, showError } from "../shared/dom.js";
import { reasonProblem } from "../shared/field_errors.js";
import { changeList } from "./pit_changes.js";
import { correctionForm } from "./pit_correction.js";
import { deckFacts } from "./pit_deck.js";
import { countPending, decisionControls } from "./pit_exceptions.js";
import {
  bets,
  byAt,
  canAct,
  cardsText,
  currencyOf,
  draw,
  go,
  money,
  net,
  notify,
  settingText,
  showApiError,
  statusBadge,
  tableName,
} from "./pit_common.js";
import { handValues } from "./pit_values.js";
import { DECISION_STATE, EXCEPTION_KIND, ROUND_STATUS } from "../shared/vocabulary.js";

function seatNet(state, seat) {
  return bets(state).reduce((sum, bet) => sum + (seat[bet.key] ? seat[bet.key].net : 0), 0);
}

function betCell(seat, bet) {
  const stake = seat.bets[bet.key];
  const result = seat[bet.key];
  if (!stake) return el("td", { className: "bet-cell", "aria-label": `no ${bet.name} bet` }, "—");
  const amount = result.net === 0 ? "" : ` ${net(result.net)}`;
  return el(
    "td",
    { className: "bet-cell", dataset: { bet: bet.key } },
    el("div", { className: "stake" }, money(stake)),
    el("div", { className: `outcome ${result.outcome}` }, `${result.outcome}${amount}`),
  );
}

function seatRow(state, seat) {
  const foul = seat.fouled ? el("span", { className: "badge flag" }, "FOUL") : null;
  return el(
    "tr",
    { dataset: { seat: String(seat.seat) } },
    el("th", { scope: "row" }, `Seat ${seat.seat}`, seat.lucky_break ? el("div", { className: "muted" }, "Lucky Break") : null),
    el("td", {}, cardsText(seat.cards)),
    el("td", { className: "entered" }, settingText(seat.setting_entered)),
    el(
      "td",
      { className: "settled" },
      settingText(seat),
      foul ? el("div", {}, foul, " reset to the house way") : null,
      el("div", { className: "muted" }, `house way rule ${seat.house_way.rule}`),
    ),
    ...bets(state).map((bet) => betCell(seat, bet)),
    el("td", { className: "number net" }, net(seatNet(state, seat))),
  );
}

function dealerBox(dealer) {
  const qualifies = dealer.qualifies ? "qualifies" : "does NOT qualify: every Main Bet pushes";
  return el(
    "div",
    { className: "dealer-box", id: "round-dealer" },
    el("p", {}, el("strong", {}, "Dealer "), cardsText(dealer.cards)),
    el(
      "p",
      {},
      `House way: ${settingText(dealer)} — rule ${dealer.rule} · `,
      el("strong", { className: "qualifies" }, qualifies),
      dealer.lucky_break ? " · Lucky Break" : "",
    ),
    el("p", { className: "explanation" }, dealer.explanation),
  );
}

function facts(state, round) {
  const link = (text, id) => el("button", { type: "button", className: "link", onclick: () => go("round", id) }, text);
  return el(
    "p",
    { className: "facts" },
    `${tableName(state, round.table_id)} · entered by `,
    byAt(round.entered_by, round.entered_at),
    ` · gaming day ${round.gaming_day}, shift ${round.shift} · rules version ${round.config_version}`,
    round.supersedes ? [" · corrects ", link(`#${round.supersedes}`, round.supersedes)] : null,
    round.superseded_by ? [" · superseded by ", link(`#${round.superseded_by}`, round.superseded_by)] : null,
  );
}

function exceptionItem(state, summary, round, redraw) {
  const item = el(
    "li",
    { className: "exception", dataset: { exception: String(summary.id) } },
    el("p", {}, el("strong", {}, summary.kind === EXCEPTION_KIND.VOID ? "Void" : "Correction"), " ", statusBadge(summary.state), ` — ${summary.reason}`),
    el("p", {}, "Requested by ", byAt(summary.requested_by, summary.requested_at)),
    summary.decided_by
      ? el("p", { className: "decision" }, `${summary.state === DECISION_STATE.APPROVED ? "Approved" : "Rejected"} by `, byAt(summary.decided_by, summary.decided_at), summary.note ? ` — note: ${summary.note}` : "")
      : null,
  );
  if (summary.kind === EXCEPTION_KIND.CORRECTION) {
    call("GET", `/exceptions/${summary.id}`)
      .then(({ json }) => item.append(changeList(state, json.changes, `changes-${summary.id}`)))
      .catch((error) => item.append(el("p", { className: "error" }, error.message)));
  }
  if (summary.state === DECISION_STATE.PENDING) item.append(decisionControls(state, { ...summary, round: round.id }, redraw));
  return item;
}

function voidForm(state, round, redraw) {
  const reason = el("textarea", { id: "void-reason", rows: 2, maxLength: 500, dataset: { field: "void-reason" } });
  const form = el(
    "form",
    { className: "act-form", id: "void-form", noValidate: true },
    el("label", { htmlFor: "void-reason" }, "Reason for the void"),
    reason,
    el("span", { className: "error", dataset: { errorFor: "void-reason" }, role: "alert" }),
    el("button", { type: "submit", className: "big danger" }, "Request void"),
  );
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    clearErrors(form);
    const problem = reasonProblem(reason.value, "Reason for the void");
    if (problem) return showError("void-reason", problem);
    try {
      await call("POST", `/rounds/${round.id}/void`, { reason: reason.value });
      notify(`Void of round #${round.id} requested: a second pit boss must approve it.`);
      redraw();
      countPending(state);
    } catch (error) {
      showApiError(error, "void", "void-reason");
    }
  });
  return form;
}

function actions(state, round, redraw) {
  if (!canAct(state)) return el("p", { className: "muted" }, "Read only: a pit boss asks for voids and corrections.");
  if (round.status !== ROUND_STATUS.SETTLED) return el("p", { className: "muted" }, `This record is ${round.status}: nothing more can be asked of it.`);
  if (round.exceptions.some((each) => each.state === DECISION_STATE.PENDING)) {
    return el("p", { className: "muted" }, "A request is open for this round: it must be decided before another is asked.");
  }
  const box = el("div", { className: "correction-box" });
  const open = el("button", { type: "button", className: "big", id: "open-correction" }, "Request correction…");
  open.addEventListener("click", () => {
    open.hidden = true;
    box.replaceChildren(correctionForm(state, round, redraw));
    box.querySelector("input, textarea")?.focus();
  });
  return el("div", { className: "actions" }, voidForm(state, round, redraw), el("div", {}, open, box));
}

function detail(state, round, redraw) {
  const headers = ["Seat", "Cards", "Entered", "Settled", ...bets(state).map((bet) => bet.name), "Player's net"];
  return [
    el("h2", { id: "round-title", tabIndex: -1 }, `Round #${round.id} `, statusBadge(round.status), el("span", { className: "muted" }, ` round id ${round.round_id} · revision ${round.revision}`)),
    facts(state, round),
    deckFacts(round),
    dealerBox(round.dealer),
    grid(headers, round.seats.map((seat) => seatRow(state, seat)), { id: "round-seats" }),
    el("p", { className: "house-net", id: "round-house-net" }, `House net ${net(round.house_net)}`, el("span", { className: "muted" }, " (the house's side: + when the house is ahead; seat nets are the players')")),
    handValues(state, round),
    el("h3", {}, "Voids and corrections"),
    round.exceptions.length
      ? el("ul", { className: "exceptions", id: "round-exceptions" }, round.exceptions.map((each) => exceptionItem(state, each, round, redraw)))
      : el("p", { className: "muted" }, "None."),
    actions(state, round, redraw),
  ];
}

export async function showRound(state, id) {
  const out = $("#round-detail");
  clearErrors($("#view-round"));
  const redraw = () => showRound(state, id);
  await draw("round", out, async () => (await call("GET", `/rounds/${id}`)).json, (round) => {
    useCurrency(currencyOf(state, round.table_id)); // its amounts, and the correction typed, in its table's currency
    return detail(state, round, redraw);
  }, "round");
  if (!out.contains(document.activeElement)) $("#round-title")?.focus(); // keyboard users start at the round
}

$("#round-back").addEventListener("click", () => (history.length > 1 ? history.back() : go("rounds")));
