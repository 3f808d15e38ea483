/**
 * Names and looks of El Gaucho's breeds, areas and tiles, shared by the log, the prompts and the
 * board. The words are messages (messages/{en,de}.json) in the German edition's terms (Rind,
 * Weide, Stall, Rodeoheld, Estancia, Viehdieb, Aufseher, Steppe, Wunschwürfel); a noun phrase
 * has one message per case a sentence needs.
 */
import { AREA_VALUES, type Area, type Breed, type Tile, smallNumber } from "@saloon/el-gaucho";
import { m } from "../../paraglide/messages.js";
import { joinWith } from "../grammar.ts";

export interface BreedStyle {
  fill: string;
  ink: string;
  /** Spotted cattle get a pattern as well. */
  spots: boolean;
}

export const BREED_STYLE: Record<Breed, BreedStyle> = {
  brown: { fill: "#8a4b22", ink: "#ffffff", spots: false },
  gold: { fill: "#e0b23a", ink: "#2a1c05", spots: false },
  white: { fill: "#f7f3ea", ink: "#1d0f04", spots: false },
  spotted: { fill: "#d9cdb8", ink: "#1d0f04", spots: true },
  black: { fill: "#2b2624", ink: "#ffffff", spots: false },
};

const breedOf = (breed: unknown): Breed => (typeof breed === "string" && breed in BREED_STYLE ? (breed as Breed) : "brown");
export const breedStyle = (breed: unknown): BreedStyle => BREED_STYLE[breedOf(breed)];
/** "brown" / "Braun": the breed's name, as written on a herd's row. */
export const breedName = (breed: unknown): string => m.gaucho_breed({ breed: breedOf(breed) });
/** "the brown herd" / "die braune Herde". */
export const herdName = (breed: unknown): string => m.gaucho_herd({ breed: breedOf(breed) });

const areaOf = (area: unknown): Area => (typeof area === "string" && area in AREA_VALUES ? (area as Area) : "stable");
/** "Stable" / "Stall": the area's title on the board. */
export const areaShort = (area: unknown): string => m.gaucho_area_short({ area: areaOf(area) });
/** What the area does, for tooltips. */
export const areaDoes = (area: unknown): string => m.gaucho_area_does({ area: areaOf(area) });
/** "the stable" / "den Stall": where a gaucho goes. */
export const areaOnto = (area: unknown): string => m.gaucho_area_onto({ area: areaOf(area) });
/** "the stable" / "dem Stall": where a gaucho comes back from. */
export const areaFrom = (area: unknown): string => m.gaucho_area_from({ area: areaOf(area) });

/** "1, 2 or 3" — the die values that occupy an area. */
export function areaValues(area: Area): string {
  return joinOr(AREA_VALUES[area].map(String));
}

export function joinAnd(parts: string[]): string {
  return joinWith(parts, m.gaucho_and);
}

export function joinOr(parts: string[]): string {
  return joinWith(parts, m.gaucho_or);
}

/** "brown 7" / "Braun 7". */
export function tileName(tile: unknown): string {
  const t = (tile ?? {}) as Partial<Tile>;
  return m.gaucho_tile({ breed: breedOf(t.breed), value: typeof t.value === "number" ? t.value : 0 });
}

export function tileList(tiles: unknown): string {
  return joinAnd((Array.isArray(tiles) ? tiles : []).map(tileName));
}

/** "pasture 2, field 3" (both 1-based; pasture 1 is the smallest). */
export function fieldName(row: unknown, field: unknown): string {
  return m.gaucho_field({ row: Number(row) + 1, field: Number(field) + 1 });
}

/**
 * "a 4 and a 2", "the wish die", "a 3 and the wish die": the dice a gaucho was placed with
 * ("with …", dative in German), or the dice a player still has ("you have …", accusative).
 */
export function diceText(dice: unknown, wish: unknown, grammaticalCase: "with" | "have" = "with"): string {
  const dative = grammaticalCase === "with";
  const parts = (Array.isArray(dice) ? dice : []).map((d) => (dative ? m.gaucho_die_dat : m.gaucho_die_acc)({ value: Number(d) }));
  if (wish) parts.push(dative ? m.gaucho_wish_dat() : m.gaucho_wish_acc());
  return joinAnd(parts) || (dative ? m.gaucho_no_dice_dat() : m.gaucho_no_dice_acc());
}

export function smallOf(value: number): number {
  try {
    return smallNumber(value);
  } catch {
    return 0;
  }
}

export const pesos = (n: number): string => m.gaucho_pesos({ count: n });
