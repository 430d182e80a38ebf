// The house way of a hand, asked of the API once for the same cards (and
// setting): the notes under the hands and an own setting's start share it.
import { call } from "../shared/api.js";

/** The API's answer to POST .../house-way for ``body`` ({cards, setting?}). */
export async function houseWay(state, body) {
  const asked = JSON.stringify(body);
  if (!state.ways.has(asked)) state.ways.set(asked, (await call("POST", `/tables/${state.table.id}/house-way`, body)).json);
  return state.ways.get(asked);
}
