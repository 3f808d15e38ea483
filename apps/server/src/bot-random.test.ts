import { createHash } from "node:crypto";
import { createRandom, newTableSeed } from "@saloon/engine";
import { describe, expect, it } from "vitest";
import { botRandom } from "./bot-random.ts";

/** The derivation before Node's crypto took the second hash: what every stored table's bots drew. */
const engineDerived = (seed: string, move: number, seat: number) =>
  createRandom(createHash("sha256").update(`${seed}\u0000bot\u0000${move}\u0000${seat}`).digest("base64url"));

const draws = (random: { int(min: number, max: number): number }) => Array.from({ length: 12 }, () => random.int(0, 1_000_000));

describe("botRandom", () => {
  it("draws exactly what the engine's own hashing drew, for any seed, move and seat", () => {
    for (const seed of [newTableSeed(), newTableSeed(), "fnv32:old-table", "ünïcode seed ✓", ""]) {
      for (const move of [0, 1, 57, 10_000]) {
        for (const seat of [0, 1, 3]) expect(draws(botRandom(seed, move, seat))).toEqual(draws(engineDerived(seed, move, seat)));
      }
    }
  });

  it("differs by move and by seat", () => {
    const seed = newTableSeed();
    expect(draws(botRandom(seed, 1, 0))).not.toEqual(draws(botRandom(seed, 2, 0)));
    expect(draws(botRandom(seed, 1, 0))).not.toEqual(draws(botRandom(seed, 1, 1)));
  });
});
