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
  /** NaN where not found yet. */
  door: Float64Array;
  /** Which ring positions of the view's board are taken, one bit each (bit i: RING[i]). */
  taken: number;
}

/**
 * The door worths of the decision being made, one fixed array refilled per decision (one at a time,
 * never nested) rather than a sparse array grown per decision: the sowing loop reads and writes it
 * for every imagined meeple.
 */
const DOOR_WORTHS = new Float64Array(RING.length * MEEPLE_TYPES.length);

function appraise(view: FistfulView, me: Seat): Appraisal {
  return { view, me, piece: pieceWorth(view), door: DOOR_WORTHS.fill(Number.NaN), taken: takenBits(view.spaces) };
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

/** Sows `hand` over the view's board from `first` onwards: `sowingWorthFrom` of that board and hand. */
function sowingWorth(plan: Appraisal, hand: MeepleCounts, first: SpaceId | null, direction: Direction): number {
  const spaces = plan.view.spaces;
  return sowingWorthFrom(plan, plan.taken, spaces.SL, spaces.SR, fillHand(hand, -1), first === null ? -1 : RING_INDEX.get(first)!, direction === "cw" ? 1 : -1);
}

/** Fills HAND_LEFT with `hand`'s counts, one fewer of MEEPLE_TYPES[`less`] (none fewer for -1); returns how many are left. */
function fillHand(hand: MeepleCounts, less: number): number {
  let remaining = 0;
  for (let m = 0; m < MEEPLE_TYPES.length; m++) {
    HAND_LEFT[m] = hand[MEEPLE_TYPES[m]!] - (m === less ? 1 : 0);
    remaining += HAND_LEFT[m]!;
  }
  return remaining;
}

/** The first ring position after `index` (stepping by `step`) not taken in `taken`, or -1 when all are: nextFreeSpace over an imagined board. */
function nextFreeIndex(taken: number, index: number, step: number): number {
  const size = RING.length;
  let next = index;
  for (let k = 1; k < size; k++) {
    next += step;
    if (next === size) next = 0;
    else if (next < 0) next = size - 1;
    if ((taken & (1 << next)) === 0) return next;
  }
  return -1;
}

/**
 * Sows the hand in HAND_LEFT (`remaining` meeples) from ring position `index` onwards, stepping
 * by `step`, each space getting the meeple that earns most there; returns the total. The board it
 * imagines is a bit set of taken ring positions and the two showdown spaces' occupants, and the
 * hand a list of counts, not copies of the view's objects: the bot sows some 80 imagined hands
 * for one choice of where to take meeples, and copying (a frozen object's spread costs several
 * times a new literal) was most of its time (issue #14).
 */
function sowingWorthFrom(
  plan: Appraisal,
  taken: number,
  onLeft: PlacedMeeple | undefined,
  onRight: PlacedMeeple | undefined,
  remaining: number,
  index: number,
  step: number,
): number {
  // Imported constants read through local names: an imported binding is a getter call in the
  // transpiled module (tsx, Vitest), a tenth of the bot's time in this loop when read directly.
  const ring = RING;
  const types = MEEPLE_TYPES;
  const showdownAt = RING_SHOWDOWN;
  const madame = MADAME;
  const left = HAND_LEFT;
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
      else {
        const slot = index * types.length + m;
        worth = plan.door[slot]!;
        if (Number.isNaN(worth)) worth = plan.door[slot] = placementWorth(plan.view, plan.me, types[m]!, space, undefined, plan.piece);
      }
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
    index = nextFreeIndex(taken, index, step);
  }
  return total;
}

/** The best direction for a hand sowed from `firstCw` clockwise or `firstCcw` counter-clockwise; clockwise on a tie. */
function bestDirection(plan: Appraisal, hand: MeepleCounts, firstCw: SpaceId | null, firstCcw: SpaceId | null): Direction {
  const cw = sowingWorth(plan, hand, firstCw, "cw");
  const ccw = sowingWorth(plan, hand, firstCcw, "ccw");
  return ccw > cw ? "ccw" : "cw";
}

/** The worth of the best direction (`bestDirection`'s). */
function bestPlanWorth(plan: Appraisal, hand: MeepleCounts, firstCw: SpaceId | null, firstCcw: SpaceId | null): number {
  const cw = sowingWorth(plan, hand, firstCw, "cw");
  const ccw = sowingWorth(plan, hand, firstCcw, "ccw");
  return ccw > cw ? ccw : cw;
}

function takeWorth(plan: Appraisal, location: FistfulView["turn"]["source"] & string): number {
  const { view, me } = plan;
  const hand = view.locations[location];
  if (isBuilding(location)) return bestPlanWorth(plan, hand, nextFreeSpace(view.spaces, location, "cw"), nextFreeSpace(view.spaces, location, "ccw"));
  // The best over every free start: a loop, not a filtered list, a closure per start and a spread
  // into Math.max (this runs for every location of every take decision).
  let best = -Infinity;
  for (let i = 0; i < RING.length; i++) {
    const start = RING[i]!;
    if (!view.spaces[start]) best = Math.max(best, bestPlanWorth(plan, hand, start, start));
  }
  // Taking from the Jail puts a dynamite into the bag, which threatens everybody's stone.
  const dynamiteCost = location === "jail" && view.jailDynamite > 0 ? 0.3 * view.players[me]!.stone * STONE_WORTH : 0;
  return best - dynamiteCost;
}

/**
 * What placing `meeple` on `space` now and sowing the rest of the hand onwards earns: the board and
 * hand after the placement imagined as bits and counts, not spread copies of the view's objects.
 */
function placeWorth(plan: Appraisal, meeple: MeepleType, space: SpaceId): number {
  const { view, me } = plan;
  const placed = { meeple, controller: me };
  const at = RING_INDEX.get(space)!;
  const taken = plan.taken | (1 << at);
  const step = (view.turn.direction ?? "cw") === "cw" ? 1 : -1;
  const remaining = fillHand(view.turn.hand, MEEPLE_TYPES.indexOf(meeple));
  const onLeft = space === "SL" ? placed : view.spaces.SL;
  const onRight = space === "SR" ? placed : view.spaces.SR;
  const later = sowingWorthFrom(plan, taken, onLeft, onRight, remaining, nextFreeIndex(taken, at, step), step);
  const facing = isShowdown(space) ? view.spaces[space === "SL" ? "SR" : "SL"] : undefined;
  return placementWorth(view, me, meeple, space, facing, plan.piece) + later;
}

/** The items tied for the best worth, reused by every `argmax` (one decision at a time). */
const tiedBest: unknown[] = [];

function argmax<T>(items: T[], worth: (item: T) => number, random: Random): T {
  const best = tiedBest as T[];
  best.length = 0;
  let bestWorth = -Infinity;
  for (let i = 0; i < items.length; i++) {
    const item = items[i]!;
    const w = worth(item);
    if (w > bestWorth + 1e-9) {
      best.length = 0;
      best.push(item);
      bestWorth = w;
    } else if (Math.abs(w - bestWorth) <= 1e-9) best.push(item);
  }
  const chosen = random.pick(best);
  best.length = 0; // holds no option past the decision
  return chosen;
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
      return argmax(options, (o) => (o.type === "start" ? bestPlanWorth(plan, view.turn.hand, o.space, o.space) : 0), random);
    }
    case "direction": {
      const source = view.turn.source!;
      const firstFor = (d: Direction) => (isBuilding(source) ? nextFreeSpace(view.spaces, source, d) : view.turn.lastSpace);
      const best = bestDirection(appraise(view, me), view.turn.hand, firstFor("cw"), firstFor("ccw"));
      return options.find((o) => o.type === "direction" && o.direction === best)!;
    }
    case "sow": {
      const space = prompt.context!.space as SpaceId;
      const plan = appraise(view, me);
      return argmax(options, (o) => (o.type === "place" ? placeWorth(plan, o.meeple, space) : 0), random);
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
