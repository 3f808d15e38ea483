import { describe, expect, it } from "vitest";
import { ABSENT, flattenView, rebuildView, viewOverrides } from "./view-paths.ts";

const asRecord = (paths: Map<string, string>) => Object.fromEntries(paths);

describe("views as paths to leaves", () => {
  const view = {
    viewer: null,
    round: 3,
    players: [
      { name: "Ann", money: 5, hand: ["c1", "c2"], tiles: [{ kind: "cow", n: 2 }] },
      { name: "Bob", money: 7, hand: 2, tiles: [] },
    ],
    board: { "a/b": { "~x": [1, 2] }, __proto__: { polluted: true } },
    empty: {},
  };

  it("keeps flat records whole and marks deeper containers", () => {
    const paths = flattenView(view);
    expect(paths.get("/players")).toBe("[");
    expect(paths.get("/players/0")).toBe("{");
    expect(paths.get("/players/0/hand")).toBe('["c1","c2"]');
    expect(paths.get("/players/0/tiles/0")).toBe('{"kind":"cow","n":2}');
    expect(paths.get("/players/1/tiles")).toBe("[]");
    expect(paths.get("/board/a~1b/~0x")).toBe("[1,2]");
    expect(paths.get("/empty")).toBe("{}");
  });

  it("rebuilds exactly the view it was given, keys with / ~ and __proto__ included", () => {
    const rebuilt = rebuildView(asRecord(flattenView(view)));
    expect(rebuilt).toEqual(JSON.parse(JSON.stringify(view)));
    expect(Object.getPrototypeOf(rebuilt.board)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it("a seat's overrides carry only what differs, and rebuild its own view from the public one", () => {
    const publicView = { viewer: null, players: [{ money: 5, hand: 2 }, { money: 7, hand: 1 }], pile: { top: "x", order: [1, 2] } };
    const own = { viewer: 0, players: [{ money: 5, hand: ["c1", "c2"] }, { money: 7, hand: 1 }], pile: { top: "x" } };
    const publicPaths = flattenView(publicView);
    const overrides = viewOverrides(publicPaths, flattenView(own));
    // Shapes may differ: the seat's own player holds an array (a container, split), the public one
    // is flat (one leaf); the seat's pile is flat where the public one holds an array.
    expect(asRecord(overrides)).toEqual({
      "/viewer": "0",
      "/players/0": "{",
      "/players/0/money": "5",
      "/players/0/hand": '["c1","c2"]',
      "/pile": '{"top":"x"}',
      "/pile/top": ABSENT,
      "/pile/order": ABSENT,
    });
    expect(rebuildView(asRecord(publicPaths), asRecord(overrides))).toEqual(own);
    expect(rebuildView(asRecord(publicPaths))).toEqual(publicView);
  });

  it("ignores entries left without a container and rebuilds a shape that changed", () => {
    const before = flattenView({ a: { b: [{ c: 1 }] } });
    const after = flattenView({ a: 4 });
    // A client may briefly hold old children of a path that became a leaf: they are dropped.
    expect(rebuildView({ ...asRecord(before), ...asRecord(after) })).toEqual({ a: 4 });
  });

  it("rebuilds whatever order the paths come in: children before their container, siblings of equal length alternating", () => {
    const paths = { "/b/y": "2", "/a/x": "1", "/b/z": "[3]", "/a": "{", "/b": "{", "/ab": "{", "/ab/x": "4", "/a/w": '"w"' };
    expect(rebuildView(paths)).toEqual({ a: { x: 1, w: "w" }, b: { y: 2, z: [3] }, ab: { x: 4 } });
    // A seat's override turns a public leaf into a container its children fill.
    expect(rebuildView({ "/a": "1", "/c": "2" }, { "/a": "[", "/a/0": "5", "/a/1": "6" })).toEqual({ a: [5, 6], c: 2 });
  });

  it("refuses a view that is not a plain object", () => {
    expect(() => flattenView([1])).toThrow(/plain object/);
    expect(() => flattenView(null)).toThrow(/plain object/);
  });
});
