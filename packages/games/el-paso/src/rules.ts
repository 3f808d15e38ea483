/**
 * The rules of Great Western Trail: El Paso: what the active seat may decide now (prompts) and
 * what each decision does (perform). A turn is a stack of open decision contexts (`Frame`s):
 * the move, the location's actions, a train card's actions inside it, an auxiliary action, an
 * exchange, the delivery. The top frame is asked; worker bonuses and exchange tokens are
 * offered beside it at any time in the own turn.
 */
import { type LogEvent, type Prompt, type Seat, shuffleInPlace } from "@saloon/engine";
import {
  type ActionSpec,
  AUX1_MONEY,
  AUX1_MONEY_UPGRADED,
  BONUSES,
  BREED_DATA,
  type Breed,
  BUILDER_BONUS_COST,
  BUILDING_ACTIONS,
  BUILDING_SPACES,
  BUILDING_TYPES,
  type BuildingType,
  type CardId,
  type CattleSel,
  DISC_DATA,
  type DiscId,
  DOLLARS_PER_WORKER,
  EL_PASO,
  EL_PASO_MONEY,
  ENGINEER_BONUS,
  HAND_SIZE,
  HAND_SIZE_UPGRADED,
  HIRE_ONE_PRICE,
  HIRE_TWO_PRICE,
  MARKET_BREEDS,
  MARKET_COWBOYS,
  MAX_BUILDINGS,
  MAX_CERTIFICATES,
  type MarketBreed,
  NEUTRAL_ACTIONS,
  NEUTRAL_SPACES,
  type NodeId,
  POST_DATA,
  POSTS,
  type PostId,
  SPACE_COST,
  STEP_LIMIT,
  STEP_LIMIT_UPGRADED,
  SUCCESSORS,
  TRAIN_ACTIONS,
  TRAIN_CARDS,
  type TrainCard,
  WILD_BONUS,
  WILD_SURCHARGE,
  WORKER_TYPES,
  type WorkerType,
  breedOf,
  isWorkerCard,
  workerOf,
} from "./data.ts";
import type { ElPasoState, Frame, PlayerState } from "./state.ts";
import { isSue } from "./sue.ts";
import { suePrompt, sueStep } from "./sue-turn.ts";

export type ElPasoAction =
  | { type: "pickObjective"; tile: string }
  | { type: "move"; to: NodeId }
  | { type: "act"; i: number }
  | { type: "actBreed"; i: number; breed: Breed }
  | { type: "hire"; i: number; worker: WorkerType }
  | { type: "hireSecond"; worker: WorkerType }
  | { type: "buy"; i: number; breed: MarketBreed; wild: number }
  | { type: "train"; i: number; card: number; wild: number }
  | { type: "build"; i: number; building: number; node: NodeId; wild: number }
  | { type: "tile"; i: number; pick: string }
  | { type: "aux"; aux: number }
  | { type: "auxTrash"; breed: Breed }
  | { type: "auxExchange" }
  | { type: "done" }
  | { type: "bonus"; worker: WorkerType }
  | { type: "exchange" }
  | { type: "discard"; breed: Breed }
  | { type: "deliver"; post: PostId; disc: DiscId; spend: number }
  | { type: "noDelivery" }
  /** Sue's seat: play the next step of her turn (sue-turn.ts). */
  | { type: "sueStep" };

export const ACTION_TYPES = [
  "pickObjective",
  "move",
  "act",
  "actBreed",
  "hire",
  "hireSecond",
  "buy",
  "train",
  "build",
  "tile",
  "aux",
  "auxTrash",
  "auxExchange",
  "done",
  "bonus",
  "exchange",
  "discard",
  "deliver",
  "noDelivery",
  "sueStep",
] as const satisfies readonly ElPasoAction["type"][];

export type ElPasoPrompt = Prompt<ElPasoAction>;

export const OBJ_PILE = "OBJ_PILE";
export const BON_PILE = "BON_PILE";

// ---------------------------------------------------------------- player facts

export const cleared = (p: PlayerState, disc: DiscId): boolean => !p.discs.includes(disc);
export const handSize = (p: PlayerState): number => (cleared(p, "D6") ? HAND_SIZE_UPGRADED : HAND_SIZE);
export const stepLimit = (p: PlayerState): number => (cleared(p, "D7") ? STEP_LIMIT_UPGRADED : STEP_LIMIT);
/** Permanent bonus tiles with this effect (a loop: the bot asks some thousand times per decision). */
function permanentTiles(p: PlayerState, effect: "PERM_CERT" | "COUNT_DUPLICATE"): number {
  let n = 0;
  for (const b of p.bonuses) {
    const d = BONUSES[b]!;
    if (d.kind === "permanent" && d.effect === effect) n++;
  }
  return n;
}
export const permanentCerts = (p: PlayerState): number => (cleared(p, "D5") ? 1 : 0) + permanentTiles(p, "PERM_CERT");
export const duplicateTiles = (p: PlayerState): number => permanentTiles(p, "COUNT_DUPLICATE");
export function countWorkers(p: PlayerState, type: WorkerType): number {
  let n = 0;
  for (const card of p.workers) if (workerOf(card) === type) n++;
  return n;
}
export const ownedBuildings = (state: ElPasoState, seat: Seat): { node: NodeId; type: BuildingType }[] =>
  (Object.entries(state.board) as [NodeId, NonNullable<ElPasoState["board"][NodeId]>][])
    .filter(([, t]) => t.kind === "building" && t.owner === seat)
    .map(([node, t]) => ({ node, type: (t as { type: BuildingType }).type }));

/** The hand's breeding value before certificates: each breed once, plus counted duplicates (RULINGS.duplicatesStack). */
export function handBreedingValue(hand: CardId[], duplicates: number): number {
  const seen = new Set<Breed>();
  const dupes: number[] = [];
  for (const card of hand) {
    const breed = breedOf(card);
    if (seen.has(breed)) dupes.push(BREED_DATA[breed].bv);
    else seen.add(breed);
  }
  const distinct = [...seen].reduce((s, b) => s + BREED_DATA[b].bv, 0);
  dupes.sort((a, b) => b - a);
  return distinct + dupes.slice(0, duplicates).reduce((s, v) => s + v, 0);
}

/** Breeding value with permanent certificates, before spending certificates from the track. */
export const deliveryBase = (p: PlayerState): number => handBreedingValue(p.hand, duplicateTiles(p)) + permanentCerts(p);

const matches = (card: CardId, sel: CattleSel): boolean => {
  if (sel === "ANY") return true;
  if (sel === "BV:2") return BREED_DATA[breedOf(card)].bv === 2;
  return breedOf(card) === sel.slice(6);
};
const handBreeds = (p: PlayerState, sel: CattleSel): Breed[] => [...new Set(p.hand.filter((c) => matches(c, sel)).map(breedOf))];

/** Legal numbers of wild workers standing in for `k` workers of `type`. */
function wildVariants(p: PlayerState, type: WorkerType, k: number, dollars: number): number[] {
  if (p.money < dollars) return [];
  const have = countWorkers(p, type);
  const wild = countWorkers(p, "WLD");
  const out: number[] = [];
  for (let w = Math.max(0, k - have); w <= Math.min(k, wild); w++) out.push(w);
  return out;
}

// ---------------------------------------------------------------- movement

/** Every location reachable with at most `max` steps, with the fewest steps needed (RULINGS.cowboysOnMove). */
export function destinations(state: Pick<ElPasoState, "board">, from: NodeId, max: number): Map<NodeId, number> {
  const result = new Map<NodeId, number>();
  const visit = (node: NodeId, steps: number) => {
    for (const next of SUCCESSORS[node]) {
      const isLocation = next === EL_PASO || state.board[next] !== undefined;
      const s = steps + (isLocation ? 1 : 0);
      if (s > max) continue;
      if (isLocation && (result.get(next) ?? Infinity) > s) result.set(next, s);
      if (next !== EL_PASO) visit(next, s);
    }
  };
  visit(from, 0);
  return result;
}

// ---------------------------------------------------------------- prompts

const active = (state: ElPasoState): PlayerState => state.players[state.active]!;
const top = (state: ElPasoState): Frame | undefined => state.stack[state.stack.length - 1];

export function currentPrompt(state: ElPasoState): ElPasoPrompt | null {
  const phase = state.phase;
  if (phase.kind === "over") return null;
  if (phase.kind === "pickObjective") {
    const seat = phase.order[phase.index]!;
    return {
      seat,
      kind: "pickObjective",
      options: state.objDisplay.filter((t): t is string => t !== null).map((tile) => ({ type: "pickObjective", tile })),
    };
  }
  const frame = top(state);
  if (!frame) return null;
  const p = active(state);
  const seat = state.active;
  const anytime = (): ElPasoAction[] => {
    const out: ElPasoAction[] = [];
    if (countWorkers(p, "ENG") > 0) out.push({ type: "bonus", worker: "ENG" });
    if (countWorkers(p, "WLD") > 0) out.push({ type: "bonus", worker: "WLD" });
    if (countWorkers(p, "BLD") > 0 && p.money >= BUILDER_BONUS_COST && p.certs < MAX_CERTIFICATES) out.push({ type: "bonus", worker: "BLD" });
    // RULINGS.exchangeAnyTime: in El Paso too, before the delivery or during its reward.
    if (p.tokens > 0 && p.draw.length + p.discard.length > 0) out.push({ type: "exchange" });
    return out;
  };
  switch (frame.kind) {
    case "move": {
      if (frame.first) return { seat, kind: "move", options: [...NEUTRAL_SPACES.map((to) => ({ type: "move" as const, to })), ...anytime()], context: { max: frame.max, first: true } };
      const reach = destinations(state, p.herder as NodeId, frame.max + countWorkers(p, "COW"));
      const targets = [...reach.keys()].sort();
      // For renderers: the cowboys each destination costs beyond the step limit (RULINGS.cowboysOnMove).
      const cowboys: Record<string, number> = {};
      for (const to of targets) if (reach.get(to)! > frame.max) cowboys[to] = reach.get(to)! - frame.max;
      return { seat, kind: "move", options: [...targets.map((to) => ({ type: "move" as const, to })), ...anytime()], context: { max: frame.max, first: false, cowboys } };
    }
    case "actions": {
      const options: ElPasoAction[] = [];
      if (frame.location !== "auxOnly") frame.specs.forEach((spec, i) => { if (!frame.used[i]) options.push(...specOptions(state, spec, i)); });
      if (frame.location === "auxOnly" || (frame.location === "full" && !frame.used.some(Boolean))) options.push(...auxOptions(p, []));
      options.push({ type: "done" }, ...anytime());
      return { seat, kind: "actions", options, context: { source: frame.source } };
    }
    case "aux":
      return { seat, kind: "aux", options: [...auxOptions(p, frame.used), { type: "done" }, ...anytime()], context: { remaining: frame.remaining } };
    case "hireSecond": {
      const options: ElPasoAction[] = WORKER_TYPES.filter(
        (t) => t !== frame.first && state.workerSupply[t].length > 0 && p.money >= HIRE_SECOND_PRICE + (t === "WLD" ? WILD_SURCHARGE : 0),
      ).map((worker) => ({ type: "hireSecond", worker }));
      return { seat, kind: "hireSecond", options: [...options, { type: "done" }, ...anytime()], context: { first: frame.first } };
    }
    case "exchangeDiscard":
      return { seat, kind: "exchangeDiscard", options: [...new Set(p.hand.map(breedOf))].map((breed) => ({ type: "discard", breed })) };
    case "exchangeAgain": {
      const options: ElPasoAction[] = [];
      if (p.draw.length + p.discard.length > 0) options.push({ type: "auxExchange" });
      return { seat, kind: "exchangeAgain", options: [...options, { type: "done" }, ...anytime()] };
    }
    case "deliver": {
      const options = deliveryOptions(state);
      return {
        seat,
        kind: "deliver",
        options: [...(options.length > 0 ? options : [{ type: "noDelivery" } as const]), ...anytime()],
        context: { breedingValue: deliveryBase(p), certificates: p.certs, permanentCertificates: permanentCerts(p) },
      };
    }
    case "elPasoFinish":
      return null; // resolved automatically by `advance`
    case "sue":
      return suePrompt(state, frame);
  }
}

export function deliveryOptions(state: ElPasoState): ElPasoAction[] {
  const p = active(state);
  const base = deliveryBase(p);
  const out: ElPasoAction[] = [];
  for (const post of POSTS) {
    const data = POST_DATA[post];
    const spend = Math.max(0, data.min - base);
    if (spend > p.certs) continue;
    if (!data.multi && state.posts[post].some((d) => d.seat === state.active)) continue;
    for (const disc of p.discs) {
      const d = DISC_DATA[disc];
      if (d.dark && !data.dark) continue;
      if (p.money + d.money < 0) continue;
      out.push({ type: "deliver", post, disc, spend });
    }
  }
  return out;
}

function auxOptions(p: PlayerState, used: number[]): ElPasoAction[] {
  const out: ElPasoAction[] = [];
  if (!used.includes(1)) out.push({ type: "aux", aux: 1 });
  if (!used.includes(2) && cleared(p, "D2") && p.certs < MAX_CERTIFICATES) out.push({ type: "aux", aux: 2 });
  if (!used.includes(3) && p.draw.length + p.discard.length > 0) out.push({ type: "aux", aux: 3 });
  if (!used.includes(4) && cleared(p, "D4")) for (const breed of new Set(p.hand.map(breedOf))) out.push({ type: "auxTrash", breed });
  return out;
}

/** The ways to carry out one printed action now (empty when it cannot do anything: RULINGS.uselessActionsNotOffered). */
export function specOptions(state: ElPasoState, spec: ActionSpec, i: number): ElPasoAction[] {
  const p = active(state);
  switch (spec.t) {
    case "DISCARD_CATTLE":
    case "REMOVE_CATTLE":
      return handBreeds(p, spec.sel).map((breed) => ({ type: "actBreed", i, breed }));
    case "GAIN_MONEY":
      return [{ type: "act", i }];
    case "GAIN_CERT":
      return p.certs < MAX_CERTIFICATES ? [{ type: "act", i }] : [];
    case "GAIN_TOKEN":
      return p.money >= spec.cost ? [{ type: "act", i }] : [];
    case "AUX":
      return auxOptions(p, []).length > 0 ? [{ type: "act", i }] : [];
    case "MOVE":
      return [{ type: "act", i }];
    case "GAIN_CATTLE":
      return state.market[spec.breed].length > 0 && p.money >= spec.cost ? [{ type: "act", i }] : [];
    case "HIRE": {
      const out: ElPasoAction[] = [];
      const available = WORKER_TYPES.filter((t) => state.workerSupply[t].length > 0);
      const single = spec.mode === "FIXED" ? spec.specific : HIRE_ONE_PRICE;
      for (const t of available) {
        const price = single + (t === "WLD" ? (spec.mode === "FIXED" ? spec.wild - spec.specific : WILD_SURCHARGE) : 0);
        if (p.money >= price) out.push({ type: "hire", i, worker: t });
      }
      return out;
    }
    case "BUY_CATTLE":
      return MARKET_BREEDS.filter((b) => state.market[b].length > 0).flatMap((breed) => {
        const k = MARKET_COWBOYS[breed];
        return wildVariants(p, "COW", k, k * DOLLARS_PER_WORKER).map((wild) => ({ type: "buy" as const, i, breed, wild }));
      });
    case "TRAIN":
      return TRAIN_CARDS.flatMap((card) => wildVariants(p, "ENG", card, card * DOLLARS_PER_WORKER).map((wild) => ({ type: "train" as const, i, card, wild })));
    case "GAIN_TILE": {
      if (p.money < spec.cost) return [];
      const picks: string[] = [];
      if (spec.kind !== "BON") {
        picks.push(...state.objDisplay.filter((t): t is string => t !== null));
        if (state.objPile.length > 0) picks.push(OBJ_PILE);
      }
      if (spec.kind !== "OBJ") {
        picks.push(...state.bonDisplay.filter((t): t is string => t !== null));
        if (state.bonPile.length > 0) picks.push(BON_PILE);
      }
      return picks.map((pick) => ({ type: "tile", i, pick }));
    }
    case "BUILD": {
      const out: ElPasoAction[] = [];
      const own = ownedBuildings(state, state.active);
      for (const type of BUILDING_TYPES) {
        if (state.buildingStacks[String(type)]!.length === 0) continue;
        if (own.length < MAX_BUILDINGS) {
          for (const node of BUILDING_SPACES) {
            if (state.board[node]) continue;
            for (const wild of wildVariants(p, "BLD", type, type * DOLLARS_PER_WORKER + SPACE_COST[node]!)) out.push({ type: "build", i, building: type, node, wild });
          }
        }
        for (const b of own) {
          if (b.type >= type) continue;
          const k = type - b.type;
          for (const wild of wildVariants(p, "BLD", k, k * DOLLARS_PER_WORKER)) out.push({ type: "build", i, building: type, node: b.node, wild });
        }
      }
      return out;
    }
  }
}

// ---------------------------------------------------------------- perform

export function perform(state: ElPasoState, seat: Seat, action: ElPasoAction): LogEvent[] {
  const events: LogEvent[] = [];
  const phase = state.phase;
  if (action.type === "pickObjective") {
    if (phase.kind !== "pickObjective") throw new Error("not picking objectives");
    takeTileFromDisplay(state, seat, action.tile, events);
    phase.index++;
    if (phase.index >= phase.order.length) {
      state.phase = { kind: "turn" };
      startTurn(state, 0, events);
    } else state.active = phase.order[phase.index]!;
    advance(state, events);
    return events;
  }
  const p = active(state);
  const frame = top(state)!;
  switch (action.type) {
    case "bonus":
      workerBonus(state, action.worker, events);
      break;
    case "exchange":
      p.tokens--;
      events.push({ type: "usedToken", seat });
      exchangeDraw(state, 0, events);
      break;
    case "move": {
      if (frame.kind !== "move") throw new Error("not moving");
      state.stack.pop();
      let cowboys = 0;
      if (!frame.first) {
        const steps = destinations(state, p.herder as NodeId, frame.max + countWorkers(p, "COW")).get(action.to)!;
        cowboys = Math.max(0, steps - frame.max);
        for (let k = 0; k < cowboys; k++) moveCard(p.workers, p.discard, p.workers.find((c) => workerOf(c) === "COW")!);
      }
      p.herder = action.to;
      events.push({ type: "moved", seat, to: action.to, cowboys });
      arrive(state, action.to, events);
      break;
    }
    case "done":
      state.stack.pop();
      break;
    case "aux":
    case "auxTrash": {
      const n = action.type === "aux" ? action.aux : 4;
      if (frame.kind === "actions") state.stack.pop();
      else if (frame.kind === "aux") {
        frame.used.push(n);
        frame.remaining--;
        if (frame.remaining === 0 || auxOptions(p, frame.used).length === 0) state.stack.pop();
      }
      events.push({ type: "aux", seat, aux: n });
      if (n === 1) gainMoney(p, cleared(p, "D1") ? AUX1_MONEY_UPGRADED : AUX1_MONEY, seat, events);
      else if (n === 2) gainCerts(p, 1, seat, events);
      else if (n === 3) exchangeDraw(state, cleared(p, "D3") ? 1 : 0, events);
      else if (action.type === "auxTrash") removeFromHand(state, action.breed, events);
      break;
    }
    case "hireSecond":
      state.stack.pop();
      hire(state, action.worker, HIRE_SECOND_PRICE + (action.worker === "WLD" ? WILD_SURCHARGE : 0), events);
      break;
    case "auxExchange":
      if (frame.kind !== "exchangeAgain") throw new Error("no second exchange");
      state.stack.pop();
      exchangeDraw(state, frame.again, events);
      break;
    case "discard": {
      if (frame.kind !== "exchangeDiscard") throw new Error("no exchange");
      state.stack.pop();
      const card = p.hand.find((c) => breedOf(c) === action.breed)!;
      moveCard(p.hand, p.discard, card);
      events.push({ type: "exchangeDiscarded", seat, card });
      if (frame.again > 0) state.stack.push({ kind: "exchangeAgain", again: frame.again - 1 });
      break;
    }
    case "deliver":
    case "noDelivery":
      deliver(state, action, events);
      break;
    case "sueStep":
      sueStep(state, events);
      break;
    default: {
      if (frame.kind !== "actions") throw new Error(`${action.type} outside an action source`);
      frame.used[action.i] = true;
      const spec = frame.specs[action.i]!;
      if (frame.used.every(Boolean)) state.stack.pop(); // RULINGS.usedUpSourceCloses
      doSpec(state, spec, action, events);
    }
  }
  advance(state, events);
  return events;
}

function doSpec(state: ElPasoState, spec: ActionSpec, action: ElPasoAction, events: LogEvent[]): void {
  const seat = state.active;
  const p = state.players[seat]!;
  switch (spec.t) {
    case "DISCARD_CATTLE": {
      if (action.type !== "actBreed") throw new Error("bad discard");
      const card = p.hand.find((c) => breedOf(c) === action.breed)!;
      moveCard(p.hand, p.discard, card);
      const gain = spec.gain === "2xBV" ? 2 * BREED_DATA[action.breed].bv : spec.gain;
      p.money += gain;
      events.push({ type: "discardedCattle", seat, card, money: gain });
      return;
    }
    case "REMOVE_CATTLE":
      if (action.type !== "actBreed") throw new Error("bad remove");
      removeFromHand(state, action.breed, events);
      return;
    case "GAIN_MONEY":
      gainMoney(p, spec.n, seat, events);
      return;
    case "GAIN_CERT":
      gainCerts(p, spec.n, seat, events);
      return;
    case "GAIN_TOKEN":
      p.money -= spec.cost;
      p.tokens++;
      events.push({ type: "gainedToken", seat, paid: spec.cost });
      return;
    case "AUX":
      state.stack.push({ kind: "aux", remaining: spec.n, used: [] });
      return;
    case "MOVE":
      // RULINGS.moveForfeits: every open source of this turn closes.
      state.stack = [{ kind: "move", max: spec.max, first: false }];
      return;
    case "GAIN_CATTLE": {
      p.money -= spec.cost;
      const card = state.market[spec.breed].shift()!;
      p.discard.push(card);
      events.push({ type: "gainedCattle", seat, card, paid: spec.cost });
      return;
    }
    case "HIRE": {
      if (action.type !== "hire") throw new Error("bad hire");
      const worker = action.worker;
      let price: number;
      if (spec.mode === "FIXED") price = worker === "WLD" ? spec.wild : spec.specific;
      else price = HIRE_ONE_PRICE + (worker === "WLD" ? WILD_SURCHARGE : 0);
      hire(state, worker, price, events);
      // B: a second worker of another type for the rest of the $13 (RULINGS.twoDifferentWorkers).
      if (spec.mode === "ONE_OR_TWO") state.stack.push({ kind: "hireSecond", first: worker });
      return;
    }
    case "BUY_CATTLE": {
      if (action.type !== "buy") throw new Error("bad buy");
      const k = MARKET_COWBOYS[action.breed];
      payWorkers(p, "COW", k, action.wild);
      p.money -= k * DOLLARS_PER_WORKER;
      const card = state.market[action.breed].shift()!;
      p.discard.push(card);
      events.push({ type: "boughtCattle", seat, card, wild: action.wild, paid: k * DOLLARS_PER_WORKER });
      return;
    }
    case "TRAIN": {
      if (action.type !== "train") throw new Error("bad train");
      const card = action.card as TrainCard;
      payWorkers(p, "ENG", card, action.wild);
      p.money -= card * DOLLARS_PER_WORKER;
      const side = state.trainSides[String(card)] as "F" | "S";
      const specs = TRAIN_ACTIONS[`${card}${side}`];
      events.push({ type: "usedTrain", seat, card, side, wild: action.wild, paid: card * DOLLARS_PER_WORKER });
      state.stack.push({ kind: "actions", source: `TR${card}${side}`, specs, used: specs.map(() => false), location: null });
      return;
    }
    case "GAIN_TILE": {
      if (action.type !== "tile") throw new Error("bad tile");
      p.money -= spec.cost;
      takeTileFromDisplay(state, seat, action.pick, events);
      return;
    }
    case "BUILD": {
      if (action.type !== "build") throw new Error("bad build");
      const type = action.building as BuildingType;
      const existing = state.board[action.node];
      const tile = state.buildingStacks[String(type)]!.shift()!;
      let k = type;
      let dollars = type * DOLLARS_PER_WORKER;
      if (existing && existing.kind === "building") {
        k = type - existing.type;
        dollars = k * DOLLARS_PER_WORKER;
        state.buildingStacks[String(existing.type)]!.push(existing.tile);
      } else dollars += SPACE_COST[action.node]!;
      payWorkers(p, "BLD", k, action.wild);
      p.money -= dollars;
      state.board[action.node] = { kind: "building", tile, type, owner: seat };
      events.push({ type: existing ? "upgraded" : "built", seat, node: action.node, building: type, tile, wild: action.wild, paid: dollars });
      return;
    }
  }
}

// ---------------------------------------------------------------- pieces of the turn

function moveCard(from: CardId[], to: CardId[], card: CardId): void {
  const index = from.indexOf(card);
  if (index < 0) throw new Error(`card ${card} not found`);
  from.splice(index, 1);
  to.push(card);
}

/** Discards k workers of a type, `wild` of them wild, from the worker area (RULINGS.spentWorkersToDiscard). */
function payWorkers(p: PlayerState, type: WorkerType, k: number, wild: number): void {
  for (let n = 0; n < k - wild; n++) moveCard(p.workers, p.discard, p.workers.find((c) => workerOf(c) === type)!);
  for (let n = 0; n < wild; n++) moveCard(p.workers, p.discard, p.workers.find((c) => workerOf(c) === "WLD")!);
}

function hire(state: ElPasoState, worker: WorkerType, price: number, events: LogEvent[]): void {
  const p = active(state);
  p.money -= price;
  p.workers.push(state.workerSupply[worker].shift()!);
  events.push({ type: "hired", seat: state.active, worker, paid: price });
}

export const HIRE_SECOND_PRICE = HIRE_TWO_PRICE - HIRE_ONE_PRICE;

function gainMoney(p: PlayerState, n: number, seat: Seat, events: LogEvent[]): void {
  p.money += n;
  events.push({ type: "gainedMoney", seat, money: n });
}

function gainCerts(p: PlayerState, n: number, seat: Seat, events: LogEvent[]): void {
  const gained = Math.min(n, MAX_CERTIFICATES - p.certs);
  p.certs += gained;
  events.push({ type: "gainedCertificates", seat, certificates: gained });
}

function removeFromHand(state: ElPasoState, breed: Breed, events: LogEvent[]): void {
  const p = active(state);
  const card = p.hand.find((c) => breedOf(c) === breed)!;
  moveCard(p.hand, state.box, card);
  events.push({ type: "removedCattle", seat: state.active, card });
}

function workerBonus(state: ElPasoState, worker: WorkerType, events: LogEvent[]): void {
  const p = active(state);
  moveCard(p.workers, p.discard, p.workers.find((c) => workerOf(c) === worker)!);
  if (worker === "ENG") p.money += ENGINEER_BONUS;
  else if (worker === "WLD") p.money += WILD_BONUS;
  else if (worker === "BLD") {
    p.money -= BUILDER_BONUS_COST;
    p.certs++;
  }
  events.push({ type: "workerBonus", seat: state.active, worker });
}

/** Draws one card for the player; a worker goes to the worker area. Returns the card or null when both piles are empty. */
function drawOne(state: ElPasoState, seat: Seat): CardId | null {
  const p = state.players[seat]!;
  if (p.draw.length === 0) {
    if (p.discard.length === 0) return null;
    p.draw = shuffleInPlace(state, p.discard);
    p.discard = [];
  }
  const card = p.draw.shift()!;
  (isWorkerCard(card) ? p.workers : p.hand).push(card);
  return card;
}

/** An exchange: draw until a cattle card comes (RULINGS.exchangeDrawsWorkers), then discard one hand card. */
function exchangeDraw(state: ElPasoState, again: number, events: LogEvent[]): void {
  const seat = state.active;
  const drawn: CardId[] = [];
  for (;;) {
    const card = drawOne(state, seat);
    if (card === null) break;
    drawn.push(card);
    if (!isWorkerCard(card)) break;
  }
  pushDrawEvents(seat, drawn, events);
  state.stack.push({ kind: "exchangeDiscard", again });
}

function pushDrawEvents(seat: Seat, drawn: CardId[], events: LogEvent[]): void {
  const workers = drawn.filter(isWorkerCard);
  events.push({ type: "drew", seat, cattle: drawn.length - workers.length, workers });
  const cattle = drawn.filter((c) => !isWorkerCard(c));
  if (cattle.length > 0) events.push({ type: "drewCattle", seat, cards: cattle, onlyFor: [seat] });
}

function takeTileFromDisplay(state: ElPasoState, seat: Seat, pick: string, events: LogEvent[]): void {
  const p = state.players[seat]!;
  let tile: string;
  if (pick === OBJ_PILE) tile = state.objPile.shift()!;
  else if (pick === BON_PILE) tile = state.bonPile.shift()!;
  else {
    const display = pick.startsWith("OB") ? state.objDisplay : state.bonDisplay;
    const pile = pick.startsWith("OB") ? state.objPile : state.bonPile;
    const slot = display.indexOf(pick);
    display[slot] = pile.shift() ?? null;
    tile = pick;
  }
  events.push({ type: "tookTile", seat, tile, fromPile: pick === OBJ_PILE || pick === BON_PILE });
  if (tile.startsWith("OB")) p.objectives.push(tile);
  else {
    p.bonuses.push(tile);
    const data = BONUSES[tile]!;
    // RULINGS.bonusImmediate
    if (data.kind === "oneTime") state.stack.push({ kind: "actions", source: tile, specs: data.actions, used: data.actions.map(() => false), location: null });
  }
}

/**
 * Reaching El Paso before the end: take the next Simmental (the last one triggers the end), or,
 * with the pile empty, take the Simmental space, which ends the game for this seat (true).
 * Sue's El Paso (sue-turn.ts) follows the same rule.
 */
export function takeSimmental(state: ElPasoState, seat: Seat, events: LogEvent[]): boolean {
  if (state.end.simmSeat !== null) return false;
  const p = state.players[seat]!;
  const card = state.simmentals.shift();
  if (card !== undefined) {
    p.discard.push(card);
    events.push({ type: "tookSimmental", seat, card, left: state.simmentals.length });
    if (state.simmentals.length === 0) {
      state.end.triggered = true;
      events.push({ type: "endTriggered", seat });
    }
    return false;
  }
  // RULINGS.finalTurns
  state.end.simmSeat = seat;
  p.herder = "SIMM";
  events.push({ type: "simmentalSpace", seat });
  return true;
}

export function arrive(state: ElPasoState, node: NodeId, events: LogEvent[]): void {
  const seat = state.active;
  const p = state.players[seat]!;
  if (node === EL_PASO) {
    gainMoney(p, EL_PASO_MONEY, seat, events);
    const endsGame = takeSimmental(state, seat, events);
    state.stack.push({ kind: "elPasoFinish", endsGameForPlayer: endsGame }, { kind: "deliver" });
    return;
  }
  const tile = state.board[node]!;
  if (tile.kind === "neutral") {
    const specs = NEUTRAL_ACTIONS[tile.id];
    state.stack.push({ kind: "actions", source: tile.id, specs, used: specs.map(() => false), location: "full" });
  } else if (tile.owner === seat) {
    const side = state.buildingSides[String(tile.type)]!;
    const specs = BUILDING_ACTIONS[`${tile.type}${side}`];
    state.stack.push({ kind: "actions", source: `CB${tile.type}${side}`, specs, used: specs.map(() => false), location: "full" });
  } else {
    state.stack.push({ kind: "actions", source: `CB${tile.type}${state.buildingSides[String(tile.type)]}`, specs: [], used: [], location: "auxOnly" });
  }
}

function deliver(state: ElPasoState, action: ElPasoAction, events: LogEvent[]): void {
  const seat = state.active;
  const p = state.players[seat]!;
  state.stack.pop();
  // The hand is revealed when it is delivered, after any exchange made in El Paso (RULINGS.exchangeAnyTime).
  events.push({ type: "revealedHand", seat, cards: [...p.hand], breedingValue: deliveryBase(p) });
  if (action.type !== "deliver") {
    events.push({ type: "noDisc", seat }); // RULINGS.noLegalDisc
    return;
  }
  p.certs -= action.spend;
  p.discs = p.discs.filter((d) => d !== action.disc);
  state.posts[action.post].push({ seat, disc: action.disc });
  p.money += DISC_DATA[action.disc].money;
  events.push({ type: "delivered", seat, post: action.post, disc: action.disc, spent: action.spend, money: DISC_DATA[action.disc].money });
  const reward = POST_DATA[action.post].reward;
  if (reward) state.stack.push({ kind: "actions", source: action.post, specs: [reward], used: [false], location: null });
}

function startTurn(state: ElPasoState, seat: Seat, events: LogEvent[]): void {
  state.active = seat;
  const p = state.players[seat]!;
  state.stack = [isSue(state, seat) ? { kind: "sue", step: "draw" } : { kind: "move", max: stepLimit(p), first: p.herder === null }];
  events.push({ type: "turn", seat });
}

function drawPhase(state: ElPasoState, events: LogEvent[]): void {
  const seat = state.active;
  const p = state.players[seat]!;
  const drawn: CardId[] = [];
  while (p.hand.length < handSize(p)) {
    const card = drawOne(state, seat);
    if (card === null) break;
    drawn.push(card);
  }
  if (drawn.length > 0) pushDrawEvents(seat, drawn, events);
}

/** Resolves what needs no decision: El Paso's closing, empty exchanges, the end of the turn. */
export function advance(state: ElPasoState, events: LogEvent[]): void {
  for (;;) {
    if (state.phase.kind !== "turn") return;
    const frame = top(state);
    const p = active(state);
    if (!frame) {
      if (!isSue(state, state.active)) drawPhase(state, events); // Sue has no hand
      state.turnCount++;
      const n = state.seats;
      if (state.end.simmSeat !== null && state.active === (state.end.simmSeat + n - 1) % n) {
        state.phase = { kind: "over" };
        state.stack = [];
        events.push({ type: "gameOver" });
        return;
      }
      startTurn(state, (state.active + 1) % n, events);
      return;
    }
    if (frame.kind === "elPasoFinish") {
      const cards = p.hand.splice(0);
      p.discard.push(...cards);
      state.stack.pop();
      if (frame.endsGameForPlayer) state.stack = [];
      continue;
    }
    if (frame.kind === "exchangeDiscard" && p.hand.length === 0) {
      state.stack.pop();
      continue;
    }
    if (frame.kind === "exchangeAgain" && p.draw.length + p.discard.length === 0) {
      state.stack.pop();
      continue;
    }
    return;
  }
}

