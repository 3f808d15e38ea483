import { deepFreeze, playOut, replay } from "@saloon/engine";
import { describe, expect, it } from "vitest";
import { fistful } from "./index.ts";
import { scoreBreakdown } from "./scoring.ts";
import type { FistfulState } from "./state.ts";
import { emptyTable } from "./test-helpers.ts";

/** Every key anywhere in a JSON value. */
function allKeys(value: unknown, keys = new Set<string>()): Set<string> {
  if (value && typeof value === "object") {
    for (const [key, child] of Object.entries(value)) {
      keys.add(key);
      allKeys(child, keys);
    }
  }
  return keys;
}

describe("projection", () => {
  // A game some way in, with cubes drawn: replay the first 120 actions of a bot game.
  const played = playOut(fistful, { seed: "view", seats: 3 });
  const state = replay(fistful, "view", 3, undefined, played.log.slice(0, 120));

  it("the spectator view holds no RNG state and the bag only as counts", () => {
    const spectator = fistful.view(state, null);
    expect(allKeys(spectator).has("rng")).toBe(false);
    expect(Object.keys(spectator.bag).sort()).toEqual(["dynamite", "gold", "stone"]);
    expect(Object.values(spectator.bag).every((n) => typeof n === "number")).toBe(true);
    // The numbers of the RNG state appear nowhere in what a spectator receives.
    const text = JSON.stringify(spectator);
    for (const word of state.rng) expect(text).not.toContain(String(word));
  });

  it("seats see the same public table as spectators (nothing in this game is private)", () => {
    const spectator = fistful.view(state, null);
    for (const seat of [0, 1, 2]) expect({ ...fistful.view(state, seat), viewer: null }).toEqual(spectator);
  });

  it("the view says who is to decide, but not their options", () => {
    const view = fistful.view(state, null);
    const [prompt] = fistful.prompts(state);
    expect(view.waitingFor).toEqual([{ seat: prompt!.seat, kind: prompt!.kind }]);
    expect(allKeys(view).has("options")).toBe(false);
  });

  it("the view shares the frozen state: changing it fails and leaves the game untouched", () => {
    const before = JSON.stringify(state);
    const view = fistful.view(state, 0);
    expect(() => (view.players[0]!.gold += 100)).toThrow(TypeError);
    expect(() => (view.locations.saloon.builder += 5)).toThrow(TypeError);
    expect(JSON.stringify(state)).toBe(before);
  });

  it("live scores add up the breakdown", () => {
    const view = fistful.view(state, null);
    for (const score of view.liveScores) {
      expect(score.total).toBe(score.breakdown.gold! + score.breakdown.bars! + score.breakdown.signs!);
    }
  });
});

describe("live scores across many tables", () => {
  it("are each seat's score at every step, and a seat's unchanged line is the same object, while the signs stay, though other tables' views came between", () => {
    const games = (["scores-a", "scores-b", "scores-c"] as const).map((seed, i) => {
      const seats = 2 + i;
      const log = playOut(fistful, { seed, seats }).log;
      return { seed, seats, log, state: fistful.setup(seed, seats, undefined) as FistfulState, last: null as ReturnType<typeof fistful.view>["liveScores"] | null };
    });
    let kept = 0;
    let made = 0;
    // The tables' actions interleaved, one each in turn, a view of each state made as a table would.
    for (let step = 0; games.some((game) => step < game.log.length); step++) {
      for (const game of games) {
        const action = game.log[step];
        if (!action) continue;
        const applied = fistful.apply(game.state, action.seat, action.action);
        if (!applied.ok) throw new Error(applied.error.message);
        const previous = game.state;
        game.state = applied.state as FistfulState;
        const scores = fistful.view(game.state, null).liveScores;
        scores.forEach((line, seat) => {
          const breakdown = scoreBreakdown(game.state, seat);
          expect(line).toEqual({ total: breakdown.gold + breakdown.bars + breakdown.signs, breakdown });
          expect(Object.isFrozen(line) && Object.isFrozen(line.breakdown)).toBe(true);
          const before = game.last?.[seat];
          // (A sign placed makes a new signs object: its lines are made anew, a rare step.)
          if (before && previous.signs === game.state.signs && JSON.stringify(scoreBreakdown(previous, seat)) === JSON.stringify(breakdown)) {
            expect(line).toBe(before);
            kept += 1;
          } else made += 1;
        });
        game.last = scores;
      }
    }
    // Most actions leave most seats' scores alone.
    expect(kept).toBeGreaterThan(3 * made);
  });

  it("tells a new breakdown of the same total from the last one", () => {
    const first = emptyTable(2);
    first.players[0]!.gold = 10;
    deepFreeze(first);
    // Gold turned into a bar worth as much: the same signs, new players, the same total.
    const second = deepFreeze({ ...first, players: [{ ...first.players[0]!, gold: 0, bars: [1] }, first.players[1]!] });
    const before = fistful.view(first, null).liveScores;
    const after = fistful.view(second, null).liveScores;
    expect(after[0]).toEqual({ total: 10, breakdown: { gold: 0, bars: 10, signs: 0 } });
    expect(before[0]).toEqual({ total: 10, breakdown: { gold: 10, bars: 0, signs: 0 } });
    expect(after[1]).toBe(before[1]);
  });
});
