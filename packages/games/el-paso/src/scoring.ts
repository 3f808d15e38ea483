import { type FinalScores, type Seat, deepFreeze, rankResults } from "@saloon/engine";
import {
  BONUSES,
  BREED_DATA,
  type Breed,
  BUILDING_VP,
  type CardId,
  DOLLARS_PER_VP,
  OBJECTIVES,
  POST_DATA,
  POSTS,
  SIMMENTAL_SPACE_VP,
  WORKER_TYPES,
  WORKER_VP,
  type WorkerType,
  breedOf,
  isWorkerCard,
  workerOf,
} from "./data.ts";
import type { ElPasoState, PlayerState } from "./state.ts";
import { isSue } from "./sue.ts";

/** The scoring pad's 7 categories, in order. */
export const SCORE_CATEGORIES = ["money", "buildings", "posts", "workers", "cattle", "bonuses", "objectives"] as const;
export type ScoreCategory = (typeof SCORE_CATEGORIES)[number];


/** What a player's objectives can draw on at the end (§9.1 of the data file). */
export interface ObjectiveResources {
  cattle: Partial<Record<Breed, number>>;
  workers: Record<WorkerType, number>;
  builders: number;
  discs10: number;
  discs16: number;
}

export function objectiveResources(state: Pick<ElPasoState, "players" | "board" | "posts">, seat: Seat): ObjectiveResources {
  const p = state.players[seat]!;
  const cattle: Partial<Record<Breed, number>> = {};
  const workers: Record<WorkerType, number> = { COW: 0, ENG: 0, BLD: 0, WLD: 0 };
  // Every card the player owns: draw pile, hand, discard pile and worker area (in this order, which
  // is the order of the breeds in \`cattle\`).
  for (const pile of [p.draw, p.hand, p.discard, p.workers]) {
    for (const card of pile) {
      if (isWorkerCard(card)) workers[workerOf(card)]++;
      else {
        const breed = breedOf(card);
        cattle[breed] = (cattle[breed] ?? 0) + 1;
      }
    }
  }
  let builders = 0;
  for (const tile of Object.values(state.board)) if (tile.kind === "building" && tile.owner === seat) builders += tile.type; // RULINGS.builderPool
  const discs10 = discsOf(state.posts.P10, seat) + discsOf(state.posts.P12, seat);
  const discs16 = discsOf(state.posts.P16, seat);
  return { cattle, workers, builders, discs10, discs16 };
}

function discsOf(discs: readonly { seat: Seat }[], seat: Seat): number {
  let n = 0;
  for (const d of discs) if (d.seat === seat) n++;
  return n;
}

/** One objective's requirements, counted by kind (parsed once: the bot checks objectives thousands of times a game). */
export interface Needs {
  cattle: [Breed, number][];
  workers: Record<WorkerType, number>;
  builders: number;
  d10: number;
  d16: number;
}
export const NEEDS: Record<string, Needs> = Object.fromEntries(
  Object.entries(OBJECTIVES).map(([id, o]) => {
    const cattle: Partial<Record<Breed, number>> = {};
    const workers: Record<WorkerType, number> = { COW: 0, ENG: 0, BLD: 0, WLD: 0 };
    let builders = 0;
    let d10 = 0;
    let d16 = 0;
    for (const req of o.req) {
      const [kind, arg] = req.split(":") as [string, string];
      if (kind === "CATTLE") cattle[arg as Breed] = (cattle[arg as Breed] ?? 0) + 1;
      else if (kind === "WORKER") workers[arg as WorkerType]++;
      else if (kind === "BUILDERS") builders += Number(arg);
      else if (req === "DISC:16") d16++;
      else d10++;
    }
    return [id, { cattle: Object.entries(cattle) as [Breed, number][], workers, builders, d10, d16 }];
  }),
);

/** Can these objectives all be met at once, each item counted once? */
export function canMeetTogether(objectives: string[], r: ObjectiveResources): boolean {
  const needCattle: Partial<Record<Breed, number>> = {};
  const needWorkers: Record<WorkerType, number> = { COW: 0, ENG: 0, BLD: 0, WLD: 0 };
  let builders = 0;
  let d10 = 0;
  let d16 = 0;
  for (const id of objectives) {
    const needs = NEEDS[id]!;
    for (const [breed, n] of needs.cattle) needCattle[breed] = (needCattle[breed] ?? 0) + n;
    for (const t of WORKER_TYPES) needWorkers[t] += needs.workers[t];
    builders += needs.builders;
    d10 += needs.d10;
    d16 += needs.d16;
  }
  for (const [breed, n] of Object.entries(needCattle)) if ((r.cattle[breed as Breed] ?? 0) < n) return false;
  if (builders > r.builders) return false;
  if (d16 > r.discs16 || d16 + d10 > r.discs16 + r.discs10) return false;
  // RULINGS.wildInObjectives: wilds fill the shortfall of specific types once WORKER:WLD is served.
  let spareWild = r.workers.WLD - needWorkers.WLD;
  if (spareWild < 0) return false;
  for (const t of ["COW", "ENG", "BLD"] as const) spareWild -= Math.max(0, needWorkers[t] - r.workers[t]);
  return spareWild >= 0;
}

/**
 * The objectives that score: the subset with the highest VP that can be met together (BGA: "the
 * best outcome"). Sue's all count: "her objective tiles are all considered completed" (E).
 */
export function bestObjectives(state: Pick<ElPasoState, "players" | "board" | "posts" | "sue">, seat: Seat): { met: string[]; vp: number } {
  const known = remembered(state, seat);
  if (!known) return searchObjectives(state, seat, objectiveResources(state, seat));
  return (known.best ??= deepFreeze(searchObjectives(state, seat, playerResources(state, seat))));
}

/** `objectiveResources`, remembered per frozen player like the best assignment (frozen: views share it). */
export function playerResources(state: Pick<ElPasoState, "players" | "board" | "posts" | "sue">, seat: Seat): ObjectiveResources {
  const known = remembered(state, seat);
  if (!known) return objectiveResources(state, seat);
  return (known.resources ??= deepFreeze(objectiveResources(state, seat)));
}

/** `scoreBreakdown` with the best assignment, remembered per frozen player like it (frozen: views share it). */
export function playerBreakdown(state: ElPasoState, seat: Seat): Record<ScoreCategory, number> {
  const known = remembered(state, seat);
  if (!known) return scoreBreakdown(state, seat);
  return (known.breakdown ??= Object.freeze(scoreBreakdown(state, seat)));
}

/**
 * What is remembered per frozen player, with the board and posts it was found on: the best
 * objective assignment, the objectives' resources and the score so far. Every view (each seat's
 * and the spectator's, after every action) shows them for every player, and the search for the
 * best assignment tries every subset of objectives; a player's entry (its cards, objectives,
 * money, herder and tiles), the board and the posts decide them. Engine states never change
 * (frozen, copy-on-write), so a player entry, board and posts seen again are the same as before;
 * any change to them is a new object, which misses the cache. An action changes one player's
 * entry, so the others' figures are found again. Unfrozen states (the bot's trial copies,
 * tests' hand-built positions) change in place and are never remembered.
 */
interface Remembered {
  board: object;
  posts: object;
  sue: boolean;
  best?: { met: string[]; vp: number };
  resources?: ObjectiveResources;
  breakdown?: Record<ScoreCategory, number>;
}
const figures = new WeakMap<PlayerState, Remembered>();

function immutable(state: Pick<ElPasoState, "players" | "board" | "posts">, p: PlayerState): boolean {
  if (!Object.isFrozen(p) || !Object.isFrozen(state.board) || !Object.isFrozen(state.posts)) return false;
  if (!Object.isFrozen(p.objectives) || !Object.isFrozen(p.bonuses)) return false;
  if (!Object.isFrozen(p.draw) || !Object.isFrozen(p.hand) || !Object.isFrozen(p.discard) || !Object.isFrozen(p.workers)) return false;
  for (const post of POSTS) if (!Object.isFrozen(state.posts[post])) return false;
  return true;
}

function remembered(state: Pick<ElPasoState, "players" | "board" | "posts" | "sue">, seat: Seat): Remembered | null {
  const p = state.players[seat]!;
  const sue = isSue(state, seat);
  const known = figures.get(p);
  // Found: the entry, board and posts were frozen all the way down when remembered, and stay so.
  if (known && known.board === state.board && known.posts === state.posts && known.sue === sue) return known;
  if (!immutable(state, p)) return null;
  const fresh: Remembered = { board: state.board, posts: state.posts, sue };
  figures.set(p, fresh);
  return fresh;
}

function searchObjectives(state: Pick<ElPasoState, "players" | "board" | "posts" | "sue">, seat: Seat, r: ObjectiveResources): { met: string[]; vp: number } {
  const owned = state.players[seat]!.objectives;
  if (isSue(state, seat)) return { met: [...owned], vp: owned.reduce((s, id) => s + OBJECTIVES[id]!.vp, 0) };
  let best = { met: [] as string[], vp: 0 };
  if (owned.length === 0) return best;
  const n = owned.length;
  if (n > 16) throw new Error("too many objectives to enumerate");
  for (let mask = 1; mask < 1 << n; mask++) {
    let vp = 0;
    for (let i = 0; i < n; i++) if (mask & (1 << i)) vp += OBJECTIVES[owned[i]!]!.vp;
    if (vp <= best.vp) continue;
    const subset = owned.filter((_, i) => mask & (1 << i));
    if (canMeetTogether(subset, r)) best = { met: subset, vp };
  }
  return best;
}

export function scoreBreakdown(state: ElPasoState, seat: Seat, objectives = bestObjectives(state, seat)): Record<ScoreCategory, number> {
  const p = state.players[seat]!;
  let buildings = 0;
  for (const tile of Object.values(state.board)) if (tile.kind === "building" && tile.owner === seat) buildings += BUILDING_VP[tile.type];
  let posts = 0;
  for (const post of POSTS) posts += discsOf(state.posts[post], seat) * POST_DATA[post].vp;
  // Whole numbers: the order of the sums does not matter.
  let workers = 0;
  let cattle = 0;
  for (const pile of [p.draw, p.hand, p.discard, p.workers]) {
    for (const card of pile) {
      if (isWorkerCard(card)) workers += WORKER_VP[workerOf(card)];
      else cattle += BREED_DATA[breedOf(card)].vp;
    }
  }
  if (p.herder === "SIMM") cattle += SIMMENTAL_SPACE_VP;
  const bonuses = p.bonuses.reduce((s, b) => s + BONUSES[b]!.vp, 0);
  return {
    money: Math.floor(p.money / DOLLARS_PER_VP),
    buildings,
    posts,
    workers,
    cattle,
    bonuses,
    objectives: objectives.vp,
  };
}

export const scoreTotal = (breakdown: Record<ScoreCategory, number>): number => SCORE_CATEGORIES.reduce((s, c) => s + breakdown[c], 0);

/** Final scores; tie-break (RULINGS.tiebreak): the money left after converting $5 into 1 VP. */
export function finalScores(state: ElPasoState): FinalScores | null {
  if (state.phase.kind !== "over") return null;
  return rankResults(
    [...SCORE_CATEGORIES],
    state.players.map((p, seat) => {
      const breakdown = scoreBreakdown(state, seat);
      return { seat, total: scoreTotal(breakdown), breakdown, tiebreak: [p.money % DOLLARS_PER_VP] };
    }),
  );
}
