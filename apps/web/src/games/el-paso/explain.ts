/**
 * What the El Paso table computes for the player from what they can see: the breeding value of a
 * hand with every card's part in it, the steps (and branch) to each reachable location, and which
 * of their components meet which objective. Each result is checked against the rules package's
 * own numbers in explain.test.ts.
 */
import {
  BONUSES,
  BREED_DATA,
  type Breed,
  type CardId,
  type DiscId,
  EL_PASO,
  type NodeId,
  OBJECTIVES,
  type ObjectiveResources,
  SUCCESSORS,
  type WorkerType,
  breedOf,
} from "@saloon/el-paso";
import { m } from "../../paraglide/messages.js";

// ---------------------------------------------------------------- breeding value

export interface CardPart {
  card: CardId;
  breed: Breed;
  value: number;
  /** first of its breed; a duplicate counted thanks to a bonus tile; a duplicate that adds nothing. */
  role: "first" | "duplicate" | "ignored";
}

export interface BreedingExplanation {
  cards: CardPart[];
  /** The hand's value: each breed once, plus the counted duplicates. */
  handValue: number;
  /** Bonus tiles that let one more duplicate count each. */
  duplicateTiles: number;
  /** Where the permanent certificates come from. */
  permanent: { source: string; n: number }[];
  permanentTotal: number;
  /** handValue + permanentTotal: what a delivery starts from before spending certificates. */
  total: number;
}

/**
 * A hand's breeding value, card by card. Each breed counts once; each COUNT_DUPLICATE bonus tile
 * lets one more duplicate count, the highest-valued first (RULINGS.duplicatesStack). Permanent
 * certificates: the cleared disc space 5 and every PERM_CERT bonus tile.
 */
export function explainBreeding(hand: readonly CardId[], bonuses: readonly string[], discsLeft: readonly DiscId[]): BreedingExplanation {
  const seen = new Set<Breed>();
  const cards: CardPart[] = hand.map((card) => {
    const breed = breedOf(card);
    const role = seen.has(breed) ? "ignored" : "first";
    seen.add(breed);
    return { card, breed, value: BREED_DATA[breed]?.bv ?? 0, role };
  });
  const duplicateTiles = bonuses.filter((b) => {
    const d = BONUSES[b];
    return d?.kind === "permanent" && d.effect === "COUNT_DUPLICATE";
  }).length;
  const dupes = cards.filter((c) => c.role === "ignored").sort((a, b) => b.value - a.value);
  for (const part of dupes.slice(0, duplicateTiles)) part.role = "duplicate";
  const handValue = cards.filter((c) => c.role !== "ignored").reduce((s, c) => s + c.value, 0);
  const permanent: { source: string; n: number }[] = [];
  if (!discsLeft.includes("D5")) permanent.push({ source: m.elpaso_explain_disc_5(), n: 1 });
  const permTiles = bonuses.filter((b) => {
    const d = BONUSES[b];
    return d?.kind === "permanent" && d.effect === "PERM_CERT";
  });
  for (const tile of permTiles) permanent.push({ source: m.elpaso_explain_bonus_tile({ tile }), n: 1 });
  const permanentTotal = permanent.reduce((s, p) => s + p.n, 0);
  return { cards, handValue, duplicateTiles, permanent, permanentTotal, total: handValue + permanentTotal };
}

// ---------------------------------------------------------------- movement

export interface Reach {
  /** Locations passed or reached (empty spaces cost nothing; El Paso stops the herder). */
  steps: number;
  /** Every shortest way there, each the list of nodes after the start (empty spaces included). */
  paths: NodeId[][];
}

/**
 * Every location reachable from `from` in at most `max` steps, with the fewest steps and every
 * way of that length. At a fork the shorter branch is clearly better and is the only way shown;
 * when both branches cost the same, both are (the game help: "the game will consider the more
 * advantageous option"; passing locations has no other effect in El Paso).
 */
export function reachable(board: Partial<Record<NodeId, unknown>>, from: NodeId, max: number): Map<NodeId, Reach> {
  const result = new Map<NodeId, Reach>();
  const isLocation = (node: NodeId) => node === EL_PASO || board[node] !== undefined && board[node] !== null;
  const walk = (node: NodeId, steps: number, path: NodeId[]) => {
    for (const next of SUCCESSORS[node] ?? []) {
      const s = steps + (isLocation(next) ? 1 : 0);
      if (s > max) continue;
      const here = [...path, next];
      if (isLocation(next)) {
        const known = result.get(next);
        if (!known || known.steps > s) result.set(next, { steps: s, paths: [here] });
        else if (known.steps === s) known.paths.push(here);
      }
      if (next !== EL_PASO) walk(next, s, here);
    }
  };
  walk(from, 0, []);
  return result;
}

// ---------------------------------------------------------------- objectives

export interface Fill {
  /** The requirement as printed ("CATTLE:ANG"). */
  req: string;
  /** What meets it: a breed, a worker type (a wild may stand in), "builders", "P10+" or "P16". */
  by: string;
}

/** What is still free to meet requirements with. */
interface Pool {
  cattle: Partial<Record<Breed, number>>;
  workers: Record<WorkerType, number>;
  builders: number;
  discs10: number;
  discs16: number;
}

const poolOf = (r: ObjectiveResources): Pool => ({ ...r, cattle: { ...r.cattle }, workers: { ...r.workers } });

/** Takes what meets one requirement out of the pool; null when nothing does. */
function take(req: string, pool: Pool): string | null {
  const [kind, arg] = req.split(":") as [string, string];
  if (kind === "CATTLE") {
    if ((pool.cattle[arg as Breed] ?? 0) === 0) return null;
    pool.cattle[arg as Breed]!--;
    return arg;
  }
  if (kind === "WORKER") {
    const type = arg as WorkerType;
    if (pool.workers[type] > 0) {
      pool.workers[type]--;
      return type;
    }
    if (type === "WLD" || pool.workers.WLD === 0) return null;
    pool.workers.WLD--;
    return "WLD";
  }
  if (kind === "BUILDERS") {
    if (pool.builders < Number(arg)) return null;
    pool.builders -= Number(arg);
    return "builders";
  }
  if (req !== "DISC:16" && pool.discs10 > 0) {
    pool.discs10--;
    return "P10+";
  }
  if (pool.discs16 === 0) return null;
  pool.discs16--;
  return "P16";
}

/**
 * Which component meets which requirement, for objectives the rules say are met together: each
 * card, worker, builder and disc used once. The least flexible requirements are served first
 * (a wild worker or a post-16 disc can stand in elsewhere, so they go where nothing else can:
 * RULINGS.wildInObjectives). Returns null if these resources cannot meet the set.
 */
export function assignObjectives(tiles: readonly string[], r: ObjectiveResources): Record<string, Fill[]> | null {
  const pool = poolOf(r);
  const reqs = tiles.flatMap((tile) => (OBJECTIVES[tile]?.req ?? []).map((req, index) => ({ tile, req: req as string, index })));
  const rank = (req: string) => (req === "WORKER:WLD" || req === "DISC:16" ? 0 : req.startsWith("WORKER:") || req.startsWith("DISC:") ? 2 : 1);
  reqs.sort((a, b) => rank(a.req) - rank(b.req));
  const out: Record<string, (Fill & { index: number })[]> = Object.fromEntries(tiles.map((tile) => [tile, []]));
  for (const { tile, req, index } of reqs) {
    const by = take(req, pool);
    if (by === null) return null;
    out[tile]!.push({ req, by, index });
  }
  return Object.fromEntries(Object.entries(out).map(([tile, fills]) => [tile, fills.sort((a, b) => a.index - b.index).map(({ req, by }) => ({ req, by }))]));
}

/** How many of one objective's requirements these resources cover on their own (progress on an unmet tile). */
export function requirementsCovered(tile: string, r: ObjectiveResources): number {
  const pool = poolOf(r);
  return (OBJECTIVES[tile]?.req ?? []).filter((req) => take(req, pool) !== null).length;
}
