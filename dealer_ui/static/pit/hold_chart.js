// The hold chart: per bet type, the actual hold as a marker against the
// theoretical hold (a dashed line) and its confidence band (shaded), on one
// scale, each row labelled with its figures. Inline SVG (the CSP allows no
// inline style; SVG presentation attributes are fine), its figures also in
// <title> and <desc> for a screen reader.
import { el } from "../shared/dom.js";
import { bets, percent } from "./pit_common.js";

const NS = "http://www.w3.org/2000/svg";
const WIDTH = 960;
const LEFT = 190;
const RIGHT = 24;
const TOP = 44;
const ROW = 70;
const AXIS = 44;

function svg(tag, attributes = {}, ...children) {
  const node = document.createElementNS(NS, tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, String(value));
  node.append(...children);
  return node;
}

/** Round steps (1, 2 or 5 times a power of ten) across [low, high], about eight. */
function ticks(low, high) {
  const rough = (high - low) / 8;
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 5, 10].map((times) => times * power).find((each) => each >= rough);
  const first = Math.ceil(low / step);
  const found = [];
  for (let index = first; index * step <= high; index += 1) found.push(index * step); // no summed rounding error
  return found;
}

/** "95 %" (or "99.5 %"): the confidence of the band. */
export function confidenceText(confidence) {
  return `${Number((confidence * 100).toFixed(2))} %`;
}

/** What a row says in words, for its label and for the chart's description. */
export function lineText(line, confidence) {
  if (!line.handle) return "no bets in this period";
  const parts = [`actual ${percent(line.hold)}`];
  if (line.theoretical_hold === null) parts.push("theoretical hold pending (par sheet being computed)");
  else parts.push(`theoretical ${percent(line.theoretical_hold)}`);
  if (line.hold_interval) {
    parts.push(`${confidenceText(confidence)} band ${percent(line.hold_interval.low)} to ${percent(line.hold_interval.high)}`);
    parts.push(line.variance_flag ? "OUTSIDE the band: flagged" : "inside the band");
  }
  return parts.join(" · ");
}

function domain(lines) {
  const values = [0];
  for (const { line } of lines) {
    if (!line.handle) continue;
    values.push(line.hold);
    if (line.theoretical_hold !== null) values.push(line.theoretical_hold);
    if (line.hold_interval) values.push(line.hold_interval.low, line.hold_interval.high);
  }
  const low = Math.min(...values);
  const high = Math.max(...values);
  const pad = (high - low) * 0.06 || 0.01;
  return [low - pad, high + pad];
}

function marker(x, y, flagged) {
  // Flagged: a cross, not only a colour; otherwise a diamond.
  const size = 9;
  if (flagged) {
    return svg("path", {
      d: `M${x - size},${y - size} L${x + size},${y + size} M${x - size},${y + size} L${x + size},${y - size}`,
      stroke: "#b00020",
      "stroke-width": 5,
      class: "actual flagged",
    });
  }
  return svg("path", { d: `M${x},${y - size} L${x + size},${y} L${x},${y + size} L${x - size},${y} Z`, fill: "#111", class: "actual" });
}

function row(bet, line, index, x, confidence) {
  const top = TOP + index * ROW;
  const middle = top + 22;
  const group = svg("g", { class: "hold-row", "data-bet": bet.key }, svg("title", {}, `${bet.name}: ${lineText(line, confidence)}`));
  group.append(svg("text", { x: 8, y: middle + 6, "font-size": 17, "font-weight": 700 }, bet.name));
  if (line.handle) {
    if (line.hold_interval) {
      const { low, high } = line.hold_interval;
      group.append(
        svg("rect", { x: x(low), y: middle - 14, width: Math.max(1, x(high) - x(low)), height: 28, fill: "#bcd7f5", stroke: "#3a6fb0", class: "band", "data-low": low, "data-high": high }),
      );
    }
    if (line.theoretical_hold !== null) {
      const at = x(line.theoretical_hold);
      group.append(svg("line", { x1: at, x2: at, y1: middle - 20, y2: middle + 20, stroke: "#0d47a1", "stroke-width": 3, "stroke-dasharray": "6 4", class: "theory", "data-hold": line.theoretical_hold }));
    }
    const actual = marker(x(line.hold), middle, line.variance_flag === true);
    actual.setAttribute("data-hold", String(line.hold));
    group.append(actual);
  }
  group.append(svg("text", { x: 8, y: middle + 40, "font-size": 14, class: "figures" }, lineText(line, confidence)));
  return group;
}

function legend(confidence) {
  return svg(
    "g",
    { class: "legend", "font-size": 14 },
    svg("path", { d: `M${LEFT},12 L${LEFT + 9},21 L${LEFT},30 L${LEFT - 9},21 Z`, fill: "#111" }),
    svg("text", { x: LEFT + 16, y: 26 }, "actual hold"),
    svg("line", { x1: LEFT + 130, x2: LEFT + 130, y1: 8, y2: 34, stroke: "#0d47a1", "stroke-width": 3, "stroke-dasharray": "6 4" }),
    svg("text", { x: LEFT + 140, y: 26 }, "theoretical hold"),
    svg("rect", { x: LEFT + 280, y: 12, width: 34, height: 18, fill: "#bcd7f5", stroke: "#3a6fb0" }),
    svg("text", { x: LEFT + 322, y: 26 }, `${confidenceText(confidence)} band`),
    svg("path", { d: `M${LEFT + 440},13 L${LEFT + 456},29 M${LEFT + 440},29 L${LEFT + 456},13`, stroke: "#b00020", "stroke-width": 4 }),
    svg("text", { x: LEFT + 464, y: 26 }, "actual outside the band"),
  );
}

/** The chart of a report (its ``bets`` and ``confidence``), with ``id`` for its title and description. */
export function holdChart(state, report, id) {
  const lines = bets(state).map((bet) => ({ bet, line: report.bets[bet.key] }));
  if (!lines.some(({ line }) => line.handle)) return el("p", { className: "muted", id }, "No bets in this period: no hold to chart.");
  const [low, high] = domain(lines);
  const x = (value) => LEFT + ((value - low) / (high - low)) * (WIDTH - LEFT - RIGHT);
  const bottom = TOP + lines.length * ROW;
  const height = bottom + AXIS;
  const description = lines.map(({ bet, line }) => `${bet.name}: ${lineText(line, report.confidence)}.`).join(" ");
  const chart = svg(
    "svg",
    { viewBox: `0 0 ${WIDTH} ${height}`, role: "img", "aria-labelledby": `${id}-title ${id}-desc`, class: "hold-chart", id, "font-family": "DejaVu Sans, sans-serif" },
    svg("title", { id: `${id}-title` }, `Hold by bet type, actual against theoretical with the ${confidenceText(report.confidence)} band`),
    svg("desc", { id: `${id}-desc` }, description),
    legend(report.confidence),
  );
  for (const value of ticks(low, high)) {
    const at = x(value);
    chart.append(
      svg("line", { x1: at, x2: at, y1: TOP - 4, y2: bottom, stroke: value === 0 ? "#444" : "#ddd", "stroke-width": value === 0 ? 2 : 1 }),
      svg("text", { x: at, y: bottom + 22, "font-size": 14, "text-anchor": "middle" }, `${Number((value * 100).toFixed(2))} %`),
    );
  }
  chart.append(svg("line", { x1: LEFT, x2: WIDTH - RIGHT, y1: bottom, y2: bottom, stroke: "#444" }));
  lines.forEach(({ bet, line }, index) => chart.append(row(bet, line, index, x, report.confidence)));
  return chart;
}
