/**
 * The bot's search carried from one decision to the next of the same turn. A decision plays every
 * option out to the end of the turn, so when the seat decides again, the table it rebuilds from
 * its new view is (most often) a state the previous search already reached: the trial of the
 * option it chose. Then that search's trial states and their values serve again, and only what it
 * had not looked at is new. Reused only when everything a search's results depend on is equal:
 * the whole trial state (compared field by field, in the same key order, so that a loop over keys
 * sees the same order), the seat's draw pile, the horizon and the weights; otherwise the decision
 * starts afresh. So a decision is the same with or without this, only cheaper.
 */

/**
 * Deep equality of two JSON-like values, keys compared in order. Most of a trial shares objects
 * with the state it came from (frozen parts, the other seats' entries), so the identity check
 * settles most of it. Not the engine's `sameJson`: that one ignores key order, and a search's
 * loops over an object's keys visit them in order, so equal content in another order could
 * search differently.
 */
export function sameValue(a: unknown, b: unknown, standIns = false): boolean {
  if (a === b) return true;
  if (standIns && typeof a === "string" && typeof b === "string") return standsFor(a, b);
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  const aArray = Array.isArray(a);
  if (aArray !== Array.isArray(b)) return false;
  if (aArray) {
    const x = a as unknown[];
    const y = b as unknown[];
    if (x.length !== y.length) return false;
    for (let i = 0; i < x.length; i++) if (!sameValue(x[i], y[i], standIns)) return false;
    return true;
  }
  const x = a as Record<string, unknown>;
  const y = b as Record<string, unknown>;
  if (!sameKeys(x, y)) return false;
  for (const key in x) if (!sameValue(x[key], y[key], standIns)) return false;
  return true;
}

/**
 * Whether two records have the same own keys in the same order, as Object.keys lists them, without
 * the two lists it makes: the keys of `x` go into a scratch list reused by every call (the keys
 * themselves are the objects' own strings), then `y`'s are walked against it. A state and its
 * parts are plain records of data (no inherited enumerable keys, no symbols), which for…in walks
 * in Object.keys' order; the carried search compares several at every decision (index.ts).
 */
export function sameKeys(x: Record<string, unknown>, y: Record<string, unknown>): boolean {
  const keys = SCRATCH_KEYS;
  let n = 0;
  for (const key in x) keys[n++] = key;
  let i = 0;
  for (const key in y) if (i >= n || keys[i++] !== key) return false;
  return i === n;
}
const SCRATCH_KEYS: string[] = [];

/**
 * Whether `a`, a card or tile of a trial state, stands for `b`, the one of the real table: the
 * same id, or the belief's anonymous stand-in for the market's, the worker supply's, the
 * Simmentals' or a building stack's next item ("W-COW-s", "C-ANG-m", "C-SIM-s", "BT3-s") where
 * the table holds the real one of the same kind ("W-COW-07"). The rules and the evaluation read a
 * card's kind (its breed or worker type), never the rest of its id, and take cards by position
 * (the first of a kind), so a search that went on from the trial makes the decisions one made
 * from the table would. Hiring, buying, a building and the Simmental taken in El Paso each made
 * the next decision start afresh (a tenth of the bot's time, issue #14).
 */
function standsFor(a: string, b: string): boolean {
  const n = a.length;
  if (n < 3 || a.charCodeAt(n - 2) !== 45 /* - */) return false;
  const last = a.charCodeAt(n - 1);
  if (last !== 115 /* s */ && last !== 109 /* m */) return false;
  return b.length > n - 1 && b.startsWith(a.slice(0, n - 1)) && b.indexOf("-", n - 1) < 0;
}
