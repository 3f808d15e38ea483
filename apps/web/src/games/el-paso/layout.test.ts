import { EL_PASO, NODES, POSTS, SUCCESSORS } from "@saloon/el-paso";
import { describe, expect, it } from "vitest";
import { type Rect, computeDisplayLayout, computeTrailLayout, inside, overlaps, trailSegments } from "./layout.ts";

const noOverlaps = (rects: Rect[]) => {
  for (let i = 0; i < rects.length; i++) for (let j = i + 1; j < rects.length; j++) expect(overlaps(rects[i]!, rects[j]!), `${i} and ${j}`).toBe(false);
};

describe("El Paso board layout", () => {
  it("reads the loop from the trail's successors: every node once, forks as two branches", () => {
    const segments = trailSegments();
    const nodes = segments.flatMap((s) => (s.kind === "main" ? [s.node] : [...s.inner, ...s.outer]));
    expect(nodes[0]).toBe(EL_PASO);
    expect([...nodes].sort()).toEqual([...NODES].sort());
    const forks = segments.filter((s) => s.kind === "fork");
    expect(forks).toHaveLength(Object.values(SUCCESSORS).filter((next) => next.length > 1).length);
    // A branch's nodes follow each other on the trail.
    for (const fork of forks) for (const list of [fork.inner, fork.outer]) for (let i = 1; i < list.length; i++) expect(SUCCESSORS[list[i - 1]!]).toContain(list[i]);
  });

  it("draws a different graph without code changes, and refuses a broken one", () => {
    const graph = { T00: ["A"], A: ["B", "C"], B: ["D"], C: ["E"], E: ["D"], D: ["T00"] };
    expect(trailSegments(graph)).toEqual([
      { kind: "main", node: "T00" },
      { kind: "main", node: "A" },
      { kind: "fork", inner: ["B"], outer: ["C", "E"] },
      { kind: "main", node: "D" },
    ]);
    expect(() => trailSegments({ T00: ["A"], A: [] })).toThrow(/stops/);
  });

  it.each(["wide", "narrow"] as const)("places every tile, post and pile on the %s board without overlaps", (orientation) => {
    const L = computeTrailLayout(orientation);
    const rects = [...NODES.map((n) => L.nodes[n]), ...POSTS.map((p) => L.posts[p]), L.simmental, L.simmSpace];
    noOverlaps(rects);
    for (const r of rects) expect(inside(r, L.width, L.height), JSON.stringify(r)).toBe(true);
    // The centre field sits clear of the trail.
    for (const n of NODES) for (const r of [...POSTS.map((p) => L.posts[p]), L.simmental, L.simmSpace]) expect(overlaps(L.nodes[n], r)).toBe(false);
  });

  it.each(["wide", "narrow"] as const)("lays out the %s displays without overlaps", (orientation) => {
    const D = computeDisplayLayout(orientation, computeTrailLayout(orientation).width);
    const rects = [
      ...Object.values(D.trains),
      D.objectives.pile,
      ...D.objectives.slots,
      D.bonuses.pile,
      ...D.bonuses.slots,
      ...Object.values(D.buildings),
      ...Object.values(D.market),
      ...Object.values(D.workers),
    ];
    noOverlaps(rects);
    for (const r of rects) expect(inside(r, D.width, D.height), JSON.stringify(r)).toBe(true);
  });

  it("keeps a phone's tap targets at least 40 px on a 360 px screen", () => {
    const L = computeTrailLayout("narrow");
    const scale = (360 - 24) / L.width;
    expect(L.nodes.T00.h * scale).toBeGreaterThanOrEqual(40);
    expect(L.posts.P00.w * scale).toBeGreaterThanOrEqual(40);
  });
});
