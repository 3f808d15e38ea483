/**
 * The rules of A Fistful of Meeples: what each seat may decide now (prompts) and what each
 * decision does (perform). Section numbers refer to the turn in the rulebook (SPIELABLAUF).
 */
import { type LogEvent, type Prompt, type Seat, rollInt } from "@saloon/engine";
import {
  BUILDINGS,
  type BuildingId,
  CORNERS,
  DYNAMITE,
  GRAVES,
  LOCATIONS,
  type LocationId,
  MEEPLE_TYPES,
  MINER_DRAW,
  type MeepleCounts,
  type MeepleType,
  RING,
  SHOOTING_RANK,
  SHOWDOWN_REWARD,
  SIGN_COST,
  type ShowdownSpace,
  type SpaceId,
} from "./data.ts";
import { BARS_PER_TURN, RULINGS } from "./rulings.ts";
import { countMeeples, type Direction, type EndReason, type FistfulState, noMeeples } from "./state.ts";

export type FistfulAction =
  | { type: "placeSign"; building: BuildingId }
  | { type: "take"; location: LocationId }
  | { type: "start"; space: SpaceId }
  | { type: "direction"; direction: Direction }
  | { type: "place"; meeple: MeepleType }
  | { type: "name"; seat: Seat }
  | { type: "resolve"; space: BuildingId }
  | { type: "resolveShowdown" }
  | { type: "build" }
  | { type: "upgrade" }
  | { type: "pass" }
  | { type: "reroll" }
  | { type: "keep" };

export const ACTION_TYPES = [
  "placeSign",
  "take",
  "start",
  "direction",
  "place",
  "name",
  "resolve",
  "resolveShowdown",
  "build",
  "upgrade",
  "pass",
  "reroll",
  "keep",
] as const satisfies readonly FistfulAction["type"][];

export type FistfulPrompt = Prompt<FistfulAction>;

export const isShowdown = (space: SpaceId): space is ShowdownSpace => space === "SL" || space === "SR";
const otherShowdown = (space: ShowdownSpace): ShowdownSpace => (space === "SL" ? "SR" : "SL");
export const isBuilding = (location: LocationId): location is BuildingId => (BUILDINGS as readonly string[]).includes(location);

/** The next free space after `from` going `direction` round the ring, or null when all are taken. */
export function nextFreeSpace(spaces: FistfulState["spaces"], from: SpaceId, direction: Direction): SpaceId | null {
  const start = RING.indexOf(from);
  const step = direction === "cw" ? 1 : -1;
  for (let k = 1; k < RING.length; k++) {
    const space = RING[(start + k * step + RING.length) % RING.length]!;
    if (!spaces[space]) return space;
  }
  return null;
}

export function canPay(state: Pick<FistfulState, "players">, seat: Seat, building: BuildingId): boolean {
  const cost = SIGN_COST[building];
  const player = state.players[seat]!;
  return player.gold >= cost.gold && player.stone >= cost.stone;
}

/** What is left to resolve this turn: every door meeple, and the showdown once both spaces are filled. */
function resolvable(state: FistfulState): FistfulAction[] {
  const doors: FistfulAction[] = BUILDINGS.filter((b) => state.spaces[b]).map((space) => ({ type: "resolve", space }));
  return state.spaces.SL && state.spaces.SR ? [...doors, { type: "resolveShowdown" }] : doors;
}

/** The legal meeples for the next space; the madame never goes on a showdown space unless she is all that is left. */
export function placeableMeeples(hand: MeepleCounts, space: SpaceId): MeepleType[] {
  const inHand = MEEPLE_TYPES.filter((type) => hand[type] > 0);
  if (!isShowdown(space)) return inHand;
  const fighters = inHand.filter((type) => type !== "madame");
  return fighters.length > 0 ? fighters : inHand; // RULINGS.madameAsOnlyMeeple
}

export function currentPrompt(state: FistfulState): FistfulPrompt | null {
  const step = state.step;
  const active = state.active;
  switch (step.kind) {
    case "over":
      return null;
    case "startSign":
      return {
        seat: step.seat,
        kind: "startSign",
        options: CORNERS.filter((b) => !state.signs[b]).map((building) => ({ type: "placeSign", building })),
      };
    case "take":
      return {
        seat: active,
        kind: "take",
        options: LOCATIONS.filter((id) => countMeeples(state.locations[id]) > 0).map((location) => ({ type: "take", location })),
      };
    case "start":
      return {
        seat: active,
        kind: "start",
        options: RING.filter((space) => !state.spaces[space]).map((space) => ({ type: "start", space })),
      };
    case "direction":
      return {
        seat: active,
        kind: "direction",
        options: [
          { type: "direction", direction: "cw" },
          { type: "direction", direction: "ccw" },
        ],
      };
    case "sow":
      return {
        seat: active,
        kind: "sow",
        options: placeableMeeples(state.turn.hand, step.space).map((meeple) => ({ type: "place", meeple })),
        context: { space: step.space },
      };
    case "name":
      return {
        seat: active,
        kind: "name",
        options: state.players.map((_, seat) => seat).filter((seat) => seat !== active).map((seat) => ({ type: "name", seat })),
        context: { space: step.space },
      };
    case "resolve":
      return { seat: active, kind: "resolve", options: resolvable(state) };
    case "build":
      return {
        seat: active,
        kind: "build",
        options: [{ type: "build" }, { type: "pass" }],
        context: { building: step.building, gold: SIGN_COST[step.building].gold, stone: SIGN_COST[step.building].stone },
      };
    case "upgrade":
      return {
        seat: step.owner,
        kind: "upgrade",
        options: [{ type: "upgrade" }, { type: "pass" }],
        context: { building: step.building, gold: SIGN_COST[step.building].gold, stone: SIGN_COST[step.building].stone },
      };
    case "reroll":
      return {
        seat: step.seat,
        kind: "reroll",
        options: [{ type: "reroll" }, { type: "keep" }],
        context: { rolls: step.rolls },
      };
  }
}

/** Carries out one legal action, then every forced follow-up (RULINGS.forcedChoicesAreAutomatic). */
export function perform(state: FistfulState, seat: Seat, action: FistfulAction): LogEvent[] {
  const events: LogEvent[] = [];
  performOne(state, seat, action, events);
  for (let guard = 0; guard < 1000; guard++) {
    const forced = forcedAction(state);
    if (!forced) return events;
    performOne(state, forced.seat, forced.action, events);
  }
  throw new Error("forced moves did not settle");
}

/**
 * The only option of the decision owed now, with its seat, or null when there is a choice: what
 * `currentPrompt` would offer as its single option. Asked after every step on the copy-on-write
 * draft, where each object read costs, so it counts options only until it finds a second one
 * and never builds a prompt whose two options are fixed (issue #14).
 */
function forcedAction(state: FistfulState): { seat: Seat; action: FistfulAction } | null {
  const step = state.step;
  switch (step.kind) {
    case "over":
    case "direction":
    case "build":
    case "upgrade":
    case "reroll":
      return null;
    case "take": {
      const location = onlyOne(LOCATIONS, (id) => countMeeples(state.locations[id]) > 0);
      return location ? { seat: state.active, action: { type: "take", location } } : null;
    }
    case "start": {
      const space = onlyOne(RING, (id) => !state.spaces[id]);
      return space ? { seat: state.active, action: { type: "start", space } } : null;
    }
    case "resolve": {
      // resolvable(): the doors with a meeple, then the showdown once both of its spaces are filled.
      if (state.spaces.SL && state.spaces.SR) {
        return BUILDINGS.some((b) => state.spaces[b]) ? null : { seat: state.active, action: { type: "resolveShowdown" } };
      }
      const door = onlyOne(BUILDINGS, (b) => Boolean(state.spaces[b]));
      return door ? { seat: state.active, action: { type: "resolve", space: door } } : null;
    }
    default: {
      const prompt = currentPrompt(state);
      return prompt && prompt.options.length === 1 ? { seat: prompt.seat, action: prompt.options[0]! } : null;
    }
  }
}

/** The one item that passes `test`, or undefined when none or several do (it stops at the second). */
function onlyOne<T>(items: readonly T[], test: (item: T) => boolean): T | undefined {
  let found: T | undefined;
  for (const item of items) {
    if (!test(item)) continue;
    if (found !== undefined) return undefined;
    found = item;
  }
  return found;
}

function performOne(state: FistfulState, seat: Seat, action: FistfulAction, events: LogEvent[]): void {
  switch (action.type) {
    case "placeSign":
      return placeStartSign(state, seat, action.building, events);
    case "take":
      return take(state, action.location, events);
    case "start":
      return chooseStart(state, action.space, events);
    case "direction":
      return chooseDirection(state, action.direction, events);
    case "place":
      return placeMeeple(state, action.meeple, events);
    case "name":
      return nameController(state, action.seat, events);
    case "resolve":
      return resolveDoor(state, action.space, events);
    case "resolveShowdown":
      return startShowdown(state, events);
    case "build":
    case "upgrade":
    case "pass":
      return decideSign(state, action.type, events);
    case "reroll":
    case "keep":
      return decideReroll(state, action.type, events);
  }
}

// ---- Setup: the starting signs ----------------------------------------------------------------

function placeStartSign(state: FistfulState, seat: Seat, building: BuildingId, events: LogEvent[]): void {
  state.signs[building] = { owner: seat, points: 5 };
  state.players[seat]!.signsLeft--;
  events.push({ type: "signPlaced", seat, building, points: 5 });
  // Counter-clockwise from the start player's right neighbour: seats n-1, n-2, ..., 0.
  if (seat > 0) state.step = { kind: "startSign", seat: seat - 1 };
  else beginTurn(state, 0, events);
}

function beginTurn(state: FistfulState, seat: Seat, events: LogEvent[]): void {
  state.active = seat;
  state.turn = { source: null, hand: noMeeples(), direction: null, lastSpace: null };
  state.step = { kind: "take" };
  events.push({ type: "turnStarted", seat });
}

// ---- Steps 1 and 2: take a location's meeples and place them ------------------------------------

function take(state: FistfulState, location: LocationId, events: LogEvent[]): void {
  const seat = state.active;
  state.turn.source = location;
  state.turn.hand = state.locations[location];
  state.locations[location] = noMeeples();
  events.push({ type: "took", seat, location, meeples: { ...state.turn.hand } });
  if (location === "jail" && state.jailDynamite > 0) {
    state.jailDynamite--;
    state.bag.dynamite++;
    events.push({ type: "dynamiteIntoBag", seat });
  }
  // 2A: from a building the first space is a neighbour, so the direction decides it.
  // 2B: from the Saloon or the Jail the first space is free to choose.
  state.step = isBuilding(location) ? { kind: "direction" } : { kind: "start" };
}

function chooseStart(state: FistfulState, space: SpaceId, events: LogEvent[]): void {
  state.turn.lastSpace = space;
  events.push({ type: "startChosen", seat: state.active, space });
  // A single meeple needs no direction.
  state.step = countMeeples(state.turn.hand) > 1 ? { kind: "direction" } : { kind: "sow", space };
}

function chooseDirection(state: FistfulState, direction: Direction, events: LogEvent[]): void {
  state.turn.direction = direction;
  events.push({ type: "directionChosen", seat: state.active, direction });
  const source = state.turn.source!;
  const first = isBuilding(source) ? nextFreeSpace(state.spaces, source, direction) : state.turn.lastSpace!;
  // At the start of a turn at most the two showdown spaces are taken, so a first space always exists.
  state.step = { kind: "sow", space: first! };
}

function placeMeeple(state: FistfulState, meeple: MeepleType, events: LogEvent[]): void {
  if (state.step.kind !== "sow") throw new Error("not sowing");
  const space = state.step.space;
  const seat = state.active;
  state.turn.hand[meeple]--;
  if (isShowdown(space) && meeple === "madame") {
    // The madame never fights: she goes to the Saloon with no effect (she was the last in hand).
    state.locations.saloon.madame++;
    events.push({ type: "madameToSaloon", seat, space });
    return continueSowing(state, space, events);
  }
  state.spaces[space] = { meeple, controller: isShowdown(space) ? seat : null };
  events.push({ type: "placed", seat, meeple, space });
  if (isShowdown(space) && state.spaces[otherShowdown(space)]?.controller === seat) {
    state.step = { kind: "name", space }; // RULINGS.namingIsForced
    return;
  }
  continueSowing(state, space, events);
}

function nameController(state: FistfulState, named: Seat, events: LogEvent[]): void {
  if (state.step.kind !== "name") throw new Error("not naming");
  const space = state.step.space;
  state.spaces[space]!.controller = named;
  events.push({ type: "controllerNamed", seat: state.active, space, controller: named });
  continueSowing(state, space, events);
}

function continueSowing(state: FistfulState, lastSpace: SpaceId, events: LogEvent[]): void {
  state.turn.lastSpace = lastSpace;
  if (countMeeples(state.turn.hand) === 0) return afterResolution(state, events);
  const direction = state.turn.direction ?? "cw";
  const next = nextFreeSpace(state.spaces, lastSpace, direction);
  if (next) {
    state.step = { kind: "sow", space: next };
    return;
  }
  // RULINGS.overflowToSaloon
  const rest = state.turn.hand;
  for (const type of MEEPLE_TYPES) state.locations.saloon[type] += rest[type];
  events.push({ type: "overflowToSaloon", seat: state.active, meeples: { ...rest } });
  state.turn.hand = noMeeples();
  afterResolution(state, events);
}

// ---- Step 3: resolve the placed meeples ---------------------------------------------------------

/**
 * Draws pieces from the bag one at a time. A dynamite counts as a piece and is set aside; each
 * one explodes after the whole draw is taken (RULINGS.dynamiteAfterTheDraw).
 */
function draw(state: FistfulState, seat: Seat, count: number, reason: string, events: LogEvent[]): void {
  const player = state.players[seat]!;
  const got = { gold: 0, stone: 0 };
  let dynamite = 0;
  for (let i = 0; i < count; i++) {
    const bag = state.bag;
    const total = bag.gold + bag.stone + bag.dynamite;
    if (total === 0) {
      events.push({ type: "bagEmpty", seat, missing: count - i }); // RULINGS.emptyBagDrawsWhatIsLeft
      break;
    }
    const pick = rollInt(state, 0, total - 1);
    if (pick < bag.gold) {
      bag.gold--;
      player.gold++;
      got.gold++;
    } else if (pick < bag.gold + bag.stone) {
      bag.stone--;
      player.stone++;
      got.stone++;
    } else {
      bag.dynamite--;
      dynamite++;
    }
  }
  if (got.gold + got.stone > 0) events.push({ type: "drew", seat, reason, ...got });
  for (let i = 0; i < dynamite; i++) explode(state, seat, events);
}

/** DYNAMIT: everybody returns half their stone, rounded down; the dynamite goes to the explosion space. */
function explode(state: FistfulState, seat: Seat, events: LogEvent[]): void {
  const returned = state.players.map((player) => Math.floor(player.stone / 2));
  state.players.forEach((player, i) => {
    player.stone -= returned[i]!;
    state.bag.stone += returned[i]!;
  });
  state.explodedDynamite++;
  events.push({ type: "dynamiteExploded", seat, returned });
}

function resolveDoor(state: FistfulState, building: BuildingId, events: LogEvent[]): void {
  const seat = state.active;
  const meeple = state.spaces[building]!.meeple;
  const inside = state.locations[building];
  events.push({ type: "resolving", seat, space: building, meeple });
  switch (meeple) {
    case "miner": {
      const sign = state.signs[building];
      if (sign) draw(state, sign.owner, MINER_DRAW[sign.points], "miner", events);
      break;
    }
    case "robber":
      draw(state, seat, 2 * inside.miner, "robber", events);
      break;
    case "deputy": {
      const robbers = inside.robber;
      draw(state, seat, 2 * robbers, "deputy", events);
      if (robbers > 0) {
        inside.robber = 0;
        state.locations.jail.robber += robbers;
        events.push({ type: "robbersJailed", seat, building, count: robbers });
      }
      break;
    }
    case "madame": {
      const builders = inside.builder;
      draw(state, seat, builders, "madame", events);
      if (builders > 0) {
        inside.builder = 0;
        state.locations.saloon.builder += builders;
        events.push({ type: "buildersToSaloon", seat, building, count: builders });
      }
      break;
    }
    case "builder": {
      const sign = state.signs[building];
      if (!sign) {
        // RULINGS.noSignNoBuild: no sign in supply, no choice.
        if (state.players[seat]!.signsLeft > 0 && canPay(state, seat, building)) {
          state.step = { kind: "build", building };
          return;
        }
      } else if (sign.points === 5 && canPay(state, sign.owner, building)) {
        // The owner decides, even on another player's turn.
        state.step = { kind: "upgrade", building, owner: sign.owner };
        return;
      }
      break;
    }
  }
  enterBuilding(state, building, events);
}

function pay(state: FistfulState, seat: Seat, building: BuildingId): void {
  const cost = SIGN_COST[building];
  const player = state.players[seat]!;
  player.gold -= cost.gold;
  player.stone -= cost.stone;
  state.bag.gold += cost.gold;
  state.bag.stone += cost.stone;
}

function decideSign(state: FistfulState, choice: "build" | "upgrade" | "pass", events: LogEvent[]): void {
  const step = state.step;
  if (step.kind !== "build" && step.kind !== "upgrade") throw new Error("no sign decision pending");
  const building = step.building;
  if (choice === "build") {
    const seat = state.active;
    pay(state, seat, building);
    state.players[seat]!.signsLeft--;
    state.signs[building] = { owner: seat, points: 5 };
    events.push({ type: "signBuilt", seat, building, ...SIGN_COST[building] });
  } else if (choice === "upgrade" && step.kind === "upgrade") {
    pay(state, step.owner, building);
    state.signs[building]!.points = 10;
    events.push({ type: "signUpgraded", seat: step.owner, building, ...SIGN_COST[building] });
  } else {
    events.push({ type: "signDeclined", seat: step.kind === "upgrade" ? step.owner : state.active, building });
  }
  enterBuilding(state, building, events);
}

/** A resolved door meeple moves into its building. */
function enterBuilding(state: FistfulState, building: BuildingId, events: LogEvent[]): void {
  const meeple = state.spaces[building]!.meeple;
  delete state.spaces[building];
  state.locations[building][meeple]++;
  afterResolution(state, events);
}

/** Back to the resolution list, or on to the end of the turn when nothing is left. */
function afterResolution(state: FistfulState, events: LogEvent[]): void {
  if (resolvable(state).length > 0) state.step = { kind: "resolve" };
  else endTurn(state, events);
}

// ---- The showdown --------------------------------------------------------------------------------

type Fighter = Exclude<MeepleType, "madame">;
const fighter = (state: FistfulState, space: ShowdownSpace) => state.spaces[space] as { meeple: Fighter; controller: Seat };

function startShowdown(state: FistfulState, events: LogEvent[]): void {
  const rolls = { SL: rollInt(state, 1, 6), SR: rollInt(state, 1, 6) };
  const left = fighter(state, "SL");
  const right = fighter(state, "SR");
  events.push({
    type: "showdown",
    seat: state.active,
    left: { controller: left.controller, meeple: left.meeple, roll: rolls.SL },
    right: { controller: right.controller, meeple: right.meeple, roll: rolls.SR },
  });
  const rankDiff = SHOOTING_RANK[left.meeple] - SHOOTING_RANK[right.meeple];
  if (rankDiff !== 0) {
    const stronger: ShowdownSpace = rankDiff > 0 ? "SL" : "SR";
    // RULINGS.rerollOnlyWhenItCanHelp: a tie already goes to the stronger meeple.
    if (rolls[stronger] < rolls[otherShowdown(stronger)]) {
      state.step = { kind: "reroll", seat: fighter(state, stronger).controller, rolls };
      return;
    }
  }
  finishShowdown(state, rolls, events);
}

function decideReroll(state: FistfulState, choice: "reroll" | "keep", events: LogEvent[]): void {
  const step = state.step;
  if (step.kind !== "reroll") throw new Error("no reroll pending");
  const rolls = { ...step.rolls };
  if (choice === "reroll") {
    const side: ShowdownSpace = fighter(state, "SL").controller === step.seat ? "SL" : "SR";
    const before = rolls[side];
    rolls[side] = rollInt(state, 1, 6);
    events.push({ type: "rerolled", seat: step.seat, from: before, to: rolls[side] });
  } else {
    events.push({ type: "rerollDeclined", seat: step.seat });
  }
  finishShowdown(state, rolls, events);
}

function bury(state: FistfulState, meeple: MeepleType, events: LogEvent[]): void {
  if (state.graves.length < GRAVES) {
    state.graves.push(meeple);
    events.push({ type: "buried", meeple, grave: state.graves.length });
  } else {
    state.boxed.push(meeple);
    events.push({ type: "leftTheGame", meeple });
  }
}

function finishShowdown(state: FistfulState, rolls: Record<ShowdownSpace, number>, events: LogEvent[]): void {
  const left = fighter(state, "SL");
  const right = fighter(state, "SR");
  delete state.spaces.SL;
  delete state.spaces.SR;
  const rankDiff = SHOOTING_RANK[left.meeple] - SHOOTING_RANK[right.meeple];
  const outcome = rolls.SL !== rolls.SR ? rolls.SL - rolls.SR : rankDiff;
  if (outcome === 0) {
    // Same roll, same rank: both die, both draw as if they had won.
    events.push({ type: "showdownBothDie", left: left.controller, right: right.controller, meeple: left.meeple });
    bury(state, left.meeple, events);
    bury(state, right.meeple, events);
    // RULINGS.drawOrderOnDoubleDeath: the active player first.
    const [first, second] = left.controller === state.active ? [left, right] : [right, left];
    draw(state, first.controller, SHOWDOWN_REWARD[second.meeple], "showdown", events);
    draw(state, second.controller, SHOWDOWN_REWARD[first.meeple], "showdown", events);
  } else {
    const [winner, loser] = outcome > 0 ? [left, right] : [right, left];
    events.push({ type: "showdownWon", seat: winner.controller, meeple: winner.meeple, loser: loser.controller, loserMeeple: loser.meeple });
    bury(state, loser.meeple, events);
    state.locations.saloon[winner.meeple]++;
    draw(state, winner.controller, SHOWDOWN_REWARD[loser.meeple], "showdown", events);
  }
  afterResolution(state, events);
}

// ---- Step 4 and the end of the game ---------------------------------------------------------------

function endTrigger(state: FistfulState): EndReason | null {
  if (state.bank.length === 0) return "bankEmpty";
  if (state.graves.length >= GRAVES) return "graveyardFull";
  if (state.explodedDynamite >= DYNAMITE) return "allDynamiteExploded";
  return null;
}

function endTurn(state: FistfulState, events: LogEvent[]): void {
  const seat = state.active;
  const player = state.players[seat]!;
  for (let bought = 0; bought < BARS_PER_TURN; bought++) {
    const price = state.bank[0]; // RULINGS.oneBarPerTurn: the cheapest, and only one
    if (price === undefined || player.gold < price) break;
    player.gold -= price;
    state.bag.gold += price;
    player.bars.push(price);
    state.bank.shift();
    events.push({ type: "barTaken", seat, price });
  }
  if (!state.endTrigger) {
    const reason = endTrigger(state);
    if (reason) {
      state.endTrigger = reason;
      events.push({ type: "endTriggered", seat, reason });
    }
  }
  const lastInRound = seat === state.seats - 1;
  if (lastInRound) state.turnsPlayed++;
  // Everyone plays the same number of turns: the game ends after the start player's right neighbour.
  if (state.endTrigger && lastInRound) {
    state.step = { kind: "over" };
    events.push({ type: "gameEnded", reason: state.endTrigger });
    return;
  }
  beginTurn(state, (seat + 1) % state.seats, events);
}
