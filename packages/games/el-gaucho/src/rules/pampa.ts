/** The pampa: filling pastures, free fields, full pastures; drawing from the supply. */
import { PASTURE_SUM, type Tile } from "../data.ts";
import { type GauchoState, type PampaField, fieldOf } from "../state.ts";
import { writable } from "@saloon/engine";

export type FieldRef = { row: number; field: number };

/** Draws the supply's next tile; the draw that empties it starts the end of the game (RULINGS.endOfGame). */
export function drawTile(state: Pick<GauchoState, "supply" | "endPhase">): Tile | null {
  const tile = writable(state, "supply").pop() ?? null;
  if (tile && state.supply.length === 0 && state.endPhase === null) state.endPhase = "supplyOut";
  return tile;
}

export const rowSum = (row: readonly PampaField[]): number => row.reduce((sum, f) => sum + (f.tile?.value ?? 0), 0);

/**
 * Fills the pastures from the smallest up: each row's empty fields in order, while the row's
 * large numbers (tiles under lying gauchos included) add up to less than 20 and the supply lasts.
 * Returns the tiles laid with their fields.
 */
export function fillPampa(state: Pick<GauchoState, "supply" | "endPhase" | "pampa">): (FieldRef & { tile: Tile })[] {
  const laid: (FieldRef & { tile: Tile })[] = [];
  for (let r = 0; r < state.pampa.length; r++) {
    for (let f = 0; f < state.pampa[r]!.length; f++) {
      // The row as filled so far: a tile laid earlier in this row counts towards its sum.
      const row = state.pampa[r]!;
      if (row[f]!.tile || rowSum(row) >= PASTURE_SUM || state.supply.length === 0) continue;
      const tile = drawTile(state)!;
      fieldOf(state, r, f).tile = tile;
      laid.push({ row: r, field: f, tile });
    }
  }
  return laid;
}

/** Fields with no tile (where the steppe's tiles may go). */
export function freeFields(pampa: readonly (readonly PampaField[])[]): FieldRef[] {
  return pampa.flatMap((row, r) => row.flatMap((f, i) => (f.tile ? [] : [{ row: r, field: i }])));
}

/** Whether any field has no tile: `freeFields(pampa).length > 0` without listing them. */
export function hasFreeField(pampa: readonly (readonly PampaField[])[]): boolean {
  // Index loops, not for-of: asked for every turn's prompt, and the profile showed iterator results here.
  for (let r = 0; r < pampa.length; r++) for (let i = 0; i < pampa[r]!.length; i++) if (!pampa[r]![i]!.tile) return true;
  return false;
}

/** RULINGS.fullPasture: at least one tile and every tile carries a gaucho. */
export function isFull(row: readonly PampaField[]): boolean {
  const tiles = row.filter((f) => f.tile);
  return tiles.length > 0 && tiles.every((f) => f.gaucho);
}
