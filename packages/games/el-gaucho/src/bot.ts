/**
 * The El Gaucho bot: a greedy one-turn planner. It values each offered option by what it adds to
 * its own herds (count × highest value) and pesos, discounts reservations that are not yet sure
 * to come home, and looks one die ahead when choosing dice. It sees only its own view.
 */
import type { Random, Seat } from "@saloon/engine";
import { AREAS, type Area, RECONSTRUCTED, type Tile } from "./data.ts";
import { fitsAtEnd, herdPrice, herdPriceWith, sortInPositions } from "./rules/herds.ts";
import type { GauchoAction, GauchoPrompt } from "./rules/prompts.ts";
import { type Actor, DiceWays, type DiceUse, type DieAction, type DieActionVisitor, visitDieActions } from "./rules/options.ts";
import type { GauchoView } from "./view.ts";

const AREA_WORTH: Record<Area, number> = { steppe: 6, overseer: 5, thief: 5, sale: 4, wish: 4, stable: 2 };
const PRE_PLACE_ORDER: Area[] = ["steppe", "overseer", "thief", "sale", "wish", "stable"];

/** What a tile adds to `seat`'s display: the growth of its herd, or its own value when it starts a new one. */
function tileWorth(view: GauchoView, seat: Seat, tile: Tile): number {
  const herd = view.players[seat]!.herds[tile.breed];
  if (herd.length === 0) return tile.value;
  if (fitsAtEnd(herd, tile.value)) return herdPriceWith(herd, tile.value) - herdPrice(herd) + 1;
  return tile.value * 0.8;
}

/** How close a pasture row is to coming home: 1 when every other tile already carries a gaucho. */
function rowReadiness(view: GauchoView, row: number, except: number): number {
  // Counted in a loop: the bot asks this for every field of every plan it weighs (issue #14).
  const fields = view.pampa[row]!;
  let tiles = 0;
  let held = 0;
  for (let i = 0; i < fields.length; i++) {
    const field = fields[i]!;
    if (!field.tile || i === except) continue;
    tiles++;
    if (field.gaucho) held++;
  }
  return tiles === 0 ? 1 : held / tiles;
}

/** What a die action on a pasture field is worth to `seat` (the dice it uses do not count). */
function fieldActionWorth(view: GauchoView, seat: Seat, type: FieldActionType, row: number, field: number, wish: boolean): number {
  const tile = view.pampa[row]![field]!.tile!;
  const worth = tileWorth(view, seat, tile);
  const ready = rowReadiness(view, row, field);
  const wishCost = wish ? 0.5 : 0;
  switch (type) {
    case "stand":
      return worth * (0.55 + 0.45 * ready) - wishCost;
    case "lay":
      return worth * 0.3 - wishCost;
    case "raise":
      return worth * (0.5 + 0.3 * ready) - wishCost;
  }
}

type FieldActionType = "stand" | "lay" | "raise";
const KIND_INDEX = { stand: 0, lay: 1, raise: 2 } as const;
const ROWS = RECONSTRUCTED.pastureFields.length;
const MOST_FIELDS = Math.max(...RECONSTRUCTED.pastureFields.map((row) => row.base + row.river + row.forest));

/**
 * Weighs die actions for one decision, each field, kind and wish die once (a worth ignores the
 * dice). One weigher, started anew for each decision (one at a time, never nested), its worths
 * in a fixed array: the bot asks for a few hundred worths per decision.
 */
class Weigher {
  private view: GauchoView | null = null;
  private seat: Seat = 0;
  /** By kind, row, field and wish die; NaN when not weighed yet in this decision. */
  private readonly fieldWorths = new Float64Array(3 * ROWS * MOST_FIELDS * 2);

  start(view: GauchoView, seat: Seat): this {
    this.view = view;
    this.seat = seat;
    this.fieldWorths.fill(Number.NaN);
    return this;
  }

  field(type: FieldActionType, row: number, field: number, wish: boolean): number {
    const key = ((KIND_INDEX[type] * ROWS + row) * MOST_FIELDS + field) * 2 + (wish ? 1 : 0);
    let worth = this.fieldWorths[key]!;
    if (Number.isNaN(worth)) {
      worth = fieldActionWorth(this.view!, this.seat, type, row, field, wish);
      this.fieldWorths[key] = worth;
    }
    return worth;
  }

  area(area: Area, wish: boolean): number {
    return AREA_WORTH[area] - (wish ? 0.5 : 0);
  }

  action(action: DieAction): number {
    return action.type === "occupy" ? this.area(action.area, action.wish) : this.field(action.type, action.row, action.field, action.wish);
  }
}

const decisionWeigher = new Weigher();

/** How many times `die` occurs in `dice`. */
function countOf(dice: readonly number[], die: number): number {
  let count = 0;
  for (let i = 0; i < dice.length; i++) if (dice[i] === die) count++;
  return count;
}

/** Whether `used` can be taken out of `from` (both as multisets), without building what is left. */
function hasDice(from: readonly number[], used: readonly number[]): boolean {
  for (let k = 0; k < used.length; k++) if (countOf(from, used[k]!) < countOf(used, used[k]!)) return false;
  return true;
}

/** Whether `first` and then `then` can both be taken out of `from`: `hasDice` of `then` in what `first` leaves. */
function hasDiceForBoth(from: readonly number[], first: readonly number[], then: readonly number[]): boolean {
  for (let k = 0; k < then.length; k++) {
    const die = then[k]!;
    if (countOf(from, die) < countOf(first, die) + countOf(then, die)) return false;
  }
  return true;
}

const NO_DICE: readonly number[] = [];

/**
 * Which field or action area an action uses, as one number (two actions on one target never make
 * one plan): an area's index in AREAS, or FIELD_TARGETS onwards for the fields, row by row.
 */
const FIELD_TARGETS = AREAS.length;
const targetOf = (row: number, field: number): number => FIELD_TARGETS + row * MOST_FIELDS + field;

/**
 * Die actions with their worths, best first: the first one a plan can still afford is the best
 * follow-up. Kept as columns reused from call to call, not an object per action: the bot weighs
 * the die actions of every pair of dice it could pick, and those objects were most of its garbage.
 */
class RankedActions implements DieActionVisitor {
  private count = 0;
  private weigh: Weigher | null = null;
  private readonly worths: number[] = [];
  private readonly dice: (readonly number[])[] = [];
  private readonly wishes: boolean[] = [];
  /** Which field or area an action uses: see FIELD_TARGETS. */
  private readonly targets: number[] = [];
  /** Indices into the columns, best worth first; equal worths keep the order they came in (a stable sort). */
  private readonly order: number[] = [];

  /** Empties the list; the actions added next are weighed with `weigh`. */
  start(weigh: Weigher): this {
    this.count = 0;
    this.weigh = weigh;
    return this;
  }

  onField(type: FieldActionType, row: number, field: number, use: DiceUse): void {
    this.add(this.weigh!.field(type, row, field, use.wish), use.dice, use.wish, targetOf(row, field));
  }

  onArea(area: Area, use: DiceUse): void {
    this.add(this.weigh!.area(area, use.wish), use.dice, use.wish, AREAS.indexOf(area));
  }

  addAction(action: DieAction): void {
    const target = action.type === "occupy" ? AREAS.indexOf(action.area) : targetOf(action.row, action.field);
    this.add(this.weigh!.action(action), action.dice, action.wish, target);
  }

  private add(worth: number, dice: readonly number[], wish: boolean, target: number): void {
    const index = this.count++;
    this.worths[index] = worth;
    this.dice[index] = dice;
    this.wishes[index] = wish;
    this.targets[index] = target;
    // Insertion into the order: a few dozen actions, each after every one at least as good.
    let rank = index;
    while (rank > 0 && this.worths[this.order[rank - 1]!]! < worth) {
      this.order[rank] = this.order[rank - 1]!;
      rank--;
    }
    this.order[rank] = index;
  }

  /**
   * The worth of the best action on another target than `firstTarget` that the dice and wish dice
   * left after the first action (which took `firstDice` out of `hand`) still afford, or 0 when
   * none is worth anything. Scanning best first and stopping at the first affordable one gives the
   * same maximum as weighing all of them: the bot's plans used to weigh every pair (issue #14).
   */
  bestFollow(firstTarget: number, firstDice: readonly number[], hand: readonly number[], wishLeft: number): number {
    for (let rank = 0; rank < this.count; rank++) {
      const index = this.order[rank]!;
      const worth = this.worths[index]!;
      if (worth <= 0) return 0;
      if (this.targets[index] === firstTarget || (this.wishes[index] && wishLeft < 1) || !hasDiceForBoth(hand, firstDice, this.dice[index]!)) continue;
      return worth;
    }
    return 0;
  }

  /** The best value reachable with these dice: the best action, plus the best other action with what is left. */
  bestPlan(hand: readonly number[], wish: number): number {
    // No follow-up is worth more than the best action (or less than 0), and firsts come best first:
    // once a first plus that bound cannot beat the best plan found, no later first can. Rounding
    // is monotonic, so the maximum is exactly the one a full scan finds (issue #14).
    const bound = Math.max(this.count > 0 ? this.worths[this.order[0]!]! : 0, 0);
    let best = 0;
    for (let rank = 0; rank < this.count; rank++) {
      const index = this.order[rank]!;
      const worth = this.worths[index]!;
      if (worth + bound <= best) break;
      const dice = this.dice[index]!;
      if (!hasDice(hand, dice)) continue;
      const wishLeft = wish - (this.wishes[index] ? 1 : 0);
      if (wishLeft < 0) continue;
      best = Math.max(best, worth + this.bestFollow(this.targets[index]!, dice, hand, wishLeft));
    }
    return best;
  }
}

/** The die actions of one plan, reused by every `planWorth` (one decision at a time, never nested). */
const planActions = new RankedActions();

/** The best value `actor` reaches with these dice and wish dice: `RankedActions.bestPlan` of its die actions. */
function planWorth(view: GauchoView, weigh: Weigher, actor: Actor, dice: readonly number[], wish: number): number {
  visitDieActions(view.pampa, actor, diceWays(dice, wish), planActions.start(weigh));
  return planActions.bestPlan(dice, wish);
}

/**
 * The ways of hands of up to two dice (in their order) and up to two wish dice, kept from decision
 * to decision: the bot weighs the same few dozen hands over and over, and finding their ways made
 * most of the garbage left in its plans. At most 3 × 7 × 7 hands, keyed by all `DiceWays` reads.
 */
const waysByHand: (DiceWays | undefined)[] = [];

const isDieOrNone = (die: number | undefined): boolean => die === undefined || (Number.isInteger(die) && die >= 1 && die <= 6);

function diceWays(dice: readonly number[], wish: number): DiceWays {
  const keyed = dice.length <= 2 && isDieOrNone(dice[0]) && isDieOrNone(dice[1]) && Number.isInteger(wish) && wish >= 0 && wish <= 2;
  if (!keyed) return new DiceWays(dice, wish);
  const key = (wish * 7 + (dice[0] ?? 0)) * 7 + (dice[1] ?? 0); // 0: no die there
  return (waysByHand[key] ??= new DiceWays([...dice], wish));
}

function actorOf(view: GauchoView, seat: Seat, extraGauchos = 0): Actor {
  const me = view.players[seat]!;
  return { seat, gauchos: me.gauchos + extraGauchos, areas: me.areas, touched: view.turn.touched };
}

function specialWorth(view: GauchoView, seat: Seat, action: GauchoAction, weigh: Weigher): number {
  const me = view.players[seat]!;
  const endgame = view.endPhase !== null;
  switch (action.type) {
    case "wish": {
      if (view.turn.dice === null) return -1;
      const actor = actorOf(view, seat, 1);
      const without = planWorth(view, weigh, actor, view.turn.dice, 0);
      const withWish = planWorth(view, weigh, actor, view.turn.dice, 1);
      return withWish - without - 0.5;
    }
    case "instantSale": {
      const herd = me.herds[action.breed];
      const values = herd.map((t) => t.value);
      const last = values[values.length - 1]!;
      const up = values[1]! > values[0]!;
      const stuck = up ? last === 12 : last === 1;
      return endgame || herd.length >= 4 || stuck || herdPrice(herd) >= 30 ? 5 + herdPrice(herd) / 10 : -1;
    }
    case "steal": {
      const victim = view.players[action.victim]!;
      const tile = { breed: action.breed, value: action.value };
      const theirs = victim.herds[action.breed];
      const theirLoss = herdPrice(theirs) - herdPrice(theirs.filter((t) => t.value !== action.value));
      const net = tileWorth(view, seat, tile) - (action.value - theirLoss);
      return net - 1;
    }
    case "overseerRaise":
      return action.fields.reduce((sum, f) => sum + 0.7 * tileWorth(view, seat, view.pampa[f.row]![f.field]!.tile!), 0);
    case "overseerReplace": {
      const tile = view.pampa[action.row]![action.field]!.tile!;
      return tileWorth(view, seat, tile) * (0.6 + 0.4 * rowReadiness(view, action.row, action.field)) - 0.6 * tile.value;
    }
    case "steppe":
      return 5;
    case "recall":
    case "retrieve": {
      const diceLeft = (view.turn.dice?.length ?? 0) + view.turn.wish;
      if (me.gauchos > 0 || diceLeft === 0) return -1;
      return action.type === "recall" && action.area !== "stable" ? 0.2 : 0.5;
    }
    default:
      return -1;
  }
}

function best<T>(items: readonly T[], worth: (item: T) => number): T {
  let top = items[0] as T;
  let topWorth = -Infinity;
  for (const item of items) {
    const w = worth(item);
    if (w > topWorth) {
      top = item;
      topWorth = w;
    }
  }
  return top;
}

const isDieAction = (option: GauchoAction): option is DieAction =>
  option.type === "stand" || option.type === "lay" || option.type === "raise" || option.type === "occupy";

/** The offered die actions of the decision being made (one at a time, never nested). */
const offeredDieActions = new RankedActions();

function chooseTurn(view: GauchoView, seat: Seat, options: GauchoAction[]): GauchoAction {
  const weigh = decisionWeigher.start(view, seat);
  const dieOptions = offeredDieActions.start(weigh);
  // Index loops, not for-of: this runs for every turn decision and was not always optimized,
  // and an unoptimized for-of makes an iterator result per option.
  for (let i = 0; i < options.length; i++) {
    const option = options[i]!;
    if (isDieAction(option)) dieOptions.addAction(option);
  }
  const hand = view.turn.dice ?? NO_DICE;
  const actor = actorOf(view, seat);
  // `best` over the options' worths in one loop, without an object per option.
  let top = options[0]!;
  let topWorth = -Infinity;
  for (let i = 0; i < options.length; i++) {
    const option = options[i]!;
    const worth = turnOptionWorth(view, seat, option, weigh, dieOptions, hand, actor);
    if (worth > topWorth) {
      top = option;
      topWorth = worth;
    }
  }
  return top;
}

function turnOptionWorth(
  view: GauchoView,
  seat: Seat,
  option: GauchoAction,
  weigh: Weigher,
  dieOptions: RankedActions,
  hand: readonly number[],
  actor: Actor,
): number {
  switch (option.type) {
    case "pick":
      return planWorth(view, weigh, actor, option.dice, view.turn.wish) + 0.01;
    case "stand":
    case "lay":
    case "raise":
    case "occupy": {
      // This action plus the best other one with the dice it leaves (none, were it not in the hand).
      const inHand = hasDice(hand, option.dice);
      const wishLeft = view.turn.wish - (option.wish ? 1 : 0);
      const target = option.type === "occupy" ? AREAS.indexOf(option.area) : targetOf(option.row, option.field);
      const follow = dieOptions.bestFollow(target, inHand ? option.dice : NO_DICE, inHand ? hand : NO_DICE, wishLeft);
      return weigh.action(option) + follow * 0.9;
    }
    case "endTurn":
      return 0;
    default:
      return specialWorth(view, seat, option, weigh);
  }
}

/** Pesos now plus what the display would sell for, after laying `action`. */
function homeWorth(view: GauchoView, seat: Seat, action: GauchoAction): number {
  if (action.type !== "homeLay" && action.type !== "sortIn") return 0;
  const herd = view.players[seat]!.herds[action.breed];
  const tile = { breed: action.breed, value: action.value };
  if (action.type === "sortIn") {
    const next = [...herd];
    next.splice(action.position, 0, tile);
    return herdPrice(next) - herdPrice(herd) - 1; // spends the stable
  }
  if (fitsAtEnd(herd, action.value)) return herdPriceWith(herd, action.value) - herdPrice(herd);
  return action.value; // sells the herd (its worth is cashed, not lost) and starts a new one
}

export function chooseAction(view: GauchoView, prompt: GauchoPrompt, random: Random): GauchoAction {
  const seat = prompt.seat;
  const options = prompt.options;
  switch (prompt.kind) {
    case "keep":
      return best(options, (o) => (o.type === "keep" ? o.tiles.reduce((s, t) => s + t.value + 2, 0) : 0));
    case "prePlace":
      return best(options, (o) => (o.type === "prePlace" ? -PRE_PLACE_ORDER.indexOf(o.area) : 0));
    case "turn":
      return chooseTurn(view, seat, options);
    case "steppeChoose":
      return best(options, (o) => (o.type === "steppeChoose" ? o.tiles.reduce((s, t) => s + tileWorth(view, seat, t), 0) : 0));
    case "steppePlace":
      return best(options, (o) => (o.type === "steppePlace" ? rowReadiness(view, o.row, o.field) - o.row * 0.01 : 0));
    case "home":
      return best(options, (o) => homeWorth(view, seat, o));
    default:
      return random.pick(options);
  }
}
