/**
 * Board geometry computed from the game's data table (pasture sizes, the six areas, dice counts):
 * wide: the pampa on the left, the rodeo and the steppe on the right, the action areas below,
 * then the players' displays in two columns. Narrow (phones): everything stacked in one column,
 * drawn at a width that keeps a pasture field at least 40 px wide on a 360 px screen.
 */
import { AREAS, type Area, BREEDS, DICE, pastureSizes } from "@saloon/el-gaucho";

export interface Rect {
  x: number;
  y: number;
  w: number;
  h: number;
}

export type Orientation = "wide" | "narrow";

export interface GauchoLayout {
  orientation: Orientation;
  width: number;
  height: number;
  pampa: Rect;
  /** Field rects by pasture row (row 0 = smallest, drawn at the bottom) and field. */
  fields: Rect[][];
  rowLabels: Rect[];
  rodeo: Rect;
  side: Rect;
  areas: Record<Area, Rect>;
  /** Each player's display: a box and one herd line per breed. */
  players: { box: Rect; herds: Rect[] }[];
  /** The rodeo's dice: their size, the distance from one die to the next, and how many fit in a row. */
  dice: { size: number; step: number; perRow: number };
  /** Tiles in a row (a hand, a herd, the steppe, arriving tiles): their size and the distance from one to the next. */
  tiles: { w: number; h: number; step: number };
  /** The height of the row under a player's herds (the hand, tiles coming home). */
  footH: number;
}

/**
 * On a phone the board is drawn at less than half its size; what a finger picks there (a die, a
 * tile in a row, a herd) is drawn larger and further apart, so each is a 40 px target that does
 * not reach into its neighbour's (components/hit-area.ts grows a target to 42 px).
 */
const NARROW_STEP = 104;

export const TILE_W = 104;
export const TILE_H = 96;

export function computeLayout(seats: number, orientation: Orientation = "wide"): GauchoLayout {
  const sizes = pastureSizes(seats);
  const gap = 10;
  const label = 92;
  const top = 44;
  const pampaW = label + Math.max(...sizes) * (TILE_W + gap) + gap;
  const rowH = TILE_H + gap;
  const fields: Rect[][] = [];
  const rowLabels: Rect[] = [];
  sizes.forEach((size, r) => {
    const y = top + (sizes.length - 1 - r) * rowH;
    rowLabels[r] = { x: 8, y, w: label - 12, h: TILE_H };
    fields[r] = Array.from({ length: size }, (_, i) => ({ x: label + i * (TILE_W + gap), y, w: TILE_W, h: TILE_H }));
  });
  const pampaH = top + sizes.length * rowH + 4;
  const wide = orientation === "wide";
  const width = wide ? 1200 : Math.max(760, pampaW);
  const pampa: Rect = { x: 0, y: 0, w: wide ? pampaW : width, h: pampaH };

  const dice = wide ? { size: 40, step: 48, perRow: 9 } : { size: 84, step: NARROW_STEP, perRow: Math.floor((width - 14) / NARROW_STEP) };
  const tiles = wide ? { w: 42, h: 34, step: 46 } : { w: 92, h: 84, step: NARROW_STEP };
  const diceRows = Math.ceil((DICE[seats] ?? Math.max(...Object.values(DICE))) / dice.perRow);
  // Title, the dice in the rodeo, then the dice in use (drawn small: they are not picked).
  const rodeoH = wide ? 150 : 44 + diceRows * dice.step + 80;
  const sideNeeds = 52 + seats * 24 + 62 + tiles.h;
  let rodeo: Rect;
  let side: Rect;
  if (wide) {
    const sideX = pampaW + 16;
    rodeo = { x: sideX, y: 0, w: width - sideX, h: rodeoH };
    side = { x: sideX, y: rodeo.h + 10, w: width - sideX, h: Math.max(sideNeeds, pampaH - rodeo.h - 10) };
  } else {
    rodeo = { x: 0, y: pampaH + 12, w: width, h: rodeoH };
    side = { x: 0, y: rodeo.y + rodeo.h + 10, w: width, h: sideNeeds };
  }

  const areaTop = Math.max(pampa.y + pampa.h, side.y + side.h) + 16;
  const perRow = wide ? AREAS.length : 3;
  const areaW = (width - (perRow - 1) * 10) / perRow;
  const areaH = 150;
  const areas = {} as Record<Area, Rect>;
  AREAS.forEach((area, i) => (areas[area] = { x: (i % perRow) * (areaW + 10), y: areaTop + Math.floor(i / perRow) * (areaH + 10), w: areaW, h: areaH }));
  const areaRows = Math.ceil(AREAS.length / perRow);

  const playersTop = areaTop + areaRows * (areaH + 10) + 10;
  const cols = wide ? 2 : 1;
  const colW = (width - (cols - 1) * 16) / cols;
  const lineH = wide ? 40 : NARROW_STEP;
  const footH = tiles.h + 10;
  const boxH = 48 + BREEDS.length * lineH + footH + 8;
  const players = Array.from({ length: seats }, (_, seat) => {
    const box = { x: (seat % cols) * (colW + 16), y: playersTop + Math.floor(seat / cols) * (boxH + 16), w: colW, h: boxH };
    const herds = BREEDS.map((_, b) => ({ x: box.x + 10, y: box.y + 48 + b * lineH, w: box.w - 20, h: lineH - 4 }));
    return { box, herds };
  });
  const height = playersTop + Math.ceil(seats / cols) * (boxH + 16);
  return { orientation, width, height, pampa, fields, rowLabels, rodeo, side, areas, players, dice, tiles, footH };
}

export function overlaps(a: Rect, b: Rect): boolean {
  return a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
}

/** Every rect that must not overlap another (for the layout test); the pampa holds the fields. */
export function blocks(layout: GauchoLayout): Rect[] {
  return [layout.pampa, layout.rodeo, layout.side, ...Object.values(layout.areas), ...layout.players.map((p) => p.box)];
}
