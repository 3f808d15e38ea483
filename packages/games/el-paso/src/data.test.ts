import { describe, expect, it } from "vitest";
import { BREEDS, MARKET_BREEDS, WORKER_TYPES, breedOf, isKind, marketCattleIds, playerCattleIds, simmentalIds, workerIds, workerOf } from "./data.ts";

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
