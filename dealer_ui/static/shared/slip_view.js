// A fill or credit slip as it is printed and signed: its number, kind,
// table, each signature with its name and time, and the amounts by
// denomination. Shown in #slip-print; print.css prints that panel alone.
import { $, el, grid, when } from "./dom.js";
import { formatAmount, typedAmount } from "./money.js";

const KINDS = { fill: "Fill", credit: "Credit" };
const STEPS = { issued: "Issued (cage)", received: "Received at the table", voided: "Voided" };

export function kindText(slip) {
  return KINDS[slip.kind] || slip.kind;
}

export function stateBadge(state) {
  return el("span", { className: `badge slip-${state}` }, state);
}

function amounts(slip) {
  const rows = Object.entries(slip.lines)
    .sort(([a], [b]) => Number(a) - Number(b))
    .map(([denomination, cents]) =>
      el(
        "tr",
        { dataset: { denomination } },
        el("td", {}, `${typedAmount(Number(denomination))} chips`),
        el("td", { className: "number" }, String(cents / Number(denomination))),
        el("td", { className: "number" }, formatAmount(cents)),
      ),
    );
  rows.push(
    el("tr", { className: "totals" }, el("th", { scope: "row", colSpan: 2 }, "Total"), el("td", { className: "number slip-total" }, formatAmount(slip.total))),
  );
  return grid(["Denomination", "Chips", "Amount"], rows, { className: "grid slip-amounts" });
}

function signatures(slip) {
  const rows = [
    el("tr", { dataset: { step: "requested" } }, el("td", {}, "Requested (pit)"), el("td", {}, slip.requested_by), el("td", {}, ""), el("td", {}, when(slip.requested_at)), el("td", {}, "")),
    ...slip.signatures.map((signature) =>
      el(
        "tr",
        { dataset: { step: signature.step } },
        el("td", {}, STEPS[signature.step] || signature.step),
        el("td", {}, signature.signed_by),
        el("td", {}, signature.cosigned_by || ""),
        el("td", {}, when(signature.signed_at)),
        el("td", {}, signature.reason || ""),
      ),
    ),
  ];
  return grid(["Step", "Signed by", "Second signature", "Time", "Reason"], rows, { className: "grid slip-signatures" });
}

/** The printable view of ``slip``, shown in #slip-print with Print and Close. */
export function showPrintable(slip) {
  const panel = $("#slip-print");
  panel.replaceChildren(
    el("h2", { id: "slip-print-title" }, `${kindText(slip)} slip No. ${slip.number} `, stateBadge(slip.state)),
    el(
      "p",
      { className: "facts" },
      `Table ${slip.table} · session ${slip.session_id} · requested ${when(slip.requested_at)}`,
    ),
    amounts(slip),
    el("h3", {}, "Signatures"),
    signatures(slip),
    el(
      "div",
      { className: "actions no-print" },
      el("button", { type: "button", className: "big primary", onclick: () => window.print() }, "Print"),
      el("button", { type: "button", className: "big secondary", onclick: () => (panel.hidden = true) }, "Close"),
    ),
  );
  panel.hidden = false;
  panel.scrollIntoView({ block: "start" });
}
