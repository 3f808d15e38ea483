/**
 * FROZEN: the El Paso bot as it was at rules version 1 (before issue #12), kept unchanged as the
 * yardstick of `bot.test.ts` ("the bot beats the baseline in 75 % of 2-player games"). Do not
 * improve it; improve `bot/index.ts`.
 *
 * The baseline sees only its own view and scores every offered option with
 * a rough dollar-equivalent value (1 VP ≈ $1.5, a certificate ≈ $2), taking the best. It goes
 * to El Paso when its hand reaches a good post, hires, buys cattle, builds and rides the train
 * when that pays, and plays its optional actions best first before "done".
 */
import type { Random } from "@saloon/engine";
import {
  type ActionSpec,
  BONUSES,
  BUILDING_ACTIONS,
  HIRE_ONE_PRICE,
  HIRE_TWO_PRICE,
  NEUTRAL_ACTIONS,
  WILD_SURCHARGE,
  BREED_DATA,
  type Breed,
  BUILDING_VP,
  BUILDING_SPACES,
  BUILDING_TYPES,
  MAX_BUILDINGS,
  type CardId,
  DISC_DATA,
  type DiscId,
  EL_PASO,
  MARKET_COWBOYS,
  type NodeId,
  OBJECTIVES,
  POST_DATA,
  POSTS,
  type PostId,
  SPACE_COST,
  SUCCESSORS,
  TRAIN_ACTIONS,
  WORKER_VP,
  breedOf,
  workerOf,
} from "../data.ts";
import type { ElPasoAction, ElPasoPrompt } from "../prompts.ts";
import type { PlayerView, ElPasoView } from "../view.ts";

const POST_VALUE: Record<PostId, number> = { P00: 0, P05: 3, P07: 4, P09: 6, P10: 8, P12: 9, P16: 14 };
const DISC_VALUE: Record<DiscId, number> = { D1: 1.5, D2: 2, D3: 0.5, D4: 1, D5: 4, D6: 3.5, D7: 5 };

/** A rough value of what the printed actions of a location can do for this player now. */
function specEstimate(view: ElPasoView, me: PlayerView, seat: number, spec: ActionSpec): number {
  const workers = (t: string) => me.workers.filter((c) => workerOf(c) === t).length;
  const wild = workers("WLD");
  const hand = me.hand ?? [];
  switch (spec.t) {
    case "DISCARD_CATTLE": {
      const card = hand.find((c) => spec.sel === "ANY" || (spec.sel === "BV:2" ? BREED_DATA[breedOf(c)].bv === 2 : breedOf(c) === spec.sel.slice(6)));
      return card ? mf(me) * (spec.gain === "2xBV" ? 2 * BREED_DATA[breedOf(card)].bv : spec.gain) - 1 : 0;
    }
    case "GAIN_MONEY":
      return mf(me) * spec.n;
    case "GAIN_CERT":
      return 2 * Math.min(spec.n, 4 - me.certs);
    case "GAIN_TOKEN":
      return me.money >= spec.cost ? 1 - mf(me) * spec.cost : 0;
    case "HIRE": {
      const price = spec.mode === "FIXED" ? spec.specific : HIRE_ONE_PRICE;
      if (me.money < price) return 0;
      return spec.mode === "ONE_OR_TWO" && me.money >= HIRE_TWO_PRICE ? 14 - HIRE_TWO_PRICE * mf(me) : 7 - price * mf(me);
    }
    case "BUY_CATTLE": {
      const cows = workers("COW") + wild;
      let best = 0;
      for (const breed of ["ANG", "COR", "SHO", "HER"] as const) {
        const k = MARKET_COWBOYS[breed];
        if (cows >= k && me.money >= 2 * k && view.market[breed] > 0) best = Math.max(best, cardValue(`C-${breed}`) - (2 * mf(me) + 0.5) * k + 2);
      }
      return best;
    }
    case "TRAIN": {
      const engineers = workers("ENG") + wild;
      let best = 0;
      for (const n of [1, 2, 3, 4]) if (engineers >= n && me.money >= 2 * n) best = Math.max(best, trainWorth(view, n) - (2 * mf(me) + 0.5) * n);
      return best;
    }
    case "GAIN_TILE":
      return me.money >= spec.cost ? 3 - mf(me) * spec.cost : 0;
    case "BUILD": {
      // The best building or upgrade the rules would offer now.
      const builders = workers("BLD");
      const own = (Object.entries(view.board) as [NodeId, NonNullable<ElPasoView["board"][NodeId]>][]).filter(([, t]) => t.kind === "building" && t.owner === seat);
      const late = view.simmentals <= 2 || view.end.triggered;
      let best = 0;
      for (const type of BUILDING_TYPES) {
        if (!view.buildingStacks[String(type)]) continue;
        const targets: NodeId[] = own.filter(([, t]) => t.kind === "building" && t.type < type).map(([node]) => node);
        // A new building's value depends on its space only through the space's cost: the cheapest empty one.
        const free = own.length < MAX_BUILDINGS ? BUILDING_SPACES.filter((node) => !view.board[node]) : [];
        if (free.length > 0) targets.push(free.reduce((a, b) => (SPACE_COST[b]! < SPACE_COST[a]! ? b : a)));
        for (const node of targets) {
          const from = view.board[node]?.kind === "building" ? (view.board[node] as { type: number }).type : 0;
          const k = type - from;
          const wilds = Math.max(0, k - builders);
          if (wilds > wild || me.money < 2 * k + (from ? 0 : SPACE_COST[node]!)) continue;
          best = Math.max(best, buildValue(view, me, type, node, wilds, late));
        }
      }
      return best;
    }
    case "AUX":
      return 1.5 * spec.n;
    case "MOVE":
      return 2;
    case "GAIN_CATTLE":
      return me.money >= spec.cost && view.market[spec.breed] > 0 ? cardValue(`C-${spec.breed}`) - mf(me) * spec.cost : 0;
    case "REMOVE_CATTLE":
      return hand.some((c) => breedOf(c) === "CRI" && (spec.sel === "ANY" || spec.sel === "BREED:CRI")) ? 2 : 0;
  }
}

function locationValue(view: ElPasoView, me: PlayerView, seat: number, node: NodeId): number {
  const tile = view.board[node];
  const auxValue = mf(me) * (me.discs.includes("D1") ? 1 : 3);
  if (!tile) return 0;
  let specs: ActionSpec[];
  if (tile.kind === "neutral") specs = NEUTRAL_ACTIONS[tile.id];
  else if (tile.owner === seat) specs = BUILDING_ACTIONS[`${tile.type}${view.buildingSides[String(tile.type)] as "a" | "b"}`];
  else return auxValue;
  return Math.max(auxValue, specs.reduce((sum, spec) => sum + Math.max(0, specEstimate(view, me, seat, spec)), 0));
}

const TRAIN_WORTH = [0, 5, 9, 13, 17];
/** What a train card is worth: the fixed table, or more when its printed actions are worth more. */
function trainWorth(view: ElPasoView, card: number): number {
  const side = view.trainSides[String(card)] as "F" | "S";
  const printed = TRAIN_ACTIONS[`${card as 1}${side}`].reduce((sum, spec) => sum + staticWorth(spec), 0);
  return Math.max(TRAIN_WORTH[card]!, printed);
}
/** Visits to an own building counted in its value (a bot lands on its own building a few times a game). */
const USE_VISITS = 2;
/** What landing anywhere gives anyway (an auxiliary action), so not part of a building's worth. */
const AUX_BASELINE = 2;

/** A new building or an upgrade: its VP and (before the end nears) two more visits' worth of its actions, less its cost. */
function buildValue(view: ElPasoView, me: PlayerView, building: number, node: NodeId, wild: number, late: boolean): number {
  const existing = view.board[node];
  const upgrade = existing?.kind === "building";
  const from = upgrade ? existing.type : 0;
  const k = building - from;
  const dollars = 2 * k + (upgrade ? 0 : SPACE_COST[node]!);
  const vp = BUILDING_VP[building as 1] - (from ? BUILDING_VP[from] : 0);
  const side = (t: number) => view.buildingSides[String(t)] as "a" | "b";
  const use = late ? 0 : USE_VISITS * (buildingUse(building, side(building)) - (from ? buildingUse(from, side(from)) : 0));
  return vp * 1.5 + use + (upgrade ? 0 : late ? 0 : 2) - dollars * mf(me) - 0.5 * k - wild * 1.5;
}

/** A rough value of one visit to an own building of this type and side, whatever the hand holds now. */
function buildingUse(type: number, side: "a" | "b"): number {
  return BUILDING_ACTIONS[`${type as 1}${side}`].reduce((sum, spec) => sum + staticWorth(spec), 0) - AUX_BASELINE;
}

/** A printed action's rough worth in dollars, independent of the current hand and money. */
function staticWorth(spec: ActionSpec): number {
  switch (spec.t) {
    case "DISCARD_CATTLE":
      return spec.gain === "2xBV" ? 4 : 0.8 * spec.gain;
    case "GAIN_MONEY":
      return spec.n;
    case "GAIN_CERT":
      return 1.5 * spec.n;
    case "GAIN_TOKEN":
      return 1 - spec.cost;
    case "GAIN_TILE":
      return 3 - spec.cost;
    case "GAIN_CATTLE":
      return cardValue(`C-${spec.breed}`) - spec.cost;
    case "AUX":
      return 1.5 * spec.n;
    case "REMOVE_CATTLE":
      return 1.5;
    case "HIRE":
      return 6;
    default:
      return 3;
  }
}

/** The best post this hand reaches, counting the certificates on the track. */
function bestPostValue(view: ElPasoView, me: PlayerView, seat: number): number {
  const total = (me.breedingValue ?? 0) + me.certs;
  let best = 0;
  for (const post of POSTS) {
    const data = POST_DATA[post];
    if (data.min > total) continue;
    if (!data.multi && view.posts[post].some((d) => d.seat === seat)) continue;
    if (me.discs.length === 0) continue;
    if (data.dark || me.discs.some((d) => !DISC_DATA[d].dark)) best = Math.max(best, POST_VALUE[post]);
  }
  return best;
}

function cardValue(card: CardId): number {
  const d = BREED_DATA[breedOf(card)];
  return d.vp * 1.5 + d.bv * 1.5;
}

function optionValue(view: ElPasoView, prompt: ElPasoPrompt, option: ElPasoAction): number {
  const seat = prompt.seat;
  const me = view.players[seat]!;
  const hand = me.hand ?? [];
  const frame = view.stack[view.stack.length - 1];
  const spec = frame && frame.kind === "actions" && "i" in option ? frame.specs[option.i] : undefined;
  const breedCount = (b: Breed) => hand.filter((c) => breedOf(c) === b).length;
  const late = view.simmentals <= 2 || view.end.triggered;
  switch (option.type) {
    case "pickObjective": {
      const o = OBJECTIVES[option.tile]!;
      return o.vp - o.req.length;
    }
    case "move": {
      if (prompt.context?.first) return locationValue(view, me, seat, option.to);
      const steps = countSteps(view, me.herder as NodeId, option.to);
      const cowboys = Math.max(0, steps - Number(prompt.context?.max ?? 3));
      let value: number;
      if (option.to === EL_PASO) value = 4 + 1.2 * bestPostValue(view, me, seat) + (late ? 4 : 0);
      else value = locationValue(view, me, seat, option.to);
      return value + 0.3 * steps - 3 * cowboys;
    }
    case "act": {
      if (!spec) return 0;
      switch (spec.t) {
        case "GAIN_MONEY":
          return mf(me) * spec.n;
        case "GAIN_CERT":
          return 2 * Math.min(spec.n, 4 - me.certs);
        case "GAIN_TOKEN":
          return 1.5 - mf(me) * spec.cost;
        case "AUX":
          return 1.5;
        case "MOVE":
          return 0.8;
        case "GAIN_CATTLE":
          return cardValue(`C-${spec.breed}`) - mf(me) * spec.cost;
        default:
          return 0;
      }
    }
    case "actBreed": {
      if (!spec) return 0;
      const bv = BREED_DATA[option.breed].bv;
      const loss = breedCount(option.breed) > 1 ? 0.3 : bv * 0.8;
      if (spec.t === "DISCARD_CATTLE") return mf(me) * (spec.gain === "2xBV" ? 2 * bv : spec.gain) - loss;
      return removeValue(option.breed);
    }
    case "auxTrash":
      return removeValue(option.breed);
    case "hire":
    case "hireSecond": {
      const price = option.type === "hire" ? hirePrice(spec, option.worker) : HIRE_TWO_PRICE - HIRE_ONE_PRICE + (option.worker === "WLD" ? WILD_SURCHARGE : 0);
      const worth = 4 + WORKER_VP[option.worker] * 1.5;
      return (late ? worth - 2 : worth) - price * mf(me);
    }
    case "buy": {
      const k = MARKET_COWBOYS[option.breed];
      return cardValue(`C-${option.breed}`) + 2 - 2 * k * mf(me) - 0.5 * k - option.wild * 1.5;
    }
    case "train": {
      const worth = trainWorth(view, option.card);
      return worth - (2 * mf(me) + 0.5) * option.card - option.wild * 1.5;
    }
    case "build":
      return buildValue(view, me, option.building, option.node, option.wild, late);
    case "tile": {
      const cost = spec && spec.t === "GAIN_TILE" ? spec.cost : 0;
      if (option.pick.endsWith("_PILE")) return 3 - cost * mf(me);
      if (option.pick.startsWith("OB")) {
        const o = OBJECTIVES[option.pick]!;
        return o.vp - 0.7 * o.req.length + 1 - cost * mf(me);
      }
      const b = BONUSES[option.pick]!;
      const effect = b.kind === "permanent" ? (late ? 0 : 4) : b.kind === "oneTime" ? 3 : 0;
      return b.vp * 1.5 + effect - cost * mf(me);
    }
    case "aux":
      return option.aux === 1 ? mf(me) * (me.discs.includes("D1") ? 1 : 3) : option.aux === 2 ? (me.certs < 4 ? 1.8 : 0) : hasDuplicates(hand) ? 1 : 0.2;
    case "auxExchange":
      return hasDuplicates(hand) ? 1 : -1;
    case "exchange":
      return hasDuplicates(hand) || breedCount("CRI") > 0 ? 0.5 : -1;
    case "discard": {
      const dup = breedCount(option.breed) > 1;
      return (dup ? 10 : 0) - BREED_DATA[option.breed].bv;
    }
    case "deliver": {
      const d = DISC_DATA[option.disc];
      return POST_VALUE[option.post] + DISC_VALUE[option.disc] + d.money * 0.8 - option.spend * 2;
    }
    case "noDelivery":
      return 0;
    case "bonus": {
      // A builder bought at delivery pays when the extra certificate reaches a better post.
      if (option.worker === "BLD" && prompt.kind === "deliver") {
        const better = bestPostValue(view, { ...me, certs: me.certs + 1 }, seat) - bestPostValue(view, me, seat);
        return better - 2 * mf(me) - 1;
      }
      return -3;
    }
    case "done":
    case "sueStep": // Sue's only option; index.ts answers her prompts without asking this bot
      return 0;
  }
}

/** What a dollar is worth to this player: less the more they hold (1 VP per $5 at the end). */
function mf(me: PlayerView): number {
  return me.money >= 20 ? 0.35 : me.money >= 12 ? 0.6 : me.money >= 6 ? 0.85 : 1;
}

function removeValue(breed: Breed): number {
  if (breed === "CRI") return 2;
  if (BREED_DATA[breed].vp === 0) return 0.2;
  return -4;
}

function hasDuplicates(hand: CardId[]): boolean {
  return new Set(hand.map(breedOf)).size < hand.length;
}

function hirePrice(spec: unknown, worker: string): number {
  const s = spec as { t: string; mode?: string; specific?: number; wild?: number } | undefined;
  if (s?.mode === "FIXED") return worker === "WLD" ? s.wild! : s.specific!;
  return HIRE_ONE_PRICE + (worker === "WLD" ? WILD_SURCHARGE : 0);
}

/** Fewest locations from one node to another (the same count as the rules' move). */
function countSteps(view: ElPasoView, from: NodeId, to: NodeId): number {
  let best = Infinity;
  const visit = (node: string, steps: number) => {
    for (const next of SUCCESSORS[node as NodeId]) {
      const isLocation = next === EL_PASO || view.board[next as NodeId] !== undefined;
      const s = steps + (isLocation ? 1 : 0);
      if (next === to) best = Math.min(best, s);
      else if (next !== EL_PASO && s < best) visit(next, s);
    }
  };
  visit(from, 0);
  return best;
}

export function baselineBot(view: ElPasoView, prompt: ElPasoPrompt, random: Random): ElPasoAction {
  let best = prompt.options[0]!;
  let bestValue = -Infinity;
  for (const option of prompt.options) {
    const value = optionValue(view, prompt, option) + random.int(0, 99) / 1000;
    if (value > bestValue) {
      best = option;
      bestValue = value;
    }
  }
  return best;
}
