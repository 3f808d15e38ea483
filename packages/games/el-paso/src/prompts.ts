/**
 * What the active seat of Great Western Trail: El Paso may decide now: the actions, the facts
 * about a player the rules ask (hand size, step limit, delivery value), movement, and the prompt
 * of the top decision context (rules.ts carries a decision out). A turn is a stack of open
 * decision contexts (`Frame`s): the move, the location's actions, a train card's actions inside
 * it, an auxiliary action, an exchange, the delivery. The top frame is asked; worker bonuses and
 * exchange tokens are offered beside it at any time in the own turn.
 */
import type { Prompt, Seat } from "@saloon/engine";
import {
  type ActionSpec,
  BONUSES,
  BREED_DATA,
  type Breed,
  BUILDER_BONUS_COST,
  BUILDING_SPACES,
  BUILDING_TYPES,
  type BuildingType,
  type CardId,
  type CattleSel,
  DISC_DATA,
  type DiscId,
  DOLLARS_PER_WORKER,
  EL_PASO,
  HAND_SIZE,
  HAND_SIZE_UPGRADED,
  HIRE_ONE_PRICE,
  HIRE_TWO_PRICE,
  MARKET_BREEDS,
  MARKET_COWBOYS,
  MAX_BUILDINGS,
  MAX_CERTIFICATES,
  type MarketBreed,
  NEUTRAL_SPACES,
  type NodeId,
  POST_DATA,
  POSTS,
  type PostId,
  SPACE_COST,
  STEP_LIMIT,
  STEP_LIMIT_UPGRADED,
  SUCCESSORS,
  TRAIN_CARDS,
  WILD_SURCHARGE,
  WORKER_TYPES,
  type WorkerType,
  breedOf,
  isKind,
} from "./data.ts";
import { handBreedingValue } from "./breeding-value.ts";
import { AUX_EXCHANGE, BONUS_BLD, BONUS_ENG, BONUS_WLD, DONE, EXCHANGE, NO_DELIVERY, actBreedOption, actOption, auxOption, auxTrashOption, bonusOption, bonusWorkers, buildOption, deliverOption, discardOption, hireOption, hireSecondOption, moveOption } from "./prompt-options.ts";
import type { ElPasoState, Frame, PlayerState } from "./state.ts";
import { suePrompt } from "./sue-turn.ts";


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
  for (let i = 0; i < p.bonuses.length; i++) {
    const d = BONUSES[p.bonuses[i]!]!;
    if (d.kind === "permanent" && d.effect === effect) n++;
  }
  return n;
}
export const permanentCerts = (p: PlayerState): number => (cleared(p, "D5") ? 1 : 0) + permanentTiles(p, "PERM_CERT");
export const duplicateTiles = (p: PlayerState): number => permanentTiles(p, "COUNT_DUPLICATE");
export function countWorkers(p: PlayerState, type: WorkerType): number {
  let n = 0;
  // An index loop: the worker area is a frozen list of the state, where for…of is slow (issue #14).
  for (let i = 0; i < p.workers.length; i++) if (isKind(p.workers[i]!, type)) n++;
  return n;
}
/** The seat's buildings in the board's order (for…in, not Object.entries and filter: the board is frozen). */
export function ownedBuildings(state: ElPasoState, seat: Seat): { node: NodeId; type: BuildingType }[] {
  const out: { node: NodeId; type: BuildingType }[] = [];
  for (const node in state.board) {
    const tile = state.board[node as NodeId]!;
    if (tile.kind === "building" && tile.owner === seat) out.push({ node: node as NodeId, type: tile.type });
  }
  return out;
}

export { handBreedingValue };

/** Breeding value with permanent certificates, before spending certificates from the track. */
export const deliveryBase = (p: PlayerState): number => handBreedingValue(p.hand, duplicateTiles(p)) + permanentCerts(p);

const matches = (card: CardId, sel: CattleSel): boolean => {
  if (sel === "ANY") return true;
  if (sel === "BV:2") return BREED_DATA[breedOf(card)].bv === 2;
  return breedOf(card) === sel.slice(6);
};
/** The breeds in the hand matching `sel`, each once, in the order of the hand (a loop: the hand is frozen). */
function handBreeds(p: PlayerState, sel: CattleSel): Breed[] {
  const out: Breed[] = [];
  for (let i = 0; i < p.hand.length; i++) {
    const card = p.hand[i]!;
    if (!matches(card, sel)) continue;
    const breed = breedOf(card);
    if (!out.includes(breed)) out.push(breed);
  }
  return out;
}

// ---------------------------------------------------------------- movement

/**
 * Every location reachable with at most `max` steps, with the fewest steps needed (RULINGS.cowboysOnMove).
 * Remembered per frozen board (engine states and the bot's trials share a board until someone
 * builds): the bot asks for every move it tries and the rules again when a move is made. The
 * map returned is shared: callers only read it.
 */
export function destinations(state: Pick<ElPasoState, "board">, from: NodeId, max: number): Map<NodeId, number> {
  const board = state.board;
  if (!Object.isFrozen(board)) return searchDestinations(board, from, max);
  let known = DESTINATIONS.get(board);
  if (!known) {
    known = new Map();
    DESTINATIONS.set(board, known);
  }
  const key = `${from}/${max}`;
  let result = known.get(key);
  if (!result) {
    result = searchDestinations(board, from, max);
    known.set(key, result);
  }
  return result;
}
const DESTINATIONS = new WeakMap<object, Map<string, Map<NodeId, number>>>();

function searchDestinations(board: ElPasoState["board"], from: NodeId, max: number): Map<NodeId, number> {
  const result = new Map<NodeId, number>();
  visitTrail(board, from, 0, max, result);
  return result;
}

// A plain recursive function, not a closure per call (a closure made per call is also renamed per
// call under tsx, which the simulator runs on).
function visitTrail(board: ElPasoState["board"], node: NodeId, steps: number, max: number, result: Map<NodeId, number>): void {
  for (const next of SUCCESSORS[node]) {
    const isLocation = next === EL_PASO || board[next] !== undefined;
    const s = steps + (isLocation ? 1 : 0);
    if (s > max) continue;
    if (isLocation && (result.get(next) ?? Infinity) > s) result.set(next, s);
    if (next !== EL_PASO) visitTrail(board, next, s, max, result);
  }
}

// ---------------------------------------------------------------- prompts

export const active = (state: ElPasoState): PlayerState => state.players[state.active]!;
export const top = (state: ElPasoState): Frame | undefined => state.stack[state.stack.length - 1];

/**
 * The seat and kind of `currentPrompt`, without its options: what a view's \`waitingFor\` shows.
 * The views are made once per state besides the engine's prompts (cached per state, but out of
 * the view's reach), and making the options again was ~5 % of the simulator's loop without the
 * bot (issue #14). The kind of every prompt of the turn is its frame's kind (prompts.test.ts
 * checks this against currentPrompt at every step of stored matches).
 */
export function promptHead(state: ElPasoState): { seat: Seat; kind: string } | null {
  const phase = state.phase;
  if (phase.kind === "over") return null;
  if (phase.kind === "pickObjective") return { seat: phase.order[phase.index]!, kind: "pickObjective" };
  const frame = top(state);
  if (!frame || frame.kind === "elPasoFinish") return null;
  return { seat: frame.kind === "sue" ? state.sue!.seat : state.active, kind: frame.kind };
}

export function currentPrompt(state: ElPasoState): ElPasoPrompt | null {
  const phase = state.phase;
  if (phase.kind === "over") return null;
  if (phase.kind === "pickObjective") {
    const seat = phase.order[phase.index]!;
    return {
      seat,
      kind: "pickObjective",
      options: displayed(state.objDisplay).map((tile) => ({ type: "pickObjective", tile })),
    };
  }
  const frame = top(state);
  if (!frame) return null;
  const p = active(state);
  const seat = state.active;
  switch (frame.kind) {
    case "move": {
      if (frame.first) return { seat, kind: "move", options: [...NEUTRAL_SPACES.map(moveOption), ...anytime(p)], context: { max: frame.max, first: true } };
      const reach = destinations(state, p.herder as NodeId, frame.max + countWorkers(p, "COW"));
      const targets = [...reach.keys()].sort();
      // For renderers: the cowboys each destination costs beyond the step limit (RULINGS.cowboysOnMove).
      const cowboys: Record<string, number> = {};
      for (const to of targets) if (reach.get(to)! > frame.max) cowboys[to] = reach.get(to)! - frame.max;
      return { seat, kind: "move", options: [...targets.map(moveOption), ...anytime(p)], context: { max: frame.max, first: false, cowboys } };
    }
    case "actions": {
      const options: ElPasoAction[] = [];
      // Loops and includes() rather than forEach/some/every here and below: on the frozen arrays of
      // an engine state or a bot's trial those take V8's slow path (several times slower, measured).
      // Each printed action's options appended by `specOptionsInto`, not spread from a list of its
      // own: the options of an actions frame were most of the prompts the bot makes (issue #14).
      if (frame.location !== "auxOnly") for (let i = 0; i < frame.specs.length; i++) if (!frame.used[i]) specOptionsInto(options, state, frame.specs[i]!, i);
      if (frame.location === "auxOnly" || (frame.location === "full" && !frame.used.includes(true))) auxOptionsInto(options, p, NONE_USED);
      options.push(DONE);
      anytimeInto(options, p);
      return { seat, kind: "actions", options, context: { source: frame.source } };
    }
    case "aux": {
      const options: ElPasoAction[] = [];
      auxOptionsInto(options, p, frame.used);
      options.push(DONE);
      anytimeInto(options, p);
      return { seat, kind: "aux", options, context: { remaining: frame.remaining } };
    }
    case "hireSecond": {
      const options: ElPasoAction[] = [];
      for (let k = 0; k < WORKER_TYPES.length; k++) {
        const t = WORKER_TYPES[k]!;
        if (t !== frame.first && state.workerSupply[t].length > 0 && p.money >= HIRE_SECOND_PRICE + (t === "WLD" ? WILD_SURCHARGE : 0)) options.push(hireSecondOption(t));
      }
      options.push(DONE);
      anytimeInto(options, p);
      return { seat, kind: "hireSecond", options, context: { first: frame.first } };
    }
    case "exchangeDiscard":
      return { seat, kind: "exchangeDiscard", options: handBreeds(p, "ANY").map(discardOption) };
    case "exchangeAgain": {
      const options: ElPasoAction[] = [];
      if (p.draw.length + p.discard.length > 0) options.push(AUX_EXCHANGE);
      return { seat, kind: "exchangeAgain", options: [...options, DONE, ...anytime(p)] };
    }
    case "deliver": {
      const options = deliveryOptions(state);
      return {
        seat,
        kind: "deliver",
        options: [...(options.length > 0 ? options : [NO_DELIVERY]), ...anytime(p)],
        context: { breedingValue: deliveryBase(p), certificates: p.certs, permanentCertificates: permanentCerts(p) },
      };
    }
    case "elPasoFinish":
      return null; // resolved automatically by `advance`
    case "sue":
      return suePrompt(state, frame);
  }
}

/** The tiles of a display, its empty slots left out (a loop: the display is a frozen list of the state). */
function displayed(display: readonly (string | null)[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < display.length; i++) if (display[i] !== null) out.push(display[i]!);
  return out;
}

/** Worker bonuses and the exchange token, offered beside the top frame at any time in the own turn. */
function anytime(p: PlayerState): ElPasoAction[] {
  const out: ElPasoAction[] = [];
  anytimeInto(out, p);
  return out;
}

/** `anytime`'s options appended to `out`, the workers counted in one pass over the worker area. */
function anytimeInto(out: ElPasoAction[], p: PlayerState): void {
  const kinds = bonusWorkers(p.workers);
  if ((kinds & BONUS_ENG) !== 0) out.push(bonusOption("ENG"));
  if ((kinds & BONUS_WLD) !== 0) out.push(bonusOption("WLD"));
  if ((kinds & BONUS_BLD) !== 0 && p.money >= BUILDER_BONUS_COST && p.certs < MAX_CERTIFICATES) out.push(bonusOption("BLD"));
  // RULINGS.exchangeAnyTime: in El Paso too, before the delivery or during its reward.
  if (p.tokens > 0 && p.draw.length + p.discard.length > 0) out.push(EXCHANGE);
}

function hasDiscOf(discs: readonly { seat: Seat }[], seat: Seat): boolean {
  for (let i = 0; i < discs.length; i++) if (discs[i]!.seat === seat) return true;
  return false;
}

export function deliveryOptions(state: ElPasoState): ElPasoAction[] {
  const p = active(state);
  const base = deliveryBase(p);
  const out: ElPasoAction[] = [];
  for (const post of POSTS) {
    const data = POST_DATA[post];
    const spend = Math.max(0, data.min - base);
    if (spend > p.certs) continue;
    if (!data.multi && hasDiscOf(state.posts[post], state.active)) continue;
    for (let i = 0; i < p.discs.length; i++) {
      const disc = p.discs[i]!;
      const d = DISC_DATA[disc];
      if (d.dark && !data.dark) continue;
      if (p.money + d.money < 0) continue;
      out.push(deliverOption(post, disc, spend));
    }
  }
  return out;
}

export function auxOptions(p: PlayerState, used: readonly number[]): ElPasoAction[] {
  const out: ElPasoAction[] = [];
  auxOptionsInto(out, p, used);
  return out;
}

/** `auxOptions` appended to `out`. */
function auxOptionsInto(out: ElPasoAction[], p: PlayerState, used: readonly number[]): void {
  if (!used.includes(1)) out.push(auxOption(1));
  if (!used.includes(2) && cleared(p, "D2") && p.certs < MAX_CERTIFICATES) out.push(auxOption(2));
  if (!used.includes(3) && p.draw.length + p.discard.length > 0) out.push(auxOption(3));
  if (!used.includes(4) && cleared(p, "D4")) {
    const breeds = handBreeds(p, "ANY");
    for (let i = 0; i < breeds.length; i++) out.push(auxTrashOption(breeds[i]!));
  }
}
const NONE_USED: readonly number[] = Object.freeze([]);

/** The ways to carry out one printed action now (empty when it cannot do anything: RULINGS.uselessActionsNotOffered). */
export function specOptions(state: ElPasoState, spec: ActionSpec, i: number): ElPasoAction[] {
  const out: ElPasoAction[] = [];
  specOptionsInto(out, state, spec, i);
  return out;
}

/**
 * `specOptions` appended to `out`, by loops rather than filter, map and flatMap and without the
 * lists of wild variants (`wildRange`): the prompts of a location's actions are made for every
 * arrival the bot weighs (issue #14).
 */
function specOptionsInto(out: ElPasoAction[], state: ElPasoState, spec: ActionSpec, i: number): void {
  const p = active(state);
  switch (spec.t) {
    case "DISCARD_CATTLE":
    case "REMOVE_CATTLE": {
      const breeds = handBreeds(p, spec.sel);
      for (let k = 0; k < breeds.length; k++) out.push(actBreedOption(i, breeds[k]!));
      return;
    }
    case "GAIN_MONEY":
      out.push(actOption(i));
      return;
    case "GAIN_CERT":
      if (p.certs < MAX_CERTIFICATES) out.push(actOption(i));
      return;
    case "GAIN_TOKEN":
      if (p.money >= spec.cost) out.push(actOption(i));
      return;
    case "AUX":
      // auxOptions(p, []) always holds the first auxiliary action (nothing is used yet).
      out.push(actOption(i));
      return;
    case "MOVE":
      out.push(actOption(i));
      return;
    case "GAIN_CATTLE":
      if (state.market[spec.breed].length > 0 && p.money >= spec.cost) out.push(actOption(i));
      return;
    case "HIRE": {
      const single = spec.mode === "FIXED" ? spec.specific : HIRE_ONE_PRICE;
      for (let k = 0; k < WORKER_TYPES.length; k++) {
        const t = WORKER_TYPES[k]!;
        if (state.workerSupply[t].length === 0) continue;
        const price = single + (t === "WLD" ? (spec.mode === "FIXED" ? spec.wild - spec.specific : WILD_SURCHARGE) : 0);
        if (p.money >= price) out.push(hireOption(i, t));
      }
      return;
    }
    case "BUY_CATTLE": {
      const cowboys = countWorkers(p, "COW");
      const wild = countWorkers(p, "WLD");
      for (let m = 0; m < MARKET_BREEDS.length; m++) {
        const breed = MARKET_BREEDS[m]!;
        if (state.market[breed].length === 0) continue;
        const k = MARKET_COWBOYS[breed];
        if (p.money < k * DOLLARS_PER_WORKER) continue;
        for (let w = Math.max(0, k - cowboys), most = Math.min(k, wild); w <= most; w++) out.push({ type: "buy", i, breed, wild: w });
      }
      return;
    }
    case "TRAIN": {
      const engineers = countWorkers(p, "ENG");
      const wild = countWorkers(p, "WLD");
      for (let c = 0; c < TRAIN_CARDS.length; c++) {
        const card = TRAIN_CARDS[c]!;
        if (p.money < card * DOLLARS_PER_WORKER) continue;
        for (let w = Math.max(0, card - engineers), most = Math.min(card, wild); w <= most; w++) out.push({ type: "train", i, card, wild: w });
      }
      return;
    }
    case "GAIN_TILE": {
      if (p.money < spec.cost) return;
      if (spec.kind !== "BON") {
        tilePicksInto(out, i, state.objDisplay);
        if (state.objPile.length > 0) out.push({ type: "tile", i, pick: OBJ_PILE });
      }
      if (spec.kind !== "OBJ") {
        tilePicksInto(out, i, state.bonDisplay);
        if (state.bonPile.length > 0) out.push({ type: "tile", i, pick: BON_PILE });
      }
      return;
    }
    case "BUILD": {
      const own = ownedBuildings(state, state.active);
      const builders = countWorkers(p, "BLD");
      const wild = countWorkers(p, "WLD");
      for (let b = 0; b < BUILDING_TYPES.length; b++) {
        const type = BUILDING_TYPES[b]!;
        if (state.buildingStacks[STACK_KEYS[b]!]!.length === 0) continue;
        if (own.length < MAX_BUILDINGS) {
          for (let n = 0; n < BUILDING_SPACES.length; n++) {
            const node = BUILDING_SPACES[n]!;
            if (state.board[node]) continue;
            if (p.money < type * DOLLARS_PER_WORKER + SPACE_COST[node]!) continue;
            for (let w = Math.max(0, type - builders), most = Math.min(type, wild); w <= most; w++) out.push(buildOption(i, type, node, w));
          }
        }
        for (let o = 0; o < own.length; o++) {
          const owned = own[o]!;
          if (owned.type >= type) continue;
          const k = type - owned.type;
          if (p.money < k * DOLLARS_PER_WORKER) continue;
          for (let w = Math.max(0, k - builders), most = Math.min(k, wild); w <= most; w++) out.push(buildOption(i, type, owned.node, w));
        }
      }
      return;
    }
  }
}
/** The building stacks' keys (the state keys them by the type's text). */
const STACK_KEYS = BUILDING_TYPES.map(String);

/** A display's tiles as options of printed action `i`, its empty slots left out (a loop: the display is a frozen list of the state). */
function tilePicksInto(out: ElPasoAction[], i: number, display: readonly (string | null)[]): void {
  for (let k = 0; k < display.length; k++) if (display[k] !== null) out.push({ type: "tile", i, pick: display[k]! });
}

export const HIRE_SECOND_PRICE = HIRE_TWO_PRICE - HIRE_ONE_PRICE;
