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
export function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  const aArray = Array.isArray(a);
  if (aArray !== Array.isArray(b)) return false;
  if (aArray) {
    const x = a as unknown[];
    const y = b as unknown[];
    if (x.length !== y.length) return false;
    for (let i = 0; i < x.length; i++) if (!sameValue(x[i], y[i])) return false;
    return true;
  }
  const x = a as Record<string, unknown>;
  const y = b as Record<string, unknown>;
  const xKeys = Object.keys(x);
  const yKeys = Object.keys(y);
  if (xKeys.length !== yKeys.length) return false;
  for (let i = 0; i < xKeys.length; i++) {
    const key = xKeys[i]!;
    if (key !== yKeys[i] || !sameValue(x[key], y[key])) return false;
  }
  return true;
}
