/**
 * Helpers for Sue's tests: a solo game at a chosen moment, Sue's pieces arranged by moving real
 * cards (nothing created or lost), and her turn played step by step through the public API.
 * Only `*.test.ts` files import this.
 */
import type { LogEvent } from "@saloon/engine";
import { type CardId, EL_PASO, NODES, type NodeId, SUCCESSORS, type SpecificWorker, type WorkerType, workerOf } from "./data.ts";
import { elPaso } from "./index.ts";
import type { ElPasoOptions, ElPasoState } from "./state.ts";
import { type Difficulty, SUE_SEAT } from "./sue.ts";
import { act, type Played, prompt } from "./test-helpers.ts";

export const soloOptions = (difficulty: Difficulty = 0): ElPasoOptions => ({ ...elPaso.defaultOptions, solo: true, difficulty });

/** A solo game at the start of the person's first turn (their starting objective picked). */
export function soloStarted(difficulty: Difficulty = 0, seed = "solo"): ElPasoState {
  const state = elPaso.setup(seed, 2, soloOptions(difficulty));
  // States from the engine are frozen (they share parts with each other); positions are built on a copy.
  return structuredClone(act(state, 0, prompt(state).options[0]!).state);
}

export const sue = (state: ElPasoState) => state.players[SUE_SEAT]!;

/** A copy at the start of Sue's turn: her herder at `at`, `card` on top of her bot deck. */
export function sueTurn(state: ElPasoState, setup: { card?: string; at?: NodeId } = {}): ElPasoState {
  const copy = structuredClone(state);
  copy.phase = { kind: "turn" };
  copy.active = SUE_SEAT;
  copy.stack = [{ kind: "sue", step: "draw" }];
  const s = copy.sue!;
  if (setup.at) copy.players[SUE_SEAT]!.herder = setup.at;
  if (setup.card) {
    for (const pile of [s.deck, s.discard]) {
      const i = pile.indexOf(setup.card);
      if (i >= 0) pile.splice(i, 1);
    }
    s.deck.unshift(setup.card);
  }
  return copy;
}

/** Gives Sue exactly these workers, specific cards only, and this strategy row if given. */
export function setSueWorkers(state: ElPasoState, counts: Record<SpecificWorker, number>, strategy?: SpecificWorker[]): void {
  const p = state.players[SUE_SEAT]!;
  const s = state.sue!;
  for (const card of p.workers.splice(0)) {
    if (workerOf(card) === "WLD") {
      delete s.wildAs[card];
      s.supply.push(card);
    } else state.workerSupply[workerOf(card)].push(card);
  }
  for (const type of ["COW", "ENG", "BLD"] as const) for (let k = 0; k < counts[type]; k++) p.workers.push(state.workerSupply[type].shift()!);
  if (strategy) s.strategy = strategy;
}

/** Puts cards of these kinds on top of Sue's supply deck, in this order (taken from her supply, else from the stacks). */
export function stackSupply(state: ElPasoState, kinds: (WorkerType | "ANG" | "COR")[]): CardId[] {
  const s = state.sue!;
  const top: CardId[] = [];
  for (const kind of kinds) {
    const prefix = kind === "ANG" || kind === "COR" ? `C-${kind}-` : `W-${kind}-`;
    const fromSupply = s.supply.findIndex((c) => c.startsWith(prefix));
    if (fromSupply >= 0) top.push(s.supply.splice(fromSupply, 1)[0]!);
    else top.push(kind === "ANG" || kind === "COR" ? state.market[kind].shift()! : state.workerSupply[kind].shift()!);
  }
  s.supply.unshift(...top);
  return top;
}

/** Plays `n` steps of Sue's turn. */
export function sueSteps(state: ElPasoState, n: number): Played {
  let current = state;
  const events: LogEvent[] = [];
  for (let k = 0; k < n; k++) {
    const played = act(current, SUE_SEAT, { type: "sueStep" });
    current = played.state;
    events.push(...played.events);
  }
  return { state: current, events };
}

/** Plays Sue's whole turn, however many steps it has. */
export function sueWholeTurn(state: ElPasoState): Played & { steps: number } {
  let current = state;
  const events: LogEvent[] = [];
  let steps = 0;
  while (current.stack.some((f) => f.kind === "sue")) {
    const played = act(current, SUE_SEAT, { type: "sueStep" });
    current = played.state;
    events.push(...played.events);
    steps++;
  }
  return { state: current, events, steps };
}

/** Puts these tiles face up, slot by slot (null leaves a slot empty), taking them from their pile or owner; displaced tiles go to the bottom of their pile. */
export function setDisplays(state: ElPasoState, bonuses: (string | null)[], objectives: (string | null)[]): void {
  const place = (display: (string | null)[], pile: string[], tiles: (string | null)[]) => {
    for (const tile of display.splice(0)) if (tile !== null) pile.push(tile);
    for (const tile of tiles) {
      if (tile !== null) {
        const owner = state.players.find((p) => p.objectives.includes(tile) || p.bonuses.includes(tile));
        if (owner) {
          owner.objectives = owner.objectives.filter((t) => t !== tile);
          owner.bonuses = owner.bonuses.filter((t) => t !== tile);
        } else if (pile.includes(tile)) pile.splice(pile.indexOf(tile), 1);
        else throw new Error(`${tile} is neither in its pile nor owned`);
      }
      display.push(tile);
    }
  };
  place(state.bonDisplay, state.bonPile, bonuses);
  place(state.objDisplay, state.objPile, objectives);
}

// ---------------------------------------------------------------- the trail, read from data (so the tests follow a recalibrated trail)

/** The node from which one step along the trail is El Paso. */
export const BEFORE_EL_PASO: NodeId = NODES.find((node) => SUCCESSORS[node].includes(EL_PASO))!;

export const isLocation = (state: ElPasoState, node: NodeId): boolean => node === EL_PASO || state.board[node] !== undefined;

/** The locations reachable from `node` without passing another location: where one step can end. */
export function nextLocations(state: ElPasoState, node: NodeId): Set<NodeId> {
  const out = new Set<NodeId>();
  const walk = (from: NodeId) => {
    for (const next of SUCCESSORS[from]) {
      if (isLocation(state, next)) out.add(next);
      else walk(next);
    }
  };
  walk(node);
  return out;
}

/** Each fork with the nodes of its inner branch (the first successor listed) and its outer one, up to where they meet. */
export const FORKS: { fork: NodeId; inner: NodeId[]; outer: NodeId[] }[] = NODES.filter((node) => SUCCESSORS[node].length > 1).map((fork) => {
  const chain = (from: NodeId) => {
    const nodes: NodeId[] = [];
    for (let n = from; n !== EL_PASO; n = SUCCESSORS[n][0]!) nodes.push(n);
    return nodes;
  };
  const [a, b] = SUCCESSORS[fork].map(chain) as [NodeId[], NodeId[]];
  return { fork, inner: a.filter((n, i) => !a.slice(0, i + 1).some((m) => b.includes(m))), outer: b.filter((n, i) => !b.slice(0, i + 1).some((m) => a.includes(m))) };
});

/** Forward distance in spaces from `from` to every node (the A5 metric), computed here independently of the rules. */
export function spacesAhead(from: NodeId): Map<NodeId, number> {
  const distance = new Map<NodeId, number>([[from, 0]]);
  for (let frontier = [from], d = 1; frontier.length > 0; d++) {
    const next: NodeId[] = [];
    for (const node of frontier) for (const succ of SUCCESSORS[node]) if (!distance.has(succ)) (distance.set(succ, d), next.push(succ));
    frontier = next;
  }
  return distance;
}

/** Where herders can stand at the start of a turn: El Paso and every neutral building. */
export const standingPlaces = (state: ElPasoState): NodeId[] => [EL_PASO, ...NODES.filter((n) => state.board[n]?.kind === "neutral")];
