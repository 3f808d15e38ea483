import { createRandom } from "@saloon/engine";
import { describe, expect, it } from "vitest";
import { botRandom, botSeed } from "./bot-random.ts";

describe("a server bot's randomness", () => {
  const seed = "k3J9x_ab12cdEFgh34ijKLmn56opQRst78uvWXyz90A";
  const draws = (random: ReturnType<typeof createRandom>) => Array.from({ length: 32 }, () => random.int(0, 1_000_000));

  it("draws what the engine's generator draws from the same text (node:crypto's SHA-256 in place of the engine's)", () => {
    for (const [move, seat] of [[0, 0], [17, 2], [4096, 3]] as const) {
      expect(draws(botRandom(seed, move, seat))).toEqual(draws(createRandom(botSeed(seed, move, seat))));
    }
  });

  it("differs by move, by seat and by table seed, and is the same again for the same three", () => {
    const first = draws(botRandom(seed, 5, 1));
    expect(draws(botRandom(seed, 5, 1))).toEqual(first);
    expect(draws(botRandom(seed, 6, 1))).not.toEqual(first);
    expect(draws(botRandom(seed, 5, 2))).not.toEqual(first);
    expect(draws(botRandom(`${seed}x`, 5, 1))).not.toEqual(first);
  });
});
