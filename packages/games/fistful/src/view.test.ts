import { playOut, replay } from "@saloon/engine";
import { describe, expect, it } from "vitest";
import { fistful } from "./index.ts";

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
