/**
 * The extent of every control Fistful's board draws (the `.drawing` of each components/Spot.svelte
 * on it), worked out from the layout the same way Board.svelte draws it. Two controls offered at
 * the same time must not overlap: a tap on one would land on the other, and each one's tap area
 * (components/hit-area.ts) stops growing where a neighbour's drawing begins. controls.test.ts
 * checks every pair, so this holds without a browser game reaching the moment they meet.
 */
import { BUILDINGS, type SpaceId } from "@saloon/fistful";
import { type BoardLayout, HALO, type Point, type Rect, SHOWDOWN_LABEL_SIZE, directionArrows } from "./layout.ts";

/** Radius of a direction arrow's disc and of its glow. */
export const ARROW_RADIUS = { disc: 34, halo: 40 };

/**
 * Box round a line of text drawn centred on `at` (its baseline), from the font's metrics, with
 * room to spare: measured in Chromium, "SHOWDOWN" (bold, letter-spaced) is 0.99 em a letter wide
 * and its box runs 0.97 em above the baseline and 0.24 em below; this allows 1.1 em, 1 em and 0.3 em
 * for a wider fallback font.
 */
export function textBox(at: Point, text: string, size: number): Rect {
  const w = text.length * 1.1 * size;
  return { x: at.x - w / 2, y: at.y - size, w, h: 1.3 * size };
}

const union = (...rects: Rect[]): Rect => {
  const x = Math.min(...rects.map((r) => r.x));
  const y = Math.min(...rects.map((r) => r.y));
  return { x, y, w: Math.max(...rects.map((r) => r.x + r.w)) - x, h: Math.max(...rects.map((r) => r.y + r.h)) - y };
};
const grow = (r: Rect, by: number): Rect => ({ x: r.x - by, y: r.y - by, w: r.w + 2 * by, h: r.h + 2 * by });
const disc = (c: Point, r: number): Rect => ({ x: c.x - r, y: c.y - r, w: 2 * r, h: 2 * r });

/** Centres of `n` equal slots along the longer side of `r` (the hand's meeples, the bag's counts). */
export function spread(r: Rect, n: number): { at: Point; slot: Rect }[] {
  const horizontal = r.w >= r.h;
  const len = (horizontal ? r.w : r.h) / Math.max(1, n);
  return Array.from({ length: n }, (_, i) => {
    const slot = horizontal ? { x: r.x + i * len, y: r.y, w: len, h: r.h } : { x: r.x, y: r.y + i * len, w: r.w, h: len };
    return { at: { x: slot.x + slot.w / 2, y: slot.y + slot.h / 2 }, slot };
  });
}

/** A hand item's drawing: its glow fills its slot but for 3 units each side, and the meeple and count sit inside. */
export const handItemBox = (slot: Rect): Rect => grow(slot, -3);

/**
 * The box of every board control but the direction arrows, by name: buildings, the Saloon and the
 * Jail (glow round the facade), the 14 spaces (hit rectangle, glow and, by a showdown space, its
 * word) and the hand's meeples when the hand holds `handKinds` kinds.
 */
export function controlBoxes(layout: BoardLayout, showdownWord: string, handKinds: number): Map<string, Rect> {
  const boxes = new Map<string, Rect>();
  for (const id of BUILDINGS) boxes.set(`building ${id}`, grow(layout.buildings[id], HALO.building));
  boxes.set("saloon", grow(layout.saloon, HALO.building));
  boxes.set("jail", grow(layout.jail, HALO.building));
  for (const [id, centre] of Object.entries(layout.spaces) as [SpaceId, Point][]) {
    const showdown = id === "SL" || id === "SR";
    const parts = [layout.spaceHit[id], disc(centre, (showdown ? layout.showdownRadius : layout.doorRadius) + HALO.space)];
    if (showdown) parts.push(textBox(layout.showdownLabel[id], showdownWord, SHOWDOWN_LABEL_SIZE * layout.textScale));
    boxes.set(`space ${id}`, union(...parts));
  }
  // The hand's first slot is its title; each kind of meeple in it has one after.
  for (const [i, cell] of spread(layout.hand, handKinds + 1).slice(1).entries()) boxes.set(`hand ${i + 1}`, handItemBox(cell.slot));
  return boxes;
}

/** The two direction arrows' boxes when sowing from `from`. */
export function arrowBoxes(layout: BoardLayout, from: SpaceId): Record<"cw" | "ccw", Rect> {
  const arrows = directionArrows(layout, from);
  return { cw: disc(arrows.cw.at, ARROW_RADIUS.halo), ccw: disc(arrows.ccw.at, ARROW_RADIUS.halo) };
}
