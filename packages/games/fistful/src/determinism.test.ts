import { playOut, replay } from "@saloon/engine";
import { describe, expect, it } from "vitest";
import { fistful } from "./index.ts";

describe("determinism", () => {
  it("the same seed sets up the same table, another seed a different one", () => {
    expect(fistful.setup("table-7", 3)).toEqual(fistful.setup("table-7", 3));
    expect(fistful.setup("table-7", 3).locations).not.toEqual(fistful.setup("table-8", 3).locations);
  });

  it.each([2, 3, 4])("seed + action log rebuild a %i-player game exactly", (seats) => {
    const played = playOut(fistful, { seed: `replay-${seats}`, seats });
    const rebuilt = replay(fistful, `replay-${seats}`, seats, undefined, played.log);
    expect(rebuilt).toEqual(played.state);
    expect(fistful.scores(rebuilt)).toEqual(fistful.scores(played.state));
    // Every prefix of the log rebuilds too, and each step is reproducible on its own.
    const halfway = replay(fistful, `replay-${seats}`, seats, undefined, played.log.slice(0, played.log.length / 2));
    expect(replay(fistful, `replay-${seats}`, seats, undefined, played.log.slice(0, played.log.length / 2))).toEqual(halfway);
  });

  it("apply never changes the state it is given", () => {
    const played = playOut(fistful, { seed: "frozen", seats: 4 });
    let state = fistful.setup("frozen", 4);
    for (const { seat, action } of played.log) {
      const before = JSON.stringify(state);
      const result = fistful.apply(state, seat, action);
      expect(JSON.stringify(state)).toBe(before);
      if (!result.ok) throw new Error(result.error.message);
      state = result.state;
    }
  });
});
