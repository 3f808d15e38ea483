import { createRandom } from "@saloon/engine";
import { describe, expect, it } from "vitest";
import { elPaso } from "../index.ts";
import { carriedSearches, chooseAction, forgetSearches } from "./index.ts";
import { sameValue } from "./reuse.ts";

describe("sameValue", () => {
  it("compares JSON-like values deeply, keys in order", () => {
    expect(sameValue({ a: [1, { b: "x" }], c: null }, { a: [1, { b: "x" }], c: null })).toBe(true);
    expect(sameValue({ a: [1, { b: "x" }] }, { a: [1, { b: "y" }] })).toBe(false);
    expect(sameValue({ a: 1, b: 2 }, { b: 2, a: 1 })).toBe(false);
    expect(sameValue({ a: 1 }, { a: 1, b: undefined })).toBe(false);
    expect(sameValue([1, 2], [1, 2, 3])).toBe(false);
    expect(sameValue([], {})).toBe(false);
    expect(sameValue(null, {})).toBe(false);
  });
});

/** The bot's actions over a whole game, with or without the search carried between decisions. */
function actions(seed: string, seats: number, carry: boolean): { actions: unknown[]; carried: number } {
  const random = createRandom(`carry:${seed}`);
  let state = elPaso.setup(seed, seats);
  const out: unknown[] = [];
  let carried = 0;
  forgetSearches();
  while (!elPaso.isOver(state)) {
    const prompt = elPaso.prompts(state)[0]!;
    if (!carry) forgetSearches();
    const action = chooseAction(elPaso.view(state, prompt.seat), prompt, random);
    if (carry && carriedSearches() > 0) carried++;
    out.push(action);
    const result = elPaso.apply(state, prompt.seat, action);
    if (!result.ok) throw new Error(result.error.message);
    state = result.state;
  }
  return { actions: out, carried };
}

describe("the search carried between decisions of a turn", () => {
  it.each([2, 4])("changes no decision of a %i-player game", (seats) => {
    const carried = actions(`carry-${seats}`, seats, true);
    expect(actions(`carry-${seats}`, seats, false).actions).toEqual(carried.actions);
    // It was carried at all (about half of the decisions find their table in the last search).
    expect(carried.carried).toBeGreaterThan(carried.actions.length / 5);
  }, 120_000);
});
