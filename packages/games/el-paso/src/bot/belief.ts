/**
 * What the bot believes the table to be: a full rules state rebuilt from its own view only, so
 * that it can try its options with the real rules (`perform`). What the view hides is filled
 * with stand-ins:
 *   - its own draw pile becomes placeholder cards; its composition (known: owned minus what is
 *     in sight) is kept beside the state, so the hand drawn at the end of a trial turn is judged
 *     by expectation, not by an invented order;
 *   - other players' hands, draw and discard piles become placeholders of the right size;
 *   - supplies, the Simmental stack and the building stacks become anonymous cards and tiles of
 *     the right counts; the face-down tile piles hold the tiles nobody can see, in an arbitrary
 *     order.
 * A belief is good for trying the bot's own turn, nothing further: placeholders never reach a
 * delivery because a trial turn ends at the draw phase and trials never exchange.
 */
import { type RngState, type Seat, deepFreeze, seedRng } from "@saloon/engine";
import { BONUS_IDS, BREEDS, type Breed, type CardId, OBJECTIVE_IDS, WORKER_TYPES, type WorkerType } from "../data.ts";
import { DEFAULT_OPTIONS, type ElPasoState, type Frame, type PlayerState } from "../state.ts";
import type { ElPasoView, PlayerView } from "../view.ts";
import { thaw } from "../writes.ts";
import { BREED_INDEX, NB, cardCode } from "./holdings.ts";

/** A placeholder card: a Criollo by its id's breed (so the rules never trip on it), flagged by "?". */
export const PLACEHOLDER = "C-CRI-?";
export const isPlaceholder = (card: CardId): boolean => card === PLACEHOLDER;

export interface Belief {
  seat: Seat;
  state: ElPasoState;
  /** The bot's draw pile by breed and worker type (what it owns minus hand, discard and worker area). */
  drawCattle: Partial<Record<Breed, number>>;
  /** The same by breed index (`BREEDS` order), for the evaluation's arrays. */
  drawCattleByIndex: number[];
  drawWorkers: Record<WorkerType, number>;
}

const OWN_PLACEHOLDERS = 12;
function anonymous(prefix: string, n: number): string[] {
  const out: string[] = [];
  for (let i = 0; i < n; i++) out.push(prefix);
  return out;
}

/**
 * A frozen list of `n` anonymous items, made once per name and size: every decision rebuilds the
 * other seats' piles and the supplies from counts, and the same few counts come back all game.
 */
const SHARED_LISTS = new Map<string, (readonly string[])[]>();
function sharedAnonymous(prefix: string, n: number): string[] {
  // By name, then size: no key text made per list asked for (several per decision).
  let bySize = SHARED_LISTS.get(prefix);
  if (bySize === undefined) SHARED_LISTS.set(prefix, (bySize = []));
  let list = bySize[n];
  if (list === undefined) bySize[n] = list = Object.freeze(anonymous(prefix, n));
  return list as string[];
}

/**
 * The generator of a belief's state, one per seat. A trial draws from it only when its own draw
 * pile runs out (a reshuffle of placeholders), so a fixed seed per seat is all it needs, and
 * hashing it once instead of at every decision saves a fifth of building the belief.
 */
const BELIEF_RNG: RngState[] = [];
const beliefRng = (seat: Seat): RngState => (BELIEF_RNG[seat] ??= Object.freeze(seedRng(`belief:${seat}`)) as RngState);

/**
 * The belief's state shares what it can with the view, which is frozen: the phase, the stack's
 * frames, the board, the discs on posts, the displays' tiles; every other seat's player entry is
 * rebuilt once and frozen, and so are the stand-in supplies and piles. Nothing is written into the
 * belief's own state: each trial works on a `trialCopy`, which copies what its option can change.
 */
export function beliefFromView(view: ElPasoView, seat: Seat): Belief {
  const me = view.players[seat]!;
  const { drawCattle, drawCattleByIndex, drawWorkers } = drawPile(me, seat);
  const players: PlayerState[] = [];
  for (let s = 0; s < view.players.length; s++) {
    const p = view.players[s]!;
    if (s !== seat) {
      players.push(otherSeat(p));
      continue;
    }
    // The view's lists themselves (frozen): a trial shares the lists its option leaves as they
    // are, and the rules copy one before they write into it (`trialCopy`).
    players.push({
      money: p.money,
      tokens: p.tokens,
      certs: p.certs,
      discs: frozen(p.discs),
      hand: frozen(p.hand!),
      // Placeholders stand in for the bot's own draw pile too, enough that a trial turn's draw
      // phase never reshuffles the discard pile.
      draw: sharedAnonymous(PLACEHOLDER, OWN_PLACEHOLDERS),
      discard: frozen(p.discard!),
      workers: frozen(p.workers),
      herder: p.herder,
      objectives: frozen(p.objectives),
      bonuses: frozen(p.bonuses),
    });
  }
  const piles = tilePiles(view);
  const state: ElPasoState = {
    seats: view.seats,
    options: DEFAULT_OPTIONS,
    rng: beliefRng(seat),
    phase: view.phase,
    active: view.active,
    stack: view.stack,
    players,
    board: frozen(view.board),
    posts: frozen(view.posts),
    market: anonymousLists(view.market, (breed) => `C-${breed}-m`),
    workerSupply: anonymousLists(view.workerSupply, (type) => `W-${type}-s`),
    simmentals: sharedAnonymous("C-SIM-s", view.simmentals),
    buildingStacks: anonymousLists(view.buildingStacks, (type) => `BT${type}-s`),
    buildingSides: view.buildingSides,
    trainSides: view.trainSides,
    objDisplay: frozen(view.objDisplay),
    bonDisplay: frozen(view.bonDisplay),
    objPile: piles.objPile,
    bonPile: piles.bonPile,
    box: frozen(view.boxed),
    end: frozen(view.end),
    turnCount: 0,
  };
  return { seat, state, drawCattle, drawCattleByIndex, drawWorkers };
}

/** The belief's counts of the seat's draw pile (`Belief`), never written into by their readers. */
interface DrawPile {
  resources: object;
  hand: readonly CardId[];
  discard: readonly CardId[];
  workers: readonly CardId[];
  /** The counts by `cardCode` (breed indices, then worker types), as `drawCattle` and `drawWorkers` hold them. */
  counts: Int32Array;
  drawCattle: Partial<Record<Breed, number>>;
  drawCattleByIndex: number[];
  drawWorkers: Record<WorkerType, number>;
}
/**
 * The draw pile's composition: what the seat owns less its hand, discard pile and worker area.
 * The last one per seat is taken again while those are the same frozen objects (the view's
 * resources stay the same object while the counts do: scoring.ts), as they are across most
 * decisions of a turn, and its counts are taken again when they come out the same (a card moved
 * from the hand to the discard pile changes the lists, not the draw pile): the same counts then
 * are the same objects, which the evaluation's memos of the last answer go by (holdings.ts,
 * evaluate.ts). Counted by card code into numbers: spreading the view's frozen records and
 * writing breeds into them by name cost five times as much.
 */
function drawPile(me: PlayerView, seat: Seat): DrawPile {
  const last = DRAW_PILES[seat];
  if (last !== undefined && last.resources === me.resources && last.hand === me.hand && last.discard === me.discard && last.workers === me.workers) return last;
  const counts = COUNTS;
  counts.fill(0);
  const owned = me.resources.cattle;
  for (const breed in owned) counts[BREED_INDEX[breed as Breed]] = owned[breed as Breed]!;
  const { COW, ENG, BLD, WLD } = me.resources.workers;
  counts[NB] = COW;
  counts[NB + 1] = ENG;
  counts[NB + 2] = BLD;
  counts[NB + 3] = WLD;
  // Index loops over the view's lists here and below: they are the state's frozen lists, where
  // for…of and V8's array builtins take a slow path (for…of 8×, map 4× in a microbenchmark; issue #14).
  uncount(me.hand!, counts);
  uncount(me.discard!, counts);
  uncount(me.workers, counts);
  let pile: DrawPile;
  if (last !== undefined && sameCounts(last.counts, counts)) {
    pile = { resources: me.resources, hand: me.hand!, discard: me.discard!, workers: me.workers, counts: last.counts, drawCattle: last.drawCattle, drawCattleByIndex: last.drawCattleByIndex, drawWorkers: last.drawWorkers };
  } else {
    // Every breed a key (0 for none), where the readers take a missing breed for 0.
    const drawCattle: Partial<Record<Breed, number>> = {};
    const drawCattleByIndex: number[] = [];
    for (let i = 0; i < NB; i++) {
      drawCattle[BREEDS[i]!] = counts[i]!;
      drawCattleByIndex.push(Math.max(0, counts[i]!));
    }
    const drawWorkers: Record<WorkerType, number> = { COW: counts[NB]!, ENG: counts[NB + 1]!, BLD: counts[NB + 2]!, WLD: counts[NB + 3]! };
    pile = { resources: me.resources, hand: me.hand!, discard: me.discard!, workers: me.workers, counts: counts.slice(), drawCattle, drawCattleByIndex, drawWorkers };
  }
  // Only frozen inputs stay what they were; a hand-built view's may be changed in place.
  if (Object.isFrozen(me.resources) && Object.isFrozen(me.resources.cattle) && Object.isFrozen(me.resources.workers) && Object.isFrozen(me.hand) && Object.isFrozen(me.discard) && Object.isFrozen(me.workers)) DRAW_PILES[seat] = pile;
  return pile;
}
const DRAW_PILES: DrawPile[] = [];
/** The counting's scratch (`drawPile`), by card code. (Not by holdings.ts's NB: that module imports this one.) */
const COUNTS = new Int32Array(BREEDS.length + WORKER_TYPES.length);

function sameCounts(a: Int32Array, b: Int32Array): boolean {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/**
 * The face-down tile piles: the tiles nobody can see (not on display, not held), in an arbitrary
 * order, as many as the view counts. Made again only when a display, a pile's count or a
 * player's tiles changed (each is the same frozen list in the next view while it does not): every
 * decision rebuilt them from the whole list of tiles.
 */
interface TilePiles {
  inputs: readonly unknown[];
  objPile: string[];
  bonPile: string[];
}
const TILE_PILES = new WeakMap<object, TilePiles>();
function tilePiles(view: ElPasoView): TilePiles {
  const known = TILE_PILES.get(view.objDisplay);
  if (known !== undefined && sameTileInputs(known.inputs, view)) return known;
  const inputs: unknown[] = [view.bonDisplay, view.objPile, view.bonPile];
  for (let s = 0; s < view.players.length; s++) inputs.push(view.players[s]!.objectives, view.players[s]!.bonuses);
  const seen = new Set<string | null>();
  addAll(seen, view.objDisplay);
  addAll(seen, view.bonDisplay);
  for (let s = 0; s < view.players.length; s++) {
    addAll(seen, view.players[s]!.objectives);
    addAll(seen, view.players[s]!.bonuses);
  }
  const piles: TilePiles = {
    inputs,
    objPile: Object.freeze(OBJECTIVE_IDS.filter((t) => !seen.has(t)).slice(0, view.objPile)) as string[],
    bonPile: Object.freeze(BONUS_IDS.filter((t) => !seen.has(t)).slice(0, view.bonPile)) as string[],
  };
  // Only frozen lists stay what they were; a hand-built view's may be changed in place.
  if (Object.isFrozen(view.objDisplay) && inputs.every((x) => typeof x !== "object" || Object.isFrozen(x))) TILE_PILES.set(view.objDisplay, piles);
  return piles;
}

/** Whether `inputs` are the view's tile inputs as `tilePiles` lists them (without listing them: it runs at every decision). */
function sameTileInputs(inputs: readonly unknown[], view: ElPasoView): boolean {
  if (inputs.length !== 3 + 2 * view.players.length || inputs[0] !== view.bonDisplay || inputs[1] !== view.objPile || inputs[2] !== view.bonPile) return false;
  for (let s = 0; s < view.players.length; s++) if (inputs[3 + 2 * s] !== view.players[s]!.objectives || inputs[4 + 2 * s] !== view.players[s]!.bonuses) return false;
  return true;
}

/**
 * Takes a pile's cards off the counts by card code (breed index, or NB + worker type index: the
 * evaluation's lookup per card id, holdings.ts), not cut out of the id: that made two new
 * strings per cattle card at every decision (issue #14).
 */
function uncount(pile: readonly CardId[], counts: Int32Array): void {
  for (let i = 0; i < pile.length; i++) counts[cardCode(pile[i]!)]!--;
}

function addAll<T>(set: Set<T>, items: readonly T[]): void {
  for (let i = 0; i < items.length; i++) set.add(items[i]!);
}

/**
 * What the belief shares with every trial is frozen, so that a trial that writes where its copy
 * shares throws (tryOption does not take that for an illegal option). An engine view is frozen
 * already; a view of a hand-built position shares that position's objects, which stay the test's.
 */
const frozen = <T>(part: T): T => (Object.isFrozen(part) ? part : deepFreeze(structuredClone(part)));

/**
 * Another seat's entry in the belief: its hand and piles as placeholders of their sizes, the rest
 * the view's own lists (frozen, like the entry: the rules change only the active seat's entry, no
 * fee or card passes between players in El Paso, and a write would throw here). Made once per
 * frozen public entry, which stays the same object while that player does not change
 * (view.ts), instead of at every decision.
 */
function otherSeat(p: PlayerView): PlayerState {
  const known = OTHER_SEATS.get(p.objectives);
  if (known?.view === p) return known.player;
  const player: PlayerState = deepFreeze({
    money: p.money,
    tokens: p.tokens,
    certs: p.certs,
    discs: frozen(p.discs),
    hand: sharedAnonymous(PLACEHOLDER, p.handCount),
    draw: sharedAnonymous(PLACEHOLDER, p.drawCount),
    discard: sharedAnonymous(PLACEHOLDER, p.discardCount),
    workers: frozen(p.workers),
    herder: p.herder,
    objectives: frozen(p.objectives),
    bonuses: frozen(p.bonuses),
  });
  if (Object.isFrozen(p)) OTHER_SEATS.set(p.objectives, { view: p, player });
  return player;
}
/**
 * Per objectives list (a player's, until it gains an objective), the last public entry's belief
 * entry: keyed by the public entry itself, a weak map took a new entry per action, and the
 * garbage collector pays per entry (issue #14).
 */
const OTHER_SEATS = new WeakMap<readonly string[], { view: PlayerView; player: PlayerState }>();

/**
 * A list of `n` anonymous items per key, named by the key, frozen: made once per frozen record
 * of counts (view.ts keeps one per frozen market, supply and building stacks of the state).
 */
function anonymousLists<K extends string>(counts: Record<K, number>, name: (key: K) => string): Record<K, string[]> {
  const known = ANONYMOUS_LISTS.get(counts);
  if (known) return known as Record<K, string[]>;
  const out = {} as Record<K, string[]>;
  for (const key in counts) out[key] = sharedAnonymous(name(key), counts[key]);
  Object.freeze(out);
  if (Object.isFrozen(counts)) ANONYMOUS_LISTS.set(counts, out);
  return out;
}
const ANONYMOUS_LISTS = new WeakMap<object, Record<string, string[]>>();

/** A copy of a record of lists (a plain loop: Object.entries/fromEntries cost a quarter of the bot's time). */
function copyLists<T extends Record<string, unknown[]>>(record: T): T {
  const out: Record<string, unknown[]> = {};
  for (const key in record) out[key] = record[key]!.slice();
  return out as T;
}

/** A copy of a state for one trial (a JSON round trip costs about 5× as much, measured). */
export function cloneState(s: ElPasoState): ElPasoState {
  return {
    ...s,
    rng: s.rng.slice(),
    phase: s.phase.kind === "pickObjective" ? { ...s.phase, order: s.phase.order.slice() } : s.phase,
    stack: s.stack.map((f) => (f.kind === "actions" || f.kind === "aux" ? { ...f, used: f.used.slice() } : { ...f })) as ElPasoState["stack"],
    players: s.players.map((p) => ({
      ...p,
      discs: p.discs.slice(),
      hand: p.hand.slice(),
      draw: p.draw.slice(),
      discard: p.discard.slice(),
      workers: p.workers.slice(),
      objectives: p.objectives.slice(),
      bonuses: p.bonuses.slice(),
    })),
    board: { ...s.board },
    posts: copyLists(s.posts),
    market: copyLists(s.market),
    workerSupply: copyLists(s.workerSupply),
    simmentals: s.simmentals.slice(),
    buildingStacks: copyLists(s.buildingStacks),
    objDisplay: s.objDisplay.slice(),
    bonDisplay: s.bonDisplay.slice(),
    objPile: s.objPile.slice(),
    bonPile: s.bonPile.slice(),
    box: s.box.slice(),
    end: { ...s.end },
  };
}

/**
 * A copy of a belief's state for one trial of `seat`'s own turn: its own player entry and the
 * stack are copied (the stack's frames too); everything else is shared with `s`, frozen (by
 * `beliefFromView`, and by `freezeChanged` once a trial is done), and the rules copy a frozen
 * object before they write into it (rules.ts `writable`, the engine's copy-on-write): a trial
 * copies only the parts of the table its option changes, and a write the rules make without
 * that copy throws instead of changing another trial. The other seats' entries are shared too:
 * the rules never change another seat's entry in El Paso. The state is copied by the rules' `thaw`
 * (fields written out): a spread followed by overrides, and `map` with a closure per call, cost
 * twice as much (measured with bench-sim).
 */
export function trialCopy(s: ElPasoState, seat: Seat): ElPasoState {
  const players = [...s.players];
  const p = players[seat]!;
  // The seat's lists are shared, frozen (each list once: a state is never changed once tried), and
  // the rules copy a frozen list before they write into it (rules.ts `writable`): a trial copies
  // only the lists its option changes, and one that leaves a list as it is shares that very list
  // with the state it was made from, which the evaluation's memos go by (holdings.ts).
  players[seat] = {
    money: p.money,
    tokens: p.tokens,
    certs: p.certs,
    discs: sealed(p.discs),
    hand: sealed(p.hand),
    draw: sealed(p.draw),
    discard: sealed(p.discard),
    workers: sealed(p.workers),
    herder: p.herder,
    objectives: sealed(p.objectives),
    bonuses: sealed(p.bonuses),
  };
  const stack: Frame[] = [];
  // An index loop: the stack is often the view's frozen list, where for…of makes an iterator.
  for (let i = 0; i < s.stack.length; i++) {
    const f = s.stack[i]!;
    if (f.kind === "actions") stack.push({ kind: "actions", source: f.source, specs: f.specs, used: [...f.used], location: f.location });
    else if (f.kind === "aux") stack.push({ kind: "aux", remaining: f.remaining, used: [...f.used] });
    else stack.push({ ...f });
  }
  // The rules replace the generator's state (s.rng), never write into it (engine rollInt).
  const copy = thaw(s);
  if (s.phase.kind === "pickObjective") copy.phase = { kind: "pickObjective", order: s.phase.order, index: s.phase.index };
  copy.stack = stack;
  copy.players = players;
  return copy;
}

/** A list frozen, to be shared by trials. */
const sealed = <T>(list: T[]): T[] => (Object.isFrozen(list) ? list : (Object.freeze(list) as T[]));

/**
 * Freezes the parts of the table a trial's rules copied to write into (those that are no longer
 * the objects of `before`, the state the trial was made from), once the trial is done: trials
 * made from it share them. Its player entry and stack are copied by every trial (`trialCopy`).
 */
export function freezeChanged(s: ElPasoState, before: ElPasoState): void {
  if (s.board !== before.board) deepFreeze(s.board);
  if (s.posts !== before.posts) deepFreeze(s.posts);
  if (s.market !== before.market) deepFreeze(s.market);
  if (s.workerSupply !== before.workerSupply) deepFreeze(s.workerSupply);
  if (s.simmentals !== before.simmentals) Object.freeze(s.simmentals);
  if (s.buildingStacks !== before.buildingStacks) deepFreeze(s.buildingStacks);
  if (s.objDisplay !== before.objDisplay) Object.freeze(s.objDisplay);
  if (s.bonDisplay !== before.bonDisplay) Object.freeze(s.bonDisplay);
  if (s.objPile !== before.objPile) Object.freeze(s.objPile);
  if (s.bonPile !== before.bonPile) Object.freeze(s.bonPile);
  if (s.box !== before.box) Object.freeze(s.box);
  if (s.end !== before.end) Object.freeze(s.end);
}
