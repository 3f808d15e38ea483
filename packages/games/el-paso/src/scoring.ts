import { type FinalScores, type Seat, deepFreeze, rankResults } from "@saloon/engine";
import {
  BONUSES,
  BREEDS,
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
import { NEEDS, type Needs, canMeetTogether } from "./objective-needs.ts";
import { isSue } from "./sue.ts";

export { NEEDS, type Needs, canMeetTogether };

/** The scoring pad's 7 categories, in order. */
export const SCORE_CATEGORIES = ["money", "buildings", "posts", "workers", "cattle", "bonuses", "objectives"] as const;
export type ScoreCategory = (typeof SCORE_CATEGORIES)[number];


/**
 * What a player's objectives can draw on at the end (§9.1 of the data file): cattle by breed (the
 * breeds it owns, in BREEDS' order), workers by type, builders, discs on posts 10 and 12 and on 16.
 */
export interface ObjectiveResources {
  cattle: Partial<Record<Breed, number>>;
  workers: Record<WorkerType, number>;
  builders: number;
  discs10: number;
  discs16: number;
}

export function objectiveResources(state: Pick<ElPasoState, "players" | "board" | "posts">, seat: Seat): ObjectiveResources {
  countResources(state, seat);
  return countedResources();
}

/**
 * Counts what the seat's objectives can draw on into the scratch below (COUNTED, PLACES): a new
 * entry's resources are compared there with the last entry's (`sameAsCounted`), and made into a
 * record only when they differ, most counts coming out the same (a card moved from one pile to
 * another). The breeds go into the record in BREEDS' order: in the order first met in the piles
 * (until 7 Dec 2026), the record was made again whenever the piles' order changed, and its keys
 * in ever new orders made it the count's costliest part (V8 makes a new hidden class per order).
 */
function countResources(state: Pick<ElPasoState, "players" | "board" | "posts">, seat: Seat): void {
  const p = state.players[seat]!;
  // Every card the player owns: draw pile, hand, discard pile and worker area.
  COUNTED.fill(0);
  countCards(p.draw);
  countCards(p.hand);
  countCards(p.discard);
  countCards(p.workers);
  PLACES[0] = boardFigures(state.board, seat).builders;
  const posts = postFigures(state.posts, seat);
  PLACES[1] = posts.discs10;
  PLACES[2] = posts.discs16;
}

/** `countResources` of the seat whose piles `cards` (resources) were counted from: the builders and discs counted, the cards taken from there. */
function countPlacesOf(state: Pick<ElPasoState, "board" | "posts">, seat: Seat, cards: ObjectiveResources): void {
  COUNTED.fill(0);
  const w = cards.workers;
  COUNTED[0] = w.COW;
  COUNTED[1] = w.ENG;
  COUNTED[2] = w.BLD;
  COUNTED[3] = w.WLD;
  for (let b = 0; b < BREEDS.length; b++) COUNTED[WORKER_TYPES.length + b] = cards.cattle[BREEDS[b]!] ?? 0;
  PLACES[0] = boardFigures(state.board, seat).builders;
  const posts = postFigures(state.posts, seat);
  PLACES[1] = posts.discs10;
  PLACES[2] = posts.discs16;
}

/** `countResources` of the entry `p` on the board and posts `places` (resources) were counted on: its cards counted, the builders and discs taken from there. */
function countCardsOf(p: PlayerState, places: ObjectiveResources): void {
  COUNTED.fill(0);
  countCards(p.draw);
  countCards(p.hand);
  countCards(p.discard);
  countCards(p.workers);
  PLACES[0] = places.builders;
  PLACES[1] = places.discs10;
  PLACES[2] = places.discs16;
}

/** The resources `countResources` counted, as a record (the breeds owned, in BREEDS' order). */
function countedResources(): ObjectiveResources {
  const cattle: Partial<Record<Breed, number>> = {};
  for (let b = 0; b < BREEDS.length; b++) {
    const n = COUNTED[WORKER_TYPES.length + b]!;
    if (n > 0) cattle[BREEDS[b]!] = n;
  }
  const workers: Record<WorkerType, number> = { COW: COUNTED[0]!, ENG: COUNTED[1]!, BLD: COUNTED[2]!, WLD: COUNTED[3]! };
  return { cattle, workers, builders: PLACES[0]!, discs10: PLACES[1]!, discs16: PLACES[2]! };
}

/** Whether `r` holds what `countResources` counted. */
function sameAsCounted(r: ObjectiveResources): boolean {
  if (r.builders !== PLACES[0] || r.discs10 !== PLACES[1] || r.discs16 !== PLACES[2]) return false;
  const w = r.workers;
  if (w.COW !== COUNTED[0] || w.ENG !== COUNTED[1] || w.BLD !== COUNTED[2] || w.WLD !== COUNTED[3]) return false;
  let owned = 0;
  for (let b = 0; b < BREEDS.length; b++) {
    const n = COUNTED[WORKER_TYPES.length + b]!;
    if ((r.cattle[BREEDS[b]!] ?? 0) !== n) return false;
    if (n > 0) owned++;
  }
  // No breed of 0 cards among the keys either (a record counted here has none).
  for (const _ in r.cattle) owned--;
  return owned === 0;
}

/** What a card can be: the worker types (in WORKER_TYPES' order), then the breeds. */
const KINDS: readonly (WorkerType | Breed)[] = [...WORKER_TYPES, ...BREEDS];
/**
 * The counting's scratch: cards counted per kind. Counted into numbers by a card's kind, not into
 * records keyed by its name (a keyed store per card, and a record that grows breed by breed): the
 * views count a player's cards again whenever they move between piles, nearly every action (issue #14).
 */
const COUNTED = new Int32Array(KINDS.length);
/** The counting's builders, discs on posts 10 and 12, and discs on post 16. */
const PLACES = new Int32Array(3);

// Index loops, not for…of or array builtins, over the state's lists here and below: they are
// frozen, and V8 takes a slow path for iterating frozen arrays with its builtins (issue #14).
/** Counts the pile's cards into COUNTED. */
function countCards(pile: readonly CardId[]): void {
  for (let i = 0; i < pile.length; i++) COUNTED[kindOf(pile[i]!)]!++;
}

/**
 * A card's kind (its place in KINDS: breedOf, workerOf), remembered per card id: a lookup by the
 * state's own string, whose hash V8 keeps, instead of a new string cut out of it per card counted.
 * The ids are the game's components, so this holds a few hundred entries at most.
 */
function kindOf(card: CardId): number {
  let kind = KIND_OF.get(card);
  if (kind === undefined) {
    kind = KINDS.indexOf(isWorkerCard(card) ? workerOf(card) : breedOf(card));
    if (kind < 0) throw new Error(`not a card: ${card}`);
    KIND_OF.set(card, kind);
  }
  return kind;
}
const KIND_OF = new Map<CardId, number>();

/**
 * Per seat, the builders in its buildings (RULINGS.builderPool) and their VP: remembered per
 * frozen board, which changes only when someone builds (the views ask for every player after
 * every action).
 */
function boardFigures(board: ElPasoState["board"], seat: Seat): { builders: number; vp: number } {
  let known = BOARD_FIGURES.get(board);
  if (!known) {
    known = [];
    for (const node in board) {
      const tile = board[node as keyof typeof board]!;
      if (tile.kind !== "building") continue;
      const figures = (known[tile.owner] ??= { builders: 0, vp: 0 });
      figures.builders += tile.type;
      figures.vp += BUILDING_VP[tile.type];
    }
    if (Object.isFrozen(board)) BOARD_FIGURES.set(board, known);
  }
  return known[seat] ?? NO_BUILDINGS;
}
const BOARD_FIGURES = new WeakMap<object, { builders: number; vp: number }[]>();
const NO_BUILDINGS = Object.freeze({ builders: 0, vp: 0 });

/**
 * Per seat, its discs on posts 10 and 12, on post 16, and the posts' VP: remembered per posts
 * record frozen with each of its lists (a new record only when someone delivers), like the
 * board's figures, instead of counted over every post for every player of every view.
 */
function postFigures(posts: ElPasoState["posts"], seat: Seat): PostFigures {
  let known = POST_FIGURES.get(posts);
  if (!known) {
    known = [];
    for (const post of POSTS) {
      const discs = posts[post];
      for (let i = 0; i < discs.length; i++) {
        const figures = (known[discs[i]!.seat] ??= { discs10: 0, discs16: 0, vp: 0 });
        if (post === "P10" || post === "P12") figures.discs10++;
        else if (post === "P16") figures.discs16++;
        figures.vp += POST_DATA[post].vp;
      }
    }
    if (postsFrozen(posts)) POST_FIGURES.set(posts, known);
  }
  return known[seat] ?? NO_DISCS;
}
interface PostFigures {
  discs10: number;
  discs16: number;
  vp: number;
}
const POST_FIGURES = new WeakMap<object, PostFigures[]>();
const NO_DISCS: PostFigures = Object.freeze({ discs10: 0, discs16: 0, vp: 0 });

/** The record and each post's list frozen (known so when its figures are remembered). */
function postsFrozen(posts: ElPasoState["posts"]): boolean {
  if (POST_FIGURES.has(posts)) return true;
  if (!Object.isFrozen(posts)) return false;
  for (const post of POSTS) if (!Object.isFrozen(posts[post])) return false;
  return true;
}


/**
 * The objectives that score: the subset with the highest VP that can be met together (BGA: "the
 * best outcome"). Sue's all count: "her objective tiles are all considered completed" (E).
 */
export function bestObjectives(state: Pick<ElPasoState, "players" | "board" | "posts" | "sue">, seat: Seat): { met: string[]; vp: number } {
  return remembered(state, seat)?.best ?? searchObjectives(state, seat, objectiveResources(state, seat));
}

/** `objectiveResources`, remembered per frozen player like the best assignment (frozen: views share it). */
export function playerResources(state: Pick<ElPasoState, "players" | "board" | "posts" | "sue">, seat: Seat): ObjectiveResources {
  return remembered(state, seat)?.resources ?? objectiveResources(state, seat);
}

/** `scoreBreakdown` with the best assignment, remembered per frozen player like it (frozen: views share it). */
export function playerBreakdown(state: ElPasoState, seat: Seat): Record<ScoreCategory, number> {
  return remembered(state, seat)?.breakdown ?? scoreBreakdown(state, seat);
}

/** The three figures a view shows of a player, remembered (frozen) where the state is frozen, else found afresh. */
export function playerFigures(state: ElPasoState, seat: Seat): Pick<Remembered, "best" | "resources" | "breakdown"> {
  const known = remembered(state, seat);
  if (known) return known;
  const resources = objectiveResources(state, seat);
  const best = searchObjectives(state, seat, resources);
  return { best, resources, breakdown: scoreBreakdown(state, seat, best, resources) };
}

/**
 * What is remembered per frozen player, with the board and posts it was found on: the best
 * objective assignment, the objectives' resources and the score so far. Every view (each seat's
 * and the spectator's, after every action) shows them for every player, and the search for the
 * best assignment tries every subset of objectives; a player's entry (its cards, objectives,
 * money, herder and tiles), the board and the posts decide them. Engine states never change
 * (frozen, copy-on-write), so a player entry, board and posts seen again are the same as before;
 * any change to them is a new object, which misses the cache. Unfrozen states (the bot's trial
 * copies, tests' hand-built positions) change in place and are never remembered.
 *
 * An action makes a new entry for the player it changes, but mostly leaves what decides the
 * figures as they were (money paid, a card moved from the hand to the discard pile): a new entry
 * starts from the figures of the last entry with the same objectives (the same frozen list), and
 * keeps each figure that comes out equal as the very same frozen object. So the best assignment
 * is searched again only when the resources or the objectives change, and a view's unchanged
 * figures are the same objects from one state to the next, which the table's projection passes
 * over without reading (table-sync.ts).
 */
interface Remembered {
  player: PlayerState;
  seat: Seat;
  board: object;
  posts: object;
  sue: boolean;
  best: { met: string[]; vp: number };
  resources: ObjectiveResources;
  breakdown: Record<ScoreCategory, number>;
}
/**
 * The last figures found per frozen objectives list (a player's, until it gains an objective):
 * found again for the same player entry, board and posts, and the start of the next entry's.
 * One map keyed by a list that lives as long as the player keeps its objectives, rather than an
 * entry per player entry (one per action): a weak map's entries cost the garbage collector.
 */
const lastFigures = new WeakMap<readonly string[], Remembered>();

/**
 * Whether the figures of `p` may be remembered: the entry, board and posts frozen all the way
 * down. The lists and places the last remembered entry (`before`) shares with it were frozen when
 * it was remembered and stay so, so only the others are asked (an action changes one or two).
 */
function immutable(state: Pick<ElPasoState, "players" | "board" | "posts">, p: PlayerState, before: Remembered | undefined): boolean {
  if (!Object.isFrozen(p)) return false;
  const b = before?.player;
  if (before?.board !== state.board && !Object.isFrozen(state.board)) return false;
  if (before?.posts !== state.posts && !postsFrozen(state.posts)) return false;
  if (b?.bonuses !== p.bonuses && !Object.isFrozen(p.bonuses)) return false;
  if (b?.draw !== p.draw && !Object.isFrozen(p.draw)) return false;
  if (b?.hand !== p.hand && !Object.isFrozen(p.hand)) return false;
  if (b?.discard !== p.discard && !Object.isFrozen(p.discard)) return false;
  return b?.workers === p.workers || Object.isFrozen(p.workers);
}

function remembered(state: Pick<ElPasoState, "players" | "board" | "posts" | "sue">, seat: Seat): Remembered | null {
  const p = state.players[seat]!;
  const sue = isSue(state, seat);
  const last = lastFigures.get(p.objectives);
  // Found: the entry, board and posts were frozen all the way down when remembered, and stay so.
  if (last && last.player === p && last.board === state.board && last.posts === state.posts && last.sue === sue && last.seat === seat) return last;
  // The last entry's (same objectives list, seat and side) is where the new one's figures start.
  // Its objectives are this entry's too (the key), and what it shares with this one was frozen
  // when it was remembered.
  const before = last && last.seat === seat && last.sue === sue ? last : undefined;
  if (!immutable(state, p, before)) return null;
  const samePlace = before !== undefined && before.board === state.board && before.posts === state.posts;
  // The same cards, builders and discs: the same resources. Else counted again, and kept as the
  // last ones' object when they come out equal. On the same board and posts only the cards are
  // counted: the builders and discs are the last resources' (the board's and posts' figures
  // were looked up again for every new entry, a third of the count; issue #14).
  let resources: ObjectiveResources;
  const piles = before !== undefined && samePiles(before.player, p);
  if (samePlace && piles) resources = before.resources;
  else {
    if (samePlace) countCardsOf(p, before.resources);
    else if (piles) countPlacesOf(state, seat, before.resources);
    else countResources(state, seat);
    resources = before && sameAsCounted(before.resources) ? before.resources : freezeResources(countedResources());
  }
  // The same objectives (the key of lastFigures) and resources (the same object when the counts
  // are the same): the same best assignment. Searched again, kept as the last one's object when it
  // comes out the same (the view's objectives' status is remembered per best assignment: view.ts).
  let best = before && before.resources === resources ? before.best : searchObjectives(state, seat, resources);
  if (best !== before?.best) best = before && sameBest(before.best, best) ? before.best : deepFreeze(best);
  const fresh: Remembered = {
    player: p,
    seat,
    board: state.board,
    posts: state.posts,
    sue,
    best,
    resources,
    breakdown: keptBreakdown(state as ElPasoState, seat, best, resources, before, samePlace),
  };
  lastFigures.set(p.objectives, fresh);
  return fresh;
}

/** Frozen, as deepFreeze would, without its for…in over every record (the counts are numbers). */
function freezeResources(resources: ObjectiveResources): ObjectiveResources {
  Object.freeze(resources.cattle);
  Object.freeze(resources.workers);
  return Object.freeze(resources);
}

const samePiles = (a: PlayerState, b: PlayerState): boolean => a.draw === b.draw && a.hand === b.hand && a.discard === b.discard && a.workers === b.workers;

function sameBest(a: { met: readonly string[]; vp: number }, b: { met: readonly string[]; vp: number }): boolean {
  if (a.vp !== b.vp || a.met.length !== b.met.length) return false;
  for (let i = 0; i < a.met.length; i++) if (a.met[i] !== b.met[i]) return false;
  return true;
}

/**
 * `scoreBreakdown` of the new entry, as the last entry's very object when every figure comes out
 * the same (the view's score entry goes by it). With `before` on the same board and posts, its
 * buildings' and posts' VP are taken from it, and its workers' and cattle's too while the
 * resources and the herder's Simmental space are the same: most actions change the money or
 * nothing the pad counts, and the breakdown was made and compared in full for each (issue #14).
 */
function keptBreakdown(state: ElPasoState, seat: Seat, best: { met: string[]; vp: number }, resources: ObjectiveResources, before: Remembered | undefined, samePlace: boolean): Record<ScoreCategory, number> {
  if (before === undefined || !samePlace) {
    const fresh = scoreBreakdown(state, seat, best, resources);
    return before !== undefined && sameBreakdown(before.breakdown, fresh) ? before.breakdown : Object.freeze(fresh);
  }
  const p = state.players[seat]!;
  const b = before.breakdown;
  const money = Math.floor(p.money / DOLLARS_PER_VP);
  let workers = b.workers;
  let cattle = b.cattle;
  if (resources !== before.resources || (p.herder === "SIMM") !== (before.player.herder === "SIMM")) {
    workers = workersVp(resources);
    cattle = cattleVp(resources, p.herder);
  }
  const bonuses = p.bonuses === before.player.bonuses ? b.bonuses : bonusesVp(p.bonuses);
  if (money === b.money && workers === b.workers && cattle === b.cattle && bonuses === b.bonuses && best.vp === b.objectives) return b;
  return Object.freeze({ money, buildings: b.buildings, posts: b.posts, workers, cattle, bonuses, objectives: best.vp });
}

function sameBreakdown(a: Record<ScoreCategory, number>, b: Record<ScoreCategory, number>): boolean {
  for (const c of SCORE_CATEGORIES) if (a[c] !== b[c]) return false;
  return true;
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
    // An index loop, not filter: the objectives are a frozen list of the state (see countCards).
    const subset: string[] = [];
    for (let i = 0; i < n; i++) if (mask & (1 << i)) subset.push(owned[i]!);
    if (canMeetTogether(subset, r)) best = { met: subset, vp };
  }
  return best;
}

/**
 * The score so far by category. Workers' and cattle's VP come from the resources' counts by type
 * and breed (every card the player owns, counted once there): whole numbers, so the order of the
 * sums does not matter.
 */
export function scoreBreakdown(
  state: ElPasoState,
  seat: Seat,
  objectives = bestObjectives(state, seat),
  resources: ObjectiveResources = objectiveResources(state, seat),
): Record<ScoreCategory, number> {
  const p = state.players[seat]!;
  const posts = postFigures(state.posts, seat).vp;
  return {
    money: Math.floor(p.money / DOLLARS_PER_VP),
    buildings: boardFigures(state.board, seat).vp,
    posts,
    workers: workersVp(resources),
    cattle: cattleVp(resources, p.herder),
    bonuses: bonusesVp(p.bonuses),
    objectives: objectives.vp,
  };
}

function workersVp(resources: ObjectiveResources): number {
  let workers = 0;
  for (const t of WORKER_TYPES) workers += resources.workers[t] * WORKER_VP[t];
  return workers;
}

function cattleVp(resources: ObjectiveResources, herder: PlayerState["herder"]): number {
  let cattle = 0;
  for (const breed in resources.cattle) cattle += resources.cattle[breed as Breed]! * BREED_DATA[breed as Breed].vp;
  if (herder === "SIMM") cattle += SIMMENTAL_SPACE_VP;
  return cattle;
}

function bonusesVp(bonuses: readonly string[]): number {
  let vp = 0;
  for (let i = 0; i < bonuses.length; i++) vp += BONUSES[bonuses[i]!]!.vp;
  return vp;
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
