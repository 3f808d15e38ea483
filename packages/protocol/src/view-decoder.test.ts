import { createRandom } from "@saloon/engine";
import { describe, expect, it } from "vitest";
import { ViewDecoder } from "./view-decoder.ts";
import { flattenView, rebuildView, viewOverrides } from "./view-paths.ts";

const asRecord = (paths: Map<string, string>) => Object.fromEntries(paths);

/** A seeded sequence in [0, 1): the same views at every run. */
function randomOf(seed: number): () => number {
  const random = createRandom(`view-decoder-${seed}`);
  return () => random.int(0, 999_999) / 1_000_000;
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
const KEYS = ["a", "b", "money", "x/y", "~t", "__proto__", "0", "hand"];

function leaf(random: () => number): Json {
  const r = random();
  if (r < 0.4) return Math.floor(random() * 10);
  if (r < 0.55) return ["c1", "c2", "c3"].slice(0, Math.floor(random() * 4));
  if (r < 0.7) return random() < 0.5 ? "x" : null;
  if (r < 0.85) return { kind: "cow", n: Math.floor(random() * 3) };
  return random() < 0.5;
}

function tree(random: () => number, depth: number): Json {
  if (depth === 0 || random() < 0.3) return leaf(random);
  if (random() < 0.5) return Array.from({ length: 1 + Math.floor(random() * 3) }, () => tree(random, depth - 1));
  const out: { [key: string]: Json } = {};
  for (const key of KEYS) if (random() < 0.4) Object.defineProperty(out, key, { value: tree(random, depth - 1), enumerable: true, writable: true, configurable: true });
  return out;
}

/** Every container of `value` with its way in: where a step may change something. */
function places(value: Json, out: { holder: Json[] | { [key: string]: Json }; key: string }[] = []): typeof out {
  if (value === null || typeof value !== "object") return out;
  for (const key of Object.keys(value)) {
    out.push({ holder: value, key });
    places((value as Record<string, Json>)[key]!, out);
  }
  return out;
}

/** One step of play: mostly a leaf's new value, sometimes a new shape (a member added or removed, a leaf made a container). */
function step(random: () => number, view: { [key: string]: Json }): void {
  const spots = places(view);
  const spot = spots[Math.floor(random() * spots.length)];
  if (!spot) return;
  const { holder, key } = spot;
  const r = random();
  const set = (value: Json) => Object.defineProperty(holder, key, { value, enumerable: true, writable: true, configurable: true });
  if (r < 0.8) set(leaf(random));
  else if (r < 0.9) set(tree(random, 2));
  else if (!Array.isArray(holder)) delete holder[key];
  else holder.push(leaf(random));
}

const copy = (value: unknown) => JSON.parse(JSON.stringify(value)) as { [key: string]: Json };

describe("a view kept up to date patch by patch", () => {
  it("is at every patch the view rebuildView makes, key order included, public and a seat's own", () => {
    let incremental = 0;
    for (let seed = 1; seed <= 40; seed++) {
      const random = randomOf(seed);
      const shared = { viewer: null, ...(tree(random, 4) as object) } as { [key: string]: Json };
      const secret = { hand: ["c1"], deep: { cards: [1, 2] } } as { [key: string]: Json };
      const spectator = new ViewDecoder();
      const seat = new ViewDecoder();
      let lastSeatView: Record<string, unknown> | null = null;
      for (let move = 0; move < 60; move++) {
        step(random, shared);
        if (random() < 0.3) step(random, secret);
        const publicPaths = asRecord(flattenView(shared));
        // The seat sees the public view with its own parts added or changed, and one public key hidden now and then.
        const own: { [key: string]: Json } = { ...copy(shared), ...copy(secret), viewer: 0 };
        if (move % 7 === 3) delete own.a;
        const overrides = asRecord(viewOverrides(flattenView(shared), flattenView(own)));
        const seen = spectator.decode(publicPaths);
        const mine = seat.decode(publicPaths, overrides);
        expect(JSON.stringify(seen)).toBe(JSON.stringify(rebuildView(publicPaths)));
        expect(JSON.stringify(mine)).toBe(JSON.stringify(rebuildView(publicPaths, overrides)));
        expect(mine).toEqual(rebuildView(publicPaths, overrides));
        expect(Object.isFrozen(mine)).toBe(true);
        if (lastSeatView && Object.keys(mine).some((key) => typeof mine[key] === "object" && mine[key] !== null && mine[key] === lastSeatView![key])) incremental += 1;
        lastSeatView = mine;
      }
    }
    // Most steps change a leaf: the views after them were patched, not rebuilt (they share parts with the one before).
    expect(incremental).toBeGreaterThan(600);
  });

  it("copies only the containers on the way to a changed leaf, and the views it hands out cannot be written into", () => {
    const decoder = new ViewDecoder();
    const view = { round: 1, players: [{ money: 5, hand: ["c1"] }, { money: 7, hand: ["c2"] }], board: { a: { cows: [1, 2] } } };
    const first = decoder.decode(asRecord(flattenView(view)));
    view.players[1]!.money = 8;
    const second = decoder.decode(asRecord(flattenView(view)));
    expect(second).toEqual(JSON.parse(JSON.stringify(view)));
    expect(second).not.toBe(first);
    expect(second.board).toBe(first.board);
    const [before0, before1] = first.players as object[];
    const [after0, after1] = second.players as object[];
    expect(after0).toBe(before0);
    expect(after1).not.toBe(before1);
    expect((before1 as { money: number }).money).toBe(7); // the view handed out before is as it was
    expect(() => {
      (second.players as { money: number }[])[0]!.money = 99;
    }).toThrow(TypeError);
    // The same paths again: the same view.
    expect(decoder.decode(asRecord(flattenView(view)))).toBe(second);
  });

  it("rebuilds a container whose members came or went, and shares the rest", () => {
    const decoder = new ViewDecoder();
    const view: { round: number; players: { money: number }[]; spaces: Record<string, string>; stack: { kind: string; used?: number[] }[] } = {
      round: 1,
      players: [{ money: 5 }],
      spaces: { B1: "x", T2: "y" },
      stack: [{ kind: "turn" }],
    };
    const first = decoder.decode(asRecord(flattenView(view)));
    view.spaces = { B1: "x", B3: "z", T2: "y" };
    view.stack.push({ kind: "action", used: [1] });
    const second = decoder.decode(asRecord(flattenView(view)));
    expect(JSON.stringify(second)).toBe(JSON.stringify(view));
    expect(Object.keys(second.spaces as object)).toEqual(["B1", "B3", "T2"]);
    expect(second.players).toBe(first.players);
    delete view.spaces.B1;
    const third = decoder.decode(asRecord(flattenView(view)));
    expect(JSON.stringify(third)).toBe(JSON.stringify(view));
    expect(third.stack).toBe(second.stack);
  });

  it("makes the view rebuildView makes when paths come and go, a container becomes a leaf, or a seat's override comes or goes", () => {
    const decoder = new ViewDecoder();
    const base = { players: [{ money: 5 }, { money: 7 }], pile: { top: "x", order: [1, 2] } };
    const publicPaths = asRecord(flattenView(base));
    decoder.decode(publicPaths);
    const cases: [Record<string, string>, Record<string, string>?][] = [
      [asRecord(flattenView({ ...base, extra: 1 }))],
      [asRecord(flattenView({ players: base.players }))],
      [asRecord(flattenView({ ...base, pile: "gone" }))],
      [publicPaths, asRecord(viewOverrides(flattenView(base), flattenView({ ...base, pile: { top: "y", order: [1, 2] } })))],
      [publicPaths, asRecord(viewOverrides(flattenView(base), flattenView({ players: base.players })))],
      [publicPaths],
      // A leaf below a path that holds a leaf, not a container (here a flat record): left out, as the whole rebuild leaves it out.
      [{ ...publicPaths, "/pile/top": '{"k":1}', "/pile/top/k": "1" }],
      [{ ...publicPaths, "/pile/top": '{"k":1}', "/pile/top/k": "2" }],
    ];
    for (const [paths, overrides] of cases) expect(JSON.stringify(decoder.decode(paths, overrides))).toBe(JSON.stringify(rebuildView(paths, overrides)));
  });

  it("keeps a member named __proto__ as data when it patches it", () => {
    const decoder = new ViewDecoder();
    const view = JSON.parse('{"board":{"__proto__":{"polluted":1,"deep":{"n":1}}}}') as Record<string, unknown>;
    decoder.decode(asRecord(flattenView(view)));
    const next = JSON.parse('{"board":{"__proto__":{"polluted":2,"deep":{"n":1}}}}') as Record<string, unknown>;
    const patched = decoder.decode(asRecord(flattenView(next)));
    expect(JSON.stringify(patched)).toBe(JSON.stringify(next));
    expect(Object.getPrototypeOf(patched.board)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
