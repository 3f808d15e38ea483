/**
 * Sue's turn (rulebook "Solo Variant", Gameplay; shared/data/el-paso.md §11.3), one step per
 * prompt: draw a bot card, move, do the card's action, and in El Paso take a Simmental and
 * deliver. Each step is a prompt to her seat with the single option `{ type: "sueStep" }`, so
 * the room's bot timer paces her turn, the stored log holds every step, and a replay walks
 * through her turn step by step; the outcome of each step is decided here, from the state.
 *
 * Log events (data for renderers; every one carries `seat`):
 *   sueReshuffled { cards }                    her discards became a new deck (size only)
 *   sueDrew { card, deckLeft }                 the bot card of this turn, face up
 *   sueMoved { card, from, to, steps, route, per?, workers?, stoppedInElPaso }
 *                                              route = every location passed, the last one reached;
 *                                              per/workers for "1 step per worker of this type"
 *   sueChose { action, worker, workers }       the best-of-three card picked market/train/build
 *   sueDrewSupply { card, to, reason }         to = "cattle" or the worker type it counts as;
 *                                              reason = "card", "train" (instead of hiring) or "post"
 *   sueSupplyEmpty {}                          nothing left to draw
 *   sueBoughtCattle { card, cowboys }          the market card her cowboys reach
 *   sueTookTrain { train, side, engineers }    then sueTookTile / sueTookCattle / sueDrewSupply
 *   sueTookTile { tile, vp, reason }           reason = "train" or "post"
 *   sueTookCattle { card, reason }             reason = "train" (Corriente) or "maxedOut" (Hereford)
 *   sueBuilt { node, building, tile, builders } / sueUpgraded { node, from, building, tile, builders }
 *   sueNothing { action, reason }              an action that could do nothing, and why
 *   tookSimmental / endTriggered / simmentalSpace   as for every player
 *   sueDelivered { post, disc, reward }        then the reward's events; noDisc when none is left
 */
import { type LogEvent, shuffleInPlace, writable } from "@saloon/engine";
import {
  BONUSES,
  BOT_CARDS,
  type BotAction,
  BUILDING_SPACES,
  BUILDING_TYPES,
  type BuildingType,
  EL_PASO,
  MARKET_BREEDS,
  MAX_BUILDINGS,
  type MarketBreed,
  type NodeId,
  OBJECTIVES,
  POST_DATA,
  SPACE_COST,
  SUCCESSORS,
  SUE_MARKET_BY_COWBOYS,
  type SpecificWorker,
  TRAIN_ACTIONS,
  type TileKind,
  type TrainCard,
  isWorkerCard,
  workerOf,
} from "./data.ts";
import { type ElPasoPrompt } from "./prompts.ts";
import { takeSimmental } from "./rules.ts";
import { buildingStackOf, cardsOf, marketOf, playerOf, postOf, topOf } from "./writes.ts";
import type { ElPasoState, Frame } from "./state.ts";
import { type SueState, leftmostMost, sueNextPost, sueWorkerCounts, wildWorkerType } from "./sue.ts";

type SueFrame = Extract<Frame, { kind: "sue" }>;

/** Sue's prompt: one option, nothing secret in it; the context says which step comes (RULINGS.sueStepByStep). */
export function suePrompt(state: ElPasoState, frame: SueFrame): ElPasoPrompt {
  const sue = state.sue!;
  return { seat: sue.seat, kind: "sue", options: [{ type: "sueStep" }], context: { step: frame.step, card: sue.card } };
}

/** Plays the next step of Sue's turn; after the last one her frame is gone and the turn ends. */
export function sueStep(state: ElPasoState, events: LogEvent[]): void {
  // Every step but the move writes into Sue's state; `state.sue` is this writable copy from here on.
  const sue = writable(state, "sue")!;
  const frame = topOf<SueFrame>(state);
  switch (frame.step) {
    case "draw":
      drawBotCard(state, sue, events);
      frame.step = "move";
      return;
    case "move":
      moveSue(state, sue, events);
      frame.step = "action";
      return;
    case "action":
      doAction(state, BOT_CARDS[sue.card!]!.action, events);
      // "The location where Sue's herder ends its movement does not affect her action, except El Paso."
      if (state.players[sue.seat]!.herder === EL_PASO) frame.step = "elPaso";
      else endTurn(state, sue);
      return;
    case "elPaso":
      elPaso(state, sue, events);
      endTurn(state, sue);
      return;
  }
}

function endTurn(state: ElPasoState, sue: SueState): void {
  // "At the end of Sue's turn, place the drawn card face up in her discard pile."
  writable(sue, "discard").push(sue.card!);
  sue.card = null;
  writable(state, "stack").pop();
}

function drawBotCard(state: ElPasoState, sue: SueState, events: LogEvent[]): void {
  // "If Sue's deck is empty at the beginning of her turn, shuffle her discard pile to form a new deck."
  if (sue.deck.length === 0) {
    sue.deck = shuffleInPlace(state, writable(sue, "discard"));
    sue.discard = [];
    events.push({ type: "sueReshuffled", seat: sue.seat, cards: sue.deck.length });
  }
  sue.card = writable(sue, "deck").shift()!;
  events.push({ type: "sueDrew", seat: sue.seat, card: sue.card, deckLeft: sue.deck.length });
}

// ---------------------------------------------------------------- movement

/** Whether a node is a location (El Paso or a space holding a tile): only those cost a step. */
const isLocation = (state: Pick<ElPasoState, "board">, node: NodeId): boolean => node === EL_PASO || state.board[node] !== undefined;

/** The nodes of the branch that starts at `first` (a successor of a fork), up to where it meets `other`'s. */
function branchNodes(first: NodeId, other: NodeId): NodeId[] {
  const chain = (from: NodeId): NodeId[] => {
    const out: NodeId[] = [];
    for (let node = from; node !== EL_PASO; node = SUCCESSORS[node][0]!) out.push(node);
    return out;
  };
  const otherChain = new Set(chain(other));
  const out: NodeId[] = [];
  for (const node of chain(first)) {
    if (otherChain.has(node)) break;
    out.push(node);
  }
  return out;
}

/** Each fork's branches, inner (the first successor listed) then outer. */
const FORK_BRANCHES = new Map(
  (Object.entries(SUCCESSORS) as [NodeId, NodeId[]][])
    .filter(([, next]) => next.length > 1)
    .map(([fork, [inner, outer]]) => [fork, [branchNodes(inner!, outer!), branchNodes(outer!, inner!)] as const]),
);
/** Nodes on an inner branch: the tie-break of RULINGS.sueClosestClockwise. */
const INNER_NODES = new Set([...FORK_BRANCHES.values()].flatMap(([inner]) => inner));

/**
 * Where Sue's herder goes with `steps` steps: every location passed, the last one reached. At a
 * fork she takes the branch with fewer locations now, the inner one on a tie (E; RULINGS.sueFork);
 * El Paso stops her (E).
 */
export function sueRoute(state: Pick<ElPasoState, "board">, from: NodeId, steps: number): NodeId[] {
  const route: NodeId[] = [];
  let node = from;
  while (route.length < steps) {
    const branches = FORK_BRANCHES.get(node);
    if (!branches) node = SUCCESSORS[node][0]!;
    else {
      const [inner, outer] = branches.map((nodes) => nodes.filter((n) => isLocation(state, n)).length) as [number, number];
      node = SUCCESSORS[node][outer < inner ? 1 : 0]!;
    }
    if (isLocation(state, node)) {
      route.push(node);
      if (node === EL_PASO) break;
    }
  }
  return route;
}

function moveSue(state: ElPasoState, sue: SueState, events: LogEvent[]): void {
  const p = playerOf(state, sue.seat);
  const card = BOT_CARDS[sue.card!]!;
  const from = p.herder as NodeId;
  let steps: number;
  const extra: Record<string, string | number> = {};
  if (typeof card.movement === "number") steps = card.movement;
  else {
    const workers = sueWorkerCounts(state)[card.movement];
    // "1 step per worker of this type", at least 1 step (RULINGS.sueMinimumStep).
    steps = Math.max(1, workers);
    extra.per = card.movement;
    extra.workers = workers;
  }
  const route = sueRoute(state, from, steps);
  const to = route[route.length - 1]!;
  p.herder = to;
  events.push({ type: "sueMoved", seat: sue.seat, card: sue.card!, from, to, steps, route, ...extra, stoppedInElPaso: to === EL_PASO && route.length < steps });
}

/**
 * Orders nodes by how close they are to `from` going clockwise: forward distance in spaces (every
 * node counts, wrapping past El Paso), then inner branch first, then the lower id (RULINGS.sueClosestClockwise).
 */
export function closestClockwise(from: NodeId, nodes: NodeId[]): NodeId[] {
  const distance = new Map<NodeId, number>([[from, 0]]);
  const queue: NodeId[] = [from];
  while (queue.length > 0) {
    const node = queue.shift()!;
    for (const next of SUCCESSORS[node]) {
      if (distance.has(next)) continue;
      distance.set(next, distance.get(node)! + 1);
      queue.push(next);
    }
  }
  const inner = (n: NodeId) => (INNER_NODES.has(n) ? 0 : 1);
  return [...nodes].sort((a, b) => distance.get(a)! - distance.get(b)! || inner(a) - inner(b) || a.localeCompare(b));
}

// ---------------------------------------------------------------- actions

function doAction(state: ElPasoState, action: BotAction, events: LogEvent[]): void {
  const seat = state.sue!.seat;
  switch (action.t) {
    case "SUPPLY_DRAW":
      supplyDraw(state, action.n, "card", events);
      return;
    case "BOT_MARKET":
      market(state, events);
      return;
    case "BOT_TRAIN":
      train(state, events);
      return;
    case "BOT_BUILD":
      build(state, events);
      return;
    case "BOT_CHOICE3": {
      // "Sue chooses one of those 3 actions, for which she has the most workers (tie: leftmost)."
      const counts = sueWorkerCounts(state);
      const worker = leftmostMost(state.sue!, counts);
      const chosen = CHOICE_BY_WORKER[worker];
      events.push({ type: "sueChose", seat, action: chosen, worker, workers: counts[worker] });
      doAction(state, { t: chosen === "market" ? "BOT_MARKET" : chosen === "train" ? "BOT_TRAIN" : "BOT_BUILD" }, events);
      return;
    }
  }
}

const CHOICE_BY_WORKER: Record<SpecificWorker, "market" | "train" | "build"> = { COW: "market", ENG: "train", BLD: "build" };

/**
 * Draws from her supply deck (E): cattle to her cattle stack, a worker to its type, a wild to the
 * type `wildWorkerType` names. With the deck empty nothing happens (RULINGS.sueEmptySupply).
 */
function supplyDraw(state: ElPasoState, n: number, reason: "card" | "train" | "post", events: LogEvent[]): void {
  const sue = state.sue!;
  const p = playerOf(state, sue.seat);
  for (let k = 0; k < n; k++) {
    const card = writable(sue, "supply").shift();
    if (card === undefined) {
      events.push({ type: "sueSupplyEmpty", seat: sue.seat });
      return;
    }
    let to: SpecificWorker | "cattle" = "cattle";
    if (isWorkerCard(card)) {
      const type = workerOf(card);
      if (type === "WLD") {
        to = wildWorkerType(state);
        writable(sue, "wildAs")[card] = to;
      } else to = type;
      cardsOf(p, "workers").push(card);
    } else cardsOf(p, "discard").push(card);
    events.push({ type: "sueDrewSupply", seat: sue.seat, card, to, reason });
  }
}

/** One card from the market of this breed, or the next cheaper breed left (RULINGS.sueSoldOut); null if none. */
function takeMarketCard(state: ElPasoState, breed: MarketBreed): string | null {
  for (let i = MARKET_BREEDS.indexOf(breed); i >= 0; i--) {
    if (state.market[MARKET_BREEDS[i]!].length === 0) continue;
    const card = marketOf(state, MARKET_BREEDS[i]!).shift();
    if (card !== undefined) return card;
  }
  return null;
}

function market(state: ElPasoState, events: LogEvent[]): void {
  const sue = state.sue!;
  const cowboys = sueWorkerCounts(state).COW;
  // She spends neither cowboys nor money (RULINGS.sueKeepsWorkers); with none nothing happens (A7).
  if (cowboys === 0) return void events.push({ type: "sueNothing", seat: sue.seat, action: "market", reason: "noCowboys" });
  const card = takeMarketCard(state, SUE_MARKET_BY_COWBOYS[Math.min(cowboys, SUE_MARKET_BY_COWBOYS.length) - 1]!);
  if (card === null) return void events.push({ type: "sueNothing", seat: sue.seat, action: "market", reason: "soldOut" });
  cardsOf(playerOf(state, sue.seat), "discard").push(card);
  events.push({ type: "sueBoughtCattle", seat: sue.seat, card, cowboys });
}

function train(state: ElPasoState, events: LogEvent[]): void {
  const sue = state.sue!;
  const engineers = sueWorkerCounts(state).ENG;
  if (engineers === 0) return void events.push({ type: "sueNothing", seat: sue.seat, action: "train", reason: "noEngineers" });
  const card = Math.min(engineers, 4) as TrainCard;
  const side = state.trainSides[String(card)] as "F" | "S";
  events.push({ type: "sueTookTrain", seat: sue.seat, train: card, side, engineers });
  // "She only takes the following actions, any other actions on the train card are ignored."
  for (const spec of TRAIN_ACTIONS[`${card}${side}`]) {
    if (spec.t === "GAIN_TILE") takeBestTile(state, spec.kind, "train", events);
    else if (spec.t === "GAIN_CATTLE" && spec.breed === "COR") {
      const corriente = state.market.COR.length > 0 ? marketOf(state, "COR").shift() : undefined;
      if (corriente === undefined) events.push({ type: "sueNothing", seat: sue.seat, action: "corriente", reason: "soldOut" });
      else {
        cardsOf(playerOf(state, sue.seat), "discard").push(corriente);
        events.push({ type: "sueTookCattle", seat: sue.seat, card: corriente, reason: "train" });
      }
    } else if (spec.t === "HIRE") supplyDraw(state, 1, "train", events); // "Instead of hiring a worker, Sue draws a card from her supply stack."
  }
}

/**
 * The face-up tile with the most VP of those `kind` allows, ties to the leftmost; left to right
 * the bonus slots come before the objective slots (ruling A25); only face-up tiles (RULINGS.sueTilesFaceUp). The slot is refilled from its
 * pile. A bonus tile gives her its VP only (RULINGS.sueBonusVpOnly); every objective counts as met.
 */
function takeBestTile(state: ElPasoState, kind: TileKind, reason: "train" | "post", events: LogEvent[]): void {
  const sue = state.sue!;
  const p = playerOf(state, sue.seat);
  let best: { tile: string; vp: number; objective: boolean; slot: number } | null = null;
  const consider = (display: (string | null)[], objective: boolean) =>
    display.forEach((tile, slot) => {
      if (tile === null) return;
      const vp = objective ? OBJECTIVES[tile]!.vp : BONUSES[tile]!.vp;
      if (best === null || vp > best.vp) best = { tile, vp, objective, slot };
    });
  if (kind !== "OBJ") consider(state.bonDisplay, false);
  if (kind !== "BON") consider(state.objDisplay, true);
  if (best === null) return void events.push({ type: "sueNothing", seat: sue.seat, action: "tile", reason: "noTile" });
  const { tile, vp, objective, slot } = best as { tile: string; vp: number; objective: boolean; slot: number };
  if (objective) {
    writable(state, "objDisplay")[slot] = writable(state, "objPile").shift() ?? null;
    cardsOf(p, "objectives").push(tile);
  } else {
    writable(state, "bonDisplay")[slot] = writable(state, "bonPile").shift() ?? null;
    cardsOf(p, "bonuses").push(tile);
  }
  events.push({ type: "sueTookTile", seat: sue.seat, tile, vp, reason });
}

/** The available building type with the most builders she can cover, or null. */
function largestType(state: ElPasoState, builders: number): BuildingType | null {
  for (let i = BUILDING_TYPES.length - 1; i >= 0; i--) {
    const type = BUILDING_TYPES[i]!;
    if (type <= builders && state.buildingStacks[String(type)]!.length > 0) return type;
  }
  return null;
}

/**
 * "Carry out the first possible action" (E, RULINGS.sueBuildFirstPossible): build on the most expensive empty
 * space, else upgrade, else — both buildings maxed out — a Hereford. She pays nothing and keeps
 * her builders (RULINGS.sueKeepsWorkers).
 */
function build(state: ElPasoState, events: LogEvent[]): void {
  const sue = state.sue!;
  const seat = sue.seat;
  const herder = state.players[seat]!.herder as NodeId;
  const builders = sueWorkerCounts(state).BLD;
  const own = (Object.entries(state.board) as [NodeId, NonNullable<ElPasoState["board"][NodeId]>][]).flatMap(([node, tile]) =>
    tile.kind === "building" && tile.owner === seat ? [{ node, type: tile.type, tile: tile.tile }] : [],
  );
  const type = largestType(state, builders);
  if (type !== null && own.length < MAX_BUILDINGS) {
    const empty = BUILDING_SPACES.filter((node) => state.board[node] === undefined);
    if (empty.length > 0) {
      const dearest = Math.max(...empty.map((node) => SPACE_COST[node]!));
      const node = closestClockwise(herder, empty.filter((n) => SPACE_COST[n] === dearest))[0]!;
      const tile = buildingStackOf(state, type).shift()!;
      writable(state, "board")[node] = { kind: "building", tile, type, owner: seat };
      return void events.push({ type: "sueBuilt", seat, node, building: type, tile, builders });
    }
  }
  const lower = type === null ? [] : own.filter((b) => b.type < type);
  if (type !== null && lower.length > 0) {
    const node = closestClockwise(herder, lower.map((b) => b.node))[0]!;
    const old = lower.find((b) => b.node === node)!;
    buildingStackOf(state, old.type).push(old.tile);
    const tile = buildingStackOf(state, type).shift()!;
    writable(state, "board")[node] = { kind: "building", tile, type, owner: seat };
    return void events.push({ type: "sueUpgraded", seat, node, from: old.type, building: type, tile, builders });
  }
  // RULINGS.sueMaxedOut: both buildings type 6, or no higher type left to upgrade to.
  const maxedOut = (t: number) => BUILDING_TYPES.every((higher) => higher <= t || state.buildingStacks[String(higher)]!.length === 0);
  if (own.length === MAX_BUILDINGS && own.every((b) => maxedOut(b.type))) {
    const hereford = state.market.HER.length > 0 ? marketOf(state, "HER").shift() : undefined;
    if (hereford === undefined) return void events.push({ type: "sueNothing", seat, action: "hereford", reason: "soldOut" });
    cardsOf(playerOf(state, seat), "discard").push(hereford);
    return void events.push({ type: "sueTookCattle", seat, card: hereford, reason: "maxedOut" });
  }
  events.push({ type: "sueNothing", seat, action: "build", reason: builders === 0 ? "noBuilders" : "cannotBuild" });
}

// ---------------------------------------------------------------- El Paso

/**
 * After the card's action (E): a Simmental to her stack — or, with none left, her herder to the
 * Simmental space, which ends her game (ruling A24, RULINGS.finalTurns) — then the delivery to her next post with
 * its reward: an objective tile by most VP, a worker as a supply draw; any other reward is
 * ignored (RULINGS.sueRewards, sueAfterPost16). She never takes El Paso's money.
 */
function elPaso(state: ElPasoState, sue: SueState, events: LogEvent[]): void {
  const seat = sue.seat;
  const p = playerOf(state, seat);
  takeSimmental(state, seat, events);
  const post = sueNextPost(sue);
  const disc = p.discs[0];
  if (post === null || disc === undefined) return void events.push({ type: "noDisc", seat });
  cardsOf(p, "discs").shift();
  postOf(state, post).push({ seat, disc });
  sue.deliveries++;
  const reward = POST_DATA[post].reward;
  events.push({ type: "sueDelivered", seat, post, disc, reward: reward?.t ?? null });
  if (reward?.t === "GAIN_TILE") takeBestTile(state, reward.kind, "post", events);
  else if (reward?.t === "HIRE") supplyDraw(state, 1, "post", events);
}
