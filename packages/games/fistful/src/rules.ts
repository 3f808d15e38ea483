/**
 * The rules of A Fistful of Meeples: what each decision does (perform); what each seat may decide
 * now is prompts.ts. Section numbers refer to the turn in the rulebook (SPIELABLAUF).
 */
import { type LogEvent, type Seat, rollInt, writable } from "@saloon/engine";
import {
  BUILDINGS,
  type BuildingId,
  DYNAMITE,
  GRAVES,
  LOCATIONS,
  type LocationId,
  MEEPLE_TYPES,
  MINER_DRAW,
  type MeepleType,
  RING,
  SHOOTING_RANK,
  SHOWDOWN_REWARD,
  SIGN_COST,
  type ShowdownSpace,
  type SpaceId,
} from "./data.ts";
import { type FistfulAction, canPay, currentPrompt, isBuilding, isShowdown, nextFreeSpace, otherShowdown, resolvable } from "./prompts.ts";
import { BARS_PER_TURN, RULINGS } from "./rulings.ts";
import { type Direction, type EndReason, type FistfulState, countMeeples, noMeeples } from "./state.ts";

// ---- Writing into the state -----------------------------------------------------------------------
// `perform` gets a shallow copy of the state (index.ts: thaw); every object below its top is still
// the frozen one of the state before. The rules write through these, which copy an object on the
// way down the first time it is written in this action: an action copies only what it changes.

const playerOf = (state: FistfulState, seat: Seat) => writable(writable(state, "players"), seat);
const meeplesAt = (state: FistfulState, location: LocationId) => writable(writable(state, "locations"), location);
const spacesOf = (state: FistfulState) => writable(state, "spaces");
const signsOf = (state: FistfulState) => writable(state, "signs");
const bagOf = (state: FistfulState) => writable(state, "bag");
const turnOf = (state: FistfulState) => writable(state, "turn");
const handOf = (state: FistfulState) => writable(turnOf(state), "hand");

/** A shallow copy of the state for `perform` (GameRules.thaw). */
export const thaw = (state: FistfulState): FistfulState => ({ ...state });

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
  signsOf(state)[building] = { owner: seat, points: 5 };
  playerOf(state, seat).signsLeft--;
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
  const turn = turnOf(state);
  turn.source = location;
  turn.hand = state.locations[location];
  writable(state, "locations")[location] = noMeeples();
  events.push({ type: "took", seat, location, meeples: { ...turn.hand } });
  if (location === "jail" && state.jailDynamite > 0) {
    state.jailDynamite--;
    bagOf(state).dynamite++;
    events.push({ type: "dynamiteIntoBag", seat });
  }
  // 2A: from a building the first space is a neighbour, so the direction decides it.
  // 2B: from the Saloon or the Jail the first space is free to choose.
  state.step = isBuilding(location) ? { kind: "direction" } : { kind: "start" };
}

function chooseStart(state: FistfulState, space: SpaceId, events: LogEvent[]): void {
  turnOf(state).lastSpace = space;
  events.push({ type: "startChosen", seat: state.active, space });
  // A single meeple needs no direction.
  state.step = countMeeples(state.turn.hand) > 1 ? { kind: "direction" } : { kind: "sow", space };
}

function chooseDirection(state: FistfulState, direction: Direction, events: LogEvent[]): void {
  turnOf(state).direction = direction;
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
  handOf(state)[meeple]--;
  if (isShowdown(space) && meeple === "madame") {
    // The madame never fights: she goes to the Saloon with no effect (she was the last in hand).
    meeplesAt(state, "saloon").madame++;
    events.push({ type: "madameToSaloon", seat, space });
    return continueSowing(state, space, events);
  }
  spacesOf(state)[space] = { meeple, controller: isShowdown(space) ? seat : null };
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
  writable(spacesOf(state), space)!.controller = named;
  events.push({ type: "controllerNamed", seat: state.active, space, controller: named });
  continueSowing(state, space, events);
}

function continueSowing(state: FistfulState, lastSpace: SpaceId, events: LogEvent[]): void {
  turnOf(state).lastSpace = lastSpace;
  if (countMeeples(state.turn.hand) === 0) return afterResolution(state, events);
  const direction = state.turn.direction ?? "cw";
  const next = nextFreeSpace(state.spaces, lastSpace, direction);
  if (next) {
    state.step = { kind: "sow", space: next };
    return;
  }
  // RULINGS.overflowToSaloon
  const rest = state.turn.hand;
  const saloon = meeplesAt(state, "saloon");
  for (const type of MEEPLE_TYPES) saloon[type] += rest[type];
  events.push({ type: "overflowToSaloon", seat: state.active, meeples: { ...rest } });
  turnOf(state).hand = noMeeples();
  afterResolution(state, events);
}

// ---- Step 3: resolve the placed meeples ---------------------------------------------------------

/**
 * Draws pieces from the bag one at a time. A dynamite counts as a piece and is set aside; each
 * one explodes after the whole draw is taken (RULINGS.dynamiteAfterTheDraw).
 */
function draw(state: FistfulState, seat: Seat, count: number, reason: string, events: LogEvent[]): void {
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
      bagOf(state).gold--;
      got.gold++;
    } else if (pick < bag.gold + bag.stone) {
      bagOf(state).stone--;
      got.stone++;
    } else {
      bagOf(state).dynamite--;
      dynamite++;
    }
  }
  if (got.gold + got.stone > 0) {
    const player = playerOf(state, seat);
    player.gold += got.gold;
    player.stone += got.stone;
    events.push({ type: "drew", seat, reason, ...got });
  }
  for (let i = 0; i < dynamite; i++) explode(state, seat, events);
}

/** DYNAMIT: everybody returns half their stone, rounded down; the dynamite goes to the explosion space. */
function explode(state: FistfulState, seat: Seat, events: LogEvent[]): void {
  const returned = state.players.map((player) => Math.floor(player.stone / 2));
  returned.forEach((stone, i) => {
    if (stone === 0) return;
    playerOf(state, i).stone -= stone;
    bagOf(state).stone += stone;
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
        meeplesAt(state, building).robber = 0;
        meeplesAt(state, "jail").robber += robbers;
        events.push({ type: "robbersJailed", seat, building, count: robbers });
      }
      break;
    }
    case "madame": {
      const builders = inside.builder;
      draw(state, seat, builders, "madame", events);
      if (builders > 0) {
        meeplesAt(state, building).builder = 0;
        meeplesAt(state, "saloon").builder += builders;
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
  const player = playerOf(state, seat);
  player.gold -= cost.gold;
  player.stone -= cost.stone;
  const bag = bagOf(state);
  bag.gold += cost.gold;
  bag.stone += cost.stone;
}

function decideSign(state: FistfulState, choice: "build" | "upgrade" | "pass", events: LogEvent[]): void {
  const step = state.step;
  if (step.kind !== "build" && step.kind !== "upgrade") throw new Error("no sign decision pending");
  const building = step.building;
  if (choice === "build") {
    const seat = state.active;
    pay(state, seat, building);
    playerOf(state, seat).signsLeft--;
    signsOf(state)[building] = { owner: seat, points: 5 };
    events.push({ type: "signBuilt", seat, building, ...SIGN_COST[building] });
  } else if (choice === "upgrade" && step.kind === "upgrade") {
    pay(state, step.owner, building);
    writable(signsOf(state), building)!.points = 10;
    events.push({ type: "signUpgraded", seat: step.owner, building, ...SIGN_COST[building] });
  } else {
    events.push({ type: "signDeclined", seat: step.kind === "upgrade" ? step.owner : state.active, building });
  }
  enterBuilding(state, building, events);
}

/** A resolved door meeple moves into its building. */
function enterBuilding(state: FistfulState, building: BuildingId, events: LogEvent[]): void {
  const meeple = state.spaces[building]!.meeple;
  delete spacesOf(state)[building];
  meeplesAt(state, building)[meeple]++;
  afterResolution(state, events);
}

/** Back to the resolution list, or on to the end of the turn when nothing is left. */
function afterResolution(state: FistfulState, events: LogEvent[]): void {
  // resolvable(state).length > 0, without listing: asked after every meeple resolved.
  const spaces = state.spaces;
  if ((spaces.SL && spaces.SR) || BUILDINGS.some((b) => spaces[b])) state.step = { kind: "resolve" };
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
    writable(state, "graves").push(meeple);
    events.push({ type: "buried", meeple, grave: state.graves.length });
  } else {
    writable(state, "boxed").push(meeple);
    events.push({ type: "leftTheGame", meeple });
  }
}

function finishShowdown(state: FistfulState, rolls: Record<ShowdownSpace, number>, events: LogEvent[]): void {
  const left = fighter(state, "SL");
  const right = fighter(state, "SR");
  const spaces = spacesOf(state);
  delete spaces.SL;
  delete spaces.SR;
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
    meeplesAt(state, "saloon")[winner.meeple]++;
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
  for (let bought = 0; bought < BARS_PER_TURN; bought++) {
    const price = state.bank[0]; // RULINGS.oneBarPerTurn: the cheapest, and only one
    if (price === undefined || state.players[seat]!.gold < price) break;
    const player = playerOf(state, seat);
    player.gold -= price;
    bagOf(state).gold += price;
    writable(player, "bars").push(price);
    writable(state, "bank").shift();
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
