/**
 * Writing into El Paso's state: the rules' copy-on-write (perform gets a thawed copy of the state
 * and copies each object on its way down the first time it writes there), and the freezing of
 * what an action made (GameRules.freezeNew).
 */
import { type Seat, deepFreeze, writable } from "@saloon/engine";
import type { CardId, MarketBreed, PostId, WorkerType } from "./data.ts";
import type { ElPasoState, Frame, PlayerState } from "./state.ts";

// `perform` gets a shallow copy of the state (index.ts: thaw); every object below its top is still
// the frozen one of the state before. The rules write through these, which copy an object on the
// way down the first time it is written in this action: an action copies only what it changes.
// The bot's trial copies (bot/belief.ts) are unfrozen where an option writes, so there these
// return the objects themselves.

/**
 * A shallow copy of the state for `perform` (GameRules.thaw), its fields written out in
 * setupState's order rather than spread: V8 spreads a frozen object on a slow path, about ten
 * times a literal's time (a microbenchmark: ~0.9 µs a state), and every action applied thaws its
 * state once (issue #14). Only a solo table's state has `sue`, last, as seatSue adds it.
 */
export function thaw(s: ElPasoState): ElPasoState {
  const copy: ElPasoState = {
    seats: s.seats,
    options: s.options,
    rng: s.rng,
    phase: s.phase,
    active: s.active,
    stack: s.stack,
    players: s.players,
    board: s.board,
    posts: s.posts,
    market: s.market,
    workerSupply: s.workerSupply,
    simmentals: s.simmentals,
    buildingStacks: s.buildingStacks,
    buildingSides: s.buildingSides,
    trainSides: s.trainSides,
    objDisplay: s.objDisplay,
    bonDisplay: s.bonDisplay,
    objPile: s.objPile,
    bonPile: s.bonPile,
    box: s.box,
    end: s.end,
    turnCount: s.turnCount,
  };
  if (s.sue !== undefined) copy.sue = s.sue;
  return copy;
}

/**
 * A seat's entry, ready to be written: copied (as `writable` would) when frozen, by a literal in
 * setupState's order for the reason `thaw` gives; nearly every action writes into one.
 */
export function playerOf(state: ElPasoState, seat: Seat): PlayerState {
  const players = writable(state, "players");
  const p = players[seat]!;
  if (!Object.isFrozen(p)) return p;
  const copy: PlayerState = {
    money: p.money,
    tokens: p.tokens,
    certs: p.certs,
    discs: p.discs,
    hand: p.hand,
    draw: p.draw,
    discard: p.discard,
    workers: p.workers,
    herder: p.herder,
    objectives: p.objectives,
    bonuses: p.bonuses,
  };
  players[seat] = copy;
  return copy;
}
/** One of a player's card lists, ready to be written; `p` must be writable (playerOf). */
export const cardsOf = (p: PlayerState, pile: "discs" | "hand" | "draw" | "discard" | "workers" | "objectives" | "bonuses"): string[] => writable(p, pile);
export const stackOf = (state: ElPasoState): Frame[] => writable(state, "stack");
/**
 * The top frame, ready to be written: a frame of actions or auxiliary actions (each action taken
 * there marks it used) copied by a literal in the order the rules make it, for the reason `thaw`
 * gives; any other frame by `writable`'s spread.
 */
export function topOf<F extends Frame>(state: ElPasoState): F {
  const stack = stackOf(state);
  const at = stack.length - 1;
  const f = stack[at]!;
  if (!Object.isFrozen(f)) return f as F;
  let copy: Frame;
  if (f.kind === "actions") copy = { kind: "actions", source: f.source, specs: f.specs, used: f.used, location: f.location };
  else if (f.kind === "aux") copy = { kind: "aux", remaining: f.remaining, used: f.used };
  else copy = { ...f };
  stack[at] = copy;
  return copy as F;
}
export const marketOf = (state: ElPasoState, breed: MarketBreed): CardId[] => writable(writable(state, "market"), breed);
export const supplyOf = (state: ElPasoState, worker: WorkerType): CardId[] => writable(writable(state, "workerSupply"), worker);
/**
 * A building type's stack, ready to be written: the record of stacks copied by a literal of the
 * six types (setupState makes every one, and integer keys are listed in ascending order whatever
 * the order written) rather than spread, which V8 does on its slowest path for a frozen record
 * of integer keys (~1.3 µs in a microbenchmark); the bot's trials of a new building copy it.
 */
export function buildingStackOf(state: ElPasoState, type: number): string[] {
  let stacks = state.buildingStacks;
  if (Object.isFrozen(stacks)) {
    stacks = { 1: stacks[1]!, 2: stacks[2]!, 3: stacks[3]!, 4: stacks[4]!, 5: stacks[5]!, 6: stacks[6]! };
    state.buildingStacks = stacks;
  }
  return writable(stacks, String(type));
}
export const postOf = (state: ElPasoState, post: PostId): ElPasoState["posts"][PostId] => writable(writable(state, "posts"), post);


/**
 * Freezes what `perform` made in `s`, a thawed copy of `before` (GameRules.freezeNew): `before` is
 * frozen all the way down and `s` shares with it every part the action did not write, so only
 * the parts that are not `before`'s are frozen, each found by comparing one field. The engine's
 * `deepFreeze` found them by walking every field of the state and of each copy, asking each part
 * whether it was frozen (V8's `Object.isFrozen` on parts of many shapes): a fifth of `apply`'s
 * time, and every action's new state goes through here (issue #14). A field added to the state
 * needs its line here; writes.test.ts checks that every part of every state is frozen.
 */
export function freezeNew(s: ElPasoState, before: ElPasoState): void {
  if (s.options !== before.options) deepFreeze(s.options);
  if (s.rng !== before.rng) deepFreeze(s.rng);
  if (s.phase !== before.phase) deepFreeze(s.phase);
  if (s.stack !== before.stack) deepFreeze(s.stack);
  if (s.players !== before.players) freezePlayers(s.players, before.players);
  if (s.board !== before.board) deepFreeze(s.board);
  if (s.posts !== before.posts) deepFreeze(s.posts);
  if (s.market !== before.market) deepFreeze(s.market);
  if (s.workerSupply !== before.workerSupply) deepFreeze(s.workerSupply);
  if (s.simmentals !== before.simmentals) deepFreeze(s.simmentals);
  if (s.buildingStacks !== before.buildingStacks) deepFreeze(s.buildingStacks);
  if (s.buildingSides !== before.buildingSides) deepFreeze(s.buildingSides);
  if (s.trainSides !== before.trainSides) deepFreeze(s.trainSides);
  if (s.objDisplay !== before.objDisplay) deepFreeze(s.objDisplay);
  if (s.bonDisplay !== before.bonDisplay) deepFreeze(s.bonDisplay);
  if (s.objPile !== before.objPile) deepFreeze(s.objPile);
  if (s.bonPile !== before.bonPile) deepFreeze(s.bonPile);
  if (s.box !== before.box) deepFreeze(s.box);
  if (s.end !== before.end) deepFreeze(s.end);
  if (s.sue !== before.sue) deepFreeze(s.sue);
  Object.freeze(s);
}

/** The players' list and the entries in it that are not `before`'s, each of their lists likewise. */
function freezePlayers(players: PlayerState[], before: readonly PlayerState[]): void {
  Object.freeze(players);
  for (let seat = 0; seat < players.length; seat++) {
    const p = players[seat]!;
    const b = before[seat];
    if (p === b || Object.isFrozen(p)) continue;
    if (b === undefined) {
      deepFreeze(p);
      continue;
    }
    Object.freeze(p);
    // Lists of ids (strings): freezing the list freezes all of it.
    if (p.discs !== b.discs) Object.freeze(p.discs);
    if (p.hand !== b.hand) Object.freeze(p.hand);
    if (p.draw !== b.draw) Object.freeze(p.draw);
    if (p.discard !== b.discard) Object.freeze(p.discard);
    if (p.workers !== b.workers) Object.freeze(p.workers);
    if (p.objectives !== b.objectives) Object.freeze(p.objectives);
    if (p.bonuses !== b.bonuses) Object.freeze(p.bonuses);
  }
}
