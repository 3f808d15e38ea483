import { BUILDINGS, RING, SPACE_IDS } from "@saloon/fistful";
import { describe, expect, it } from "vitest";
import { type Rect, computeLayout, directionArrows, ringNeighbour } from "./layout.ts";

const overlap = (a: Rect, b: Rect) => a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
const inside = (r: Rect, w: number, h: number) => r.x >= 0 && r.y >= 0 && r.x + r.w <= w && r.y + r.h <= h;

describe.each(["wide", "tall"] as const)("%s layout", (orientation) => {
  const layout = computeLayout(orientation);

  it("places all 12 buildings and 14 spaces inside the board without overlaps", () => {
    expect(Object.keys(layout.buildings).sort()).toEqual([...BUILDINGS].sort());
    expect(Object.keys(layout.spaces).sort()).toEqual([...SPACE_IDS].sort());
    const areas = [...Object.values(layout.buildings), layout.saloon, layout.jail, layout.graveyard, layout.bank];
    for (const [i, a] of areas.entries()) {
      expect(inside(a, layout.width, layout.height)).toBe(true);
      for (const b of areas.slice(i + 1)) expect(overlap(a, b)).toBe(false);
    }
    const hits = Object.values(layout.spaceHit);
    for (const [i, a] of hits.entries()) for (const b of hits.slice(i + 1)) expect(overlap(a, b)).toBe(false);
  });

  it("puts every door next to its own building, between it and the street", () => {
    for (const id of BUILDINGS) {
      const door = layout.spaces[id];
      const b = layout.buildings[id];
      if (orientation === "wide") {
        expect(door.x).toBeGreaterThan(b.x);
        expect(door.x).toBeLessThan(b.x + b.w);
      } else {
        expect(door.y).toBeGreaterThan(b.y);
        expect(door.y).toBeLessThan(b.y + b.h);
      }
    }
  });

  it("goes round the ring clockwise on screen", () => {
    // The signed area of the ring polygon is positive for clockwise order in screen coordinates (y down).
    const pts = RING.map((s) => layout.spaces[s]);
    const area = pts.reduce((sum, p, i) => {
      const q = pts[(i + 1) % pts.length]!;
      return sum + (p.x * q.y - q.x * p.y);
    }, 0);
    expect(area).toBeGreaterThan(0);
  });

  it("keeps click targets at least 40 px when the board is shown at its smallest size", () => {
    // wide is used from 720 px of board width up; tall down to a 340 px phone column.
    const scale = (orientation === "wide" ? 720 : 340) / layout.width;
    for (const hit of Object.values(layout.spaceHit)) expect(Math.min(hit.w, hit.h) * scale).toBeGreaterThanOrEqual(40);
    for (const b of Object.values(layout.buildings)) expect(Math.min(b.w, b.h) * scale).toBeGreaterThanOrEqual(40);
  });

  it("points the direction arrows at the ring neighbours", () => {
    const arrows = directionArrows(layout, "T3");
    const to = layout.spaces[ringNeighbour("T3", "cw")];
    const from = layout.spaces.T3;
    expect(Math.hypot(arrows.cw.at.x - to.x, arrows.cw.at.y - to.y)).toBeLessThan(Math.hypot(from.x - to.x, from.y - to.y));
    expect(ringNeighbour("T6", "cw")).toBe("SR");
    expect(ringNeighbour("T1", "ccw")).toBe("SL");
  });
});
