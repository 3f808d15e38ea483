import { describe, expect, it } from "vitest";
import { findGame, games } from "./index.ts";
import { simulateMany } from "./simulate-many.ts";

describe("catalog", () => {
  it("registers each game under its own id", () => {
    for (const [id, game] of Object.entries(games)) expect(game.id).toBe(id);
    expect(findGame("fistful")?.title).toBe("A Fistful of Meeples");
    expect(findGame("toString")).toBeUndefined();
  });

  it("the simulator's report matches the games it played", () => {
    const report = simulateMany(games.fistful!, 3, 20, "cat");
    expect(report.games).toBe(20);
    expect(report.seats).toHaveLength(3);
    expect(report.gamesPerSecond).toBeGreaterThan(0);
    // Win shares add up to at least 1 per game (more only with shared wins).
    expect(report.seats.reduce((sum, s) => sum + s.winShare, 0)).toBeGreaterThanOrEqual(1);
    const meanOfSeats = report.seats.reduce((sum, s) => sum + s.meanScore, 0) / 3;
    const meanOfCategories = Object.values(report.categories).reduce((a, b) => a + b, 0);
    expect(meanOfCategories).toBeCloseTo(meanOfSeats, 6);
    // Same seed, same games.
    expect(simulateMany(games.fistful!, 3, 20, "cat").seats).toEqual(report.seats);
  });
});
