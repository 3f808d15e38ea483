/**
 * The seat's objective tiles, for `evaluate.ts`: the best set met now, as the final scoring
 * chooses it, and each unmet one by how many actions its missing items take in the turns left.
 * Items are taken from a pool of what the seat owns, so what one objective uses is not there for
 * another.
 */
import { type Breed, OBJECTIVES, type WorkerType } from "../data.ts";
import { NEEDS } from "../scoring.ts";
import { BREED_INDEX, type Holdings, NB } from "./holdings.ts";
import { type Horizon, type Weights, clamp } from "./weights.ts";

export function objectivesValue(held: string[], own: Holdings, builders: number, discs10: number, discs16: number, h: Horizon, w: Weights, final: boolean): number {
  if (held.length === 0) return 0;
  // The tiles met each on its own: a set holding one that is not cannot be met either, since the
  // tiles of a set take their items one after another from what the ones before left, and with
  // less in the pool no missing item is found again (while no missing item lowers the cost).
  let alone = (1 << held.length) - 1;
  if (nonNegative(w)) {
    alone = 0;
    for (let i = 0; i < held.length; i++) if (take(fillPool(TRIAL_POOL, own.cattle, own.workers, builders, discs10, discs16), held[i]!, null, h, w) === 0) alone |= 1 << i;
  }
  // The best set met now, as the final scoring chooses it (a few tiles: every subset is tried).
  let metMask = 0;
  let metVp = 0;
  for (let mask = 1; mask < 1 << held.length; mask++) {
    if ((mask & alone) !== mask) continue;
    let vp = 0;
    for (let i = 0; i < held.length; i++) if (mask & (1 << i)) vp += OBJECTIVES[held[i]!]!.vp;
    if (vp <= metVp) continue;
    const left = fillPool(TRIAL_POOL, own.cattle, own.workers, builders, discs10, discs16);
    let ok = true;
    for (let i = 0; i < held.length && ok; i++) if (mask & (1 << i)) ok = take(left, held[i]!, null, h, w) === 0;
    if (ok) {
      metMask = mask;
      metVp = vp;
    }
  }
  if (final) return metVp;
  // What the met ones use is not there for the others; each unmet one counts by how reachable it is.
  const left = fillPool(LEFT_POOL, own.cattle, own.workers, builders, discs10, discs16);
  for (let i = 0; i < held.length; i++) if (metMask & (1 << i)) take(left, held[i]!, null, h, w);
  const capacity = w.objectiveTurns * h.turns + 0.5;
  let hope = 0;
  for (let i = 0; i < held.length; i++) {
    if (metMask & (1 << i)) continue;
    const cost = take(copyPool(TRIAL_POOL, left), held[i]!, 0, h, w);
    hope += OBJECTIVES[held[i]!]!.vp * clamp(1 - cost / capacity, 0, 1);
  }
  return metVp + w.objectiveHope * hope;
}

/** Whether every missing item's cost in these weights is 0 or more (`objectivesValue` counts on it), once per weights object. */
function nonNegative(w: Weights): boolean {
  if (w === lastCosted) return lastNonNegative;
  let ok = true;
  const missing = w.missing as Record<string, number>;
  for (const key in missing) if (!(missing[key]! >= 0)) ok = false;
  lastCosted = w;
  lastNonNegative = ok;
  return ok;
}
let lastCosted: Weights | null = null;
let lastNonNegative = false;

/**
 * `objectivesValue` before the end, remembered by the tiles held and what the pool holds, as two
 * whole numbers: most trials of a decision leave the herd, the workers, the buildings and the
 * posts as they were, and the subsets tried here were a tenth of the bot's time. The value reads
 * nothing else but the weights and the horizon's turns and deliveries, so it is kept while those
 * stay the same: across the decisions of a turn and the seats of a round, not per decision (per
 * belief) as before (issue #14). One such memo at a time, and at most MEMO_LIMIT values in it.
 */
export function knownObjectivesValue(held: string[], own: Holdings, builders: number, discs10: number, discs16: number, h: Horizon, w: Weights): number {
  if (held.length === 0) return 0;
  const herd = poolKey(own.cattle, 32);
  const rest = restKey(own.workers, builders, discs10, discs16);
  if (herd < 0 || rest < 0) return objectivesValue(held, own, builders, discs10, discs16, h, w, false);
  let memo = lastMemo;
  if (memo === null || memo.w !== w || memo.turns !== h.turns || memo.deliveries !== h.deliveries || memo.size >= MEMO_LIMIT) {
    memo = { w, turns: h.turns, deliveries: h.deliveries, byTiles: new Map(), held: [], tiles: "", size: 0 };
    lastMemo = memo;
  }
  const tiles = held.length === 1 ? held[0]! : tilesKey(memo, held);
  let byHerd = memo.byTiles.get(tiles);
  if (byHerd === undefined) memo.byTiles.set(tiles, (byHerd = new Map()));
  let byRest = byHerd.get(herd);
  if (byRest === undefined) byHerd.set(herd, (byRest = new Map()));
  let value = byRest.get(rest);
  if (value === undefined) {
    value = objectivesValue(held, own, builders, discs10, discs16, h, w, false);
    byRest.set(rest, value);
    memo.size++;
  }
  return value;
}
interface ObjectivesMemo {
  w: Weights;
  /** What `objectivesValue` reads of the horizon. */
  turns: number;
  deliveries: number;
  byTiles: Map<string, Map<number, Map<number, number>>>;
  /** The last tiles of two or more asked about (a copy), and their key. */
  held: string[];
  tiles: string;
  /** Values kept. */
  size: number;
}
/** A bound on one memo's values (a game's turns make a few thousand; a server's tables share it). */
const MEMO_LIMIT = 50_000;
let lastMemo: ObjectivesMemo | null = null;

/**
 * The key of two or more tiles, `held.join()`: the last one's kept while the tiles are the same
 * (each trial copies the list, and a new key text per evaluation was garbage).
 */
function tilesKey(memo: ObjectivesMemo, held: readonly string[]): string {
  const last = memo.held;
  let same = last.length === held.length;
  for (let i = 0; i < held.length && same; i++) same = last[i] === held[i];
  if (!same) {
    memo.held = held.slice();
    memo.tiles = held.join();
  }
  return memo.tiles;
}

/** Counts by breed as one whole number (base `base`), or -1 when one is out of range. */
function poolKey(counts: readonly number[], base: number): number {
  let key = 0;
  for (let i = counts.length - 1; i >= 0; i--) {
    const n = counts[i]!;
    if (!(n >= 0 && n < base)) return -1;
    key = key * base + n;
  }
  return key;
}

/** Workers by type, builders and discs on posts 10/12 and 16 as one whole number, or -1 when out of range. */
function restKey(workers: Record<WorkerType, number>, builders: number, discs10: number, discs16: number): number {
  const { COW, ENG, BLD, WLD } = workers;
  if (!(COW >= 0 && COW < 32 && ENG >= 0 && ENG < 32 && BLD >= 0 && BLD < 32 && WLD >= 0 && WLD < 32)) return -1;
  const key = ((COW * 32 + ENG) * 32 + BLD) * 32 + WLD;
  if (!(builders >= 0 && builders < 64 && discs10 >= 0 && discs10 < 16 && discs16 >= 0 && discs16 < 16)) return -1;
  return ((key * 64 + builders) * 16 + discs10) * 16 + discs16;
}

/** The order `take` serves workers in: wild ones first, for an objective's own wild workers. */
const TAKE_ORDER = ["WLD", "COW", "ENG", "BLD"] as const;

/**
 * An objective's needs as `take` reads them (parsed once, like `NEEDS`): each breed with its
 * index, and the workers by their place in TAKE_ORDER. Arrays by index, not records by type: a
 * record's field by a type held in a variable is a keyed load, and `take` runs for every subset
 * of tiles the evaluation tries.
 */
interface TakeNeeds {
  cattle: CattleNeed[];
  /** Workers by TAKE_ORDER. */
  workers: number[];
  builders: number;
  d10: number;
  d16: number;
}
interface CattleNeed {
  breed: Breed;
  index: number;
  n: number;
}
const TAKE_NEEDS: Record<string, TakeNeeds> = Object.fromEntries(
  Object.entries(NEEDS).map(([id, needs]) => [
    id,
    {
      cattle: needs.cattle.map(([breed, n]) => ({ breed, index: BREED_INDEX[breed], n })),
      workers: TAKE_ORDER.map((t) => needs.workers[t]),
      builders: needs.builders,
      d10: needs.d10,
      d16: needs.d16,
    },
  ]),
);

interface Pool {
  cattle: number[];
  /** Workers by TAKE_ORDER (wild ones first). */
  workers: number[];
  builders: number;
  discs10: number;
  discs16: number;
}
/**
 * Two pools reused by every evaluation (filled anew each time, never kept): what is left after the
 * met objectives, and the one an objective is tried on. Allocating them per subset tried was a
 * tenth of the evaluation's time.
 */
const newPool = (): Pool => ({ cattle: new Array<number>(NB).fill(0), workers: [0, 0, 0, 0], builders: 0, discs10: 0, discs16: 0 });
const LEFT_POOL = newPool();
const TRIAL_POOL = newPool();

function fillPool(p: Pool, cattle: readonly number[], workers: Record<WorkerType, number>, builders: number, discs10: number, discs16: number): Pool {
  for (let i = 0; i < NB; i++) p.cattle[i] = cattle[i]!;
  p.workers[0] = workers.WLD;
  p.workers[1] = workers.COW;
  p.workers[2] = workers.ENG;
  p.workers[3] = workers.BLD;
  p.builders = builders;
  p.discs10 = discs10;
  p.discs16 = discs16;
  return p;
}

/** `p` filled with what `from` holds. */
function copyPool(p: Pool, from: Pool): Pool {
  for (let i = 0; i < NB; i++) p.cattle[i] = from.cattle[i]!;
  for (let k = 0; k < 4; k++) p.workers[k] = from.workers[k]!;
  p.builders = from.builders;
  p.discs10 = from.discs10;
  p.discs16 = from.discs16;
  return p;
}

/**
 * Takes an objective's items from the pool. With `costing` null it only says whether anything
 * was missing (1) or not (0); with a number it returns roughly how many actions the missing
 * items take (99: out of reach in the time left).
 */
function take(p: Pool, id: string, costing: number | null, h: Horizon, w: Weights): number {
  const needs = TAKE_NEEDS[id]!;
  let cost = 0;
  let deliveries = 0;
  const cattle = needs.cattle;
  for (let c = 0; c < cattle.length; c++) {
    const { breed, index: i, n } = cattle[c]!;
    const have = Math.min(n, Math.max(0, p.cattle[i]!));
    p.cattle[i]! -= n;
    const missing = n - have;
    if (missing === 0) continue;
    if (breed === "SIM") deliveries += missing;
    else cost += missing * ((w.missing as Record<string, number>)[breed] ?? 2);
  }
  // By TAKE_ORDER: wild workers (k = 0) first, then the specific types, each short of its own
  // served by the wild ones left.
  const workers = p.workers;
  for (let k = 0; k < 4; k++) {
    let need = needs.workers[k]!;
    const own = Math.min(need, Math.max(0, workers[k]!));
    workers[k]! -= own;
    need -= own;
    if (need > 0 && k !== 0) {
      const wild = Math.min(need, Math.max(0, workers[0]!));
      workers[0]! -= wild;
      need -= wild;
    }
    cost += need * (k === 0 ? w.missing.wild : w.missing.worker);
  }
  if (needs.builders > 0) {
    if (needs.builders > 12) return costing === null ? 1 : 99;
    const missing = needs.builders - Math.max(0, p.builders);
    if (missing > 0) cost += w.missing.buildAction + w.missing.builders * missing;
    p.builders -= needs.builders;
  }
  for (let k = 0; k < needs.d16; k++) {
    if (p.discs16 > 0) p.discs16--;
    else {
      cost += w.missing.disc16;
      deliveries++;
    }
  }
  for (let k = 0; k < needs.d10; k++) {
    if (p.discs10 > 0) p.discs10--;
    else if (p.discs16 > 0) p.discs16--;
    else {
      cost += w.missing.disc10;
      deliveries++;
    }
  }
  if (costing === null) return cost > 0 || deliveries > 0 ? 1 : 0;
  if (deliveries > h.deliveries) return 99;
  return cost + w.missing.delivery * deliveries;
}
