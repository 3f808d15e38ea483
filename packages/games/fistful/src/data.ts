/**
 * A Fistful of Meeples — component data (shared/data/fistful.md, every value "exact").
 * The board is data: rules code, renderers and bots read positions and costs from here.
 */

export const MEEPLE_TYPES = ["madame", "deputy", "robber", "miner", "builder"] as const;
export type MeepleType = (typeof MEEPLE_TYPES)[number];
export type MeepleCounts = Record<MeepleType, number>;

/** How many of each meeple the box holds: 1 purple madame, 4 blue deputies, 5 red robbers, 6 yellow miners, 21 grey builders. */
export const MEEPLE_SUPPLY: MeepleCounts = { madame: 1, deputy: 4, robber: 5, miner: 6, builder: 21 };

/** Shooting order; the winner of a showdown also draws this many pieces for the loser's type. */
export const SHOOTING_RANK: Record<Exclude<MeepleType, "madame">, number> = { deputy: 4, robber: 3, miner: 2, builder: 1 };
export const SHOWDOWN_REWARD: Record<Exclude<MeepleType, "madame">, number> = { deputy: 4, robber: 3, miner: 2, builder: 1 };

/** Six buildings above Main Street (T1..T6, left to right) and six below (B1..B6, left to right). */
export const BUILDINGS = ["T1", "T2", "T3", "T4", "T5", "T6", "B1", "B2", "B3", "B4", "B5", "B6"] as const;
export type BuildingId = (typeof BUILDINGS)[number];
export const CORNERS: readonly BuildingId[] = ["T1", "T6", "B1", "B6"];

export const SHOWDOWN_SPACES = ["SL", "SR"] as const;
export type ShowdownSpace = (typeof SHOWDOWN_SPACES)[number];
/** A space on the street: a building's door (named after the building) or a showdown space. */
export type SpaceId = BuildingId | ShowdownSpace;
export const SPACE_IDS: readonly SpaceId[] = [...BUILDINGS, ...SHOWDOWN_SPACES];

/** The 14 spaces in clockwise order; counter-clockwise is the reverse. SR sits between T6 and B6, SL between B1 and T1. */
export const RING: readonly SpaceId[] = ["T1", "T2", "T3", "T4", "T5", "T6", "SR", "B6", "B5", "B4", "B3", "B2", "B1", "SL"];

export type LocationId = BuildingId | "saloon" | "jail";
export const LOCATIONS: readonly LocationId[] = [...BUILDINGS, "saloon", "jail"];

export interface Cost {
  gold: number;
  stone: number;
}
/** The cost printed on each building; the same to build a sign there and to upgrade it. */
export const SIGN_COST: Record<BuildingId, Cost> = {
  T1: { gold: 0, stone: 3 },
  T6: { gold: 0, stone: 3 },
  B1: { gold: 0, stone: 3 },
  B6: { gold: 0, stone: 3 },
  T2: { gold: 1, stone: 2 },
  T5: { gold: 1, stone: 2 },
  B2: { gold: 1, stone: 2 },
  B5: { gold: 1, stone: 2 },
  T3: { gold: 2, stone: 1 },
  T4: { gold: 2, stone: 1 },
  B3: { gold: 2, stone: 1 },
  B4: { gold: 2, stone: 1 },
};

/** Pieces the miner's sign owner draws, by the sign's side. */
export const MINER_DRAW: Record<5 | 10, number> = { 5: 2, 10: 4 };

export const BAG_START = { gold: 36, stone: 18 } as const;
export const DYNAMITE = 3;
export const GRAVES = 6;
/** The bank's gold bars, by price in gold cubes; the cheapest remaining one is offered. */
export const BAR_PRICES: readonly number[] = [6, 6, 7, 7, 8, 8];
export const BAR_POINTS = 10;
export const SIGNS_PER_PLAYER = 8;
export const MEEPLES_PER_BUILDING = 3;
export const SEAT_COLOURS = ["orange", "green", "grey", "black"] as const;
