/**
 * The Fistful bot: a one-turn greedy planner. For every way to pick up and sow meeples it adds up
 * what each meeple would earn where it lands (cubes drawn, signs built, showdown odds), and takes
 * the best. It sees only the public view, like a person at the table, and never the RNG.
 */
import type { Random, Seat } from "@saloon/engine";
import { type BuildingId, MEEPLE_TYPES, MINER_DRAW, type MeepleCounts, type MeepleType, RING, SHOOTING_RANK, SHOWDOWN_REWARD, SIGN_COST, type SpaceId } from "./data.ts";
import { type FistfulAction, type FistfulPrompt, canPay, isBuilding, isShowdown, nextFreeSpace, placeableMeeples } from "./rules.ts";
import type { Direction } from "./state.ts";
import type { FistfulView } from "./view.ts";

const DIRECTIONS: Direction[] = ["cw", "ccw"];
/** A stone is worth less than a gold cube: it scores nothing itself, it only pays for signs. */
const STONE_WORTH = 0.4;

/** Expected points of one piece drawn from the bag now. */
function pieceWorth(view: FistfulView): number {
  const { gold, stone, dynamite } = view.bag;
  const total = gold + stone + dynamite;
  return total === 0 ? 0 : (gold + STONE_WORTH * stone) / total;
}

/** Chance that `mine` beats `theirs` in a showdown, counting the reroll and the tie rule. */
function winChance(mine: Exclude<MeepleType, "madame">, theirs: Exclude<MeepleType, "madame">): number {
  const diff = SHOOTING_RANK[mine] - SHOOTING_RANK[theirs];
  // Stronger: wins ties (21/36) and rerolls the rest (15/36 × 21/36). Equal: wins 15/36, ties 6/36 (both draw).
  if (diff > 0) return 21 / 36 + (15 / 36) * (21 / 36);
  if (diff < 0) return 1 - (21 / 36 + (15 / 36) * (21 / 36));
  return 15 / 36 + 6 / 36;
}

function signWorth(view: FistfulView, building: BuildingId): number {
  const cost = SIGN_COST[building];
  return 5 - cost.gold - STONE_WORTH * cost.stone;
}

/** What placing `meeple` on `space` earns `me`, judged from the board as it is now. */
function placementWorth(view: FistfulView, me: Seat, meeple: MeepleType, space: SpaceId, spaces: FistfulView["spaces"]): number {
  const piece = pieceWorth(view);
  if (isShowdown(space)) {
    if (meeple === "madame") return 0;
    const other = spaces[space === "SL" ? "SR" : "SL"];
    if (!other) return 0.2; // sets up a later showdown, little more
    if (other.controller === me) return -0.5; // I must hand this meeple to somebody else
    const theirs = other.meeple as Exclude<MeepleType, "madame">;
    return winChance(meeple, theirs) * SHOWDOWN_REWARD[theirs] * piece;
  }
  const inside = view.locations[space];
  const sign = view.signs[space];
  switch (meeple) {
    case "miner":
      if (!sign) return 0;
      return (sign.owner === me ? 1 : -0.5) * MINER_DRAW[sign.points] * piece;
    case "robber":
      return 2 * inside.miner * piece;
    case "deputy":
      return 2 * inside.robber * piece;
    case "madame":
      return inside.builder * piece;
    case "builder":
      if (!sign) return view.players[me]!.signsLeft > 0 && canPay(view, me, space) ? signWorth(view, space) : 0;
      if (sign.points === 5) return sign.owner === me ? (canPay(view, me, space) ? signWorth(view, space) : 0) : -0.5;
      return 0;
  }
}

/** Sows `hand` from `first` onwards, each space getting the meeple that earns most there; returns the total. */
function sowingWorth(view: FistfulView, me: Seat, hand: MeepleCounts, first: SpaceId | null, direction: Direction): number {
  const spaces = { ...view.spaces };
  const left = { ...hand };
  let space = first;
  let total = 0;
  while (space && MEEPLE_TYPES.some((t) => left[t] > 0)) {
    let best: MeepleType | null = null;
    let bestWorth = -Infinity;
    for (const meeple of placeableMeeples(left, space)) {
      const worth = placementWorth(view, me, meeple, space, spaces);
      if (worth > bestWorth) [best, bestWorth] = [meeple, worth];
    }
    left[best!]--;
    total += bestWorth;
    if (!(isShowdown(space) && best === "madame")) spaces[space] = { meeple: best!, controller: me };
    space = nextFreeSpace(spaces, space, direction);
  }
  return total;
}

/** The best direction (and its worth) for a hand whose first space is known or follows from the source. */
function bestPlan(view: FistfulView, me: Seat, hand: MeepleCounts, firstFor: (d: Direction) => SpaceId | null) {
  return DIRECTIONS.map((direction) => ({ direction, worth: sowingWorth(view, me, hand, firstFor(direction), direction) })).reduce((a, b) =>
    b.worth > a.worth ? b : a,
  );
}

function takeWorth(view: FistfulView, me: Seat, location: FistfulView["turn"]["source"] & string): number {
  const hand = view.locations[location];
  if (isBuilding(location)) return bestPlan(view, me, hand, (d) => nextFreeSpace(view.spaces, location, d)).worth;
  const starts = RING.filter((space) => !view.spaces[space]);
  const best = Math.max(...starts.map((start) => bestPlan(view, me, hand, () => start).worth));
  // Taking from the Jail puts a dynamite into the bag, which threatens everybody's stone.
  const dynamiteCost = location === "jail" && view.jailDynamite > 0 ? 0.3 * view.players[me]!.stone * STONE_WORTH : 0;
  return best - dynamiteCost;
}

function argmax<T>(items: T[], worth: (item: T) => number, random: Random): T {
  let best: T[] = [];
  let bestWorth = -Infinity;
  for (const item of items) {
    const w = worth(item);
    if (w > bestWorth + 1e-9) [best, bestWorth] = [[item], w];
    else if (Math.abs(w - bestWorth) <= 1e-9) best.push(item);
  }
  return random.pick(best);
}

export function chooseAction(view: FistfulView, prompt: FistfulPrompt, random: Random): FistfulAction {
  const me = prompt.seat;
  const options = prompt.options;
  switch (prompt.kind) {
    case "startSign":
      // The corner with the most miners inside pays off soonest.
      return argmax(options, (o) => (o.type === "placeSign" ? view.locations[o.building].miner : 0), random);
    case "take":
      return argmax(options, (o) => (o.type === "take" ? takeWorth(view, me, o.location) : 0), random);
    case "start":
      return argmax(options, (o) => (o.type === "start" ? bestPlan(view, me, view.turn.hand, () => o.space).worth : 0), random);
    case "direction": {
      const source = view.turn.source!;
      const firstFor = (d: Direction) => (isBuilding(source) ? nextFreeSpace(view.spaces, source, d) : view.turn.lastSpace);
      const best = bestPlan(view, me, view.turn.hand, firstFor).direction;
      return options.find((o) => o.type === "direction" && o.direction === best)!;
    }
    case "sow": {
      const space = prompt.context!.space as SpaceId;
      return argmax(
        options,
        (o) => {
          if (o.type !== "place") return 0;
          const rest = { ...view.turn.hand, [o.meeple]: view.turn.hand[o.meeple] - 1 };
          const spaces = { ...view.spaces, [space]: { meeple: o.meeple, controller: me } };
          const next = nextFreeSpace(spaces, space, view.turn.direction ?? "cw");
          const later = sowingWorth({ ...view, spaces }, me, rest, next, view.turn.direction ?? "cw");
          return placementWorth(view, me, o.meeple, space, view.spaces) + later;
        },
        random,
      );
    }
    case "name": {
      // Hand the meeple to the player furthest behind.
      return argmax(options, (o) => (o.type === "name" ? -view.liveScores[o.seat]!.total : 0), random);
    }
    case "resolve":
      // Cubes first (they may pay for a sign), builders last.
      return argmax(
        options,
        (o) => (o.type === "resolveShowdown" ? 1 : o.type === "resolve" ? (view.spaces[o.space]?.meeple === "builder" ? 0 : 2) : 0),
        random,
      );
    case "build":
      return options.find((o) => o.type === "build")!;
    case "upgrade":
      return options.find((o) => o.type === "upgrade")!;
    case "reroll":
      return options.find((o) => o.type === "reroll")!; // offered only while losing
    default:
      return random.pick(options);
  }
}
