/**
 * What each seat of A Fistful of Meeples may decide now: the actions, and the prompt of every step
 * of the turn (rules.ts carries a decision out). Section numbers refer to the turn in the rulebook
 * (SPIELABLAUF).
 */
import type { Prompt, Seat } from "@saloon/engine";
import { BUILDINGS, type BuildingId, CORNERS, LOCATIONS, type LocationId, MEEPLE_TYPES, type MeepleCounts, type MeepleType, RING, SIGN_COST, type ShowdownSpace, type SpaceId } from "./data.ts";
import { countMeeples, type Direction, type FistfulState } from "./state.ts";

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
export const otherShowdown = (space: ShowdownSpace): ShowdownSpace => (space === "SL" ? "SR" : "SL");
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
export function resolvable(state: FistfulState): FistfulAction[] {
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
