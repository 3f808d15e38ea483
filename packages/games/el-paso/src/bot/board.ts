/**
 * What the board gives the evaluating seat: its buildings and discs on posts (remembered per
 * frozen board and posts object), the use of its workers and of visits to its own buildings,
 * and how far its herder is from El Paso, for `evaluate.ts`.
 */
import type { Seat } from "@saloon/engine";
import {
  type ActionSpec,
  BREED_DATA,
  BUILDING_ACTIONS,
  BUILDING_VP,
  type BuildingType,
  EL_PASO,
  MAX_BUILDINGS,
  NODES as BOARD_NODES,
  type NodeId,
  POST_DATA,
  POSTS,
  type PostId,
  SUCCESSORS,
} from "../data.ts";
import type { ElPasoState } from "../state.ts";
import type { Holdings } from "./holdings.ts";
import type { Weights } from "./weights.ts";

// ---------------------------------------------------------------- what the board and posts give

/**
 * The seat's buildings and discs on posts, remembered per frozen board and posts object: a trial
 * shares them with the state it was made from unless it builds or delivers (bot/belief.ts), so
 * most of a decision's evaluations find them here.
 */
export interface BoardFacts {
  seat: Seat;
  types: BuildingType[];
  vp: number;
  builders: number;
}
const BOARD_FACTS = new WeakMap<object, BoardFacts>();

// The last board's and posts' facts beside the weak maps: a decision's evaluations mostly share
// one board and one posts object, and a weak map's lookup on a frozen key cost more than the
// facts' own sums (postFacts was 2.8 % of the simulator's profile).
let lastBoard: object | null = null;
let lastBoardFacts: BoardFacts | null = null;
let lastPosts: object | null = null;
let lastPostFacts: PostFacts | null = null;

export function boardFacts(board: ElPasoState["board"], seat: Seat): BoardFacts {
  if (board === lastBoard && lastBoardFacts!.seat === seat) return lastBoardFacts!;
  const known = BOARD_FACTS.get(board);
  if (known?.seat === seat) {
    lastBoard = board;
    lastBoardFacts = known;
    return known;
  }
  const facts: BoardFacts = { seat, types: [], vp: 0, builders: 0 };
  for (const node in board) {
    const tile = board[node as NodeId]!;
    if (tile.kind === "building" && tile.owner === seat) facts.types.push(tile.type);
  }
  for (const type of facts.types) {
    facts.vp += BUILDING_VP[type];
    facts.builders += type;
  }
  if (Object.isFrozen(board)) {
    BOARD_FACTS.set(board, facts);
    lastBoard = board;
    lastBoardFacts = facts;
  }
  return facts;
}

export interface PostFacts {
  seat: Seat;
  vp: number;
  discs10: number;
  discs16: number;
  /** By post index: may the seat still deliver there (a post of several discs, or none of its own yet)? */
  open: boolean[];
}
/**
 * By seat: the bots of a table's seats take turns deciding on the same posts, and with one seat's
 * facts per posts object each decision found the last seat's there and counted the posts again
 * (1.8 times per action in the simulator, issue #14).
 */
const POST_FACTS = new WeakMap<object, PostFacts[]>();
const POST_VP = POSTS.map((post) => POST_DATA[post].vp);
const POST_MULTI = POSTS.map((post) => POST_DATA[post].multi);

export function postFacts(posts: ElPasoState["posts"], seat: Seat): PostFacts {
  if (posts === lastPosts && lastPostFacts!.seat === seat) return lastPostFacts!;
  const bySeat = POST_FACTS.get(posts);
  const known = bySeat?.[seat];
  if (known !== undefined) {
    lastPosts = posts;
    lastPostFacts = known;
    return known;
  }
  const facts: PostFacts = { seat, vp: 0, discs10: 0, discs16: 0, open: [] };
  // Index loops: the posts' lists are frozen, where for…of takes V8's slow path (issue #14); a
  // delivery's trial makes new posts, so these facts are found again ~1.5 times per action.
  for (let p = 0; p < POSTS.length; p++) {
    const post = POSTS[p]!;
    const discs = posts[post];
    let own = false;
    for (let i = 0; i < discs.length; i++) {
      if (discs[i]!.seat !== seat) continue;
      own = true;
      facts.vp += POST_VP[p]!;
      if (post === "P16") facts.discs16++;
      else if (post === "P10" || post === "P12") facts.discs10++;
    }
    facts.open.push(POST_MULTI[p]! || !own);
  }
  // Frozen all the way down: the posts' lists are frozen with them (bot/belief.ts, engine states).
  if (bySeat !== undefined) bySeat[seat] = facts;
  else if (frozenPosts(posts)) {
    const seats: PostFacts[] = [];
    seats[seat] = facts;
    POST_FACTS.set(posts, seats);
  } else return facts;
  lastPosts = posts;
  lastPostFacts = facts;
  return facts;
}

/**
 * The post facts of `after`, the frozen posts `before` with one more disc of `seat` at `post` (a
 * delivery's trial, quiet-trials.ts `delivered`), as `postFacts` finds them, made from those of `before`
 * and kept for `after`: a delivery step makes new posts for each of its options, and counting
 * every post again for each was a twentieth of the step (issue #14). search.test checks them
 * against `postFacts`'s own count.
 */
export function rememberDelivery(before: ElPasoState["posts"], after: ElPasoState["posts"], seat: Seat, post: PostId): void {
  if (!frozenPosts(before)) return;
  const seats: PostFacts[] = [];
  seats[seat] = factsAfterDelivery(postFacts(before, seat), seat, post);
  POST_FACTS.set(after, seats);
}

/** The post facts `was` with one more disc of `seat` at `post`. */
export function factsAfterDelivery(was: PostFacts, seat: Seat, post: PostId): PostFacts {
  const p = POST_INDEX[post];
  // One disc more of the seat at `post`: its VP (whole numbers), its count for the objectives,
  // and the post closed to the seat unless it takes several discs.
  const open = was.open.slice();
  open[p] = POST_MULTI[p]!;
  return {
    seat,
    vp: was.vp + POST_VP[p]!,
    discs10: post === "P10" || post === "P12" ? was.discs10 + 1 : was.discs10,
    discs16: post === "P16" ? was.discs16 + 1 : was.discs16,
    open,
  };
}
const POST_INDEX = Object.fromEntries(POSTS.map((post, i) => [post, i])) as Record<PostId, number>;

function frozenPosts(posts: ElPasoState["posts"]): boolean {
  if (!Object.isFrozen(posts)) return false;
  for (let i = 0; i < POSTS.length; i++) if (!Object.isFrozen(posts[POSTS[i]!])) return false;
  return true;
}

// ---------------------------------------------------------------- workers, buildings, the trail

export function workersUse(s: ElPasoState, own: Holdings, buildingTypes: BuildingType[], w: Weights): number {
  let canStillBuild = buildingTypes.length < MAX_BUILDINGS;
  for (let i = 0; i < buildingTypes.length && !canStillBuild; i++) canStillBuild = buildingTypes[i]! < 6;
  const marketOpen = openMarket(s.market);
  const use = w.workerUse;
  const { ready, workers } = own;
  // The types written out in WORKER_TYPES order (the sum's order), not looped over: a record's
  // field by a type held in a variable is a keyed load.
  let value = 0;
  value += workerUse(marketOpen ? use.COW : use.COW * 0.3, ready.COW, workers.COW, w.workerAway);
  value += workerUse(use.ENG, ready.ENG, workers.ENG, w.workerAway);
  value += workerUse(canStillBuild ? use.BLD : use.BLD * 0.15, ready.BLD, workers.BLD, w.workerAway);
  value += workerUse(use.WLD, ready.WLD, workers.WLD, w.workerAway);
  return value;
}

/** One worker type's use: those ready now, and the share `away` of those in the piles, up to 6 in all. */
function workerUse(use: number, readyNow: number, owned: number, away: number): number {
  const ready = Math.min(readyNow, 6);
  const later = Math.max(0, Math.min(owned - readyNow, 6 - ready));
  return use * (ready + away * later);
}

/**
 * Whether any breed is left in the market, for the last frozen market asked about: a trial shares
 * its market unless it buys, and the loop over the frozen record's keys ran at every evaluation.
 */
let lastMarket: object | null = null;
let lastMarketOpen = false;
function openMarket(market: ElPasoState["market"]): boolean {
  if (market === lastMarket) return lastMarketOpen;
  let open = false;
  for (const breed in market) if (market[breed as "ANG"].length > 0) open = true;
  if (Object.isFrozen(market) && Object.isFrozen(market.ANG) && Object.isFrozen(market.COR) && Object.isFrozen(market.SHO) && Object.isFrozen(market.HER)) {
    lastMarket = market;
    lastMarketOpen = open;
  }
  return open;
}

/**
 * `buildingUse` by type, per frozen record of building sides (a game's, shared by every view and
 * trial): the key text made per building per evaluation cost more than the lookup it served.
 */
const USE_BY_SIDES = new WeakMap<object, number[]>();
// The last sides' uses beside the weak map: a game has one record of sides, asked at every evaluation.
let lastSides: object | null = null;
let lastUses: number[] = [];
export function buildingUse(s: ElPasoState, type: BuildingType): number {
  const sides = s.buildingSides;
  if (sides === lastSides) return lastUses[type]!;
  let uses = USE_BY_SIDES.get(sides);
  if (uses === undefined) {
    if (!Object.isFrozen(sides)) return sideUse(s, type);
    uses = [];
    for (let t = 1; t <= 6; t++) uses[t] = sideUse(s, t as BuildingType);
    USE_BY_SIDES.set(sides, uses);
  }
  lastSides = sides;
  lastUses = uses;
  return uses[type]!;
}

const USE_CACHE = new Map<string, number>();
/** A visit to an own building of this type, beyond what any location gives (an auxiliary action). */
function sideUse(s: ElPasoState, type: BuildingType): number {
  const key = `${type}${s.buildingSides[String(type)]}` as `${BuildingType}${"a" | "b"}`;
  let use = USE_CACHE.get(key);
  if (use === undefined) {
    use = Math.max(0, BUILDING_ACTIONS[key].reduce((n, spec) => n + actionWorth(spec), 0) - 1.5) / 3;
    USE_CACHE.set(key, use);
  }
  return use;
}

/** A printed action's rough worth in VP, whatever the hand and purse hold. */
function actionWorth(spec: ActionSpec): number {
  switch (spec.t) {
    case "DISCARD_CATTLE":
      return spec.gain === "2xBV" ? 2 : 0.35 * spec.gain;
    case "GAIN_MONEY":
      return 0.4 * spec.n;
    case "GAIN_CERT":
      return 0.5 * spec.n;
    case "GAIN_TOKEN":
      return 0.4 - 0.4 * spec.cost;
    case "GAIN_TILE":
      return 2 - 0.4 * spec.cost;
    case "GAIN_CATTLE":
      return BREED_DATA[spec.breed].vp + 0.5 - 0.4 * spec.cost;
    case "AUX":
      return 0.6 * spec.n;
    case "REMOVE_CATTLE":
      return 0.6;
    case "HIRE":
      return spec.mode === "FIXED" ? 2.5 - 0.4 * spec.specific : 1;
    case "MOVE":
      return 0.8 * spec.max;
    default:
      return 1.5;
  }
}

const NODE_INDEX = Object.fromEntries(BOARD_NODES.map((node, i) => [node, i])) as Record<NodeId, number>;
/**
 * Distances by the set of occupied nodes and the start: a board has a few dozen layouts in a
 * game (at most 2^9, one bit per building space), and each trial asks again.
 */
const DISTANCES = new Map<number, number>();

/** The fewest locations from a node to El Paso (from El Paso itself: a whole lap). */
export function distanceToElPaso(s: Pick<ElPasoState, "board">, from: NodeId): number {
  const occupied = occupancy(s.board);
  const key = occupied * BOARD_NODES.length + NODE_INDEX[from];
  let distance = DISTANCES.get(key);
  if (distance === undefined) {
    distance = searchDistance(s, from);
    DISTANCES.set(key, distance);
  }
  return distance;
}

/** The occupied nodes as bits, remembered per frozen board (a trial shares its board unless it builds). */
function occupancy(board: ElPasoState["board"]): number {
  // The last board's beside the weak map: a decision's evaluations mostly share one board, and the
  // weak map's lookup was most of `distanceToElPaso`'s time (issue #14).
  if (board === lastOccupied) return lastOccupancy;
  let occupied = OCCUPANCY.get(board);
  if (occupied === undefined) {
    occupied = 0;
    for (const node in board) if (board[node as NodeId]) occupied |= 1 << NODE_INDEX[node as NodeId];
    if (!Object.isFrozen(board)) return occupied;
    OCCUPANCY.set(board, occupied);
  }
  lastOccupied = board;
  lastOccupancy = occupied;
  return occupied;
}
let lastOccupied: object | null = null;
let lastOccupancy = 0;
const OCCUPANCY = new WeakMap<object, number>();

function searchDistance(s: Pick<ElPasoState, "board">, from: NodeId): number {
  let best = Infinity;
  const visit = (node: NodeId, steps: number) => {
    for (const next of SUCCESSORS[node]) {
      if (next === EL_PASO) best = Math.min(best, steps + 1);
      else visit(next, steps + (s.board[next] ? 1 : 0));
    }
  };
  visit(from, 0);
  return best;
}
