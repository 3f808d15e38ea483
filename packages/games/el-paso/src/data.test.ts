import { describe, expect, it } from "vitest";
import { BREEDS, MARKET_BREEDS, STARTING_HERD, WORKER_TYPES, breedOf, isKind, marketCattleIds, playerCattleIds, simmentalIds, workerIds, workerOf } from "./data.ts";

describe("isKind", () => {
  it("says what comparing breedOf or workerOf with the kind says, for every card of a game and the bot's stand-ins", () => {
    const cards = [
      ...[0, 1, 2, 3].flatMap((seat) => playerCattleIds(seat)),
      ...MARKET_BREEDS.flatMap((breed) => marketCattleIds(breed)),
      ...simmentalIds(),
      ...WORKER_TYPES.flatMap((type) => workerIds(type)),
      // The belief's placeholders and stand-ins (bot/belief.ts), and ids too short to hold a kind.
      "C-CRI-?",
      "C-ANG-m",
      "W-COW-s",
      "C-SIM-s",
      "C-AN",
      "",
    ];
    for (const card of cards) {
      for (const kind of [...BREEDS, ...WORKER_TYPES]) {
        expect(isKind(card, kind)).toBe(breedOf(card) === kind);
        expect(isKind(card, kind)).toBe(workerOf(card) === kind);
      }
    }
  });
});

describe("a new game's card ids", () => {
  it("are the ids written out afresh, handed out as a new list each time (a setup shuffles and deals from it)", () => {
    const pad = (n: number) => String(n).padStart(2, "0");
    const lists: [() => string[], string[]][] = [
      ...[0, 1, 2, 3].map((seat): [() => string[], string[]] => [() => playerCattleIds(seat), Object.entries(STARTING_HERD).flatMap(([b, n]) => Array.from({ length: n }, (_, i) => `C-${b}-${seat}-${i + 1}`))]),
      ...MARKET_BREEDS.map((breed): [() => string[], string[]] => [() => marketCattleIds(breed), marketCattleIds(breed).map((_, i) => `C-${breed}-${pad(i + 1)}`)]),
      [() => simmentalIds(), simmentalIds().map((_, i) => `C-SIM-${pad(i + 1)}`)],
      ...WORKER_TYPES.map((type): [() => string[], string[]] => [() => workerIds(type), workerIds(type).map((_, i) => `W-${type}-${pad(i + 1)}`)]),
    ];
    for (const [list, plain] of lists) {
      const first = list();
      expect(first).toEqual(plain);
      expect(Object.isFrozen(first)).toBe(false);
      first.reverse();
      first.pop();
      // What a setup did to its copy is not in the next one.
      expect(list()).toEqual(plain);
      expect(list()).not.toBe(list());
    }
  });
});
