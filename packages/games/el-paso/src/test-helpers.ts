/**
 * Helpers for the rules tests: build a precise situation by moving real cards and pieces
 * (so nothing is created or lost), then drive it through the public API. Only the `*.test.ts`
 * files import this.
 */
import { type GameErrorCode, type LogEvent, type Seat, sameJson } from "@saloon/engine";
import {
  type Breed,
  BONUS_IDS,
  BUILDING_TYPES,
  type CardId,
  type DiscId,
  DISCS,
  type MarketBreed,
  MARKET_BREEDS,
  MARKET_COUNTS,
  type NodeId,
  OBJECTIVE_IDS,
  POSTS,
  SIMMENTAL_BY_PLAYERS,
  WORKER_TYPES,
  WORKERS_PER_TYPE,
  type WorkerType,
  BUILDING_TILES_PER_TYPE,
  breedOf,
  isWorkerCard,
  workerOf,
} from "./data.ts";
import { elPaso } from "./index.ts";
import type { ElPasoAction, ElPasoPrompt } from "./prompts.ts";
import { arrive } from "./rules.ts";
import type { ElPasoOptions, ElPasoState } from "./state.ts";
import { botDeckCards } from "./sue.ts";

/** A game past the objective picks, at the start of seat 0's first turn. */
export function started(seats = 2, seed = "test", options?: Partial<ElPasoOptions>): ElPasoState {
  let state = elPaso.setup(seed, seats, options ? { ...elPaso.defaultOptions, ...options } : undefined);
  for (let i = 0; i < seats; i++) state = act(state, prompt(state).seat, prompt(state).options[0]!).state;
  // States from the engine are frozen (they share parts with each other); positions are built on a copy.
  return structuredClone(state);
}

export function prompt(state: ElPasoState): ElPasoPrompt {
  const prompts = elPaso.prompts(state);
  if (prompts.length !== 1) throw new Error(`expected one prompt, got ${prompts.length}`);
  return prompts[0]!;
}

export interface Played {
  state: ElPasoState;
  events: LogEvent[];
}

export function act(state: ElPasoState, seat: Seat, action: ElPasoAction): Played {
  const result = elPaso.apply(state, seat, action);
  if (!result.ok) throw new Error(`${result.error.code}: ${result.error.message} (${JSON.stringify(action)})`);
  return { state: result.state, events: result.events };
}

/** Applies actions in turn, each by the seat the prompt asks. */
export function play(state: ElPasoState, ...actions: ElPasoAction[]): Played {
  let current = state;
  const events: LogEvent[] = [];
  for (const action of actions) {
    const played = act(current, prompt(current).seat, action);
    current = played.state;
    events.push(...played.events);
  }
  return { state: current, events };
}

export function errorCode(state: ElPasoState, seat: Seat, action: unknown): GameErrorCode | null {
  const result = elPaso.apply(state, seat, action);
  return result.ok ? null : result.error.code;
}

export const offered = (state: ElPasoState, action: ElPasoAction): boolean => prompt(state).options.some((o) => sameJson(o, action));
export const optionsOfType = <T extends ElPasoAction["type"]>(state: ElPasoState, type: T): Extract<ElPasoAction, { type: T }>[] =>
  prompt(state).options.filter((o) => o.type === type) as Extract<ElPasoAction, { type: T }>[];

/** Every pile a card can lie in. */
function piles(state: ElPasoState): CardId[][] {
  return [
    ...state.players.flatMap((p) => [p.hand, p.draw, p.discard, p.workers]),
    ...MARKET_BREEDS.map((b) => state.market[b]),
    ...WORKER_TYPES.map((t) => state.workerSupply[t]),
    state.simmentals,
    state.box,
    state.sue?.supply ?? [],
  ];
}

function take(state: ElPasoState, test: (card: CardId) => boolean, prefer: CardId[][]): CardId {
  for (const pile of [...prefer, ...piles(state)]) {
    const index = pile.findIndex(test);
    if (index >= 0) return pile.splice(index, 1)[0]!;
  }
  throw new Error("no such card left");
}

/** Gives a seat exactly this hand; the old hand goes to the bottom of the draw pile. */
export function setHand(state: ElPasoState, seat: Seat, breeds: Breed[]): void {
  const p = state.players[seat]!;
  p.draw.push(...p.hand.splice(0));
  for (const breed of breeds) {
    const source = breed === "SIM" ? [state.simmentals] : (MARKET_BREEDS as readonly string[]).includes(breed) ? [state.market[breed as MarketBreed]] : [p.draw, p.discard];
    p.hand.push(take(state, (c) => !isWorkerCard(c) && breedOf(c) === breed, source));
  }
}

/** Gives a seat exactly these workers in the worker area (the old ones go back to the supply). */
export function setWorkers(state: ElPasoState, seat: Seat, counts: Partial<Record<WorkerType, number>>): void {
  const p = state.players[seat]!;
  for (const card of p.workers.splice(0)) state.workerSupply[workerOf(card)].push(card);
  for (const [type, n] of Object.entries(counts) as [WorkerType, number][]) for (let k = 0; k < n; k++) p.workers.push(state.workerSupply[type].shift()!);
}

/** Adds cattle of a breed to a seat's discard pile. */
export function giveCattle(state: ElPasoState, seat: Seat, breed: Breed, n = 1): void {
  const p = state.players[seat]!;
  for (let k = 0; k < n; k++) {
    const source = breed === "SIM" ? [state.simmentals] : [state.market[breed as MarketBreed]];
    p.discard.push(take(state, (c) => !isWorkerCard(c) && breedOf(c) === breed, source));
  }
}

/** Puts the active seat's herder on `node` with nothing open, then resolves arriving there. */
export function arriveAt(state: ElPasoState, node: NodeId): Played {
  const copy = structuredClone(state);
  copy.players[copy.active]!.herder = node;
  copy.stack = [];
  const events: LogEvent[] = [];
  arrive(copy, node, events);
  return { state: copy, events };
}

/** A seat's turn with its herder at `node` and the move prompt open. */
export function turnAt(state: ElPasoState, seat: Seat, node: NodeId, max = 3): ElPasoState {
  const copy = structuredClone(state);
  copy.phase = { kind: "turn" };
  copy.active = seat;
  copy.players[seat]!.herder = node;
  copy.stack = [{ kind: "move", max, first: false }];
  return copy;
}

export function eventsOf(events: LogEvent[], type: string): LogEvent[] {
  return events.filter((e) => e.type === type);
}

/** Every card, worker, disc, building and tile exactly once: returns what is off. */
export function conservationProblems(state: ElPasoState): string[] {
  const problems: string[] = [];
  // Every card once: a set of them is as large as the piles together (the simulations check every
  // action, so the common case is a set; the duplicates are counted only when there are some).
  const seen = new Set<string>();
  let cards = 0;
  for (const pile of piles(state)) {
    cards += pile.length;
    for (const card of pile) seen.add(card);
  }
  if (cards !== seen.size) {
    const times = new Map<string, number>();
    for (const pile of piles(state)) for (const card of pile) times.set(card, (times.get(card) ?? 0) + 1);
    for (const [card, n] of times) if (n > 1) problems.push(`${card} ×${n}`);
  }
  // Sue has no herd deck: her seat's starting cattle are not in the game.
  const herds = state.sue ? state.seats - 1 : state.seats;
  const expected = herds * 10 + MARKET_BREEDS.reduce((s, b) => s + MARKET_COUNTS[b], 0) + WORKER_TYPES.length * WORKERS_PER_TYPE + SIMMENTAL_BY_PLAYERS[state.seats]!;
  if (seen.size !== expected) problems.push(`${seen.size} cards instead of ${expected}`);
  const discsOnPosts: DiscId[][] = state.players.map(() => []);
  for (const post of POSTS) for (const d of state.posts[post]) discsOnPosts[d.seat]!.push(d.disc);
  const buildingsOwned = state.players.map(() => 0);
  for (const node in state.board) {
    const tile = state.board[node as NodeId]!;
    if (tile.kind === "building") buildingsOwned[tile.owner]!++;
  }
  state.players.forEach((p, seat) => {
    if (p.hand.some(isWorkerCard)) problems.push(`seat ${seat} has a worker in hand`);
    if (p.workers.some((c) => !isWorkerCard(c))) problems.push(`seat ${seat} has cattle in the worker area`);
    // Each of the seven discs once, on the player board or on a post.
    const discs = [...p.discs, ...discsOnPosts[seat]!];
    if (discs.length !== DISCS.length || new Set(discs).size !== DISCS.length || !discs.every((d) => DISCS.includes(d))) problems.push(`seat ${seat} discs ${discs}`);
    if (p.money < 0 || p.tokens < 0 || p.certs < 0 || p.certs > 4) problems.push(`seat ${seat} money/tokens/certs out of range`);
    if (buildingsOwned[seat]! > 2) problems.push(`seat ${seat} owns ${buildingsOwned[seat]} buildings`);
  });
  const tiles = [
    ...Object.values(state.buildingStacks).flat(),
    ...Object.values(state.board).flatMap((t) => (t.kind === "building" ? [t.tile] : [])),
  ];
  if (tiles.length !== BUILDING_TYPES.length * BUILDING_TILES_PER_TYPE || new Set(tiles).size !== tiles.length) problems.push(`building tiles ${tiles}`);
  const objectives = [...state.objPile, ...state.objDisplay.filter((t) => t !== null), ...state.players.flatMap((p) => p.objectives)];
  if (objectives.sort().join() !== [...OBJECTIVE_IDS].sort().join()) problems.push("objective tiles off");
  const bonuses = [...state.bonPile, ...state.bonDisplay.filter((t) => t !== null), ...state.players.flatMap((p) => p.bonuses)];
  if (bonuses.sort().join() !== [...BONUS_IDS].sort().join()) problems.push("bonus tiles off");
  if (state.sue) {
    const sue = state.sue;
    const botCards = [...sue.deck, ...sue.discard, ...(sue.card ? [sue.card] : [])];
    if (botCards.sort().join() !== botDeckCards(sue.difficulty).sort().join()) problems.push(`Sue's bot cards ${botCards}`);
    if (sue.card !== null && !state.stack.some((f) => f.kind === "sue")) problems.push("Sue holds a bot card outside her turn");
    const p = state.players[sue.seat]!;
    if (p.hand.length + p.draw.length > 0) problems.push("Sue has a hand or a draw pile");
    for (const card of p.workers) if (workerOf(card) === "WLD" && !sue.wildAs[card]) problems.push(`Sue's wild ${card} counts as nothing`);
  }
  return problems;
}

/** Puts a building of a type from its stack on a node for an owner. */
export function placeBuilding(state: ElPasoState, node: NodeId, type: 1 | 2 | 3 | 4 | 5 | 6, owner: Seat): void {
  state.board[node] = { kind: "building", tile: state.buildingStacks[String(type)]!.shift()!, type, owner };
}

/** Moves a tile (objective or bonus) from wherever it is to a player. */
export function giveTile(state: ElPasoState, seat: Seat, tile: string): void {
  for (const list of [state.objPile, state.bonPile]) {
    const i = list.indexOf(tile);
    if (i >= 0) list.splice(i, 1);
  }
  state.objDisplay = state.objDisplay.map((t) => (t === tile ? null : t));
  state.bonDisplay = state.bonDisplay.map((t) => (t === tile ? null : t));
  for (const p of state.players) {
    p.objectives = p.objectives.filter((t) => t !== tile);
    p.bonuses = p.bonuses.filter((t) => t !== tile);
  }
  (tile.startsWith("OB") ? state.players[seat]!.objectives : state.players[seat]!.bonuses).push(tile);
}

/** Clears a disc space of a player's board by putting that disc on post 0. */
export function clearDisc(state: ElPasoState, seat: Seat, disc: (typeof DISCS)[number]): void {
  const p = state.players[seat]!;
  p.discs = p.discs.filter((d) => d !== disc);
  state.posts.P00.push({ seat, disc });
}
