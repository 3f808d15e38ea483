/**
 * The El Gaucho bot: a greedy one-turn planner. It values each offered option by what it adds to
 * its own herds (count × highest value) and pesos, discounts reservations that are not yet sure
 * to come home, and looks one die ahead when choosing dice. It sees only its own view.
 */
import type { Random, Seat } from "@saloon/engine";
import { AREAS, type Area, type Tile } from "./data.ts";
import { fitsAtEnd, herdPrice, herdPriceWith, sortInPositions } from "./rules/herds.ts";
import type { GauchoAction, GauchoPrompt } from "./rules/prompts.ts";
import { type DieAction, dieActions } from "./rules/options.ts";
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

function dieActionWorth(view: GauchoView, seat: Seat, action: DieAction): number {
  if (action.type === "occupy") return AREA_WORTH[action.area] - (action.wish ? 0.5 : 0);
  const tile = view.pampa[action.row]![action.field]!.tile!;
  const worth = tileWorth(view, seat, tile);
  const ready = rowReadiness(view, action.row, action.field);
  const wishCost = action.wish ? 0.5 : 0;
  switch (action.type) {
    case "stand":
      return worth * (0.55 + 0.45 * ready) - wishCost;
    case "lay":
      return worth * 0.3 - wishCost;
    case "raise":
      return worth * (0.5 + 0.3 * ready) - wishCost;
  }
}

/** Whether two die actions use the same field or area (a plan never uses one twice). */
/** Weighs die actions for one decision, each target, kind and wish die once (`dieActionWorth` ignores the dice). */
type Weigher = (action: DieAction) => number;

const KIND_INDEX = { stand: 0, lay: 1, raise: 2 } as const;

function weigher(view: GauchoView, seat: Seat): Weigher {
  const worths: number[] = [];
  return (action) => {
    const wish = action.wish ? 1 : 0;
    const key = action.type === "occupy" ? AREAS.indexOf(action.area) * 2 + wish : 16 + ((KIND_INDEX[action.type] * 8 + action.row) * 8 + action.field) * 2 + wish;
    return (worths[key] ??= dieActionWorth(view, seat, action));
  };
}

const sameTarget = (a: DieAction, b: DieAction): boolean =>
  a.type === "occupy" ? b.type === "occupy" && a.area === b.area : b.type !== "occupy" && a.row === b.row && a.field === b.field;

function removeDice(from: readonly number[], used: readonly number[]): number[] | null {
  const left = [...from];
  for (const d of used) {
    const i = left.indexOf(d);
    if (i < 0) return null;
    left.splice(i, 1);
  }
  return left;
}

/** Whether `used` can be taken out of `from` (both as multisets): `removeDice` without building what is left. */
function hasDice(from: readonly number[], used: readonly number[]): boolean {
  for (let k = 0; k < used.length; k++) {
    const die = used[k]!;
    let needed = 0;
    let present = 0;
    for (const d of used) if (d === die) needed++;
    for (const d of from) if (d === die) present++;
    if (present < needed) return false;
  }
  return true;
}

/** Die actions with their worths, best first: the first one a plan can still afford is the best follow-up. */
interface Ranked {
  action: DieAction;
  worth: number;
}

function ranked(weigh: Weigher, actions: readonly DieAction[]): Ranked[] {
  // A stable sort: equal worths keep their order, though only the worth is read from a follow-up.
  return actions.map((action) => ({ action, worth: weigh(action) })).sort((a, b) => b.worth - a.worth);
}

/**
 * The worth of the best other action after `first`, with the dice and wish die it leaves, or 0
 * when none is worth anything. Scanning best first and stopping at the first affordable one gives
 * the same maximum as weighing all of them: the bot's plans used to weigh every pair (issue #14).
 */
function bestFollow(options: readonly Ranked[], first: DieAction, left: readonly number[], wishLeft: number): number {
  for (const { action, worth } of options) {
    if (worth <= 0) return 0;
    if (sameTarget(action, first) || (action.wish && wishLeft < 1) || !hasDice(left, action.dice)) continue;
    return worth;
  }
  return 0;
}

/** The best value reachable with these dice: the best action, plus the best other action with what is left. */
function planWorth(weigh: Weigher, actions: DieAction[], dice: readonly number[], wish: number): number {
  const options = ranked(weigh, actions);
  // No follow-up is worth more than the best action (or less than 0), and firsts come best first:
  // once a first plus that bound cannot beat the best plan found, no later first can. Rounding
  // is monotonic, so the maximum is exactly the one a full scan finds (issue #14).
  const bound = Math.max(options[0]?.worth ?? 0, 0);
  let best = 0;
  for (const { action: first, worth } of options) {
    if (worth + bound <= best) break;
    const left = removeDice(dice, first.dice);
    if (!left) continue;
    const wishLeft = wish - (first.wish ? 1 : 0);
    if (wishLeft < 0) continue;
    best = Math.max(best, worth + bestFollow(options, first, left, wishLeft));
  }
  return best;
}

function actorOf(view: GauchoView, seat: Seat, extraGauchos = 0) {
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
      const without = planWorth(weigh, dieActions(view.pampa, actor, view.turn.dice, 0), view.turn.dice, 0);
      const withWish = planWorth(weigh, dieActions(view.pampa, actor, view.turn.dice, 1), view.turn.dice, 1);
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

function chooseTurn(view: GauchoView, seat: Seat, options: GauchoAction[]): GauchoAction {
  const weigh = weigher(view, seat);
  const dieOptions = ranked(
    weigh,
    options.filter((o): o is DieAction => o.type === "stand" || o.type === "lay" || o.type === "raise" || o.type === "occupy"),
  );
  const dieWorth = new Map(dieOptions.map(({ action, worth }) => [action as GauchoAction, worth]));
  const dice = view.turn.dice;
  const scored = options.map((option) => {
    switch (option.type) {
      case "pick": {
        const actions = dieActions(view.pampa, actorOf(view, seat), option.dice, view.turn.wish);
        return { option, worth: planWorth(weigh, actions, option.dice, view.turn.wish) + 0.01 };
      }
      case "stand":
      case "lay":
      case "raise":
      case "occupy": {
        // This action plus the best other one with the dice it leaves.
        const left = removeDice(dice ?? [], option.dice) ?? [];
        const wishLeft = view.turn.wish - (option.wish ? 1 : 0);
        const follow = bestFollow(dieOptions, option, left, wishLeft);
        return { option, worth: dieWorth.get(option)! + follow * 0.9 };
      }
      case "endTurn":
        return { option, worth: 0 };
      default:
        return { option, worth: specialWorth(view, seat, option, weigh) };
    }
  });
  return best(scored, (s) => s.worth).option;
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
