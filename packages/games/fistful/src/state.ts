import { type RngState, type Seat, seedRng, shuffleInPlace } from "@saloon/engine";
import {
  BAG_START,
  BAR_PRICES,
  BUILDINGS,
  type BuildingId,
  DYNAMITE,
  LOCATIONS,
  type LocationId,
  MEEPLE_SUPPLY,
  MEEPLE_TYPES,
  MEEPLES_PER_BUILDING,
  type MeepleCounts,
  type MeepleType,
  SIGNS_PER_PLAYER,
  type ShowdownSpace,
  type SpaceId,
} from "./data.ts";

export type Direction = "cw" | "ccw";

export interface PlayerState {
  gold: number;
  stone: number;
  /** Prices of the bars taken, in the order taken. */
  bars: number[];
  /** Signs still in the player's supply (of 8). */
  signsLeft: number;
}

export interface Sign {
  owner: Seat;
  points: 5 | 10;
}

/** A meeple standing on a space. On a showdown space `controller` is whose token lies under it. */
export interface PlacedMeeple {
  meeple: MeepleType;
  controller: Seat | null;
}

/** Where the current turn stands, i.e. which decision is owed next. */
export type Step =
  | { kind: "startSign"; seat: Seat }
  | { kind: "take" }
  | { kind: "start" }
  | { kind: "direction" }
  | { kind: "sow"; space: SpaceId }
  | { kind: "name"; space: ShowdownSpace }
  | { kind: "resolve" }
  | { kind: "build"; building: BuildingId }
  | { kind: "upgrade"; building: BuildingId; owner: Seat }
  | { kind: "reroll"; seat: Seat; rolls: Record<ShowdownSpace, number> }
  | { kind: "over" };

export type EndReason = "bankEmpty" | "graveyardFull" | "allDynamiteExploded";

export interface FistfulState {
  seats: number;
  rng: RngState;
  players: PlayerState[];
  /** Meeples in each building, the Saloon and the Jail. */
  locations: Record<LocationId, MeepleCounts>;
  signs: Partial<Record<BuildingId, Sign>>;
  spaces: Partial<Record<SpaceId, PlacedMeeple>>;
  bag: { gold: number; stone: number; dynamite: number };
  jailDynamite: number;
  explodedDynamite: number;
  /** Meeples in graves, in the order they died (at most 6). */
  graves: MeepleType[];
  /** Meeples that died with no grave free: out of the game. */
  boxed: MeepleType[];
  /** Prices of the bars still in the bank, cheapest first. */
  bank: number[];
  /** The player whose turn it is. */
  active: Seat;
  /** Turns completed by everybody so far (used for "everyone had the same number of turns"). */
  turnsPlayed: number;
  turn: {
    source: LocationId | null;
    hand: MeepleCounts;
    direction: Direction | null;
    /** The space the chosen start of a Saloon/Jail turn, or the last space filled. */
    lastSpace: SpaceId | null;
  };
  step: Step;
  /** Set by the first end trigger; the game ends once the round is complete. */
  endTrigger: EndReason | null;
}

export const noMeeples = (): MeepleCounts => ({ madame: 0, deputy: 0, robber: 0, miner: 0, builder: 0 });
export const countMeeples = (counts: MeepleCounts): number => MEEPLE_TYPES.reduce((sum, type) => sum + counts[type], 0);

export function setupState(seed: string, seats: number): FistfulState {
  const holder = { rng: seedRng(seed) };
  // Setup steps 4–5: the madame starts in the Saloon; the other 36 meeples go 3 to a building at random.
  const pool: MeepleType[] = MEEPLE_TYPES.filter((t) => t !== "madame").flatMap((t) => Array<MeepleType>(MEEPLE_SUPPLY[t]).fill(t));
  shuffleInPlace(holder, pool);
  const locations = Object.fromEntries(LOCATIONS.map((id) => [id, noMeeples()])) as Record<LocationId, MeepleCounts>;
  BUILDINGS.forEach((building, i) => {
    for (const meeple of pool.slice(i * MEEPLES_PER_BUILDING, (i + 1) * MEEPLES_PER_BUILDING)) locations[building][meeple]++;
  });
  locations.saloon.madame = MEEPLE_SUPPLY.madame;
  return {
    seats,
    rng: holder.rng,
    players: Array.from({ length: seats }, () => ({ gold: 0, stone: 0, bars: [], signsLeft: SIGNS_PER_PLAYER })),
    locations,
    signs: {},
    spaces: {},
    bag: { gold: BAG_START.gold, stone: BAG_START.stone, dynamite: 0 },
    jailDynamite: DYNAMITE,
    explodedDynamite: 0,
    graves: [],
    boxed: [],
    bank: [...BAR_PRICES].sort((a, b) => a - b),
    active: 0,
    turnsPlayed: 0,
    turn: { source: null, hand: noMeeples(), direction: null, lastSpace: null },
    // Starting signs: from the start player's right neighbour (the last seat), counter-clockwise.
    step: { kind: "startSign", seat: seats - 1 },
    endTrigger: null,
  };
}
