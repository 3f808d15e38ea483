import { describe, expect, it } from "vitest";
import { BREEDS, TILE_COUNT, pastureSizes, smallNumber } from "./data.ts";
import { elGaucho } from "./index.ts";
import { fillPampa, rowSum } from "./rules/pampa.ts";
import type { PampaField } from "./state.ts";
import { act, prompt, tile, tileCount } from "./test-helpers.ts";

describe("setup (SPIELVORBEREITUNG)", () => {
  it.each([
    [2, 5, 8, 5],
    [3, 7, 8, 4],
    [4, 9, 7, 3],
  ])("%i players: %i dice, %i gauchos each, hands of %i", (seats, dice, gauchos, hand) => {
    let state = elGaucho.setup("setup", seats);
    expect(state.players.map((p) => p.gauchos)).toEqual(Array(seats).fill(gauchos));
    expect(state.players.map((p) => p.hand.length)).toEqual(Array(seats).fill(hand));
    expect(state.steppe).toHaveLength(4);
    expect(tileCount(state)).toBe(TILE_COUNT);
    for (const p of elGaucho.prompts(state)) state = act(state, p.seat, p.options[0]!).state;
    while (state.phase.kind === "place") state = act(state, state.phase.seat, prompt(state).options[0]!).state;
    expect(state.rodeo).toHaveLength(dice);
    expect(state.players.reduce((s, p) => s + p.gauchos, 0)).toBe(seats * (gauchos - 1));
  });

  it("pastures have 2/3/3/4 fields at 2 players, 3/4/4/5 at 3 and 3/4/5/6 at 4", () => {
    expect(pastureSizes(2)).toEqual([2, 3, 3, 4]);
    expect(pastureSizes(3)).toEqual([3, 4, 4, 5]);
    expect(pastureSizes(4)).toEqual([3, 4, 5, 6]);
    for (const seats of [2, 3, 4]) expect(elGaucho.setup("s", seats).pampa.map((r) => r.length)).toEqual(pastureSizes(seats));
  });

  it("with 2 players one whole breed leaves the game", () => {
    const state = elGaucho.setup("two", 2);
    expect(state.absent).toHaveLength(12);
    const breed = state.absent[0]!.breed;
    expect(state.absent.every((t) => t.breed === breed)).toBe(true);
    const inPlay = [...state.supply, ...state.steppe, ...state.pampa.flat().flatMap((f) => (f.tile ? [f.tile] : [])), ...state.players.flatMap((p) => p.hand)];
    expect(inPlay).toHaveLength(48);
    expect(inPlay.some((t) => t.breed === breed)).toBe(false);
    expect(elGaucho.setup("three", 3).absent).toHaveLength(0);
  });

  it("every pasture is filled row by row until its sum reaches 20 or its fields are full", () => {
    for (let i = 0; i < 50; i++) {
      const state = elGaucho.setup(`fill-${i}`, 2 + (i % 3));
      for (const row of state.pampa) {
        const filled = row.filter((f) => f.tile);
        // Tiles sit on the first fields, with no gaps.
        expect(row.slice(0, filled.length).every((f) => f.tile)).toBe(true);
        if (filled.length < row.length) expect(rowSum(row)).toBeGreaterThanOrEqual(20);
        // Without its last tile the row was still below 20.
        expect(rowSum(row) - filled[filled.length - 1]!.tile!.value).toBeLessThan(20);
      }
    }
  });

  it("filling example A: the smallest pasture is full even though it stays below 20", () => {
    const state = { supply: [tile("white", 7), tile("black", 1), tile("gold", 5), tile("brown", 4)], endPhase: null, pampa: [[0, 1, 2].map((): PampaField => ({ tile: null, gaucho: null }))] };
    fillPampa(state);
    expect(state.pampa[0]!.map((f) => f.tile?.value)).toEqual([4, 5, 1]);
    expect(rowSum(state.pampa[0]!)).toBe(10);
    expect(state.supply).toEqual([tile("white", 7)]);
  });

  it("filling example B: 18 after two tiles needs a third; a 5 makes 23 and the row stops", () => {
    const fresh = (): PampaField => ({ tile: null, gaucho: null });
    const state = {
      supply: [tile("black", 3), tile("gold", 5), tile("white", 8), tile("brown", 10)],
      endPhase: null,
      pampa: [Array.from({ length: 4 }, fresh)],
    };
    fillPampa(state);
    expect(state.pampa[0]!.map((f) => f.tile?.value ?? null)).toEqual([10, 8, 5, null]);
    expect(state.supply).toEqual([tile("black", 3)]);
  });

  it("a tile's small number is half its large number (R), e.g. 11 → 5", () => {
    expect(smallNumber(11)).toBe(5);
    expect([1, 2, 3, 4, 12].map(smallNumber)).toEqual([1, 1, 1, 2, 6]);
  });

  it("the 60 tiles are 5 breeds × 1..12", () => {
    expect(BREEDS).toHaveLength(5);
    expect(TILE_COUNT).toBe(60);
  });
});
