/**
 * The Fistful bot: a one-turn greedy planner. For every way to pick up and sow meeples it adds up
 * what each meeple would earn where it lands (cubes drawn, signs built, showdown odds), and takes
 * the best. It sees only the public view, like a person at the table, and never the RNG.
 */
import type { Random, Seat } from "@saloon/engine";
import { type BuildingId, MEEPLE_TYPES, MINER_DRAW, type MeepleCounts, type MeepleType, RING, SHOOTING_RANK, SHOWDOWN_REWARD, SIGN_COST, type SpaceId } from "./data.ts";
import { type FistfulAction, type FistfulPrompt, canPay, isBuilding, isShowdown, nextFreeSpace } from "./prompts.ts";
import type { Direction, PlacedMeeple } from "./state.ts";
import type { FistfulView } from "./view.ts";

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

/**
 * What placing `meeple` on `space` earns `me`, judged from the board as it is now. `facing` is who
 * stands on the other showdown space (for a showdown space), `piece` the worth of one draw.
 */
function placementWorth(view: FistfulView, me: Seat, meeple: MeepleType, space: SpaceId, facing: PlacedMeeple | undefined, piece: number): number {
  if (isShowdown(space)) {
    if (meeple === "madame") return 0;
    if (!facing) return 0.2; // sets up a later showdown, little more
    if (facing.controller === me) return -0.5; // I must hand this meeple to somebody else
    const theirs = facing.meeple as Exclude<MeepleType, "madame">;
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

const RING_INDEX = new Map(RING.map((space, index) => [space, index]));

/**
 * What one decision's plans are weighed against: the bot's view and seat, the worth of one draw,
 * and what each meeple earns at each door, by ring position × 5 + place in MEEPLE_TYPES, found
 * when first asked. A door's worth depends on the board as it is, not on the imagined sowing, so
 * it is found once per decision instead of for every imagined meeple (issue #14).
 */
interface Appraisal {
  view: FistfulView;
  me: Seat;
  piece: number;
  door: (number | undefined)[];
  /** Which ring positions of the view's board are taken, one bit each (bit i: RING[i]). */
  taken: number;
}

function appraise(view: FistfulView, me: Seat): Appraisal {
  return { view, me, piece: pieceWorth(view), door: [], taken: takenBits(view.spaces) };
}

function takenBits(spaces: FistfulView["spaces"]): number {
  let bits = 0;
  for (let i = 0; i < RING.length; i++) if (spaces[RING[i]!]) bits |= 1 << i;
  return bits;
}

/** Whether each ring position is a showdown space, and where the madame stands in MEEPLE_TYPES. */
const RING_SHOWDOWN = RING.map(isShowdown);
const MADAME = MEEPLE_TYPES.indexOf("madame");
/** The imagined hand's counts by place in MEEPLE_TYPES, reused by every sowing (one runs at a time). */
const HAND_LEFT = MEEPLE_TYPES.map(() => 0);

/**
 * Sows `hand` from `first` onwards over `spaces`, each space getting the meeple that earns most
 * there; returns the total. The board it imagines is a bit set of taken ring positions and the two
 * showdown spaces' occupants, and the hand a list of counts, not copies of the view's objects:
 * the bot sows some 80 imagined hands for one choice of where to take meeples, and copying (a
 * frozen object's spread costs several times a new literal) was most of its time (issue #14).
 */
function sowingWorth(plan: Appraisal, spaces: FistfulView["spaces"], hand: MeepleCounts, first: SpaceId | null, direction: Direction): number {
  // Imported constants read through local names: an imported binding is a getter call in the
  // transpiled module (tsx, Vitest), a tenth of the bot's time in this loop when read directly.
  const ring = RING;
  const types = MEEPLE_TYPES;
  const showdownAt = RING_SHOWDOWN;
  const madame = MADAME;
  const size = ring.length;
  let taken = spaces === plan.view.spaces ? plan.taken : takenBits(spaces);
  let onLeft = spaces.SL;
  let onRight = spaces.SR;
  const left = HAND_LEFT;
  let remaining = 0;
  for (let m = 0; m < types.length; m++) {
    left[m] = hand[types[m]!];
    remaining += left[m]!;
  }
  const step = direction === "cw" ? 1 : -1;
  let index = first === null ? -1 : RING_INDEX.get(first)!;
  let total = 0;
  while (index >= 0 && remaining > 0) {
    const space = ring[index]!;
    const showdown = showdownAt[index]!;
    const facing = showdown ? (space === "SL" ? onRight : onLeft) : undefined;
    // placeableMeeples: the madame goes on a showdown space only when she is all that is left.
    const onlyMadame = showdown && remaining === left[madame];
    let best = -1;
    let bestWorth = -Infinity;
    for (let m = 0; m < types.length; m++) {
      if (left[m]! <= 0 || (showdown && m === madame && !onlyMadame)) continue;
      let worth: number;
      if (showdown) worth = placementWorth(plan.view, plan.me, types[m]!, space, facing, plan.piece);
      else worth = plan.door[index * types.length + m] ??= placementWorth(plan.view, plan.me, types[m]!, space, undefined, plan.piece);
      if (worth > bestWorth) {
        best = m;
        bestWorth = worth;
      }
    }
    left[best]!--;
    remaining--;
    total += bestWorth;
    if (!(showdown && best === madame)) {
      taken |= 1 << index;
      if (showdown) {
        const placed = { meeple: types[best]!, controller: plan.me };
        if (space === "SL") onLeft = placed;
        else onRight = placed;
      }
    }
    // nextFreeSpace over the imagined board
    let next = index;
    index = -1;
    for (let k = 1; k < size; k++) {
      next += step;
      if (next === size) next = 0;
      else if (next < 0) next = size - 1;
      if ((taken & (1 << next)) === 0) {
        index = next;
        break;
      }
    }
  }
  return total;
}

/** The best direction (and its worth) for a hand whose first space is known or follows from the source; clockwise on a tie. */
function bestPlan(plan: Appraisal, hand: MeepleCounts, firstFor: (d: Direction) => SpaceId | null): { direction: Direction; worth: number } {
  const cw = sowingWorth(plan, plan.view.spaces, hand, firstFor("cw"), "cw");
  const ccw = sowingWorth(plan, plan.view.spaces, hand, firstFor("ccw"), "ccw");
  return ccw > cw ? { direction: "ccw", worth: ccw } : { direction: "cw", worth: cw };
}

function takeWorth(plan: Appraisal, location: FistfulView["turn"]["source"] & string): number {
  const { view, me } = plan;
  const hand = view.locations[location];
  if (isBuilding(location)) return bestPlan(plan, hand, (d) => nextFreeSpace(view.spaces, location, d)).worth;
  const starts = RING.filter((space) => !view.spaces[space]);
  const best = Math.max(...starts.map((start) => bestPlan(plan, hand, () => start).worth));
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
    case "take": {
      const plan = appraise(view, me);
      return argmax(options, (o) => (o.type === "take" ? takeWorth(plan, o.location) : 0), random);
    }
    case "start": {
      const plan = appraise(view, me);
      return argmax(options, (o) => (o.type === "start" ? bestPlan(plan, view.turn.hand, () => o.space).worth : 0), random);
    }
    case "direction": {
      const source = view.turn.source!;
      const firstFor = (d: Direction) => (isBuilding(source) ? nextFreeSpace(view.spaces, source, d) : view.turn.lastSpace);
      const best = bestPlan(appraise(view, me), view.turn.hand, firstFor).direction;
      return options.find((o) => o.type === "direction" && o.direction === best)!;
    }
    case "sow": {
      const space = prompt.context!.space as SpaceId;
      const plan = appraise(view, me);
      return argmax(
        options,
        (o) => {
          if (o.type !== "place") return 0;
          const rest = { ...view.turn.hand, [o.meeple]: view.turn.hand[o.meeple] - 1 };
          const spaces = { ...view.spaces, [space]: { meeple: o.meeple, controller: me } };
          const next = nextFreeSpace(spaces, space, view.turn.direction ?? "cw");
          const later = sowingWorth(plan, spaces, rest, next, view.turn.direction ?? "cw");
          const facing = isShowdown(space) ? view.spaces[space === "SL" ? "SR" : "SL"] : undefined;
          return placementWorth(view, me, o.meeple, space, facing, plan.piece) + later;
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
