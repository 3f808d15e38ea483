import { AREAS, DICE, pastureSizes } from "@saloon/el-gaucho";
import { MIN_TARGET_PX } from "../../components/hit-area.ts";
import { describe, expect, it } from "vitest";
import { type Rect, blocks, computeLayout, overlaps } from "./layout.ts";

const eps = 1e-6;
const inside = (r: Rect, outer: Rect) =>
  r.x >= outer.x - eps && r.y >= outer.y - eps && r.x + r.w <= outer.x + outer.w + eps && r.y + r.h <= outer.y + outer.h + eps;

describe.each([2, 3, 4].flatMap((seats) => (["wide", "narrow"] as const).map((o) => [seats, o] as const)))("layout for %i players, %s", (seats, orientation) => {
  const layout = computeLayout(seats, orientation);
  const board = { x: 0, y: 0, w: layout.width, h: layout.height };

  it("has a field for every pasture field in play, and every block inside the board without overlaps", () => {
    expect(layout.fields.map((row) => row.length)).toEqual(pastureSizes(seats));
    expect(Object.keys(layout.areas)).toEqual([...AREAS]);
    expect(layout.players).toHaveLength(seats);
    const all = blocks(layout);
    for (const [i, a] of all.entries()) {
      expect(inside(a, board), JSON.stringify(a)).toBe(true);
      for (const b of all.slice(i + 1)) expect(overlaps(a, b), `${JSON.stringify(a)} / ${JSON.stringify(b)}`).toBe(false);
    }
    const fields = [...layout.fields.flat(), ...layout.rowLabels];
    for (const [i, a] of fields.entries()) {
      expect(inside(a, layout.pampa)).toBe(true);
      for (const b of fields.slice(i + 1)) expect(overlaps(a, b)).toBe(false);
    }
  });

  it("draws the smallest pasture at the bottom", () => {
    expect(layout.fields[0]![0]!.y).toBeGreaterThan(layout.fields[layout.fields.length - 1]![0]!.y);
  });

  it("keeps pasture fields at least 40 px wide at the smallest size it is shown at", () => {
    // wide from 760 px of board width up; narrow down to a 340 px phone column.
    const scale = (orientation === "wide" ? 760 : 340) / layout.width;
    for (const f of layout.fields.flat()) expect(Math.min(f.w, f.h) * scale).toBeGreaterThanOrEqual(40);
  });

  it.runIf(orientation === "narrow")("on a 340 px phone column, spaces the dice, the tiles in a row and the herds a finger's width apart", () => {
    // Each is a control whose tap area grows to MIN_TARGET_PX round its centre: neighbours that
    // are closer than that would take each other's taps.
    const scale = 340 / layout.width;
    for (const step of [layout.dice.step, layout.tiles.step]) expect(step * scale).toBeGreaterThanOrEqual(MIN_TARGET_PX);
    const herds = layout.players[0]!.herds;
    expect((herds[1]!.y - herds[0]!.y) * scale).toBeGreaterThanOrEqual(MIN_TARGET_PX);
    // Every die of the rodeo fits in it, and a tile row fits under the herds.
    const rows = Math.ceil(DICE[seats]! / layout.dice.perRow);
    expect(layout.rodeo.y + 44 + rows * layout.dice.step).toBeLessThanOrEqual(layout.rodeo.y + layout.rodeo.h - 40);
    expect(14 + layout.dice.perRow * layout.dice.step).toBeLessThanOrEqual(layout.rodeo.w);
    const box = layout.players[0]!.box;
    expect(herds.at(-1)!.y + herds.at(-1)!.h).toBeLessThanOrEqual(box.y + box.h - layout.footH);
    expect(layout.footH).toBeGreaterThan(layout.tiles.h);
  });
});
