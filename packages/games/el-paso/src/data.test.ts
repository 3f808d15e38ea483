import { describe, expect, it } from "vitest";
import { BREEDS, MARKET_BREEDS, WORKER_TYPES, breedOf, cardKind, isKind, isWorkerCard, marketCattleIds, playerCattleIds, simmentalIds, workerIds, workerOf } from "./data.ts";

/** Every card of a game, the belief's placeholders and stand-ins (bot/belief.ts), and ids too short to hold a kind. */
const cards = [
  ...[0, 1, 2, 3].flatMap((seat) => playerCattleIds(seat)),
  ...MARKET_BREEDS.flatMap((breed) => marketCattleIds(breed)),
  ...simmentalIds(),
  ...WORKER_TYPES.flatMap((type) => workerIds(type)),
  "C-CRI-?",
  "C-ANG-m",
  "W-COW-s",
  "C-SIM-s",
  "C-AN",
  "",
];

describe("isKind", () => {
  it("says what comparing breedOf or workerOf with the kind says, for every card of a game and the bot's stand-ins", () => {
    for (const card of cards) {
      for (const kind of [...BREEDS, ...WORKER_TYPES]) {
        expect(isKind(card, kind)).toBe(breedOf(card) === kind);
        expect(isKind(card, kind)).toBe(workerOf(card) === kind);
      }
    }
  });
});

describe("cardKind", () => {
  it("is the kind isWorkerCard, workerOf and breedOf find (worker types, then breeds), for every card of a game and the bot's stand-ins, and -1 for other text", () => {
    const kinds = [...WORKER_TYPES, ...BREEDS] as string[];
    let cardsRead = 0;
    for (const card of [...cards, "W-ANG-01", "C-COW-01", "X-ANG-01", "C_ANG-01", "C-ang-01"]) {
      const kind = cardKind(card);
      if (kind < 0) {
        // Not a card of the game: no worker type after "W-", no breed after "C-".
        const letters = card.slice(2, 5);
        expect(card.startsWith("W-") ? (WORKER_TYPES as readonly string[]).includes(letters) : card.startsWith("C-") && (BREEDS as readonly string[]).includes(letters)).toBe(false);
        continue;
      }
      cardsRead++;
      expect(kinds[kind]).toBe(isWorkerCard(card) ? workerOf(card) : breedOf(card));
      expect(kind < WORKER_TYPES.length).toBe(isWorkerCard(card));
    }
    expect(cardsRead).toBe(cards.length - 2);
  });
});
