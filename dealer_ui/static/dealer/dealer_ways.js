// The house way of a hand, asked of the API once for the same cards (and
// setting): the notes under the hands and an own setting's start share it.
import { call } from "../shared/api.js";
import { tablet } from "./dealer_tablet.js";

/** The API's answer to POST .../house-way for ``body`` ({cards, setting?}). */
export async function houseWay(body) {
  const asked = JSON.stringify(body);
  if (!tablet.ways.has(asked)) tablet.ways.set(asked, (await call("POST", `/tables/${tablet.table.id}/house-way`, body)).json);
  return tablet.ways.get(asked);
}
