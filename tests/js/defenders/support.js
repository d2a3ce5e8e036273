// Shared by the Defenders board's unit tests: the fixtures written from the real rules core
// (make_fixtures.py) and a Names as the board makes it.
import { readFileSync } from "node:fs";
import { Names } from "../../../defenders/static/games/defenders/words.js";

export const FIXTURES = JSON.parse(readFileSync(new URL("./fixtures.json", import.meta.url), "utf8"));

/** The names a seat's page uses, having seen `views`. */
export function namesFor(seat, ...views) {
  const names = new Names({ seat, seatName: (id) => ({ p1: "Ada", p2: "Bea" })[id] || null });
  for (const v of views) names.learn(v);
  return names;
}

/** Every event kind a Defenders log holds: the core's (defenders/rules/events.py) and the
 * site's (defenders/site/table.py), read from their source. */
export function registeredKinds() {
  const source = readFileSync(new URL("../../../defenders/rules/events.py", import.meta.url), "utf8");
  const body = source.slice(source.indexOf("PUBLIC = ("), source.indexOf("__all__"));
  const kinds = new Set();
  for (const m of body.matchAll(/"([a-z_]+)"/g)) kinds.add(m[1]);
  // the site's own kind for a Defenders log (an undo), once the site side is there
  try {
    const site = readFileSync(new URL("../../../defenders/site/table.py", import.meta.url), "utf8");
    for (const m of site.matchAll(/register_event_kinds\(([^)]*)\)/g)) for (const k of m[1].matchAll(/"([a-z_]+)"/g)) kinds.add(k[1]);
  } catch { /* not there yet */ }
  return [...kinds];
}
