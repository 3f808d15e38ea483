import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { type GameRules, type LogEvent, type Prompt, defineGame, GameRuleError, writable } from "./index.ts";
import { LEGACY_SEED_PREFIX, createRandom, newTableSeed, rollInt, seedRng, shuffleInPlace } from "./rng.ts";
import { rankResults } from "./ranking.ts";
import { isBoundedJson, sameJson } from "./json.ts";
import { playOut, replay } from "./simulate.ts";

/**
 * A tiny game to exercise the contract: each seat in turn says a number 1..3, with one secret
 * roll per turn; first to a total of 10 wins. Seat 1 also answers a simultaneous "ready" at start.
 */
type CountState = { rng: number[]; totals: number[]; turn: number; ready: boolean[]; secret: number; over: boolean };
type CountAction = { type: "say"; n: number } | { type: "ready" };
const countingRules: GameRules<CountState, CountAction, {}, { totals: number[] }> = {
  id: "count",
  title: "Count",
  minSeats: 2,
  maxSeats: 3,
  rulesVersion: "1",
  defaultOptions: {},
  actionTypes: ["say", "ready"],
  parseOptions: () => ({}),
  setup(seed, seats) {
    const holder = { rng: seedRng(seed) };
    const secret = rollInt(holder, 1, 6);
    return { rng: holder.rng, totals: Array(seats).fill(0), turn: 0, ready: Array(seats).fill(false), secret, over: false };
  },
  prompts(state): Prompt<CountAction>[] {
    if (state.over) return [];
    if (state.ready.some((r) => !r)) {
      return state.ready.flatMap((r, seat) => (r ? [] : [{ seat, kind: "ready", options: [{ type: "ready" as const }] }]));
    }
    return [{ seat: state.turn, kind: "say", options: [1, 2, 3].map((n) => ({ type: "say" as const, n })) }];
  },
  perform(draft, seat, action) {
    if (action.type === "ready") {
      draft.ready[seat] = true;
      return [{ type: "ready", seat }];
    }
    draft.totals[seat]! += action.n;
    draft.secret = rollInt(draft, 1, 6);
    if (draft.totals[seat]! >= 10) draft.over = true;
    draft.turn = (draft.turn + 1) % draft.totals.length;
    return [{ type: "said", seat, n: action.n }, { type: "secretRolled", onlyFor: [seat], value: draft.secret }];
  },
  isOver: (state) => state.over,
  scores: (state) =>
    state.over ? rankResults(["count"], state.totals.map((total, seat) => ({ seat, total, breakdown: { count: total }, tiebreak: [] }))) : null,
  view: (state) => ({ totals: [...state.totals] }),
  bot: (_view, prompt, random) => random.pick(prompt.options),
};
const counting = defineGame(countingRules);

describe("seeded RNG", () => {
  it("is a pure function of the seed and lives in plain numbers", () => {
    const a = { rng: seedRng("abc") };
    const b = { rng: seedRng("abc") };
    const rollsA = Array.from({ length: 20 }, () => rollInt(a, 1, 6));
    const rollsB = Array.from({ length: 20 }, () => rollInt(b, 1, 6));
    expect(rollsA).toEqual(rollsB);
    expect(rollsA.every((n) => n >= 1 && n <= 6)).toBe(true);
    expect(new Set(rollsA).size).toBeGreaterThan(1);
    expect(JSON.parse(JSON.stringify(a))).toEqual(a);
    const c = { rng: seedRng("abd") };
    expect(Array.from({ length: 20 }, () => rollInt(c, 1, 6))).not.toEqual(rollsA);
  });

  it("continues identically from a saved state", () => {
    const holder = { rng: seedRng("resume") };
    rollInt(holder, 0, 99);
    const saved = { rng: [...holder.rng] };
    expect(Array.from({ length: 5 }, () => rollInt(holder, 0, 99))).toEqual(Array.from({ length: 5 }, () => rollInt(saved, 0, 99)));
  });

  it("shuffles a permutation, reproducibly", () => {
    const items = Array.from({ length: 36 }, (_, i) => i);
    const once = shuffleInPlace({ rng: seedRng("s") }, [...items]);
    expect([...once].sort((x, y) => x - y)).toEqual(items);
    expect(once).not.toEqual(items);
    expect(shuffleInPlace({ rng: seedRng("s") }, [...items])).toEqual(once);
  });

  it("fills the generator's whole 128-bit state from SHA-256 of the seed", () => {
    for (const seed of ["abc", "demo", newTableSeed()]) {
      const digest = createHash("sha256").update(seed, "utf8").digest();
      expect(seedRng(seed)).toEqual([0, 4, 8, 12].map((offset) => digest.readInt32BE(offset)));
    }
    // Every one of the 128 state bits depends on the seed. (The 32-bit derivation before issue #9
    // left word 0 at -1 and word 3 at 0 for every seed, and word 1 was the complement of word 2.)
    const states = Array.from({ length: 64 }, (_, i) => seedRng(`bits-${i}`));
    for (let word = 0; word < 4; word++) {
      const varying = states.reduce((bits, state) => bits | (state[word]! ^ states[0]![word]!), 0);
      expect(varying >>> 0, `word ${word}`).toBe(0xffffffff);
    }
  });

  it("gives two seeds that a 32-bit hash confuses two different games", () => {
    // "seed-649864" and "seed-1617280" have the same 32-bit FNV-1a hash (found by a birthday
    // search over seed-<n>): the old derivation gave both the same state and the same game.
    const a = { rng: seedRng("seed-649864") };
    const b = { rng: seedRng("seed-1617280") };
    expect(a.rng).not.toEqual(b.rng);
    expect(Array.from({ length: 12 }, () => rollInt(a, 1, 6))).not.toEqual(Array.from({ length: 12 }, () => rollInt(b, 1, 6)));
  });

  it("keeps the 32-bit derivation for stored legacy seeds only, so old matches still replay", () => {
    // States the derivation of rulesVersion "1" gave before issue #9 (computed with that code).
    expect(seedRng(`${LEGACY_SEED_PREFIX}abc`)).toEqual([-1, -440920332, 440920331, 0]);
    const holder = { rng: seedRng(`${LEGACY_SEED_PREFIX}x9`) };
    expect(Array.from({ length: 8 }, () => rollInt(holder, 1, 6))).toEqual([6, 3, 4, 3, 2, 4, 3, 3]);
    expect(seedRng("abc")).not.toEqual(seedRng(`${LEGACY_SEED_PREFIX}abc`));
  });

  it("makes table seeds of 32 random bytes that never take the legacy path", () => {
    const seeds = Array.from({ length: 50 }, () => newTableSeed());
    for (const seed of seeds) {
      expect(seed).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(Buffer.from(seed, "base64url")).toHaveLength(32);
      expect(seed.startsWith(LEGACY_SEED_PREFIX)).toBe(false);
    }
    expect(new Set(seeds).size).toBe(seeds.length);
  });

  it("bot randomness is separate and reproducible", () => {
    const r1 = createRandom("bots");
    const r2 = createRandom("bots");
    expect(Array.from({ length: 10 }, () => r1.int(0, 1000))).toEqual(Array.from({ length: 10 }, () => r2.int(0, 1000)));
    expect(() => r1.pick([])).toThrow();
  });
});

/** {a: {a: ... {a: 1}}} nested `depth` times. */
const deeplyNested = (depth: number): object => (depth === 0 ? { a: 1 } : { a: deeplyNested(depth - 1) });

describe("defineGame", () => {
  const fresh = () => counting.setup("s", 2);

  it("rejects seat counts outside the game's range", () => {
    expect(() => counting.setup("s", 1)).toThrow(GameRuleError);
    expect(() => counting.setup("s", 4)).toThrow(/2–3 seats/);
  });

  it("asks several seats at once and accepts their answers in any order", () => {
    const state = fresh();
    expect(counting.prompts(state).map((p) => p.seat)).toEqual([0, 1]);
    const r1 = counting.apply(state, 1, { type: "ready" });
    if (!r1.ok) throw new Error(r1.error.message);
    expect(counting.prompts(r1.state).map((p) => p.seat)).toEqual([0]);
  });

  it.each([
    ["a string", "say", "MALFORMED_ACTION"],
    ["an array", [{ type: "say" }], "MALFORMED_ACTION"],
    ["no type", { n: 1 }, "MALFORMED_ACTION"],
    ["a deep object", { type: "say", n: deeplyNested(12) }, "MALFORMED_ACTION"],
    ["a huge payload", { type: "say", n: "x".repeat(100_000) }, "MALFORMED_ACTION"],
    ["an unknown type", { type: "cheat" }, "UNKNOWN_ACTION"],
    ["an answer that is not an option", { type: "say", n: 1 }, "ILLEGAL_ACTION"],
    ["an option with extra fields", { type: "ready", extra: true }, "ILLEGAL_ACTION"],
  ])("answers %s with a typed error and leaves the state alone", (_what, action, code) => {
    const state = fresh();
    const before = JSON.stringify(state);
    const result = counting.apply(state, 0, action);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error.code).toBe(code);
    expect(JSON.stringify(state)).toBe(before);
  });

  it("refuses a seat that owes nothing, and everything once the game is over", () => {
    let state = fresh();
    for (const seat of [0, 1]) {
      const r = counting.apply(state, seat, { type: "ready" });
      if (!r.ok) throw new Error(r.error.message);
      state = r.state;
    }
    const wrongSeat = counting.apply(state, 1, { type: "say", n: 1 });
    expect(!wrongSeat.ok && wrongSeat.error.code).toBe("NOT_YOUR_TURN");
    const { state: over } = playOut(counting, { seed: "end", seats: 2 });
    const late = counting.apply(over, 0, { type: "say", n: 1 });
    expect(!late.ok && late.error.code).toBe("GAME_OVER");
  });

  it("filters private events for other viewers", () => {
    const secret = { type: "secretRolled", onlyFor: [1], value: 4 };
    expect(counting.viewEvent(secret, 1)).toEqual(secret);
    expect(counting.viewEvent(secret, 0)).toBeNull();
    expect(counting.viewEvent(secret, null)).toBeNull();
    expect(counting.viewEvent({ type: "said", seat: 0, n: 2 }, null)).toEqual({ type: "said", seat: 0, n: 2 });
  });

  it("plays out and replays to the same state", () => {
    const played = playOut(counting, { seed: "r", seats: 3 });
    expect(counting.isOver(played.state)).toBe(true);
    expect(replay(counting, "r", 3, undefined, played.log)).toEqual(played.state);
  });
});

describe("rankResults", () => {
  const line = (seat: number, total: number, tiebreak: number[]) => ({ seat, total, breakdown: { points: total }, tiebreak });

  it("ranks by total, then by each tie-break, sharing places on a full tie", () => {
    const scores = rankResults(["points"], [line(0, 30, [5]), line(1, 40, [1]), line(2, 30, [7]), line(3, 30, [5])]);
    expect(scores.lines.map((l) => l.placement)).toEqual([3, 1, 2, 3]);
    expect(scores.winners).toEqual([1]);
  });

  it("shares the win when totals and tie-breaks are equal", () => {
    const scores = rankResults(["points"], [line(0, 30, [5]), line(1, 30, [5]), line(2, 10, [9])]);
    expect(scores.winners).toEqual([0, 1]);
    expect(scores.lines.map((l) => l.placement)).toEqual([1, 1, 3]);
  });
});

describe("JSON helpers", () => {
  it("compares JSON values regardless of key order", () => {
    expect(sameJson({ a: 1, b: [1, { c: 2 }] }, { b: [1, { c: 2 }], a: 1 })).toBe(true);
    expect(sameJson({ a: 1 }, { a: 1, b: undefined })).toBe(false);
    expect(sameJson([1, 2], [2, 1])).toBe(false);
  });

  it("accepts only small plain JSON", () => {
    expect(isBoundedJson({ type: "x", list: [1, "a", null, true] })).toBe(true);
    expect(isBoundedJson({ when: new Date() })).toBe(false);
    expect(isBoundedJson({ f: () => 1 })).toBe(false);
    expect(isBoundedJson({ n: Number.NaN })).toBe(false);
    expect(isBoundedJson(Array.from({ length: 1000 }, (_, i) => i))).toBe(false);
  });
});

describe("copy-on-write states (issue #14)", () => {
  const start = () => {
    const state = counting.setup("cow", 2);
    let next = state;
    for (const seat of [0, 1]) {
      const r = counting.apply(next, seat, { type: "ready" });
      if (!r.ok) throw new Error(r.error.code);
      next = r.state;
    }
    return next;
  };

  it("a new state shares what the action left alone, and every state is frozen all the way down", () => {
    const before = start();
    const text = JSON.stringify(before);
    const r = counting.apply(before, 0, { type: "say", n: 3 });
    if (!r.ok) throw new Error(r.error.code);
    expect(r.state.totals).toEqual([3, 0]);
    expect(r.state.ready).toBe(before.ready); // untouched: the same object
    expect(r.state.totals).not.toBe(before.totals);
    expect(JSON.stringify(before)).toBe(text);
    for (const state of [before, r.state]) {
      expect(Object.isFrozen(state)).toBe(true);
      expect(Object.isFrozen(state.totals)).toBe(true);
      expect(Object.isFrozen(state.rng)).toBe(true);
      expect(() => state.totals.push(1)).toThrow(TypeError);
    }
  });

  it("events are plain data, even when the rules put parts of the draft into them", () => {
    const telling = defineGame({
      ...countingRules,
      id: "telling",
      perform: (draft, seat, action) => [...countingRules.perform(draft, seat, action), { type: "totals", totals: draft.totals }],
    });
    let state = telling.setup("cow", 2);
    for (const seat of [0, 1]) state = (telling.apply(state, seat, { type: "ready" }) as { state: CountState }).state;
    const r = telling.apply(state, 0, { type: "say", n: 2 });
    if (!r.ok) throw new Error(r.error.code);
    const totals = r.events.at(-1)!.totals as number[];
    expect(totals).toEqual([2, 0]); // readable after the draft is gone
    totals.push(99); // the caller's own copy
    expect(r.state.totals).toEqual([2, 0]);
  });

  it("prompts of an engine state are found once and frozen; a hand-built state gets its own, current ones", () => {
    const state = start();
    const prompts = counting.prompts(state);
    expect(counting.prompts(state)).toBe(prompts);
    expect(Object.isFrozen(prompts[0]!.options[0])).toBe(true);
    // A test's hand-built position (unfrozen) is asked afresh every time, so edits show at once.
    const built = structuredClone(state);
    expect(counting.prompts(built)).not.toBe(counting.prompts(built));
    built.turn = 1;
    expect(counting.prompts(built)[0]!.seat).toBe(1);
    // A state made from a hand-built one is frozen where it is new, but not sealed: never cached.
    const r = counting.apply(built, 1, { type: "say", n: 1 });
    if (!r.ok) throw new Error(r.error.code);
    expect(counting.prompts(r.state)).not.toBe(counting.prompts(r.state));
    // Only what the action made is frozen; the hand-built parts it shares stay the test's to edit.
    expect(Object.isFrozen(r.state.totals)).toBe(true);
    expect(r.state.ready).toBe(built.ready);
    expect(Object.isFrozen(built.ready)).toBe(false);
  });

  it("the seal that keeps a state's prompts is invisible to its data, and a copy of the state is not sealed", () => {
    const state = start();
    expect(Object.keys(state)).toEqual(Object.keys(structuredClone(state)));
    expect(JSON.stringify(state)).toBe(JSON.stringify(structuredClone(state)));
    expect(state).toEqual(structuredClone(state));
    // A spread or structured copy is a hand-built position: its prompts are found afresh, from its own data.
    for (const copy of [{ ...state }, structuredClone(state)]) {
      expect(counting.prompts(copy)).not.toBe(counting.prompts(copy));
      copy.turn = 1;
      expect(counting.prompts(copy)[0]!.seat).toBe(1);
    }
    expect(counting.prompts(state)[0]!.seat).toBe(0);
    // Another game's seal means nothing here: the same rules under another id find their own prompts.
    const other = defineGame({ ...countingRules, id: "other" });
    expect(other.prompts(state)).not.toBe(other.prompts(state));
  });

  it("a rule that fails on a legal action leaves the state as it was and reports INTERNAL_ERROR", () => {
    const failing = defineGame({ ...countingRules, id: "failing", perform: (draft) => {
      draft.totals[0] = 7;
      throw new Error("boom");
    } });
    const state = failing.setup("x", 2);
    const r = failing.apply(state, 0, { type: "ready" });
    expect(r.ok ? null : r.error.code).toBe("INTERNAL_ERROR");
    expect(state.totals).toEqual([0, 0]);
  });
});

describe("thawed states: perform on a shallow copy, writing through `writable` (issue #14)", () => {
  // The counting game's rules written for a thaw: a shallow copy of the top, lists copied on their first write.
  const thawedRules: GameRules<CountState, CountAction, {}, { totals: number[] }> = {
    ...countingRules,
    id: "thawed",
    thaw: (state) => ({ ...state }),
    perform(draft, seat, action) {
      if (action.type === "ready") {
        writable(draft, "ready")[seat] = true;
        return [{ type: "ready", seat }];
      }
      writable(draft, "totals")[seat]! += action.n;
      draft.secret = rollInt(draft, 1, 6);
      if (draft.totals[seat]! >= 10) draft.over = true;
      draft.turn = (draft.turn + 1) % draft.totals.length;
      return [{ type: "said", seat, n: action.n, totals: draft.totals }];
    },
  };
  const thawed = defineGame(thawedRules);
  const ready = (game: typeof thawed) => {
    let state = game.setup("thaw", 2);
    for (const seat of [0, 1]) state = (game.apply(state, seat, { type: "ready" }) as { state: CountState }).state;
    return state;
  };

  it("plays the same game as the draft, shares what the action left alone and freezes what it made", () => {
    const before = ready(thawed);
    const text = JSON.stringify(before);
    const r = thawed.apply(before, 0, { type: "say", n: 3 });
    if (!r.ok) throw new Error(r.error.code);
    expect(r.state.ready).toBe(before.ready);
    expect(r.state.totals).not.toBe(before.totals);
    expect(JSON.stringify(before)).toBe(text);
    expect(Object.isFrozen(r.state) && Object.isFrozen(r.state.totals) && Object.isFrozen(r.state.rng)).toBe(true);
    (r.events[0]!.totals as number[]).push(99); // events are the caller's own copies
    expect(r.state.totals).toEqual([3, 0]);
    const a = playOut(thawed, { seed: "same", seats: 3 });
    const b = playOut(counting, { seed: "same", seats: 3 });
    expect(a.log).toEqual(b.log);
    expect(a.state).toEqual(b.state);
  });

  it("a write the rules forgot to make writable throws instead of changing the state before (INTERNAL_ERROR)", () => {
    const careless = defineGame<CountState, CountAction, {}, { totals: number[] }>({
      ...countingRules,
      id: "careless",
      thaw: (state) => ({ ...state }),
      perform(draft, seat) {
        draft.totals[seat] = 7; // no writable(): `totals` is the frozen list of the state before
        return [];
      },
    });
    const state = careless.setup("x", 2);
    const r = careless.apply(state, 0, { type: "ready" });
    expect(r.ok ? null : r.error.code).toBe("INTERNAL_ERROR");
    expect(state.totals).toEqual([0, 0]);
  });

  it("a game's freezeNew freezes each new state, given the state before, in place of deepFreeze's walk", () => {
    const calls: [CountState, CountState][] = [];
    const knowing = defineGame<CountState, CountAction, {}, { totals: number[] }>({
      ...countingRules,
      id: "knowing",
      thaw: thawedRules.thaw,
      perform: thawedRules.perform,
      freezeNew(next, previous) {
        calls.push([next, previous]);
        // The counting game's parts an action replaces: its lists and the generator's state.
        for (const key of ["ready", "totals", "rng"] as const) if (next[key] !== previous[key]) Object.freeze(next[key]);
        Object.freeze(next);
      },
    });
    const before = ready(knowing);
    calls.length = 0;
    const r = knowing.apply(before, 0, { type: "say", n: 3 });
    if (!r.ok) throw new Error(r.error.code);
    expect(calls).toEqual([[r.state, before]]);
    expect(calls[0]![0]).toBe(r.state);
    expect(calls[0]![1]).toBe(before);
    expect(Object.isFrozen(r.state) && Object.isFrozen(r.state.totals) && Object.isFrozen(r.state.rng)).toBe(true);
    expect(playOut(knowing, { seed: "same", seats: 3 }).state).toEqual(playOut(thawed, { seed: "same", seats: 3 }).state);
  });

  it("hands out a game's fresh events as perform made them, and copies anyone else's", () => {
    const made: LogEvent[][] = [];
    const rules = (freshEvents: boolean) =>
      defineGame<CountState, CountAction, {}, { totals: number[] }>({
        ...countingRules,
        id: freshEvents ? "fresh" : "copied",
        thaw: thawedRules.thaw,
        perform(draft, seat, action) {
          const events = thawedRules.perform(draft, seat, action);
          made.push(events);
          return events;
        },
        ...(freshEvents ? { freshEvents } : {}),
      });
    for (const freshEvents of [true, false]) {
      const game = rules(freshEvents);
      const before = ready(game);
      made.length = 0;
      const r = game.apply(before, 0, { type: "say", n: 3 });
      if (!r.ok) throw new Error(r.error.code);
      expect(r.events).toEqual(made[0]);
      expect(r.events.length).toBeGreaterThan(0);
      if (freshEvents) expect(r.events).toBe(made[0]);
      else for (let i = 0; i < r.events.length; i++) expect(r.events[i]).not.toBe(made[0]![i]);
    }
  });

  it("never writes into a hand-built position: it performs on a frozen copy of it", () => {
    const built = structuredClone(ready(thawed));
    const text = JSON.stringify(built);
    const r = thawed.apply(built, 0, { type: "say", n: 2 });
    if (!r.ok) throw new Error(r.error.code);
    expect(JSON.stringify(built)).toBe(text);
    expect(Object.isFrozen(built.totals)).toBe(false); // still the test's to edit
    expect(r.state.totals).toEqual([2, 0]);
    expect(Object.isFrozen(r.state.ready)).toBe(true);
  });
});
