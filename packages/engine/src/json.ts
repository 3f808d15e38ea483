import type { Json } from "./contract.ts";

/** Deep equality of two JSON values; object key order does not matter. */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) {
    const other = b as unknown[];
    if (a.length !== other.length) return false;
    for (let i = 0; i < a.length; i++) if (!sameJson(a[i], other[i])) return false;
    return true;
  }
  // Loops rather than key lists: every action applied is matched against its prompt's options.
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  let keys = 0;
  for (const key in left) {
    if (!Object.hasOwn(left, key)) continue;
    if (!Object.hasOwn(right, key) || !sameJson(left[key], right[key])) return false;
    keys++;
  }
  for (const key in right) if (Object.hasOwn(right, key)) keys--;
  return keys === 0;
}

/**
 * True when `value` is plain JSON no deeper than `maxDepth` and with at most `maxNodes` values:
 * the guard against hostile payloads (cycles, functions, huge or deeply nested objects).
 */
export function isBoundedJson(value: unknown, maxDepth = 8, maxNodes = 256): value is Json {
  const budget = { nodes: maxNodes };
  return boundedJson(value, maxDepth, budget);
}

/** The walk of `isBoundedJson`, a plain function rather than a closure: it runs for every action applied. */
function boundedJson(v: unknown, depthLeft: number, budget: { nodes: number }): boolean {
  if (--budget.nodes < 0 || depthLeft < 0) return false;
  if (v === null || typeof v === "boolean") return true;
  if (typeof v === "string") return v.length <= 256;
  if (typeof v === "number") return Number.isFinite(v);
  if (Array.isArray(v)) {
    // Holes are skipped, as `every` skips them (JSON has none; a hole is written as null).
    for (let i = 0; i < v.length; i++) if (i in v && !boundedJson(v[i], depthLeft - 1, budget)) return false;
    return true;
  }
  if (typeof v === "object") {
    const proto = Object.getPrototypeOf(v);
    if (proto !== Object.prototype && proto !== null) return false;
    for (const key of Object.keys(v)) if (!boundedJson((v as Record<string, unknown>)[key], depthLeft - 1, budget)) return false;
    return true;
  }
  return false;
}

/** A deep copy of plain JSON data (faster than structuredClone for game states). */
export function cloneJson<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}

/**
 * Freezes plain JSON data in place, all the way down, and returns it. A frozen object is taken
 * to be frozen all the way down already (everything this function freezes is), so freezing the
 * next state of a game costs only its new parts: the parts shared with the previous state stop
 * the walk at once.
 */
export function deepFreeze<T>(value: T): T {
  if (typeof value !== "object" || value === null || Object.isFrozen(value)) return value;
  Object.freeze(value);
  // Primitives skipped here rather than in a call, and keys by for…in rather than a key list:
  // every action's new state and prompts pass through here (issue #14).
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const item: unknown = value[i];
      if (typeof item === "object" && item !== null) deepFreeze(item);
    }
  } else {
    const record = value as Record<string, unknown>;
    for (const key in record) {
      const item = record[key];
      if (typeof item === "object" && item !== null) deepFreeze(item);
    }
  }
  return value;
}

/**
 * Freezes what `next` does not share with `previous` (matched by path), all the way down, and
 * returns `next`. For the state after an action: copy-on-write shares every unchanged object
 * with the state before, which is frozen already (or, in a test, a hand-built position that is
 * not the engine's to freeze); the action's new objects are frozen here.
 */
export function freezeChanges<T>(next: T, previous: unknown): T {
  if (next === previous || typeof next !== "object" || next === null || Object.isFrozen(next)) return next;
  Object.freeze(next);
  const before = typeof previous === "object" && previous !== null ? (previous as Record<string, unknown>) : undefined;
  if (Array.isArray(next)) next.forEach((item, i) => freezeChanges(item, before?.[i]));
  else for (const key in next) freezeChanges((next as Record<string, unknown>)[key], before?.[key]);
  return next;
}

/**
 * A deep copy of small plain JSON data by a plain walk: for events and actions, where a JSON
 * round trip's fixed cost was 5 % of the simulator's time (measured, Fistful). Reads through
 * copy-on-write drafts too, so events that hold parts of a draft come out as plain data.
 */
export function copyJson<T>(value: T): T {
  if (typeof value !== "object" || value === null) return value;
  if (Array.isArray(value)) return value.map(copyJson) as T;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value)) {
    const item = (value as Record<string, unknown>)[key];
    if (item !== undefined) out[key] = copyJson(item);
  }
  return out as T;
}

/**
 * `parent[key]`, an object or array, ready to be written into: itself when it is not frozen, or
 * else a shallow copy put in its place. Rules whose `thaw` copies only the top of the state (see
 * `GameRules.thaw`) call it on the way down to whatever they change, so an action copies just
 * the objects on the paths it writes to, as copy-on-write would, without a proxy on every read.
 * `parent` must be writable itself: a write through a frozen parent throws.
 */
export function writable<P extends object, K extends keyof P>(parent: P, key: K): P[K] {
  const value = parent[key];
  if (!Object.isFrozen(value)) return value;
  // Spread, not slice(): V8 copies a frozen array with slice() on a slow path, 30 times slower (measured).
  const copy = (Array.isArray(value) ? [...value] : { ...value }) as P[K];
  parent[key] = copy;
  return copy;
}
