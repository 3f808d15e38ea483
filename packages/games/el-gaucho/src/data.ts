/**
 * El Gaucho — component data (shared/data/el-gaucho.md). Values the rulebook states are exact;
 * the printed board is not public, so some values are reconstructed: every one of those lives in
 * RECONSTRUCTED below and nowhere else, so it can be corrected without touching the rules code.
 */

/**
 * RECONSTRUCTION (marked R in shared/data/el-gaucho.md): these values are not printed in the
 * rulebook. They are consistent with every constraint it states, but they are our best guess of
 * the real board and tiles. Change them here only (RULINGS.reconstructedValues).
 */
export const RECONSTRUCTED = {
  /** Breed colours (the breeds have no names, only colours). */
  breeds: ["brown", "gold", "white", "spotted", "black"],
  /** Small number of each tile by its large number (index 1..12); only 11 → 5 is printed. */
  smallNumber: [0, 1, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6],
  /**
   * Pasture fields per row (bottom row = smallest pasture = index 0): base fields, river fields
   * (3–4 players) and forest fields (4 players only).
   */
  pastureFields: [
    { base: 2, river: 1, forest: 0 },
    { base: 3, river: 1, forest: 0 },
    { base: 3, river: 1, forest: 1 },
    { base: 4, river: 1, forest: 1 },
  ],
  /** Die values of the action areas whose value is not stated: cattle thief 4, overseer 5. */
  thiefValue: [4],
  overseerValue: [5],
} as const;

export const BREEDS = RECONSTRUCTED.breeds;
export type Breed = (typeof BREEDS)[number];

/** One cattle tile: a breed and a large number (its value, 1..12). Each pair exists once. */
export type Tile = { breed: Breed; value: number };

export const VALUES_PER_BREED = 12;
export const TILE_COUNT = BREEDS.length * VALUES_PER_BREED; // 60

/** The small number printed on a tile (used to lay a gaucho down and to raise a lying one). */
export function smallNumber(value: number): number {
  const small = RECONSTRUCTED.smallNumber[value];
  if (small === undefined || value < 1) throw new Error(`no tile value ${value}`);
  return small;
}

/** How many fields each pasture row has at this player count (bottom row first). */
export function pastureSizes(seats: number): number[] {
  return RECONSTRUCTED.pastureFields.map((row) => row.base + (seats >= 3 ? row.river : 0) + (seats >= 4 ? row.forest : 0));
}

/** A pasture row is filled until its large numbers add up to at least this (E). */
export const PASTURE_SUM = 20;
export const STEPPE_SIZE = 4;

/** The six action areas, in board order. */
export const AREAS = ["stable", "wish", "sale", "thief", "overseer", "steppe"] as const;
export type Area = (typeof AREAS)[number];

/** The die values that occupy each area's own-colour field (the sum of two dice counts as one value). */
export const AREA_VALUES: Record<Area, readonly number[]> = {
  stable: [1, 2, 3],
  wish: [1, 2, 3],
  sale: [1, 2, 3],
  thief: RECONSTRUCTED.thiefValue,
  overseer: RECONSTRUCTED.overseerValue,
  steppe: [6],
};

/** Dice in the rodeo by player count (9 dice, 4 set aside at 2 players, 2 at 3). */
export const DICE: Record<number, number> = { 2: 5, 3: 7, 4: 9 };
/** Gauchos per player (7 with 4 players, 8 with 2 or 3). */
export const GAUCHOS: Record<number, number> = { 2: 8, 3: 8, 4: 7 };
/** Tiles dealt into each pre-round hand. */
export const HAND_SIZE: Record<number, number> = { 2: 5, 3: 4, 4: 3 };
/** Pre-round: keep 1 tile of any value, or 2 each ≤ 8, or 3 each ≤ 4. */
export const KEEP_LIMITS: readonly { count: number; max: number }[] = [
  { count: 1, max: 12 },
  { count: 2, max: 8 },
  { count: 3, max: 4 },
];
/** Steppe: 1 tile of any value or 2 tiles each ≤ 4. */
export const STEPPE_PAIR_MAX = 4;
/** Instant sale: a herd of at least 2 tiles, and 5 pesos on top of the proceeds. */
export const INSTANT_SALE_MIN = 2;
export const INSTANT_SALE_BONUS = 5;

export const SEAT_COLOURS = ["red", "blue", "green", "yellow"] as const;

export function allTiles(): Tile[] {
  return BREEDS.flatMap((breed) => Array.from({ length: VALUES_PER_BREED }, (_, i) => ({ breed, value: i + 1 })));
}

export const sameTile = (a: Tile, b: Tile): boolean => a.breed === b.breed && a.value === b.value;
