/** Names and looks of El Gaucho's breeds, areas and tiles, shared by the log, the prompts and the board. */
import { AREA_VALUES, type Area, type Breed, type Tile, smallNumber } from "@saloon/el-gaucho";

export interface BreedStyle {
  name: string;
  /** Short letters drawn on the tile: colour never carries the breed alone. */
  letter: string;
  fill: string;
  ink: string;
  /** Spotted cattle get a pattern as well. */
  spots: boolean;
}

export const BREED_STYLE: Record<Breed, BreedStyle> = {
  brown: { name: "brown", letter: "Br", fill: "#8a4b22", ink: "#ffffff", spots: false },
  gold: { name: "gold", letter: "Go", fill: "#e0b23a", ink: "#2a1c05", spots: false },
  white: { name: "white", letter: "Wh", fill: "#f7f3ea", ink: "#1d0f04", spots: false },
  spotted: { name: "spotted", letter: "Sp", fill: "#d9cdb8", ink: "#1d0f04", spots: true },
  black: { name: "black", letter: "Bk", fill: "#2b2624", ink: "#ffffff", spots: false },
};

export const breedStyle = (breed: unknown): BreedStyle => BREED_STYLE[(typeof breed === "string" && breed in BREED_STYLE ? breed : "brown") as Breed];

export interface AreaInfo {
  name: string;
  short: string;
  does: string;
}

export const AREA_INFO: Record<Area, AreaInfo> = {
  stable: { name: "the stable", short: "Stable", does: "While cattle come home, put one arriving tile inside your herd of its breed (the gaucho comes back)." },
  wish: { name: "the rodeo hero", short: "Rodeo hero", does: "Take back the gaucho for a wish die: one extra die of any value this turn." },
  sale: { name: "the estancia", short: "Estancia", does: "Take back the gaucho to sell one of your herds of 2+ tiles now, plus 5 pesos." },
  thief: { name: "the cattle thief", short: "Cattle thief", does: "Take back the gaucho to take any tile from another player's herd; they get its value in pesos." },
  overseer: {
    name: "the overseer",
    short: "Overseer",
    does: "Take back the gaucho to stand up 1–2 of your lying gauchos, or replace another player's lying gaucho by your standing one (they get the tile's value).",
  },
  steppe: { name: "the steppe", short: "Steppe", does: "Take back the gaucho to look at the steppe secretly and put 1 tile (or 2 of value 4 or less) on free fields with a standing gaucho each." },
};

export const areaInfo = (area: unknown): AreaInfo => AREA_INFO[(typeof area === "string" && area in AREA_INFO ? area : "stable") as Area];

/** "1, 2 or 3" — the die values that occupy an area. */
export function areaValues(area: Area): string {
  return joinOr(AREA_VALUES[area].map(String));
}

export function joinAnd(parts: string[]): string {
  if (parts.length <= 1) return parts.join("");
  return `${parts.slice(0, -1).join(", ")} and ${parts[parts.length - 1]}`;
}

export function joinOr(parts: string[]): string {
  if (parts.length <= 1) return parts.join("");
  return `${parts.slice(0, -1).join(", ")} or ${parts[parts.length - 1]}`;
}

/** "brown 7". */
export function tileName(tile: unknown): string {
  const t = (tile ?? {}) as Partial<Tile>;
  return `${breedStyle(t.breed).name} ${typeof t.value === "number" ? t.value : 0}`;
}

export function tileList(tiles: unknown): string {
  return joinAnd((Array.isArray(tiles) ? tiles : []).map(tileName));
}

/** "pasture 2, field 3" (both 1-based; pasture 1 is the smallest). */
export function fieldName(row: unknown, field: unknown): string {
  return `pasture ${Number(row) + 1}, field ${Number(field) + 1}`;
}

/** "a 4 and a 2", "the wish die", "a 3 and the wish die". */
export function diceText(dice: unknown, wish: unknown): string {
  const parts = (Array.isArray(dice) ? dice : []).map((d) => `a ${Number(d)}`);
  if (wish) parts.push("the wish die");
  return joinAnd(parts) || "no dice";
}

export function smallOf(value: number): number {
  try {
    return smallNumber(value);
  } catch {
    return 0;
  }
}

export const pesos = (n: number): string => `${n} ${n === 1 ? "peso" : "pesos"}`;
