import { createRandom } from "@saloon/engine";
import { describe, expect, it } from "vitest";
import { BOT_WAIT_SPREAD, botWait } from "./table-bots.ts";

describe("a bot's wait", () => {
  it("strays from the table's delay by at most the spread either way, and keeps its mean", () => {
    const random = createRandom("bot waits");
    const waits = Array.from({ length: 20_000 }, () => botWait(1000, () => random.int(0, 999_999) / 1_000_000));
    expect(Math.min(...waits)).toBeGreaterThanOrEqual(1000 * (1 - BOT_WAIT_SPREAD));
    expect(Math.max(...waits)).toBeLessThan(1000 * (1 + BOT_WAIT_SPREAD));
    const mean = waits.reduce((sum, wait) => sum + wait, 0) / waits.length;
    expect(mean).toBeGreaterThan(990);
    expect(mean).toBeLessThan(1010);
    // Spread over the whole range, not bunched: each fifth of it holds about a fifth of the waits.
    const fifths = [0, 0, 0, 0, 0];
    for (const wait of waits) fifths[Math.floor(((wait / 1000 - (1 - BOT_WAIT_SPREAD)) / (2 * BOT_WAIT_SPREAD)) * 5)]! += 1;
    for (const count of fifths) expect(count / waits.length).toBeCloseTo(0.2, 1);
  });

  it("the ends of the range, and no wait at the instant pace", () => {
    expect(botWait(500, () => 0)).toBe(500 * (1 - BOT_WAIT_SPREAD));
    expect(botWait(500, () => 0.5)).toBe(500);
    expect(botWait(500, () => 0.999999)).toBeCloseTo(500 * (1 + BOT_WAIT_SPREAD), 3);
    expect(botWait(0, () => 0.9)).toBe(0);
  });
});
