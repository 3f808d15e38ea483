/**
 * The El Gaucho bot: a greedy one-turn planner. It values each offered option by what it adds to
 * its own herds (count × highest value) and pesos, discounts reservations that are not yet sure
 * to come home, and looks one die ahead when choosing dice. It sees only its own view.
 */
import type { Random, Seat } from "@saloon/engine";
import type { Area, Tile } from "./data.ts";
import { fitsAtEnd, herdPrice, sortInPositions } from "./rules/herds.ts";
import type { GauchoAction, GauchoPrompt } from "./rules/index.ts";
import { type DieAction, dieActions } from "./rules/options.ts";
import type { GauchoView } from "./view.ts";

const AREA_WORTH: Record<Area, number> = { steppe: 6, overseer: 5, thief: 5, sale: 4, wish: 4, stable: 2 };
const PRE_PLACE_ORDER: Area[] = ["steppe", "overseer", "thief", "sale", "wish", "stable"];

/** What a tile adds to `seat`'s display: the growth of its herd, or its own value when it starts a new one. */
function tileWorth(view: GauchoView, seat: Seat, tile: Tile): number {
  const herd = view.players[seat]!.herds[tile.breed];
  if (herd.length === 0) return tile.value;
  if (fitsAtEnd(herd, tile.value)) return herdPrice([...herd, tile]) - herdPrice(herd) + 1;
  return tile.value * 0.8;
}

/** How close a pasture row is to coming home: 1 when every other tile already carries a gaucho. */
function rowReadiness(view: GauchoView, row: number, except: number): number {
  const tiles = view.pampa[row]!.filter((f, i) => f.tile && i !== except);
  if (tiles.length === 0) return 1;
  return tiles.filter((f) => f.gaucho).length / tiles.length;
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

const targetOf = (a: DieAction): string => (a.type === "occupy" ? `area:${a.area}` : `field:${a.row}:${a.field}`);

function removeDice(from: readonly number[], used: readonly number[]): number[] | null {
  const left = [...from];
  for (const d of used) {
    const i = left.indexOf(d);
    if (i < 0) return null;
    left.splice(i, 1);
  }
  return left;
}

/** The best value reachable with these dice: the best action, plus the best other action with what is left. */
function planWorth(view: GauchoView, seat: Seat, actions: DieAction[], dice: readonly number[], wish: number): number {
  let best = 0;
  for (const first of actions) {
    const left = removeDice(dice, first.dice);
    if (!left) continue;
    const wishLeft = wish - (first.wish ? 1 : 0);
    if (wishLeft < 0) continue;
    let second = 0;
    for (const other of actions) {
      if (targetOf(other) === targetOf(first) || (other.wish && wishLeft < 1) || !removeDice(left, other.dice)) continue;
      second = Math.max(second, dieActionWorth(view, seat, other));
    }
    best = Math.max(best, dieActionWorth(view, seat, first) + second);
  }
  return best;
}

function actorOf(view: GauchoView, seat: Seat, extraGauchos = 0) {
  const me = view.players[seat]!;
  return { seat, gauchos: me.gauchos + extraGauchos, areas: me.areas, touched: view.turn.touched };
}

function specialWorth(view: GauchoView, seat: Seat, action: GauchoAction): number {
  const me = view.players[seat]!;
  const endgame = view.endPhase !== null;
  switch (action.type) {
    case "wish": {
      if (view.turn.dice === null) return -1;
      const actor = actorOf(view, seat, 1);
      const without = planWorth(view, seat, dieActions(view.pampa, actor, view.turn.dice, 0), view.turn.dice, 0);
      const withWish = planWorth(view, seat, dieActions(view.pampa, actor, view.turn.dice, 1), view.turn.dice, 1);
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
  const dieOptions = options.filter((o): o is DieAction => o.type === "stand" || o.type === "lay" || o.type === "raise" || o.type === "occupy");
  const dice = view.turn.dice;
  const scored = options.map((option) => {
    switch (option.type) {
      case "pick": {
        const actions = dieActions(view.pampa, actorOf(view, seat), option.dice, view.turn.wish);
        return { option, worth: planWorth(view, seat, actions, option.dice, view.turn.wish) + 0.01 };
      }
      case "stand":
      case "lay":
      case "raise":
      case "occupy": {
        // This action plus the best other one with the dice it leaves.
        const left = removeDice(dice ?? [], option.dice) ?? [];
        const wishLeft = view.turn.wish - (option.wish ? 1 : 0);
        let follow = 0;
        for (const other of dieOptions) {
          if (targetOf(other) === targetOf(option) || (other.wish && wishLeft < 1) || !removeDice(left, other.dice)) continue;
          follow = Math.max(follow, dieActionWorth(view, seat, other));
        }
        return { option, worth: dieActionWorth(view, seat, option) + follow * 0.9 };
      }
      case "endTurn":
        return { option, worth: 0 };
      default:
        return { option, worth: specialWorth(view, seat, option) };
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
  if (fitsAtEnd(herd, action.value)) return herdPrice([...herd, tile]) - herdPrice(herd);
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
