import type { MatchFixture } from "@saloon/engine/testing";
import { describe, expect, it } from "vitest";
import { handBreedingValue, plainHandBreedingValue } from "./breeding-value.ts";
import { BREEDS, simmentalIds } from "./data.ts";
import matches from "./fixtures/matches.json" with { type: "json" };
import { elPaso } from "./index.ts";

describe("handBreedingValue", () => {
  it("is the plain count by breed names over many hands and duplicate tiles", () => {
    // Every cattle id of the game, with repeats of a breed across hands and within one.
    const ids = [...BREEDS.filter((b) => b !== "SIM").flatMap((b) => [`C-${b}-0-1`, `C-${b}-1-2`, `C-${b}-01`, `C-${b}-12`]), ...simmentalIds()];
    let seed = 7;
    const next = (n: number): number => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return Math.floor(seed / 65536) % n;
    };
    let withDuplicates = 0;
    for (let k = 0; k < 20_000; k++) {
      const hand = Array.from({ length: next(12) }, () => ids[next(ids.length)]!);
      const duplicates = next(4);
      const plain = plainHandBreedingValue(hand, duplicates);
      if (duplicates > 0 && plain !== plainHandBreedingValue(hand, 0)) withDuplicates++;
      expect(handBreedingValue(Object.freeze(hand), duplicates)).toBe(plain);
    }
    expect(withDuplicates).toBeGreaterThan(1000);
  });

  it("is the plain count for every hand of the stored matches", () => {
    let hands = 0;
    for (const match of matches as MatchFixture[]) {
      let state = elPaso.setup(match.seed, match.seats, (match.options ?? undefined) as never);
      for (const { seat, action } of match.log) {
        for (const p of state.players) {
          for (const duplicates of [0, 1, 2]) expect(handBreedingValue(p.hand, duplicates)).toBe(plainHandBreedingValue(p.hand, duplicates));
          hands++;
        }
        const r = elPaso.apply(state, seat, action);
        if (!r.ok) throw new Error(r.error.code);
        state = r.state;
      }
    }
    expect(hands).toBeGreaterThan(1000);
  });

  it("counts a hand holding something other than cattle as the plain count does", () => {
    expect(() => handBreedingValue(["C-ANG-01", "W-COW-01"], 0)).toThrow();
    expect(() => plainHandBreedingValue(["C-ANG-01", "W-COW-01"], 0)).toThrow();
  });
});
