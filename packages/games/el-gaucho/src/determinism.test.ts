import { playOut, replay } from "@saloon/engine";
import { describe, expect, it } from "vitest";
import { elGaucho } from "./index.ts";

describe("determinism", () => {
  it("the same seed sets up the same table, another seed a different one", () => {
    expect(elGaucho.setup("table-7", 3)).toEqual(elGaucho.setup("table-7", 3));
    expect(elGaucho.setup("table-7", 3).supply).not.toEqual(elGaucho.setup("table-8", 3).supply);
  });

  it.each([2, 3, 4])("seed + action log rebuild a %i-player game exactly", (seats) => {
    const played = playOut(elGaucho, { seed: `replay-${seats}`, seats });
    const rebuilt = replay(elGaucho, `replay-${seats}`, seats, undefined, played.log);
    expect(rebuilt).toEqual(played.state);
    expect(elGaucho.scores(rebuilt)).toEqual(elGaucho.scores(played.state));
    const half = played.log.slice(0, Math.floor(played.log.length / 2));
    expect(replay(elGaucho, `replay-${seats}`, seats, undefined, half)).toEqual(replay(elGaucho, `replay-${seats}`, seats, undefined, half));
  });

  it("apply never changes the state it is given", () => {
    const played = playOut(elGaucho, { seed: "frozen", seats: 4 });
    let state = elGaucho.setup("frozen", 4);
    for (const { seat, action } of played.log) {
      const before = JSON.stringify(state);
      const result = elGaucho.apply(state, seat, action);
      expect(JSON.stringify(state)).toBe(before);
      if (!result.ok) throw new Error(result.error.message);
      state = result.state;
    }
  });
});
